"""Which papers a question names (rag/answer/named.py): a name retrieval does not back is a shared topic word."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rag.answer.named import supported_names, written_in_lower_case
from rag.answer.understand import Question
from rag.index.keyword import KeywordIndex
from rag.types import Hit, Paper


def _paper(i: str, title: str, text: str) -> Paper:
    return Paper(id=i, title=title, venue="ICML", year=2026, abstract=text, text=text, source="f", position=0,
                 title_derived=True)


PAPERS = [_paper("veda", "Veda: sparse attention", "Veda distils sparse attention."),
          _paper("copi", "Lipid droplets", "COPI coatomer regulates lipid droplets."),
          _paper("other", "Viral replication", "Viruses need COPI to replicate."),
          _paper("ogd", "OGD+", "OGD+ keeps old gradients. We introduce OPGD, a penalised variant."),
          _paper("ssri", "Withdrawal", "Stopping SSRI drugs causes withdrawal symptoms."),
          _paper("lsg", "LSGQuant", "We propose LSGQuant. Our method incorporates a Dynamic Range Adaptive Quantizer "
                 "(DRAQ) to fit activations."),
          _paper("flow", "Surgical video", "Surgical data is scarce. We address this challenge with FlowSurg, a sparse "
                 "video diffusion framework.")]


def _snapshot(papers: list[Paper]) -> SimpleNamespace:
    return SimpleNamespace(papers=papers, by_id={p.id: n for n, p in enumerate(papers)},
                           keyword=KeywordIndex.build([p.text for p in papers]))


SNAPSHOT = _snapshot(PAPERS)


@pytest.mark.parametrize(("named", "written", "ranked", "kept"), [
    (("veda",), ("Veda",), ["other", "copi", "x", "veda"], ("veda",)),  # named by its title: kept, ranked or not
    (("copi",), ("COPI",), ["copi", "other"], ("copi",)),  # a word of its abstract, and retrieval backs it
    (("copi",), ("COPI",), ["other", "x", "y", "copi"], ()),  # a word it shares, retrieval ranks it low: no name
    (("veda", "copi"), ("Veda", "COPI"), ["veda", "other", "x", "copi"], ("veda",)),
    (("copi",), ("COPI",), ["x", "copi"], ()),  # one paper named by a word of its abstract: retrieval ranks it first
    (("veda", "copi"), ("Veda", "COPI"), ["x", "copi", "veda"], ("veda", "copi")),  # two compared: the first 3
    (("ogd",), ("OPGD",), ["other", "x", "ogd"], ("ogd",)),  # a coinage one abstract alone introduces names it anyway
    (("ssri",), ("SSRI",), ["other", "x", "ssri"], ()),  # ... not a term it only uses
    (("lsg",), ("DRAQ",), ["other", "x", "lsg"], ("lsg",)),  # ... nor a part its own method is made of
    # ... nor one it presents as what addresses its problem (fresh comparisons, set L: l028)
    (("flow",), ("FlowSurg",), ["other", "x", "flow"], ("flow",)),
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


# untitled abstracts (PubMedQA's) get names derived from their words: "VEGF" names the paper it was derived from,
# but a question on VEGF in another cancer shares the word with the paper that answers it
UNTITLED = [_paper("vegf", "VEGF: growth factor in polyps", "VEGF and TGF-b1 scores in endometrial polyps."),
            _paper("renal", "Renal cell carcinoma", "Tumour VEGF expression predicted venous invasion."),
            _paper("isa", "ISA: sparse adapters", "ISA adapts sparse attention."),
            _paper("plain", "Attention that can disable heads", "We disable attention heads."),
            _paper("copi", "Lipid droplets", "COPI coatomer regulates lipid droplets."),
            _paper("viral", "Viral replication", "Viruses need COPI to replicate.")]
UNTITLED_SNAPSHOT = _snapshot(UNTITLED)


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


def test_a_given_titles_head_that_a_better_ranked_abstract_has_is_a_topic():
    kinase = Paper(id="ampk", title="AMP-activated protein kinase: a metabolic switch", venue="", year=2010,
                   abstract="AMP-activated protein kinase senses energy.", text="AMP-activated protein kinase senses "
                   "energy.", source="f", position=0)
    fibrosis = Paper(id="lung", title="Metformin reverses lung fibrosis", venue="", year=2018,
                     abstract="Metformin activates AMP-activated protein kinase in lung.", text="Metformin activates "
                     "AMP-activated protein kinase in lung.", source="f", position=1)
    snapshot = SimpleNamespace(papers=[kinase, fibrosis], by_id={"ampk": 0, "lung": 1})
    question = Question(text="t", standalone="t", venue=None, year=None, kind="fact", named=("ampk",),
                        written=("AMP-activated protein kinase",))

    shared = supported_names(question, [Hit(paper=fibrosis, score=1.0), Hit(paper=kinase, score=0.9)], snapshot)
    first = supported_names(question, [Hit(paper=kinase, score=1.0), Hit(paper=fibrosis, score=0.9)], snapshot)

    assert shared.named == () and first.named == ("ampk",)


LOWER = [_paper("muse", "MUSE", "We propose MUSE, a tokenizer. MUSE beats its teacher in linear probing."),
         _paper("mma", "Multimodal models", "We propose modality-mutual attention (MMA) for image tokens."),
         _paper("vqa", "Video QA", "Models answer questions on video (VQA) poorly. We study why."),
         _paper("bench", "CapBench", "We introduce CapBench for multimodal large language models (MLLM)."),
         _paper("veda", "Veda: sparse attention", "Veda distils sparse attention within scope."),
         _paper("surg", "Surgical video datasets", "Surgical data is scarce. We address this challenge with "
                "SurgiFlowVid, a video diffusion framework. FlowNet-style baselines fail.")]


@pytest.mark.parametrize(("text", "ranked", "named"), [
    # a name that keeps its case, or an acronym the abstract defines, typed in lower case: the first paper's
    ("muse linear probe acc vs its teacher?", ["muse", "veda"], ("muse",)),
    ("modality-mutual attention (mma): how many benchmarks?", ["mma", "veda"], ("mma",)),
    ("what does muse beat?", ["veda", "muse"], ()),  # ... only when retrieval ranks it first
    ("what does MUSE beat?", ["muse", "veda"], ()),  # as written: understand.py names it, not this rule
    ("why do models fail at vqa?", ["vqa", "veda"], ()),  # an acronym the abstract uses, not one it presents
    ("how do mllm captioners fail?", ["bench", "veda"], ()),  # ... nor a field's acronym it spells out
    # a descriptively titled paper's coined name, from the sentence presenting its work (fresh set AG)
    ("surgiflowvid: which backbone is it initialised from?", ["surg", "veda"], ("surg",)),
    ("surgiflowvid: which backbone?", ["veda", "surg"], ()),
    ("flownet: which backbone?", ["surg", "veda"], ()),  # a coined word outside the sentence presenting its work
])
def test_a_name_typed_in_lower_case_names_the_paper_retrieval_ranks_first(text, ranked, named):
    question = Question(text=text, standalone=text, venue=None, year=None, kind="fact")
    hits = [Hit(paper=LOWER[[p.id for p in LOWER].index(i)], score=1.0) for i in ranked]

    assert written_in_lower_case(question, hits).named == named
