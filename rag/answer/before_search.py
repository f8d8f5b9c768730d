"""Questions answered before any search: about the collection itself (its papers, counts, venues, code), about a
venue it lacks, in a script the embedder cannot read, pointing back at a conversation that never happened, about
papers the filters leave out, or asking for a paper's authors or code. Each is decided by rule, exactly, with
nothing retrieved."""

from __future__ import annotations

from dataclasses import replace

from rag.answer.collection import asks_for_catalog, collection_answer
from rag.answer.conversation import dangling_reference
from rag.answer.extractive import excluded_answer, filter_name
from rag.answer.metadata import from_record
from rag.answer.understand import Question, absent_venue, has_latin_words, snapshot_facts
from rag.index.store import Snapshot
from rag.types import Answer, Hit, Paper

MULTILINGUAL = ("multilingual",)  # embedders that read questions in other languages
NO_ENGLISH = ("This question has no English words, and the default embedder matches English only. To ask in "
              "other languages, set PAPERCHAT_EMBEDDER=multilingual and re-run `paperchat ingest` (or configure "
              "an LLM with OPENAI_API_KEY or OPENAI_BASE_URL), or ask in English.")
NO_VENUE = ("The collection holds no {venue} papers: it has {scope}. Ask again without \u201c{venue}\u201d to search "
            "them all.")
NO_FILTERED = ("No paper of the collection passes the {filters} filter: it has {scope}. Clear the filter to search "
               "them all.")
NO_ANTECEDENT = ("\u201c{pointer}\u201d points back at a paper, but no question came before this one. Ask again "
                 "with the paper's name in the question, or ask about a topic.")


def answered_before_search(question: Question, text: str, history: list[dict] | None, snapshot: Snapshot,
                           embedder: str, use_llm: bool, outside: list[Paper]) -> Answer | None:
    """The answer when a rule decides the question (`outside`: the papers it names that the filters leave out),
    else None: search and the calibrated decision take it from there."""
    missing = absent_venue(text, snapshot)
    if missing:  # "Which NeurIPS 2025 papers …?" of ICML and ICLR 2026: none is, whatever the others say
        return abstention(snapshot, NO_VENUE.format(venue=missing, scope=scope(snapshot)))
    if question.kind in ("count", "venues", "code"):
        return collection_answer(question, snapshot)
    if question.kind == "list" and not history and asks_for_catalog(text, snapshot):  # "List the ICLR papers"
        return collection_answer(replace(question, kind="catalog"), snapshot)
    if not use_llm and not has_latin_words(text) and embedder not in MULTILINGUAL:
        return abstention(snapshot, NO_ENGLISH)
    pointer = "" if history or question.named else dangling_reference(text)
    if pointer:  # "How is it trained?" as the first question: which paper "it" is, only the user knows
        return abstention(snapshot, NO_ANTECEDENT.format(pointer=pointer))
    note = excluded_answer(outside, question.venue, question.year) if outside else ""
    if outside and len(outside) == len(question.named):  # every paper it names is outside: say so, cite nothing
        return abstention(snapshot, note)
    keep = snapshot.mask(question.venue, question.year)
    if keep is not None and not keep.any():  # rag.ask(…, venue="NeurIPS") of ICML and ICLR papers: none passes
        return abstention(snapshot, NO_FILTERED.format(filters=filter_name(question.venue, question.year),
                                                       scope=scope(snapshot)))
    record = from_record(question, snapshot, outside)  # "Who wrote ProtoKV?": the record says, not the abstract
    return replace(record, notice=" ".join(x for x in (note, record.notice) if x)) if record else None


def abstention(snapshot: Snapshot | None, message: str = "", sources: tuple[Hit, ...] = (), why: str = "") -> Answer:
    """An abstained answer: `message`, or why none answers (by default that none does) and what the collection
    holds and what to ask it."""
    if not message:
        message = (f"{why or NO_PAPER_ANSWERS} The collection holds {scope(snapshot)}; try asking about their methods, "
                   "results or datasets.")
    return Answer(text=message, abstained=True, mode="extractive", sources=sources)


NO_PAPER_ANSWERS = "The indexed papers don't answer this."


def off_domain(domains: tuple[str, ...]) -> str:
    """Why a near-topic question abstains: the papers on its topic never mention the domain it names."""
    # (each once: two domains asked in the same word wrote "never mention “MRI” or “MRI”", a third review of session 44)
    named = " or ".join(f"“{d}”" for d in dict.fromkeys(domains))
    return f"The papers closest to this question never mention {named}, so they don't answer it."


def scope(snapshot: Snapshot) -> str:
    """"70 abstracts (19 from ICLR 2026, 51 from ICML 2026)"."""
    counts = snapshot_facts(snapshot).venue_year_counts  # counted once per snapshot, not per question
    listed = ", ".join(f"{n} from {v}" for v, n in sorted(counts.items()))
    return f"{sum(counts.values())} abstracts ({listed})"
