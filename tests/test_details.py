"""rag/answer/details.py: which asked details a role noun heads, answered in words and so never "not reported"."""

from __future__ import annotations

import pytest

from rag.answer.details import detail, role_headed
from rag.corpus.terms import terms


@pytest.mark.parametrize(("phrase", "role"), [
    ("reinforcement learning algorithm", True),
    # a theorist's tool is answered in words ("within the Neural Tangent Kernel (NTK) regime": held-out EN, en069)
    ("mathematical framework", True),
    ("theoretical tools", True),
    # ... a software framework is a name the abstract may lack ("PyTorch"), and a detail's trick is the detail
    ("deep learning framework", False),
    ("framework", False),
    ("learning-rate trick", False),
])
def test_a_role_noun_heads_a_detail_answered_in_words(phrase, role):
    assert role_headed(phrase) is role


@pytest.mark.parametrize(("phrase", "head"), [
    ("normalization scheme", "normalization"),  # a kind noun after the thing (a second review of session 49, qu010)
    ("sampling strategy", "sampling"),
    ("learning rate", "rate"),
    ("strategy", "strategy"),  # alone it is the thing asked
])
def test_a_details_head_is_the_thing_not_the_kind_it_is_said_to_be(phrase, head):
    _, words, found = detail(phrase, frozenset())
    assert found == terms(head) and found <= words
