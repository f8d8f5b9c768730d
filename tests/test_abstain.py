"""The abstention model: a logistic regression fitted by eval/abstention.py, shipped as a small data file."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answer.abstain import FEATURES, Model, fit, shipped_model


def test_fit_separates_a_separable_toy_set_and_is_calibrated_in_between():
    rng = np.random.default_rng(0)
    good = rng.normal(0.7, 0.05, size=(50, len(FEATURES)))
    bad = rng.normal(0.3, 0.05, size=(50, len(FEATURES)))
    x = np.vstack([good, bad])
    y = np.r_[np.ones(50), np.zeros(50)]

    weights, bias, mean, scale = fit(x, y)
    model = Model(tuple(weights), bias, tuple(mean), tuple(scale), 0.5)

    p = model.probability(x)
    assert (p[:50] > 0.9).all() and (p[50:] < 0.1).all()
    assert 0.2 < model.probability(np.full((1, len(FEATURES)), 0.5))[0] < 0.8  # unsure halfway


def test_sample_weights_move_the_boundary():
    x = np.array([[0.0], [1.0], [2.0], [3.0]]).repeat(len(FEATURES), axis=1)
    y = np.array([0.0, 1.0, 0.0, 1.0])
    light = Model(*map(tuple, fit(x, y)[:1]), fit(x, y)[1], *map(tuple, fit(x, y)[2:]), threshold=0.5)
    heavy_fit = fit(x, y, sample_weight=np.array([1.0, 10.0, 1.0, 10.0]))
    heavy = Model(tuple(heavy_fit[0]), heavy_fit[1], tuple(heavy_fit[2]), tuple(heavy_fit[3]), 0.5)
    assert heavy.probability(x).mean() > light.probability(x).mean()


def test_weights_round_trip_and_refuse_other_features():
    model = Model(tuple(range(len(FEATURES))), 0.5, (0.0,) * len(FEATURES), (1.0,) * len(FEATURES), 0.4, "t")
    assert Model.from_dict(model.to_dict()) == model
    wrong = {**model.to_dict(), "features": ["dense"]}
    with pytest.raises(ValueError, match="make tune"):
        Model.from_dict(wrong)


@pytest.mark.parametrize("embedder", ["local", "multilingual"])
def test_the_shipped_weights_load_and_say_what_they_were_fitted_on(embedder):
    model = shipped_model(embedder)
    assert len(model.weights) == len(FEATURES) and 0 < model.threshold < 1
    assert "make tune" in model.trained_on
