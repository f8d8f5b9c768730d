"""Which papers a claim or topic question quotes when no paper is named (rag/answer/decide.py)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from rag.answer.decide import MOST_PAPERS, answering, supported_names
from rag.answer.understand import Question
from rag.types import Hit, Paper


@pytest.mark.parametrize(("p", "expected"), [
    ([0.9], [0]),
    ([0.8, 0.95], [0, 1]),  # both answer and come close (log-odds 1.4 vs 2.9): quoted in retrieval's order
    ([0.51, 0.999], [1]),  # far below the best (log-odds 0.04 vs 6.9): only the best
    ([0.4, 0.9, 0.3], [1]),  # below the threshold and far below the best: not quoted
    ([0.3, 0.6], [0, 1]),  # below the threshold but above SECOND_CUT x it, and close to a best that clears it
    ([0.2, 0.6], [1]),  # below SECOND_CUT x the threshold: never quoted, however close
    ([0.9, 0.9, 0.9, 0.9, 0.95], [0, 1, 4]),  # at most MOST_PAPERS, and the best is always one of them
])
def test_papers_that_answer_close_to_the_best_are_quoted_too(p, expected):
    p = np.array(p)
    chosen = answering(p, int(np.argmax(p)), threshold=0.5)

    assert chosen == expected and len(chosen) <= MOST_PAPERS


def _paper(i: str, title: str, text: str) -> Paper:
    return Paper(id=i, title=title, venue="ICML", year=2026, abstract=text, text=text, source="f", position=0,
                 title_derived=True)


PAPERS = [_paper("veda", "Veda: sparse attention", "Veda distils sparse attention."),
          _paper("copi", "Lipid droplets", "COPI coatomer regulates lipid droplets."),
          _paper("other", "Viral replication", "Viruses need COPI to replicate.")]
SNAPSHOT = SimpleNamespace(papers=PAPERS, by_id={p.id: n for n, p in enumerate(PAPERS)})


@pytest.mark.parametrize(("named", "written", "ranked", "kept"), [
    (("veda",), ("Veda",), ["other", "copi", "x", "veda"], ("veda",)),  # named by its title: kept, ranked or not
    (("copi",), ("COPI",), ["copi", "other"], ("copi",)),  # a word of its abstract, and retrieval backs it
    (("copi",), ("COPI",), ["other", "x", "y", "copi"], ()),  # a word it shares, retrieval ranks it low: no name
    (("veda", "copi"), ("Veda", "COPI"), ["veda", "other", "x", "copi"], ("veda",)),
])
def test_a_paper_named_by_a_word_of_its_abstract_must_be_ranked_high_too(named, written, ranked, kept):
    question = Question(text="t", standalone="t", venue=None, year=None, kind="compare" if len(named) > 1 else "fact",
                        named=named, written=written)
    hits = [Hit(paper=_paper(i, i, i), score=1.0) for i in ranked]

    got = supported_names(question, hits, SNAPSHOT)

    assert got.named == kept
    assert got.kind == ("compare" if len(kept) > 1 else "fact")  # one paper left is no comparison
    assert set(got.written) == {w for w in written if w.lower() in " ".join(PAPERS[SNAPSHOT.by_id[i]].text.lower()
                                                                             for i in kept)}


@pytest.mark.parametrize(("title", "expected"), [
    # the description with its relative clause gives way to the found paper's name: its "how many" is no aspect
    ("FrameOracle", "How does SCOPE choose what to look at, compared with FrameOracle?"),
    # a paper with no name of its own is "the other paper"
    ("Frame selection for video", "How does SCOPE choose what to look at, compared with the other paper?"),
])
def test_a_described_compared_paper_found_is_called_by_its_name(title, expected):
    from rag.answer.described import _described_named

    text = "How does SCOPE choose what to look at, compared with the frame selection module that predicts how many " \
           "frames are needed?"
    question = Question(text=text, standalone=text, venue=None, year=None, kind="compare", named=("scope",),
                        written=("SCOPE",), described="frame selection module")
    found = Paper(id="fo", title=title, venue="ICML", year=2026, abstract="x", text="x", source="f", position=0,
                  title_derived=title != "FrameOracle")

    renamed = _described_named(question, found)

    assert renamed.text == expected and renamed.named == ("scope", "fo") and renamed.described == ""
    assert renamed.standalone == text  # retrieval still searches the description


# untitled abstracts (PubMedQA's) get names derived from their words: "VEGF" names the paper it was derived from,
# but a question on VEGF in another cancer shares the word with the paper that answers it
UNTITLED = [_paper("vegf", "VEGF: growth factor in polyps", "VEGF and TGF-b1 scores in endometrial polyps."),
            _paper("renal", "Renal cell carcinoma", "Tumour VEGF expression predicted venous invasion."),
            _paper("isa", "ISA: sparse adapters", "ISA adapts sparse attention."),
            _paper("plain", "Attention that can disable heads", "We disable attention heads."),
            _paper("copi", "Lipid droplets", "COPI coatomer regulates lipid droplets."),
            _paper("viral", "Viral replication", "Viruses need COPI to replicate.")]
UNTITLED_SNAPSHOT = SimpleNamespace(papers=UNTITLED, by_id={p.id: n for n, p in enumerate(UNTITLED)})


@pytest.mark.parametrize(("named", "written", "ranked", "kept"), [
    (("vegf",), ("VEGF",), ["renal", "plain", "isa", "vegf"], ()),  # a better-ranked abstract has the word too
    (("vegf",), ("VEGF",), ["vegf", "renal"], ("vegf",)),  # ranked first: the word names it
    (("vegf",), ("VEGF",), ["plain", "isa"], ("vegf",)),  # retrieval missed it, and no paper it found has the word
    (("isa",), ("ISA",), ["plain", "isa"], ("isa",)),  # "disable" is no "ISA": whole words, as written
    (("copi",), ("COPI",), ["viral", "copi"], ()),  # a word of its abstract, in the first 3, but shared with the first
    (("copi",), ("COPI",), ["copi", "viral"], ("copi",)),
])
def test_a_name_a_better_ranked_paper_shares_is_a_topic_not_a_name(named, written, ranked, kept):
    question = Question(text="t", standalone="t", venue=None, year=None, kind="fact", named=named, written=written)
    hits = [Hit(paper=UNTITLED[UNTITLED_SNAPSHOT.by_id[i]], score=1.0) for i in ranked]

    assert supported_names(question, hits, UNTITLED_SNAPSHOT).named == kept


def test_the_conversation_subject_is_kept_whatever_retrieval_ranks_first():
    question = Question(text="t", standalone="t", venue=None, year=None, kind="fact", named=("vegf",),
                        written=("VEGF",), subject=("vegf",))
    hits = [Hit(paper=UNTITLED[1], score=1.0), Hit(paper=UNTITLED[0], score=0.5)]

    assert supported_names(question, hits, UNTITLED_SNAPSHOT).named == ("vegf",)
