"""Which papers a question names: a name retrieval does not back is a topic the question shares with the papers."""

from __future__ import annotations

import re
from dataclasses import replace

from rag.answer.names import compact, is_coined, names_of
from rag.answer.presents import INTRODUCES, introduces
from rag.answer.understand import Question
from rag.corpus.terms import analyse, terms
from rag.corpus.titles import COMMON_ACRONYMS
from rag.index.store import Snapshot
from rag.types import Hit


# A paper named by words of its abstract rather than its title ("LIVEditor-14B", "the compression-order paper", but
# also a gene such as "COPI" held by two abstracts) is the question's subject only when retrieval ranks it first
# (a comparison's papers: among the first MENTION_TOP). Any name, a title's included, is no name when a paper ranked
# above it has the word (_shared): the word is a topic the question shares with them. Tuned on SciFact train claims
# (55 named by an abstract's word: the 29 right ones ranked first; first instead of first 3: gold cited 0.693 ->
# 0.697, none lost; _shared for given titles' heads such as "AMP-activated protein kinase": 0.697 -> 0.702, 5
# gained, 1 lost), the PubMedQA tune half (_shared for the names derived from its untitled abstracts: gold cited
# 0.962 -> 0.978, abstained 14 -> 7) and dev (unchanged; the first 3 for comparisons: first only lost 4 of 51).
MENTION_TOP = 3


def supported_names(question: Question, hits: list[Hit], snapshot: Snapshot) -> Question:
    """`question` without the papers it names only by a word of their abstract that retrieval does not back."""
    top = {h.paper.id for h in hits[:MENTION_TOP if question.kind == "compare" else 1]}

    def backed(i: str) -> bool:
        paper = snapshot.papers[snapshot.by_id[i]]
        if i in question.subject:  # the conversation is about it ("Tell me about LSGQuant." then "How many GPUs …")
            return True
        if by_title(paper, question):  # by a title its authors gave, or one derived from its abstract
            return not _shared(paper, hits, question.written, _by_own_name(question, snapshot))
        if _unique_coinage(paper, question.written, snapshot):
            return True
        return i in top and not _shared(paper, hits, question.written, _by_own_name(question, snapshot))

    kept = tuple(i for i in question.named if backed(i))
    if kept == question.named:
        return question
    papers = [snapshot.papers[snapshot.by_id[i]] for i in kept]
    written = tuple(w for w in question.written if any(w.lower() in f"{p.title} {p.text}".lower() for p in papers))
    kind = "fact" if question.kind == "compare" and len(kept) < 2 and not question.described else question.kind
    return replace(question, named=kept, written=written, kind=kind)


# an acronym an abstract defines for its own method: "… modality-mutual attention (MMA) …"
# (in mixed case too: "Video-in-the-Loop (ViTL)", a second review of session 43 named no paper for "vitl")
_DEFINED = re.compile(r"\(((?=[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z])[A-Z][A-Za-z0-9]{2,6})\)")


def written_in_lower_case(question: Question, hits: list[Hit]) -> Question:
    """A fact question naming no paper, that writes in lower case a name keeping its case ("muse", "scope") or an
    acronym the abstract defines ("mma"), names the paper retrieval ranks first when that is the paper of that
    name. In lower case the word may be a word ("what is the scope of X?"), so only retrieval's first paper may own
    it (fresh set AD: "muse linear probe acc vs its teacher?", "modality-mutual attention (mma) — on how many
    benchmarks …" abstained with their paper first)."""
    if question.named or question.subject or question.kind != "fact" or not hits:
        return question
    paper = hits[0].paper
    # ... an acronym it presents as its own ("our proposed modality-mutual attention (MMA)"), not a task's ("VideoQA")
    # nor a field's ("MLLM", as understand._defined skips it)
    forms = [n for n in names_of(paper) if len(n.split()) == 1] + [
        a for a in _DEFINED.findall(paper.text)
        if a not in COMMON_ACRONYMS and introduces(paper.text, re.compile(rf"\({a}\)"))] + _coined_own(paper)
    for form in dict.fromkeys(forms):
        lower = form.lower()
        if lower != form and re.search(rf"(?<![\w-]){re.escape(lower)}(?![\w-])", question.text):
            return replace(question, named=(paper.id,), written=(lower,))
    return question


def _coined_own(paper) -> list[str]:
    """The coined words of the sentences presenting a descriptively titled paper's own work: its method's name
    ("We address this challenge with SurgiFlowVid, …"; fresh set AG: "surgiflowvid: which … backbone" named no
    paper, so the missing detail went unsaid)."""
    if not paper.title_derived:
        return []
    return [w for s in analyse(paper.text).sentences if INTRODUCES.search(s)
            for w in _COINED.findall(s) if is_coined(w)]


# a coined name in mixed case, a capital inside it and a small letter after that ("SurgiFlowVid", "FlowNar")
_COINED = re.compile(r"(?<![\w-])[A-Z][a-z]*[A-Z][A-Za-z]*[a-z][A-Za-z]*(?![\w-])")


def owns_name(paper, question: Question, snapshot: Snapshot) -> bool:
    """Is `paper` named by a name of its own (its title, or a coinage it alone introduces) or the conversation's
    subject, not by a word its abstract merely holds ("COPD" in a PubMedQA question asked of the ML papers)?"""
    return paper.id in question.subject or by_title(paper, question) or _unique_coinage(paper, question.written, snapshot)


def _by_own_name(question: Question, snapshot: Snapshot) -> set[str]:
    """The compared papers the question names by their own title: a word one of them shares with another named
    paper's description says nothing against it ("the sparse attention paper for in-context video editing" and
    Veda, whose abstract has "sparse attention" too; fresh comparison v310)."""
    if question.kind != "compare":
        return set()
    return {i for i in question.named if by_title(snapshot.papers[snapshot.by_id[i]], question)}


def _shared(paper, hits: list[Hit], written: tuple[str, ...], besides: set[str] = frozenset()) -> bool:
    """A paper retrieval ranks above `paper` (or any it retrieved, when it missed `paper`) has the word that names
    it: the word is a topic the question shares with that paper ("VEGF", "NICU", "CABG" in PubMedQA questions,
    whose untitled abstracts get names derived from such words), not this paper's name."""
    ranked = [h.paper.id for h in hits]
    above = hits[:ranked.index(paper.id)] if paper.id in ranked else hits
    above = [h for h in above if h.paper.id not in besides]
    words = [w for w in written if _has(paper, w)]
    return any(_has(h.paper, w) for h in above for w in words)


def _unique_coinage(paper, written: tuple[str, ...], snapshot: Snapshot) -> bool:
    """The question writes a coined name ("OPGD": capitals, digits) that this paper's abstract alone holds and
    introduces ("We further introduce Orthogonal Penalized Gradient Descent (OPGD)"): it names the paper whatever
    retrieval ranks first ("What learning rate and batch size did they use for OPGD in the experiments?" ranked
    another paper first on "batch size" and "experiments", and abstained: fresh set C, c037). A term the abstract
    only uses names no paper: "SSRI", held by one SciFact review, made a claim on sildenafil "not reported" there
    (SciFact train 1087)."""
    for word in written:
        if not is_coined(word) or not _introduces(paper, word):
            continue
        stems = terms(word)
        rows = [set(snapshot.keyword.documents(t).tolist()) for t in stems]
        if stems and set.intersection(*rows) == {snapshot.by_id[paper.id]}:
            return True
    return False


def _introduces(paper, word: str) -> bool:
    """Does a sentence of the paper that holds `word` present it as the paper's own ("we propose / introduce …")?"""
    return introduces(paper.text, re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])"))


def _has(paper, word: str) -> bool:
    """`word` as written (case kept: "ISA" is no "disable"), a whole word of the paper's title or abstract."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", f"{paper.title} {paper.text}") is not None


def by_title(paper, question: Question) -> bool:
    names = {compact(n) for n in names_of(paper)}
    return any(compact(w) in names for w in question.written)


def with_papers(hits: list[Hit], ids: list[str], snapshot: Snapshot) -> list[Hit]:
    """`hits` with the papers `ids` present (added in front when retrieval missed them)."""
    have = {h.paper.id for h in hits}
    missing = [Hit(paper=snapshot.papers[snapshot.by_id[i]], score=0.0) for i in ids
               if i not in have and i in snapshot.by_id]
    return missing + hits
