"""The abstention model: a logistic regression fitted by eval/abstention.py, shipped as a small data file."""

from __future__ import annotations

import numpy as np
import pytest

import rag
from rag.answer.abstain import FEATURES, Model, fit, shipped_model, stands_out, unknown_share

# dev question q045 (eval/questions/dev.jsonl): a paraphrase that names no paper
IN_SCOPE = {"question": "Which work builds an assistant that watches someone play video games live and decides by "
                        "itself when to speak up, and what dataset did they release?", "gold": ["icml2026-ac426abfa2"]}


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
    assert len(model.weights) == len(model.uses) and set(model.uses) <= set(FEATURES) and 0 < model.threshold < 1
    assert "make tune" in model.trained_on


def test_the_shipped_weights_name_every_source_they_were_fitted_on():
    for embedder in ("local", "multilingual"):
        trained_on = shipped_model(embedder).trained_on
        for source in ("dev", "scifact-train", "pubmedqa-tune", "dev-leave-one-out", "→shipped", "dev→pubmedqa"):
            assert source in trained_on, (embedder, source)


def test_a_model_may_use_a_subset_of_the_features_but_none_unknown():
    uses = ("dense", "unknown")
    model = Model((1.0, -2.0), 0.0, (0.0, 0.0), (1.0, 1.0), 0.5, "t", uses)
    assert Model.from_dict(model.to_dict()) == model
    rows = np.zeros((2, len(FEATURES)))
    rows[1, FEATURES.index("unknown")] = 1.0  # the question's words are not in the index: less likely
    assert model.probability(rows)[1] < model.probability(rows)[0]
    with pytest.raises(ValueError, match="make tune"):
        Model.from_dict({**model.to_dict(), "features": ["dense", "no such feature"]})


class _Vocabulary:
    def __init__(self, words):
        self.words = set(words)

    @property
    def vocabulary(self):
        return frozenset(self.words)

    @property
    def sorted_vocabulary(self):
        return sorted(self.words)

    def documents(self, token):
        return np.arange(3) if token in self.words else np.zeros(0)


@pytest.mark.parametrize("focus, known, idf, share", [
    ({"deepfak", "video"}, {"video"}, {"deepfak": 3.0, "video": 1.0}, 0.75),  # the rare word is the one missing
    ({"diffus", "video"}, {"diffus", "video"}, {"diffus": 2.0, "video": 1.0}, 0.0),
    ({"specul", "decod"}, set(), {"specul": 3.0, "decod": 2.0}, 1.0),
    (set(), set(), {}, 0.0),  # nothing asked: nothing unknown
    # another inflection the stemmer keeps apart is the abstracts' word (PubMedQA tune: "aphasia" for "aphasic")
    ({"aphasia", "motor"}, {"aphas", "motor"}, {"aphasia": 3.0, "motor": 1.0}, 0.0),
    ({"aphas"}, {"aphasia"}, {"aphas": 3.0}, 0.0),
    ({"sparsifi"}, {"spars"}, {"sparsifi": 3.0}, 0.0),
    ({"skeletonllm"}, {"skeleton"}, {"skeletonllm": 3.0}, 1.0),  # a name on a word, not an inflection of it
    ({"underrecognis"}, {"under"}, {"underrecognis": 3.0}, 1.0),  # a longer tail is another word
    ({"lidar"}, {"lid"}, {"lidar": 3.0}, 1.0),  # a stem under five letters tells nothing
])
def test_unknown_share_weighs_the_words_no_paper_holds_by_rarity(focus, known, idf, share):
    assert unknown_share(frozenset(focus), _Vocabulary(known), idf) == pytest.approx(share)


class _Papers(_Vocabulary):
    """A vocabulary whose words name the papers that use them."""

    def __init__(self, papers):
        super().__init__(papers)
        self.papers = papers

    def documents(self, token):
        return np.array(sorted(self.papers.get(token, ())), dtype=np.int64)


@pytest.mark.parametrize("papers, share", [
    # a closed compound of two words one abstract writes apart ("auto-refractor"): the abstracts' words (PubMedQA
    # tune, 26686513: "Cycloplegic autorefraction in young adults" abstained)
    ({"auto": {1}, "refract": {1, 2}}, 0.0),
    ({"auto": {1}, "refract": {2}}, 1.0),  # two papers' words: no one writes the compound
    ({"aut": {1}, "orefract": {1}}, 1.0),  # a part under four letters tells nothing
    ({"refract": {1}}, 1.0),
])
def test_a_compound_of_one_abstracts_words_is_known(papers, share):
    assert unknown_share(frozenset({"autorefract"}), _Papers(papers), {"autorefract": 2.0}) == pytest.approx(share)


# dev questions (eval/questions/dev.jsonl d041, d053): near-topic, in words no abstract uses ("deepfake", "LiDAR")
@pytest.mark.parametrize("question", [
    "Which papers detect deepfake or face-swapped videos?",
    "Which papers do LiDAR 3D object detection for autonomous driving?",
])
def test_a_near_topic_question_in_words_no_abstract_uses_abstains(built_settings, question):
    answer = rag.ask(question, settings=built_settings)
    assert answer.abstained and answer.citations == ()


def test_an_in_scope_dev_question_is_answered_with_its_paper(built_settings):
    # dev q-fixture: a fact about a paper, asked without naming it
    answer = rag.ask(IN_SCOPE["question"], settings=built_settings)
    assert not answer.abstained
    assert IN_SCOPE["gold"][0] in {c.paper.id for c in answer.citations}


def _row(unknown_uncommon: float = 0.0) -> np.ndarray:
    row = np.zeros(len(FEATURES))
    row[FEATURES.index("unknown_uncommon")] = unknown_uncommon
    return row


@pytest.mark.parametrize(("p", "unknown", "expected"), [
    ([0.24, 0.004, 0.005], 0.0, True),  # one paper singled out by a described question (dev u2022)
    ([0.24, 0.03, 0.005], 0.0, False),  # another paper close enough to be the one meant
    ([0.12, 0.001], 0.0, False),  # too unlikely however alone
    ([0.24, 0.004], 0.3, False),  # the question's uncommon words are no abstract's: a paper the index lacks
    ([0.5], 0.0, True),
])
def test_a_paper_far_above_every_other_answers_below_the_threshold(p, unknown, expected):
    assert stands_out(np.array(p), 0, _row(unknown)) is expected
