"""rag/answer/hearsay.py: where the asker heard something is no part of their question."""

from __future__ import annotations

import pytest

import rag
from rag.answer.hearsay import without_hearsay
from tests.test_answer import check_invariants


@pytest.mark.parametrize(("asked", "question"), [
    # what was heard describes the paper asked about (read set CP, session 33)
    ("someone in a talk said ProtoKV keeps 'a small fixed bank of prototypes' — how many prototypes exactly?",
     "ProtoKV keeps a small fixed bank of prototypes: how many prototypes exactly?"),
    # who keeps talking about it, unquoted (a probe of session 41: "hospital" was read as the domain asked)
    ("Our hospital IT person keeps talking about attention sinks in language models. Which papers deal with them?",
     "attention sinks in language models. Which papers deal with them?"),
    ("saw a tweet like 'a teacher that's into owls makes the student into owls too' — which paper is that?",
     "a teacher that's into owls makes the student into owls too: which paper is that?"),
    ("heard someone say 'the giant outlier activations are all born in one layer' — what did the paper call it?",
     "the giant outlier activations are all born in one layer: what did the paper call it?"),
    ("someone tweeted that the ISA editing model 'cuts latency by more than half' — what's the actual figure?",
     "the ISA editing model cuts latency by more than half: what's the actual figure?"),
    # ... unless the question after it asks for papers on a topic of its own
    ("someone posted 'KV cache hacks are the cheapest way to handle long videos' — which papers manipulate the KV cache?",
     "which papers manipulate the KV cache?"),
    ("a tweet claimed 'ICML finally has sound-aware video models' — which ICML papers use audio alongside video?",
     "which ICML papers use audio alongside video?"),
    # ... but not one pointing back at the claim (second review)
    ("I heard about 'Bayesian surprise' — which papers use it for frame selection?",
     "Bayesian surprise: which papers use it for frame selection?"),
    # a passage pasted from an abstract, opening the message, goes before a question of its own (read set CS)
    ('"a lightweight, plug-and-play module" -- how many parameters does FrameOracle actually have?',
     "how many parameters does FrameOracle actually have?"),
    ('"Scene graphs provide structured abstractions" -- which papers in here actually work on scene graphs?',
     "which papers in here actually work on scene graphs?"),
    ('"a large-scale dataset with exploration actions" -- how many videos are in the RVAS dataset that RvasNet uses?',
     "how many videos are in the RVAS dataset that RvasNet uses?"),  # a relative "that" points back at nothing
    ('"Video Anomaly Understanding" -- how do the OPL and CG-CoE papers differ in what they contribute?',
     "how do the OPL and CG-CoE papers differ in what they contribute?"),  # "they": the papers it names
    # ... but stays with a question pointing back at it
    ('"matching cloud-level accuracy at lower transmission costs" -- which paper is this from?',
     "matching cloud-level accuracy at lower transmission costs: which paper is this from?"),
    ('"reducing attention overhead from 92% to 50%" -- which model was Veda running on when it got that?',
     "reducing attention overhead from 92% to 50%: which model was Veda running on when it got that?"),
    ('"a more robust teacher often harms the student" -- what do they say you should look at when picking a teacher?',
     "a more robust teacher often harms the student: what do they say you should look at when picking a teacher?"),
    ('"where massive activations first emerge" -- are there other ICML papers on what LLM layers do?',
     "where massive activations first emerge: are there other ICML papers on what LLM layers do?"),
    ('"federated training of video models" -- anything on that?', "federated training of video models: anything on that?"),
    # two passages set against each other are passages too (read set CS, cs071)
    ('"Video Anomaly Understanding" vs "video anomaly detection" -- how do OPL and CG-CoE differ?',
     "how do OPL and CG-CoE differ?"),
    # ... or is all that says which paper is meant (second review)
    ('"Live Gaming Benchmark" -- how many scenarios does the benchmark have?',
     "Live Gaming Benchmark: how many scenarios does the benchmark have?"),
    ('"approaching human expert levels" -- how big is the remaining gap?',
     "approaching human expert levels: how big is the remaining gap?"),
    # ... a venue or a field's acronym names no paper (second review)
    ('"12× length extrapolation" — which ICML video generation paper?',
     "12× length extrapolation: which ICML video generation paper?"),
    ('"fake score" -- how often does DMD update the auxiliary network?',
     "fake score: how often does DMD update the auxiliary network?"),
])
def test_where_it_was_heard_is_taken_out(asked, question):
    assert without_hearsay(asked) == question


@pytest.mark.parametrize("text", [
    "Which papers study KV cache compression?",
    "I saw Veda is fast — what speedup?",  # nothing quoted
    "Veda's 'tile scoring': how does it work?",  # a quotation, nobody heard
    "saw a tweet 'Veda is fast'",  # no question after it
    # a pasted passage with more beside it than the passage: the question's "each" needs it
    '"training-free" shows up in both ST-GridPool and UPI -- what does each of them do without training?',
])
def test_a_question_with_nothing_heard_is_left_as_it_is(text):
    assert without_hearsay(text) == text


def test_a_list_after_a_claim_heard_lists_the_topics_papers(built_settings):
    answer = rag.ask("someone posted 'KV cache hacks are the cheapest way to handle long videos' — which papers "
                     "actually manipulate the KV cache?", settings=built_settings)

    check_invariants(answer)
    assert not answer.abstained and {"ProtoKV", "Deep Forcing"} <= {c.paper.title.split(":")[0] for c in answer.citations}
