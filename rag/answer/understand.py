"""What is being asked: filters named in the question, follow-ups made standalone, the kind of answer."""

from __future__ import annotations

import re
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass

import numpy as np

from rag.answer.against import COMPARE, MAX_MENTIONS, compared_description, described_rows
from rag.answer.names import TitleIndex, compact, titled_phrases
from rag.answer.routing import route
from rag.answer.wording import GENERIC, KIND_WORDS
from rag.corpus.terms import analyse, stemmer, terms
from rag.index.store import Snapshot

# pronouns and stand-ins that point back at the previous turn's subject
_ANAPHORA = re.compile(
    r"\b(it|its|it's|they|them|their|this|that|these|those|the (?:method|paper|model|approach|framework|work|"
    r"system|authors|benchmark|dataset|layer|module|network))\b", re.I)
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# a part of the conversation's method, named by what it does ("How does the guided variant remove faces?", "What
# does the second stage add?"): said of that paper, unless the question asks for a paper anew ("Which paper
# proposes the guided variant …?"); dev follow-up w715 abstained without it
_PART = re.compile(r"\bthe (?:[\w-]+ ){1,2}(?:variant|version|extension|component|module|part|stage|branch|loss|"
                   r"objective|signal|strategy|mechanism|renderer|encoder|decoder)s?\b", re.I)
_ASKS_PAPER = re.compile(r"^\W*(?:which|what) (?:papers?|works?|stud(?:y|ies))\b|\b(?:is|are) there\b|\bany (?:papers?|work)\b",
                         re.I)


@dataclass(frozen=True)
class Question:
    """A question made ready for retrieval."""

    text: str  # as asked
    standalone: str  # with the previous turn's subject carried in, for retrieval
    venue: str | tuple[str, ...] | None  # several venues: papers of any of them
    year: int | None
    kind: str  # "count" | "venues" | "code" | "list" | "compare" | "fact"
    named: tuple[str, ...] = ()  # ids of papers the question names by title (whatever the filters)
    subject: tuple[str, ...] = ()  # a follow-up's paper(s); beside a name, the conversation's (it backs the name)
    written: tuple[str, ...] = ()  # the question's words that name papers ("Video MTR's" → "Video MTR")
    described: str = ""  # a compared paper it describes, not names ("the adaptive video tokenizer"): search finds it


def understand(text: str, history: list[dict] | None, snapshot: Snapshot,
               venue: str | list[str] | tuple[str, ...] | None = None, year: int | None = None) -> Question:
    """Resolve follow-ups, filters and the kind of question, from the text and the index's own venues."""
    history = history or []
    kind = route(text)
    standalone = _standalone(text, history) if follows_on(text, kind) else text
    found_venue, found_year = detect_filters(text, snapshot)
    venue = combine_venues(venue, found_venue)
    year = year if year is not None else found_year
    titles = snapshot_facts(snapshot).titles
    found = titles.mentions(text)
    titled = len({row for row, _ in found})  # named by title, not by a word two abstracts share ("Video-LLMs")
    titled_found = len(found)
    found += described_rows(text, snapshot, titles, found)
    if kind == "fact":  # and papers named by their model or dataset ("SPIKE-RL", "MotionVid-QA")
        found += _other_mentions(text, snapshot, found)
        # a coined term ("the Progressive Intensity Hypothesis") is weaker than a name: it is taken only to say
        # that the filters leave its paper out (dev w380, w381; as a focus it made w382 answer "not reported")
        keep = snapshot.mask(venue, year) if not found else None
        found += [(r, n) for r, n in mentioned(text, snapshot, titled_phrases(text)) if keep is not None and not keep[r]]
    named = tuple(dict.fromkeys(snapshot.papers[row].id for row, _ in sorted(found)))
    written = tuple(dict.fromkeys(words for _, words in found))
    subject = () if standalone == text and not named else conversation_subject(history, snapshot, text)
    # two papers joined by "and" or "or" ("Which is faster, Veda or ISA?") are compared, as are two named by title
    # in one fact question whatever joins them ("How does X compress tokens differently from Y?")
    compared = kind in ("fact", "list") and bool(COMPARE.search(text) or re.search(r"\s(?:and|or)\s", text) or titled > 1)
    if compared and len(named) == 1 and standalone != text:  # "What is MACD?" → "How does that compare with Video-BCI?"
        named = tuple(dict.fromkeys((*subject[:1], *named)))
    described = compared_description(text, found, titled_found, named, written, kind) if compared else ""
    if compared and (len(named) >= 2 or described):
        kind = "compare"
    return Question(text=text, standalone=standalone, venue=venue, year=year, kind=kind, named=named,
                    subject=subject, written=written, described=described)


# a name a question may use for a paper's model or dataset: "LIVEditor-14B", "TimeChat-Captioner-7B"
_NAME = re.compile(r"(?<![\w-])(?=[\w-]*[A-Z][\w-]*[A-Z0-9])[A-Za-z][\w-]{3,}(?![\w-])")


def mentioned(text: str, snapshot: Snapshot, names: list[str] | None = None) -> list[tuple[int, str]]:
    """(row, name) for the papers whose abstract holds a model or dataset name (or a coined title-case term) of
    the question that few abstracts hold."""
    rows: set[tuple[int, str]] = set()
    for name in dict.fromkeys(_NAME.findall(text) if names is None else names):
        parts = [stemmer().stemWord(w) for w in re.findall(r"[a-z]{4,}", name.lower())]
        if not parts:
            continue
        holders = set(snapshot.keyword.documents(parts[0]).tolist())
        for part in parts[1:]:
            holders &= set(snapshot.keyword.documents(part).tolist())
        holders = {r for r in holders if name.lower() in snapshot.papers[r].text.lower()}
        if 0 < len(holders) <= MAX_MENTIONS:
            rows |= {(row, name) for row in holders}
    return sorted(rows)


def _other_mentions(text: str, snapshot: Snapshot, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Papers named by a model or dataset name that is no title named already, nor a detail of a named paper
    ("Waver-T2V-12B" in a question on Veda is Veda's own experiment, not another paper)."""
    written = {compact(words) for _, words in found}
    texts = [snapshot.papers[row].text.lower() for row, _ in found]
    return [(row, name) for row, name in mentioned(text, snapshot)
            if compact(name) not in written and not any(name.lower() in t for t in texts)]


def has_latin_words(text: str) -> bool:
    """Does the question hold a Latin-script word? The default embedder and BM25 read English ("And how does it
    do that?" is English, though every word of it is a stop word)."""
    return bool(_LATIN_WORD.search(text))


# "And the speedup?", "What about its datasets?", "Which datasets?": said of the conversation's paper
_CONTINUES = re.compile(r"^\W*(?:and|also|so|then|plus|besides|what about|how about)\b", re.I)
ELLIPTICAL_TERMS = 2  # a fact question with at most this many content words leans on the conversation


def follows_on(text: str, kind: str) -> bool:
    """Is the question about the previous turn's subject: a pronoun for it, a continuation, or too short to
    stand alone ("What is the learning rate?")?"""
    return bool(_ANAPHORA.search(text) or _CONTINUES.search(text) or _ORDINAL.search(text)
                or (_PART.search(text) and not _ASKS_PAPER.search(text))
                or (kind == "fact" and len(terms(text) - GENERIC - KIND_WORDS) <= ELLIPTICAL_TERMS))


def conversation_subject(history: list[dict], snapshot: Snapshot, text: str = "") -> tuple[str, ...]:
    """The paper(s) the conversation is about: named in the last turns, or quoted by the last answer, in the order
    it gave them; the one `text` points at ("the second one", "the other one") when it points at one."""
    recent = list(reversed(history[-4:]))
    said = [ids for ids in (_subject_of(m, snapshot) for m in recent) if ids]
    if not said:
        return ()
    match = _ORDINAL.search(text)
    if not match:
        return said[0]
    if match.group("other"):  # not the paper just talked about: the next of several, or one talked about before
        others = [i for ids in said for i in ids if i != said[0][0]]
        return others[:1] or said[0]
    # counted in the order the user named them ("Compare Veda and ISA" → the former is Veda), else the answer's
    asked = [ids for ids in (_subject_of(m, snapshot) for m in recent if m.get("role") == "user") if len(ids) > 1]
    among = asked[0] if asked else said[0]
    nth = _NTH[(match.group("nth") or match.group("pair")).lower()]
    return (among[nth],) if -len(among) <= nth < len(among) else said[0]


# "the first one", "the second paper", "the latter", "the other one": one of the papers of the conversation
_ORDINAL = re.compile(r"\bthe (?:(?P<nth>first|second|third|fourth|fifth|last)|(?P<other>other))\s+(?:one|paper|"
                      r"work|method|approach|model|framework)\b|\bthe (?P<pair>former|latter)\b", re.I)
_NTH = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1, "former": 0, "latter": -1}


def _subject_of(message: dict, snapshot: Snapshot) -> tuple[str, ...]:
    """The papers a message names, first named first: a list answer's items by their titles (not its loosely
    related ones), else the titles named, else (an answer) the papers whose sentences it quotes."""
    content = str(message.get("content") or "").split(LOOSELY_RELATED)[0]
    facts = snapshot_facts(snapshot)
    rows = [facts.rows_by_title[t] for t in _LIST_ITEM.findall(content) if t in facts.rows_by_title]
    rows = rows or [row for row, _ in facts.titles.mentions(content)] if content else []
    if message.get("role") == "assistant":
        rows = rows or _quoted_papers(content, snapshot)
    return tuple(dict.fromkeys(snapshot.papers[row].id for row in rows))


LOOSELY_RELATED = "Loosely related, not counted:"  # extractive.list_answer's line of papers that do not match
_LIST_ITEM = re.compile(r"^- (.+?) \([^()]*\d{4}\)", re.M)  # "- ProtoKV (ICML 2026): …"


def _quoted_papers(answer: str, snapshot: Snapshot, candidates: int = 5) -> list[int]:
    """Rows of the papers whose sentences an earlier (extractive) answer quotes, first quoted first."""
    scores = snapshot.keyword.scores(answer, len(snapshot.papers))
    top = [int(r) for r in np.argsort(-scores)[:candidates] if scores[r] > 0]
    found = []
    for row in top:
        sentences = [s for s in analyse(snapshot.papers[row].text).sentences if len(s) > 30]
        places = [answer.find(s[:60]) for s in sentences]
        places = [p for p in places if p >= 0]
        if places:
            found.append((min(places), row))
    return [row for _, row in sorted(found)]


def combine_venues(chosen: str | list[str] | tuple[str, ...] | None,
                   named: str | None) -> str | tuple[str, ...] | None:
    """The caller's venue filter wins; a venue the question names narrows a choice of several that includes it."""
    if isinstance(chosen, str):
        return chosen.strip() or named
    chosen = tuple(v for v in chosen or () if v.strip())
    if not chosen:
        return named
    if named is not None and named.lower() in {v.lower() for v in chosen}:
        return named
    return chosen[0] if len(chosen) == 1 else chosen


def detect_filters(text: str, snapshot: Snapshot) -> tuple[str | None, int | None]:
    """Venue and year named in the question, if the index holds that venue (and that year)."""
    facts = snapshot_facts(snapshot)
    venue = next((v for v, pattern in facts.venue_patterns if pattern.search(text)), None)
    years = facts.years_by_venue.get(venue, set()) if venue is not None else facts.years
    match = re.search(r"(?<!\d)((?:19|20)\d{2})(?!\d)", text)
    year = int(match.group(1)) if match and int(match.group(1)) in years else None
    return venue, year


@dataclass
class SnapshotFacts:
    """What understanding a question needs from the whole collection, computed once per snapshot."""

    titles: TitleIndex
    rows_by_title: dict[str, int]  # each paper's title, for the items of a list answer
    venue_patterns: list[tuple[str, re.Pattern]]  # longest venue first: "ICML Workshop" before "ICML"
    years: set[int]
    years_by_venue: dict[str, set[int]]
    venue_year_counts: Counter  # "VENUE YEAR" → papers, for answers that describe the collection


_FACTS: "weakref.WeakKeyDictionary[Snapshot, SnapshotFacts]" = weakref.WeakKeyDictionary()


def snapshot_facts(snapshot: Snapshot) -> SnapshotFacts:
    """The titles, venues and years of a snapshot, indexed on first use and dropped with the snapshot."""
    facts = _FACTS.get(snapshot)
    if facts is None:
        years_by_venue: dict[str, set[int]] = defaultdict(set)
        for paper in snapshot.papers:
            if paper.venue.lower() != "unknown":
                years_by_venue[paper.venue].update([paper.year] if paper.year else [])
        venues = sorted(years_by_venue, key=len, reverse=True)
        patterns = [(v, re.compile(rf"(?<![\w-]){re.escape(v)}(?![\w-])", re.I)) for v in venues]
        years = {p.year for p in snapshot.papers if p.year}
        counts = Counter(p.venue_year for p in snapshot.papers)
        by_title = {p.title: row for row, p in enumerate(snapshot.papers)}
        facts = SnapshotFacts(TitleIndex.build(snapshot.papers), by_title, patterns, years, dict(years_by_venue), counts)
        _FACTS[snapshot] = facts
    return facts


def _standalone(text: str, history: list[dict]) -> str:
    """A follow-up ("Which datasets was it evaluated on?") carries the previous question's subject."""
    previous = [m.get("content", "") for m in history if m.get("role") == "user" and m.get("content")]
    if not previous:
        return text
    # the last user turn names the subject; keep only its content words, so its wording does not
    # outweigh what is asked now
    subject = " ".join(sorted(_subject_words(previous[-1]), key=previous[-1].find))
    return f"{text} {subject}".strip()


def _subject_words(text: str) -> set[str]:
    words = re.findall(r"[\w][\w.+-]*", text)
    keep = {w for w in words if w[:1].isupper() or any(c.isdigit() for c in w) or "-" in w}
    keep |= {w for w in words if terms(w) or len(w) > 6}
    return {w for w in keep if w.lower() not in {"what", "which", "how", "who", "does", "is", "the"}}
