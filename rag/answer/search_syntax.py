"""Search-engine syntax typed into the chat box, read as the words it stands for.

A librarian's habit: `transformer* AND (parity OR "bit flip*") -- the one arguing …`, `(Adam OR AdamW) AND theor* --
all papers please`. Read as typed, the operators were words of the question, "theor*" a word no abstract holds, and
the part after "--" a second question: of read set CH's 13 such questions (session 33), 6 abstained or answered
from the wrong sentences. Here AND is a space (every search word counts already), OR an "or" (alternatives a list
reads as facets), NOT drops what it excludes, a wildcard becomes the English word the index holds, and "--" after
the search words opens the question on them.
"""

from __future__ import annotations

import re

from rag.corpus.terms import stemmer
from rag.index.store import Snapshot
from rag.retrieval.wordlists import dictionary_words

_OPERATOR = re.compile(r"(?<![\w-])(?:AND|OR|NOT)(?![\w-])")
_WILDCARD = re.compile(r"(?<=[A-Za-z])\*(?=[\s)\"'”]|$)")
# a word set in asterisks is emphasis, not a wildcard: "Papers on finding *when* in a video …" (dev bb030)
_EMPHASIS = re.compile(r"(?<![\w*])\*([A-Za-z][\w'’ -]*?)\*(?![\w*])")
_FIELD = re.compile(r"(?<![\w-])(?:title|abstract|ti|ab|tiab|kw|keywords?|venue|conference)\s*:\s*(?=[\w(\"“])", re.I)
_EXCLUDED = re.compile(r"\s*(?<![\w-])NOT\s+(?:\([^()]*\)|\"[^\"]*\"|“[^”]*”|[^\s()]+)")
_QUOTES = re.compile(r"[\"“”]")
# the search words, then the question on them: "… -- the one arguing …", "… — ICML only"
_THEN = re.compile(r"\s+(?:--+|—|–)\s+")
# a request for every paper the search finds: "-- all papers please", "-- list them", "-- ICML only"
_ALL_OF_THEM = re.compile(r"^\W*(?:(?:(?:give|show|list|find)\s+(?:me\s+)?)?(?:all|every|any)(?:\s+(?:the\s+)?(?:relevant\s+|"
                          r"matching\s+)?(?:papers?|works?|studies|hits|results|of\s+them))?|list\s+(?:them|all)|"
                          r"(?:papers?|works?)\s+only|(?:ICML|ICLR)(?:\s+\d{4})?\s+only|only\s+(?:ICML|ICLR)(?:\s+\d{4})?|"
                          r"everything|which\s+(?:papers|ones|works)|(?:the\s+)?papers)(?:\s+please)?\W*$", re.I)


def is_search_syntax(text: str) -> bool:
    """Typed as a search: a wildcard, AND between words, or OR / NOT with parentheses or quotes (not a shout in
    capitals, whose "AND" is a word)."""
    return _typed_as_search(_EMPHASIS.sub(r"\1", text))


def _typed_as_search(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    if letters and sum(c.isupper() for c in letters) > 0.6 * len(letters):
        return False
    operators = set(_OPERATOR.findall(text))
    # (NOT alone is emphasis: "Which theory papers do NOT involve any video experiments?", second review)
    return bool(_WILDCARD.search(text) or "AND" in operators
                or operators & {"OR", "NOT"} and re.search(r"[()\"“]", text))


def as_words(text: str, snapshot: Snapshot | None = None) -> str:
    """The question a search string asks: its words (OR kept as "or"), then what the asker wrote after them."""
    plain = _EMPHASIS.sub(r"\1", text)
    if not _typed_as_search(plain):
        return text
    parts = _THEN.split(plain, maxsplit=1)
    searched, asked = parts[0], parts[1] if len(parts) > 1 else ""
    if not _typed_as_search(searched):  # the syntax is after the dash: read the whole
        searched, asked = plain, ""
    searched = _expanded(_FIELD.sub("", _EXCLUDED.sub("", searched)), snapshot)
    if asked and _ALL_OF_THEM.match(asked):
        venue = re.search(r"\b(?:ICML|ICLR)(?:\s+\d{4})?", asked)
        return f"Which {venue.group(0) + ' ' if venue else ''}papers are on {_words(_topic(searched))}?"
    return f"{_words(searched)}: {asked}" if asked else _words(searched)


def _words(searched: str) -> str:
    words = _WILDCARD.sub("", re.sub(r"(?<=[A-Za-z])\*(?=\w)", "", searched))
    words = re.sub(r"(?<![\w-])AND(?![\w-])", " ", words)
    words = re.sub(r"(?<![\w-])OR(?![\w-])", " or ", _QUOTES.sub("", words))
    return re.sub(r"\s+", " ", re.sub(r"[()]", " ", words)).strip(" ,;:")


def _topic(searched: str) -> str:
    """What a list is on: the terms ANDed that are no set of alternatives, which only narrow it ("scene graph*" AND
    (video OR image OR panoptic) lists scene-graph papers: read as alternatives of the whole, "image" alone and
    "panoptic" alone were topics); with none, all of them ("(hallucinat* OR "factually misaligned") AND (MLLM* OR
    Video-LLM*)": "misaligned" alone is a teacher's too)."""
    terms, depth, start = [], 0, 0
    for match in re.finditer(r"[()]|(?<![\w-])AND(?![\w-])", searched):
        if match.group(0) == "(":
            depth += 1
        elif match.group(0) == ")":
            depth -= 1
        elif depth == 0:
            terms.append(searched[start:match.start()])
            start = match.end()
    terms = [t.strip() for t in (*terms, searched[start:]) if t.strip()]
    plain = [t for t in terms if not _OPERATOR.search(t)]
    return " ".join(plain) if plain else searched


def _expanded(text: str, snapshot: Snapshot | None) -> str:
    """Each wildcard word as the English word of its prefix that most abstracts hold ("hallucinat*" →
    "hallucination"), or its prefix alone."""
    return re.sub(r"(?<![\w-])([A-Za-z][\w-]*)\*", lambda m: _completion(m.group(1), snapshot) or m.group(1), text)


def _completion(prefix: str, snapshot: Snapshot | None) -> str | None:
    """The word itself when the index holds it ("light*" is "light"), else the dictionary word of that prefix whose
    stem most abstracts hold ("extrapolat*" → "extrapolation")."""
    if snapshot is None or len(prefix) < 3:
        return None
    lower = prefix.lower()
    vocabulary = snapshot.keyword.vocabulary
    if stemmer().stemWord(lower) in vocabulary:
        return None  # the prefix is itself a word the abstracts use
    words = sorted(w for w in dictionary_words() if w.startswith(lower))
    if not words:
        return None
    stems = stemmer().stemWords(words)
    counts = [len(snapshot.keyword.documents(s)) if s in vocabulary else 0 for s in stems]
    best = max(range(len(words)), key=lambda i: (counts[i], -len(words[i])))
    if not counts[best]:
        return None
    return words[best] if not prefix[:1].isupper() else words[best].capitalize()
