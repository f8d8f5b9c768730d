"""Lists of papers by what they contribute: a benchmark or a dataset of their own."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answer.roles import introduces, with_role
from rag.types import Hit, Paper


def _hit(n: int, text: str) -> Hit:
    return Hit(paper=Paper(id=f"p{n}", title=f"Paper {n}", venue="ICML", year=2026, abstract=text, text=text,
                           source="list.txt", position=n), score=1.0)


BUILDS = "We introduce DramaSR-532K, a large-scale benchmark for speaker recognition in TV dramas."
NAMED = "We select frames with FrameOracle-41K, the first large-scale VideoQA dataset with keyframe labels."
EVALUATES = "With this strategy, we achieve consistent performance gains on five downstream benchmarks."


@pytest.mark.parametrize(("text", "has"), [(BUILDS, True), (NAMED, True), (EVALUATES, False),
                                           ("Experiments on the Ego4D dataset show gains.", False)])
def test_a_paper_introduces_a_benchmark_when_its_abstract_announces_one(text, has):
    assert introduces(text) is has


HITS = [_hit(1, EVALUATES), _hit(2, BUILDS)]


def test_a_list_asking_only_for_new_benchmarks_keeps_exactly_the_papers_that_build_one():
    p = with_role(np.array([0.9, 0.1]), HITS, "Which papers propose new benchmarks?", threshold=0.37)
    assert p.tolist() == [0.0, 0.37]


def test_a_list_asking_new_benchmarks_of_a_topic_keeps_the_topic_score_of_those_that_build_one():
    p = with_role(np.array([0.9, 0.1]), HITS, "Which papers introduce new benchmarks for speaker recognition?", 0.37)
    assert p.tolist() == [0.0, 0.1]


@pytest.mark.parametrize("question", [
    "iclr papers where the main contribution is a new eval benchmark",  # a word any benchmark may take (fresh set EC)
    "Which papers release a new public evaluation benchmark?",
])
def test_a_benchmark_of_any_kind_asked_for_is_a_role(question):
    assert with_role(np.array([0.9, 0.1]), HITS, question, threshold=0.37)[0] == 0.0  # it only evaluates on some


def test_a_benchmark_of_a_domain_is_no_role_of_any_benchmark():
    # "new image benchmarks" kept every paper releasing data, video benchmarks too (a second review of session 44)
    p = with_role(np.array([0.9, 0.1]), HITS, "papers that introduce new image benchmarks for vlms", threshold=0.37)
    assert p.tolist() == [0.9, 0.1]


def test_a_list_on_another_topic_is_left_as_it_is():
    p = with_role(np.array([0.9, 0.1]), HITS, "Which papers evaluate on benchmarks of video QA?", 0.37)
    assert p.tolist() == [0.9, 0.1]


METRIC = "Based on this design, we introduce two evaluation metrics, ReBias and CapST, for video captioning."


def test_a_list_asking_for_new_metrics_keeps_the_papers_that_introduce_a_metric_not_a_benchmark():
    hits = [_hit(1, BUILDS), _hit(2, METRIC), _hit(3, EVALUATES)]
    p = with_role(np.array([0.5, 0.2, 0.9]), hits, "Which papers propose a new metric?", threshold=0.37)
    assert p.tolist() == [0.0, 0.37, 0.0]
    assert introduces(METRIC, "metric") and not introduces(METRIC, "data")


PROOF = "We prove that randomly initialized transformers almost surely compute low-sensitivity functions."


@pytest.mark.parametrize(("topic", "expected"), [
    ("Which papers are purely theoretical?", [0.37, 0.0]),  # the role is all it asks: every theory paper
    ("Which continual-learning papers are mainly theoretical?", [0.2, 0.0]),  # the topic's score still decides
    ("Which papers analyse Adam theoretically or empirically?", [0.2, 0.9]),  # either kind answers
    ("papers on continual learning, theory or benchmarks", [0.2, 0.9]),  # theory is one alternative (fresh AB)
    ("continual learning papers (any setting, incl. theory)", [0.2, 0.9]),  # ... or an example (fresh AD)
])
def test_a_list_of_theory_papers_keeps_the_papers_that_prove_things(topic, expected):
    hits = [_hit(1, PROOF), _hit(2, EVALUATES)]
    assert with_role(np.array([0.2, 0.9]), hits, topic, threshold=0.37).tolist() == expected


def test_a_role_written_as_one_alternative_of_several_is_no_requirement():
    hits = [_hit(1, BUILDS), _hit(2, EVALUATES)]
    topic = "papers that propose new evaluation metrics/evaluation frameworks for video anomaly detection"
    assert with_role(np.array([0.5, 0.4]), hits, topic, threshold=0.37).tolist() == [0.5, 0.4]


SPEEDUP = "Veda achieves a 5.1× end-to-end speedup on Waver-T2V-12B."
KEEPS_SPEED = "These components enable 12× length extrapolation without sacrificing inference speed."
DATA_EFFICIENT = "VDMs demonstrate higher data efficiency than their language counterparts."


@pytest.mark.parametrize(("text", "has"), [
    (SPEEDUP, True), ("Joint compression achieves higher efficiency by combining pruning and quantization.", True),
    ("LESA substantially reduces inference cost while staying competitive.", True),
    (KEEPS_SPEED, False), (DATA_EFFICIENT, False),  # speed kept, not gained; data efficiency is no speed
    ("we establish a matching lower bound showing this overhead is unavoidable", False),
    # efficiency claimed in other words counts; efficiency lacked, or "efficient" in another sense, does not (second
    # review of session 40: 17 lists had lost such papers)
    ("FrameOracle reduces 16-frame inputs to an average of 10.4 frames.", True),
    ("ViTL attains up to 8.6% with 50% less frame input on long-video QA.", True),
    ("V-LynX achieves SOTA and efficiency across audio-visual QA.", True),
    ("Existing methods entangle concepts, which limits both control precision and efficiency.", False),
    ("This disentangles the video concepts, thus facilitating efficient and independent control.", False),
    ("These results help accelerate the development of truly efficient dLLMs.", False),
])
def test_a_paper_makes_things_faster_when_its_abstract_states_a_gain(text, has):
    assert introduces(text, "speed") is has


@pytest.mark.parametrize(("topic", "expected"), [
    # papers that merely work on the same models are no answer (probes of session 40)
    ("Which papers make video diffusion models run faster?", [0.0, 0.3, 0.0]),
    ("papers making video generation faster / cheaper at inference", [0.0, 0.3, 0.0]),  # one gain, two words
    ("Which papers are faster or more accurate than prior video LLMs?", [0.5, 0.3, 0.4]),  # speed is one alternative
    ("Which papers work on video diffusion models?", [0.5, 0.3, 0.4]),
])
def test_a_list_asking_for_faster_or_cheaper_keeps_the_papers_stating_a_speed_gain(topic, expected):
    hits = [_hit(1, KEEPS_SPEED), _hit(2, SPEEDUP), _hit(3, DATA_EFFICIENT)]
    assert with_role(np.array([0.5, 0.3, 0.4]), hits, topic, threshold=0.37).tolist() == expected


def test_a_list_that_opens_on_its_topic_still_opens_when_the_role_takes_its_best_paper_out():
    hits = [_hit(1, KEEPS_SPEED), _hit(2, SPEEDUP)]
    p = with_role(np.array([0.5, 0.1]), hits, "Which papers make video diffusion faster?", 0.37, opens_at=0.8)
    assert p.tolist() == pytest.approx([0.0, 0.8 * 0.37])
