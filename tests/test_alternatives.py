"""Alternatives written with a slash are scored one at a time: a paper that writes either answers."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from rag.answer.alternatives import (alternative_parts, best_of_either, slash_variants, vaguer_variants,
                                     without_restatement)


@pytest.mark.parametrize(("text", "variants"), [
    ("papers that fight class imbalance / long-tail with synthetic video",
     ["papers that fight class imbalance with synthetic video", "papers that fight class long-tail with synthetic video"]),
    ("making video generation/editing models cheaper", ["making video generation models cheaper",
                                                        "making video editing models cheaper"]),
    # no alternatives: the shorthand "w/", "and/or", a URL, a fraction
    ("papers w/ code", []),
    ("quantization and/or pruning", []),
    ("the code at https://github.com/a/b", []),
    ("keeps 3/4 of the frames", []),
    ("Which papers prune tokens?", []),
])
def test_the_variants_keep_one_side_of_every_slash(text, variants):
    assert slash_variants(text) == variants


@dataclass(frozen=True)
class _Q:
    text: str
    standalone: str


@dataclass(frozen=True)
class _Paper:
    id: str


@dataclass(frozen=True)
class _Hit:
    paper: _Paper


HITS = [_Hit(_Paper("a")), _Hit(_Paper("b"))]


def test_a_paper_keeps_its_best_score_over_the_alternatives():
    scores = {"papers on imbalance": {"a": 0.6, "b": 0.1}, "papers on long-tail": {"a": 0.2, "b": 0.3}}
    p = best_of_either(_Q("papers on imbalance / long-tail", "papers on imbalance / long-tail"), HITS,
                       np.array([0.3, 0.2]), lambda q: scores[q.text])
    assert p.tolist() == [0.6, 0.3]


def test_the_question_without_its_restatement_is_scored_too():
    # read set BO, session 30: the two wordings together scored the papers under the threshold
    question = "Which papers are about generating videos, I mean models that produce brand-new clips?"
    scores = {"Which papers are about generating videos?": {"a": 0.7, "b": 0.1}}
    p = best_of_either(_Q(question, question), HITS, np.array([0.2, 0.2]), lambda q: scores[q.text])
    assert p.tolist() == [0.7, 0.2]


@pytest.mark.parametrize(("text", "without"), [
    ("Which papers are about generating videos, I mean models that produce brand-new clips?",
     "Which papers are about generating videos?"),
    ("Which papers do continual learning, i.e. learning tasks one after another?", "Which papers do continual learning?"),
    ("Any work on sinks, in other words tokens that soak up attention?", "Any work on sinks?"),
    ("What is Veda?", ""),  # nothing restated
    # up to the clause's end, "i.e.," too (second review)
    ("Which papers generate long videos, I mean a minute or more, with sparse attention?",
     "Which papers generate long videos, with sparse attention?"),
    ("Which papers are about generating videos, i.e., models that produce new clips?", "Which papers are about generating videos?"),
    ("I mean pruning papers?", ""),  # nothing would be left
])
def test_a_restatement_is_what_follows_i_mean_or_ie_up_to_the_clause_end(text, without):
    assert without_restatement(text) == without


def test_examples_listed_bare_after_the_question_are_alternatives():
    # read set BO, session 30: "quantization" was read as a domain every paper must hold
    parts = alternative_parts("Which papers make video models cheaper? distillation, sparse attention, quantization?")
    assert [p.strip(" ?") for p in parts[::2]] == ["Which papers make video models cheaper? distillation",
                                                    "sparse attention", "quantization"]
    assert len(alternative_parts("Which papers make video models cheaper? I mean faster.")) == 1  # no enumeration
    # ... nor a question or a clause of its own after it (second review)
    assert len(alternative_parts("Any work on sign language? If so, which datasets do they use?")) == 1
    assert len(alternative_parts("Which papers do quantization? For video diffusion models, ideally post-training.")) == 1


def test_a_follow_up_searched_with_other_words_is_left_as_it_is():
    p = best_of_either(_Q("and imbalance / long-tail?", "FlowNar: and imbalance / long-tail?"), HITS,
                       np.array([0.3, 0.2]), lambda q: pytest.fail("no variant is scored"))
    assert p.tolist() == [0.3, 0.2]


@pytest.mark.parametrize(("text", "variants"), [
    # the name alone, and the class in its place (read set CY, cy032)
    ("Who trains with GRPO or some other group-relative policy objective?",
     ["Who trains with GRPO?", "Who trains with group-relative policy objective?"]),
    # the class ends where the question goes on
    ("Which papers use Mamba or a similar state space model for video?", ["Which papers use Mamba for video?"]),
    # not beside a plain word: an enumeration's catch-all is one of its examples (dev bn019)
    ("e.g. tracked body joints, 3D point sets or other sensor streams?", []),
    ("Is it Veda or the other one?", []),
])
def test_a_vaguer_class_beside_a_name_is_scored_apart(text, variants):
    assert vaguer_variants(text) == variants


@pytest.mark.parametrize(("question", "description"), [
    # a paper described before what is asked of it (probes of session 41 abstained), in the same sentence or before it
    ("The work tracing the huge outlier activations in LLMs back to one layer: which components are responsible?",
     "The work tracing the huge outlier activations in LLMs back to one layer"),
    ("Someone studied how viewers rate video quality on lots of different phones. How many handsets were in their study?",
     "Someone studied how viewers rate video quality on lots of different phones."),
    ("What is Veda?", ""),  # nothing described
    ("the paper on video - what is it?", ""),  # too little to find a paper by
])
def test_a_paper_described_before_the_question_is_read_alone(question, description):
    from rag.answer.alternatives import description_alone
    assert description_alone(question) == description


def test_a_described_paper_counts_alone_only_when_it_stands_out():
    question = "The work tracing huge outlier activations in LLMs to one layer: which components are responsible?"
    described = "The work tracing huge outlier activations in LLMs to one layer"
    for alone, expected in (({"a": 0.5, "b": 0.05}, [0.5, 0.1]), ({"a": 0.5, "b": 0.2}, [0.2, 0.1])):
        scores = {question: {"a": 0.2, "b": 0.1}, described: alone}
        p = best_of_either(_Q(question, question), HITS, np.array([0.2, 0.1]), lambda q: scores[q.text])
        assert p.tolist() == expected
