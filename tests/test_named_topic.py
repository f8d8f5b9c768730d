"""Lists whose topic is one named thing: every paper naming it, and only those, are the list."""

from __future__ import annotations

import numpy as np
import pytest

import rag
from rag.answer.named_topic import MOST_HOLDERS, names_only, with_holders, with_named
from rag.answer.understand import Question
from rag.types import Hit, Paper


@pytest.mark.parametrize(("question", "names"), [
    ("Which works report numbers on the MVBench benchmark?", ["MVBench"]),
    ("anything evaluated on Ego4D?", ["Ego4D"]),
    ("Which works give numbers on EgoSchema, and what gains?", ["EgoSchema"]),
    ("Which ICML 2026 papers report on ActivityNet-Captions?", ["ActivityNet-Captions"]),
    # a name inside a topic that asks more of its papers: a near-topic question, not a benchmark list
    ("KV cache quantization for long-context LLM serving: which papers propose a method?", []),
    ("which papers prune/compress the KV cache?", []),
    ("Which papers do streaming video with bounded memory?", []),
    # an acronym names a kind of thing, spelled out in other abstracts (read set AU, au029)
    ("Is there anything in here involving GANs?", []),
    ("papers that use MoE", []),
    # typed in lower case (read set BZ, bz027); hyphenated English words are no name
    ("who evaluates on video-mme", ["video-mme"]),
    ("Which papers handle long-context inputs?", []),
    # a coined name with only its first capital, built on (read set CA)
    ("Which submissions build on Mamba?", ["Mamba"]),
    ("Which papers use Transformers?", []),
    ("Which papers report PPL on PG-19?", ["PG-19"]),  # an acronym beside the name asks nothing else
    # a family named by its first part (dev w070, w075), not a kind of model
    ("Which papers run experiments with Qwen-family models?", ["Qwen*"]),
    ("Which ICLR 2026 papers build on or analyse LLaVA-style models?", ["LLaVA*"]),
    ("Which papers use transformer-based models?", []),
])
def test_a_topic_is_names_only_when_it_asks_nothing_else_of_its_papers(question, names):
    assert names_only(question) == names


def hit(n: int, text: str) -> Hit:
    paper = Paper(id=f"p{n}", title=f"Paper {n}", venue="ICML", year=2026, abstract=text, text=text, source="f",
                  position=n)
    return Hit(paper=paper, score=1.0 / n)


def held(question: str, hits: list[Hit]) -> frozenset[str]:
    """The ids of the hits a list question's named topic keeps, over an index of those papers alone."""
    return with_holders(Question(question, question, None, None, "list"), hits, Snapshot([h.paper for h in hits]))[2]


def alongside(question: str, hits: list[Hit]) -> frozenset[str]:
    """The ids of the hits that write a name one alternative of a list's topic is made of."""
    return with_holders(Question(question, question, None, None, "list"), hits, Snapshot([h.paper for h in hits]))[3]


def test_a_name_is_found_with_or_without_its_hyphen_and_in_any_case():
    hits = [hit(1, "We test on VideoMME and MLVU."), hit(2, "Results on video-mme improve."),
            hit(3, "Video MME-like tasks."), hit(4, "Nothing here on Video-MMEx.")]

    assert held("Which papers report on Video-MME?", hits) == {"p1", "p2"}


def test_a_family_is_held_by_every_version_of_its_name():
    hits = [hit(1, "Across Video-LLMs, including Qwen and InternVL."), hit(2, "We fine-tune Qwen2.5-VL-7B."),
            hit(3, "We build on LLaVA-OneVision."), hit(4, "A question-answering model.")]

    assert held("Which papers run experiments with Qwen-family models?", hits) == {"p1", "p2"}


def test_a_word_joined_after_a_name_still_names_it_a_part_of_a_longer_name_does_not():
    hits = [hit(1, "A Mamba-enhanced temporal reasoning model."), hit(2, "Results on Video-MME-Long."),
            hit(3, "Hybrid Mamba models.")]

    assert held("Which papers use Mamba?", hits) == {"p1", "p3"}
    assert held("Which papers report on Video-MME?", hits) == frozenset()


def test_an_alternative_that_is_a_name_keeps_the_papers_writing_it_beside_the_topics():
    hits = [hit(1, "State-space models extend to long contexts."), hit(2, "We build a Mamba-enhanced temporal model."),
            hit(3, "A diffusion model for video.")]

    assert alongside("Which papers use Mamba or state-space models?", hits) == {"p2"}
    assert with_named(frozenset(), hits, [0], [1, 2], frozenset({"p2"})) == ([0, 1], [2])  # kept, in retrieval's order
    assert held("Which papers use Mamba or state-space models?", hits) == frozenset()  # not the whole topic
    # typed in lower case, a word no dictionary has names what the abstracts write capitalised on its own (read set CC)
    assert alongside("anything that uses mamba, those state space model things?", hits) == {"p2"}
    terms_ = [hit(1, "We study model compression."), hit(2, "Score Gradient Matching Distillation speeds it up."),
              hit(3, "We also introduce Quantization-Aware Optimization.")]
    assert alongside("papers on faster video models (distillation, quantization)?", terms_) == frozenset()
    # an alternative of two names needs both ("quantizing Mamba": dev ak056, out of scope)
    assert alongside("any work on quantizing Mamba / state-space models to 4-bit?", hits) == frozenset()
    # a plain description's field term ("video chatbots (Video-LLMs)") is no alternative the asker named, nor a plural
    assert alongside("Which papers study Video-LLMs or audio?", [hit(1, "Video-LLMs answer.")]) == frozenset()


def test_a_lower_case_name_is_held_by_abstracts_writing_it_as_a_name_not_as_a_hyphenated_term():
    hits = [hit(1, "Experiments on Video-MME show gains."), hit(2, "A Transformer-based low-latency model.")]

    assert held("who evaluates on video-mme", hits) == {"p1"}
    assert held("which papers are transformer-based?", hits) == frozenset()  # (second review)
    assert held("which papers are low-latency?", hits) == frozenset()


def test_an_alternative_asking_more_of_its_own_keeps_no_name_alongside():
    # "Mamba or state-space models for long-context language modeling" asks the modeling of Mamba too (second review)
    hits = [hit(1, "State-space models for long-context language modeling."), hit(2, "We build a Mamba-enhanced model.")]

    assert alongside("Which papers use Mamba or state-space models for long-context language modeling?", hits) == frozenset()


def test_a_name_most_papers_write_is_no_topic_of_its_own():
    hits = [hit(n, "Evaluated on Ego4D.") for n in range(1, MOST_HOLDERS + 2)]

    assert held("Which papers evaluate on Ego4D?", hits) == frozenset()


def test_the_list_is_the_papers_naming_it_the_others_kept_are_set_apart():
    question = Question("Which papers evaluate on Ego4D?", "Which papers evaluate on Ego4D?", None, None, "list")
    hits = [hit(1, "A streaming model evaluated on Ego4D."), hit(2, "A video model evaluated on MVBench."),
            hit(3, "Benchmarks: Ego4D, EgoSchema.")]

    assert with_named(held(question.text, hits), hits, [0, 1], []) == ([0, 2], [1])
    assert with_named(held("Which papers do video QA?", hits), hits, [0, 1], []) == ([0, 1], [])


def test_every_paper_reporting_on_a_named_benchmark_is_listed(built_settings):
    # dev v112: three papers that never name Video-MME were listed beside the three that evaluate on it (one of
    # them writes "VideoMME")
    answer = rag.ask("Which works report numbers on Video-MME?", settings=built_settings)

    assert len(answer.citations) == 3
    assert all("video-mme" in c.paper.text.lower().replace("videomme", "video-mme") for c in answer.citations)


def test_a_benchmark_asked_in_one_papers_spelling_lists_every_paper_naming_it(built_settings):
    # "VideoMME" is written by one abstract (which made it read as that paper's name), "Video-MME" by two that
    # retrieval did not find for it
    answer = rag.ask("Any works with VideoMME numbers?", settings=built_settings)

    assert answer.text.startswith("3 papers match")
    assert {c.paper.title for c in answer.citations} == {"Video-MTR", "MACD", "SCOPE"}


class Snapshot:
    def __init__(self, papers):
        self.papers = papers

    def mask(self, venue, year):
        return None if venue is None else np.array([p.venue == venue for p in self.papers])


def test_papers_retrieval_missed_that_write_the_name_join_the_list_within_the_filter():
    hits = [hit(1, "We test on VideoMME.")]
    others = [hit(2, "Results on Video-MME.").paper, hit(3, "Nothing of it.").paper,
              Paper(id="p4", title="Paper 4", venue="ICLR", year=2026, abstract="On Video-MME.", text="On Video-MME.",
                    source="f", position=4)]
    question = Question("which papers use VideoMME?", "which papers use VideoMME?", "ICML", None, "list",
                        named=("p1",))

    asked, found, holders, _ = with_holders(question, hits, Snapshot([hits[0].paper, *others]))

    assert [h.paper.id for h in found] == ["p1", "p2"] and found[1].score == 0.0
    assert asked.named == () and holders == {"p1", "p2"}  # two papers write it: it names neither
    fact = Question("what does p1 use?", "what does p1 use?", None, None, "fact", named=("p1",))
    assert with_holders(fact, hits, Snapshot([hits[0].paper, *others])) == (fact, hits, frozenset(), frozenset())


def test_a_name_too_many_papers_write_adds_none_of_them():
    hits = [hit(1, "We test on Ego4D.")]
    others = [hit(n, "Also evaluated on Ego4D.").paper for n in range(2, MOST_HOLDERS + 3)]
    question = Question("which papers use Ego4D?", "which papers use Ego4D?", None, None, "list", named=("p1",))

    # ... and the list keeps the retrieved one that writes it, as a list of what retrieval found would
    assert with_holders(question, hits, Snapshot([hits[0].paper, *others])) == (question, hits, {"p1"}, frozenset())
