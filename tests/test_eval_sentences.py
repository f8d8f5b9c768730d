"""The sentence ranker's tuning rows (eval/sentences.py): what is cached must come back as the answerer had it."""

from __future__ import annotations

import json

import pytest

from eval.sentences import _asks, _asks_dict
from rag.answer.asks import Asks


@pytest.mark.parametrize("asks", [
    Asks(frozenset({"speedup"}), frozenset({"speedup"}), "number", "speedup"),
    Asks(frozenset({"learn", "rate"}), frozenset({"rate"}), "number", "learning rate", wanted=frozenset({"rate"}),
         details=(("learning rate", frozenset({"learn", "rate"}), frozenset({"rate"})),), written=("Veda",)),
])
def test_asks_survive_the_row_cache_as_json(asks):
    assert _asks(json.loads(json.dumps(_asks_dict(asks)))) == asks


def test_a_list_question_with_an_ask_of_its_papers_can_be_cached():
    # `of_listed` is an Asks of its own: it made `make tune` fail to write its rows (session 46)
    from dataclasses import replace

    inner = Asks(frozenset({"dataset"}), frozenset({"dataset"}), "names", "datasets")
    asks = Asks(frozenset({"stream", "video"}), frozenset({"stream"}), "", "", of_listed=inner)
    assert _asks(json.loads(json.dumps(_asks_dict(asks)))) == replace(asks, of_listed=None)
