"""Topic lists ("Which papers …?"): the topic searched for, the cut, and what a user reads (dev questions only)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import rag
from rag.answer.list_topic import topic
from rag.answer.lists import FACET_CLEAR, MAX_FACETS, MAX_RELATED, VAGUE, facets, kept, lifted, opens
from rag.corpus.text import split_sentences


@pytest.mark.parametrize(("p", "scores", "expected"), [
    ([0.35, 0.3, 0.2], [1.0, 0.9, 0.8], ([], [])),  # the best paper does not answer: the list abstains
    # ... but near the threshold (LIST_OPEN) it opens, keeping what search ranks close to it
    ([0.45, 0.4, 0.3], [1.0, 0.9, 0.5], ([0, 1], [2])),
    ([0.2, 0.97, 0.35, 0.05], [1.0, 0.95, 0.5, 0.4], ([0, 1], [2])),  # retrieval's order; near-misses apart
    ([0.99, 0.01, 0.02], [1.0, 0.3, 0.2], ([0], [])),  # one match: no padding
    ([0.9, 0.4], [1.0, 0.5], ([0], [1])),  # far below the best in search, short of the threshold: apart
    ([0.9, 0.4], [1.0, 0.8], ([0, 1], [])),  # close to the best in search, not negligible: kept
    ([0.9, 0.05], [1.0, 0.95], ([0], [])),  # close in search but the model rules it out
    ([0.9, 0.7, 0.6], [1.0, 0.2, 0.1], ([0, 1, 2], [])),  # each answers on its own, wherever search puts it
    ([0.9, 0.2, 0.2, 0.2, 0.2], [1.0, 0.5, 0.5, 0.5, 0.5], ([0], list(range(1, 1 + MAX_RELATED)))),
])
def test_a_list_keeps_the_papers_that_clear_its_cut_in_retrievals_order(p, scores, expected):
    assert kept(np.array(p), 0.5, scores) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Mamba or state-space models", ["Mamba", "state-space models"]),
    ("continual learning, i.e. learning tasks sequentially without forgetting",
     ["continual learning", "learning tasks sequentially without forgetting"]),
    ("kernel methods, e.g. kernel regression or the neural tangent kernel",
     ["kernel methods", "kernel regression", "the neural tangent kernel"]),
    ("rotary position embeddings (RoPE)", ["rotary position embeddings", "RoPE"]),
    ("diffusion models, whether for text or for video", ["diffusion models", "for text", "for video"]),
    # an abbreviation opens a part as its word does ("including"), and is no word of it
    ("weight compression via pruning or quantization (incl. layer pruning)",
     ["weight compression via pruning", "quantization", "layer pruning"]),
    ("sparse attention for video diffusion", []),  # one part: the topic is its own facet
    ("privacy", []),
    ("use Mamba or models", []),  # a part without a content word ("models") is no facet; one part left
    ("pruning, quantization, distillation, sparsity or caching",
     ["pruning", "quantization", "distillation", "sparsity", "caching"][:MAX_FACETS]),
    # examples joined by "and" are alternatives; a dash sets a part apart (a second review of session 49: qt048, qu043)
    ("borrow Bayesian ideas like priors and belief updating", ["borrow Bayesian ideas", "priors", "belief updating"]),
    ("a continuous-time analysis — ODE limits or gradient flow — of a training algorithm",
     ["a continuous-time analysis", "ODE limits", "gradient flow", "of a training algorithm"]),
    ("streaming video and bounded memory", []),  # no examples: one topic
])
def test_facets_are_the_parts_of_a_topic_that_can_match_on_their_own(text, expected):
    assert facets(text) == expected


T = 0.4  # the threshold in the cases below
CLEAR = FACET_CLEAR * T


@pytest.mark.parametrize(("p", "rankings", "expected"), [
    # a facet that clearly answers lifts a paper the whole topic finds loosely related
    ([0.9, 0.1], [(["b", "x"], [CLEAR, 0.0])], [0.9, CLEAR]),
    ([0.9, 0.01], [(["b"], [CLEAR])], [0.9, 0.01]),  # the whole topic finds it unrelated: not lifted
    ([0.9, 0.1], [(["b"], [CLEAR - 0.01])], [0.9, 0.1]),  # the facet does not clearly answer
    ([0.9, 0.1], [(["c"], [CLEAR])], [0.9, 0.1]),  # a paper outside the list's pool
    # a vague facet: its VAGUE-th paper still clears the threshold
    ([0.9, 0.1], [(["b", *"cdefgh"][:VAGUE], [CLEAR] + [T] * (VAGUE - 1))], [0.9, 0.1]),
    ([0.9, 0.1], [(["b", "x"], [0.5, 0.0]), (["x", "b"], [CLEAR, CLEAR])], [0.9, CLEAR]),  # the best facet wins
])
def test_a_facet_lifts_a_loosely_related_paper_it_clearly_answers(p, rankings, expected):
    assert lifted(np.array(p), ["a", "b"], rankings, T).tolist() == pytest.approx(expected)


def test_lifted_probabilities_keep_papers_but_never_open_a_list_far_from_answering():
    assert kept(np.array([0.9, 0.1]), T, [1.0, 0.2], np.array([0.9, CLEAR])) == ([0, 1], [])
    assert kept(np.array([0.1, 0.1]), T, [1.0, 0.2], np.array([CLEAR, CLEAR])) == ([], [])


@pytest.fixture
def s(built_settings):
    return built_settings


def _items(answer: rag.Answer) -> tuple[str, list[str]]:
    count, *lines = answer.text.splitlines()
    return count, [line for line in lines if line.startswith("- ")]


def test_a_list_says_how_many_match_and_each_item_is_a_whole_cited_sentence(s):
    answer = rag.ask("What work is there on video anomaly detection or anomaly understanding?", settings=s)  # dev d018

    count, items = _items(answer)
    assert count == f"{len(answer.citations)} papers match:" == "2 papers match:"
    assert {c.paper.title.split(":")[0] for c in answer.citations} == {"OPL", "CG-CoE"}
    for item, citation in zip(items, answer.citations):
        assert item.endswith(f"[{citation.n}]") and "…" not in item
        sentence = re.sub(r"^- .+? \(IC[LM][LR] 2026\): | \[\d+\]$", "", item)
        assert sentence in split_sentences(citation.paper.text)  # whole, as the abstract has it


@pytest.mark.parametrize(("question", "venue", "title"), [
    ("Which ICLR 2026 papers improve how frames are sampled for video LLMs?", "ICLR", "SPIKE"),  # dev q095
    ("Which ICLR 2026 papers study knowledge distillation?", "ICLR", "Language models can transfer hidden biases"),
])
def test_no_padding_when_one_paper_matches(s, question, venue, title):
    answer = rag.ask(question, venue=venue, settings=s)

    assert _items(answer)[0] == "1 paper matches:"
    assert len(answer.citations) == 1 and answer.citations[0].paper.title.startswith(title)


def test_the_papers_search_ranks_first_for_the_topic_are_in_the_list_in_its_order(s):
    question = "Which papers compress visual tokens in video LLMs using pooling?"  # dev q086
    gold = {"ST-GridPool", "PPLLaVA"}
    ranked = [h.paper.title for h in rag.search(topic(question), k=5, settings=s)]

    listed = [c.paper.title for c in rag.ask(question, settings=s).citations]
    assert gold <= set(listed)
    assert [t for t in listed if t in gold] == [t for t in ranked if t in gold]


def test_a_paper_on_one_spelled_out_part_of_the_topic_is_listed(s):
    # dev d014: the whole topic's query ranks the third continual-learning paper low; "continual learning" alone
    # finds it first
    answer = rag.ask("Which papers deal with continual learning, i.e. learning tasks sequentially without forgetting?",
                     settings=s)

    assert {c.paper.id for c in answer.citations} == {"icml2026-360f6f6c83", "iclr2026-f395c6691f",
                                                      "icml2026-a482eb93f0"}
    assert _items(answer)[0] == "3 papers match:"


@pytest.mark.parametrize("question", [
    "Which papers work on controllable video generation?",
    "Can you list the papers about controllable video generation?",
    "I am interested in controllable video generation: which papers address it?",
    "Controllable video generation - which papers work on this?",
    "Tell me which papers focus on controllable video generation.",
    # requests routed as lists though they name no "which papers" (issue 11's "Routing")
    "Could you point me to work on controllable video generation?",
    "I need papers on controllable video generation.",
    "What's been done on controllable video generation?",
    "Has anyone looked at controllable video generation?",
    "Show me the controllable video generation papers.",
    "Do we have anything on controllable video generation?",
])
def test_the_questions_frame_does_not_change_the_list(s, question):
    # the papers are searched and judged on the topic alone: a frame's words are no content an abstract should hold
    asked = [rag.ask(q, settings=s) for q in ("Any work on controllable video generation?", question)]  # dev w068

    assert [c.paper.id for c in asked[0].citations] == [c.paper.id for c in asked[1].citations] != []


@pytest.mark.parametrize(("p", "lifted_p", "answers"), [
    ([0.5, 0.1], None, True),  # the best paper answers the whole topic
    ([0.3, 0.1], [0.9, 0.1], True),  # nearly, and a facet clearly answers (0.3 >= 0.6 x 0.4; 0.9 >= 2 x 0.4)
    ([0.3, 0.1], [0.7, 0.1], False),  # nearly, but no facet clearly answers
    ([0.2, 0.1], [0.9, 0.1], False),  # a facet alone does not open a list whose topic is far from answering
    ([0.3, 0.1], None, False),
])
def test_a_list_opens_when_its_topic_answers_or_nearly_does_and_a_facet_clearly_does(p, lifted_p, answers):
    assert opens(np.array(p), 0.4, None if lifted_p is None else np.array(lifted_p)) is answers
    assert bool(kept(np.array(p), 0.4, [1.0, 0.5], None if lifted_p is None else np.array(lifted_p))[0]) is answers


def test_the_fields_term_for_a_plain_description_opens_a_list_on_its_own():
    # "what it hears, not just what it sees (audio-visual)": the whole topic's best paper far from answering, the
    # term's own ranking clearly answering (read set CA, ca033)
    p = np.array([0.2, 0.18, 0.01])
    assert not opens(p, 0.4, np.array([0.9, 0.18, 0.01]))  # an alternative the asker named does not
    assert opens(p, 0.4, np.array([0.9, 0.18, 0.01]), np.array([0.9, 0.18, 0.01]))
    assert not opens(p, 0.4, None, np.array([0.7, 0.18, 0.01]))  # nor a term that does not clearly answer
