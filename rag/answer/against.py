"""How a question sets papers against each other: the words that compare, and a compared paper it describes rather
than names (by a phrase of its abstract, by a description, or by the rest of the question), which search then finds."""

from __future__ import annotations

import re

from rag.answer.descriptions import described_phrases
from rag.answer.names import TitleIndex, compact
from rag.answer.wording import COMPARE, GENERIC, KIND_WORDS
from rag.corpus.terms import terms
from rag.index.store import Snapshot
from rag.retrieval.wordlists import english_words

MAX_MENTIONS = 2  # a name found in more abstracts than this names no one paper


# words that set one paper against another, not a question about one paper's parts ("both", "each", "same" are
# said of one paper's components too): with one paper named and no other described by a noun, the rest of
# the question describes the other ("Is the layer-pruning collapse finding consistent with X's claim?")
_AGAINST = re.compile(r"\b(?:compare[sd]?|comparison|differ(?:s|ed|ent|ently|ence|ences|ing)?|versus|vs\.?|contrast\w*|unlike|consistent|"
                      r"agrees?|contradicts?|in line with|similar to|relates? to)\b", re.I)
# what a paper is set against that is no other paper ("How does Veda differ from prior sparse attention methods?",
# "… compare with full attention?"): its baselines, searched as a paper they would find one that is not asked of
# ... and a plain word for the usual way right after the comparison ("… compared with normal decoding?": read set BL,
# bl045 set MACD against ParallelBench; not anywhere: "…, with default settings?" describes, second review)
_BASELINE = re.compile(r"\b(?:(?:compared\s+(?:with|to)|relative\s+to|versus|vs\.?|than|against|differ\w*\s+from)\s+(?:the\s+|a\s+)?"
                       r"(?:normal|regular|ordinary|usual|default|plain)\b|"
                       r"prior|existing|previous|earlier|baselines?|standard|conventional|traditional|vanilla|"
                       r"state[- ]of[- ]the[- ]art|sota)\b|"
                       # ... or the paper's own, pointed back at: "compared with the InternViT teacher it was distilled
                       # from" (a second review of session 44 compared MUSE with the subliminal-learning paper)
                       r"\b(?:compared\s+(?:with|to)|relative\s+to|versus|vs\.?|than|against)\s+(?:the\s+|its\s+)?"
                       r"(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:it|they)\s+(?:was|were|is|are|had|has)\s+[a-z]+(?:ed|en|t)\b|"
                       # ... or its own role, said alone: "compared to its teacher", "than the teacher model" (a second
                       # review of session 46, qn006 set MUSE against the adversarial-distillation paper)
                       r"\b(?:compared\s+(?:with|to)|relative\s+to|versus|vs\.?|than|against)\s+(?:its|their|the)\s+"
                       r"(?:original\s+|own\s+|base\s+)?(?:teacher|student|backbone|base\s+model|baseline|original|"
                       r"predecessor|parent)(?:\s+(?:model|network|LLM))?\s*(?:[?.!,;]|$)", re.I)
# ... not people: "which benchmarks did SPIKE use to show it agrees with humans?" compared SPIKE with another paper (dev
# av073, cw072 said the other "does not report which benchmarks")
_WITH_PEOPLE = re.compile(r"\s+(?:with|to)\s+(?:the\s+)?(?:humans?|people|persons?|human\s+\w+|annotators?|raters?|"
                          r"experts?|ground[- ]truth|users?|viewers?)\b", re.I)


def _against_paper(text: str) -> bool:
    return any(not _WITH_PEOPLE.match(text, m.end()) for m in _AGAINST.finditer(text))


_PLAIN = re.compile(r"\b(?:other|full|uniform|dense|naive)\b", re.I)  # "full attention": said of no paper when loose
AGAINST_TERMS = 2  # content words the rest of the question needs to describe a paper


def compared_description(text: str, found: list[tuple[int, str]], titled: int, named: tuple[str, ...],
                         written: tuple[str, ...], kind: str) -> str:
    """The words a comparison uses for a paper it does not name, to be searched (described.py), or "". `found`
    holds the (row, words) naming papers, the first `titled` of them by title."""
    # a description may share words with one named by its words, not its title ("the sparse attention paper for
    # in-context video editing and the distilled … sparse attention for video diffusion")
    by_name = tuple(dict.fromkeys(words for _, words in found[:titled]))
    phrases = described_phrases(text, by_name) if len(named) <= 1 else []
    said = [compact(words) for _, words in found[titled:]]  # "the subliminal learning paper" is named already
    phrases = [p for p in phrases if not any(compact(p).startswith(w) for w in said)]
    phrases = [p for p in phrases if not _BASELINE.search(p)]  # "the baseline method", "the prior work"
    # ... nor the named paper's own part ("the network architecture in ImmersePro, and does the method …": qq015)
    phrases = [p for p in phrases if not any(re.search(rf"{re.escape(p)}\s+(?:in|of|from|by|behind)\s+(?:the\s+)?"
                                                       rf"{re.escape(w)}", text, re.I) for w in written)]
    # ... nor one the question ties back to it ("… compare with the teacher model it started from?": second review qr of
    # session 48, qr012 quoted the robust-teacher paper beside MUSE)
    phrases = [p for p in phrases if not (written and re.search(rf"{re.escape(p)}\s+(?:that\s+|which\s+)?(?:it|they)\s+"
                                                                 r"[a-z]+", text, re.I))]
    # ... or two papers both described, in a fact question ("the halfspaces paper and the perceptron paper"): each is
    # searched in turn (described.py); a list question ("papers on X and the Y benchmark") is never one
    described = phrases[0] if phrases and (named or kind == "fact" and len(phrases) == 2) else ""
    if len(named) == 1 and not phrases and kind == "fact" and _against_paper(text) \
            and not (_BASELINE.search(text) or _PLAIN.search(text)):
        described = _rest(text, written)
    if len(named) == 1 and not described and kind == "fact":
        described = _other_clauses_paper(text, written)
    return described


# a second clause asking its own question ("What does X denoise, and what module does the Controllable Video GAN
# paper design?"): the paper it describes is compared with the named one, each asked its own clause
_SECOND_CLAUSE = re.compile(r",\s+and\s+(?:what|which|how|where|why|who|when|does|do|did|is|are)\b", re.I)


def _other_clauses_paper(text: str, written: tuple[str, ...]) -> str:
    """The "the <words> paper" of a question asking one thing of its named paper and another of a described one
    (fresh comparisons, set L: l017 answered the named paper's clause alone), or ""."""
    if not _SECOND_CLAUSE.search(text):
        return ""
    phrases = [m.group(1) for m in _THE_PAPER.finditer(text)
               if not any(compact(w) in compact(m.group(0)) for w in written)]
    phrases = [p for p in phrases if len(terms(p) - GENERIC - KIND_WORDS) >= AGAINST_TERMS and not _BASELINE.search(p)]
    return phrases[0] if len(phrases) == 1 else ""


# where a comparison goes on to ask its question ("OGD+ vs the theory paper on in-context continual learning — what
# does each say drives forgetting?"): the description ends there. Taken whole, the asked clause went with it when
# the found paper's name replaced the description ("OGD+ the other paper": read set AV, av068, quoted method sentences);
# a typed double hyphen is a dash ("UPI vs that training-free add-on … -- how much length extension …?", read set DB)
_THEN_ASKING = re.compile(r"\s*(?:[:;—–]|\s--?)\s*(?=(?:so\s+|and\s+)?(?:what|which|how|why|where|when|who|does|do|did|"
                          r"is|are|was|were|can)\b)", re.I)


def _rest(text: str, written: tuple[str, ...]) -> str:
    """The question without the words naming its paper, up to where it goes on to ask, when what is left could
    describe another one; else ""."""
    for words in written:
        text = re.sub(rf"(?<![\w-]){re.escape(words)}(?:['’]s)?(?![\w-])", " ", text, flags=re.I)
    text = _THEN_ASKING.split(text, maxsplit=1)[0]
    content = terms(text) - GENERIC - KIND_WORDS - terms(" ".join(_AGAINST.findall(text)))
    return " ".join(text.split()) if len(content) >= AGAINST_TERMS else ""


# "the compression-order paper", "the ME Layer paper", "the adaptive video tokenization framework": a paper called
# by its topic or by a phrase of its abstract (dev comparison x004 calls a paper by its descriptive title + "framework")
# ... or by its authors ("the subliminal learning researchers": read set DK, dk046 named no paper, so its missing detail
# went unsaid; not "the Waver team", "the KV cache folks": a model's or a topic's people, second review)
_THE_PAPER = re.compile(r"\bthe\s+((?:[\w+²³⁴-]+\s+){0,3}?[\w+²³⁴-]+)\s+(?:paper|work|study|article|abstract|"
                        r"framework|method|approach|tokeni[sz]er|researchers|authors)\b", re.I)


def _plain_word(phrase: str) -> bool:
    """One common English word says how, not which paper: "the ideal method", "the standard approach" (a PubMedQA
    question on bladder drainage named the one ML abstract writing "ideal" (PubMedQA tune 20497880))."""
    words = phrase.split()  # ... written in lower case: "the MMA paper" is a name, though "mma" is a word too
    return len(words) == 1 and words[0].islower() and words[0] in english_words()


def described_rows(text: str, snapshot: Snapshot, titles: TitleIndex,
                   found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Papers a question calls "the <phrase> paper", the phrase being a descriptive title or words of at most
    MAX_MENTIONS abstracts (and no name found already)."""
    out = []
    written = {compact(words) for _, words in found}
    for match in _THE_PAPER.finditer(text):
        phrase = match.group(1)
        if compact(phrase) in written or not terms(phrase) or _plain_word(phrase):
            continue
        rows = titles.described(phrase) or _holding(phrase, snapshot)
        out += [(row, phrase) for row in _told_apart(rows, text[match.end():], snapshot)]
    for match in _AND_THE_PAPER.finditer(text):  # "subliminal learning and the robust-teacher paper"
        phrase = match.group("first")
        if compact(phrase) not in written and terms(phrase) - GENERIC and not _plain_word(phrase):
            rows = _holding(phrase, snapshot)  # one abstract's words ("gradient descent" is two's: second review)
            out += [(row, phrase) for row in rows] if len(rows) == 1 else []
    return out


# a paper called by its topic's words before "and the … paper", the noun serving both ("Two distillation stories —
# subliminal learning and the robust-teacher paper. What does each say …?", read set CY, cy068): words that at most
# MAX_MENTIONS abstracts hold, at the start of the question or of a clause
_AND_THE_PAPER = re.compile(r"(?:^|[:—–;,]\s*|\bbetween\s+)(?P<first>[\w-]+(?:\s+[\w-]+){0,2}?)\s+and\s+the\s+"
                            r"(?:[\w+-]+\s+){0,3}?(?:paper|work|study|one)\b", re.I)


# what goes on describing "the X paper" ("… for in-context video editing"), up to where the question goes on
_GOES_ON = re.compile(r"^\s+(?:for|on|of|about|in|that|which|with)\s+([^,;:?.]+?)(?=\s*[,;:?.]|\s+(?:and|or|vs\.?|versus|"
                      r"compare\w*|differ\w*|contrast\w*|both|each|do|does|is|are)\b|$)", re.I)


def _told_apart(rows: list[int], after: str, snapshot: Snapshot) -> list[int]:
    """Of the abstracts holding a described phrase ("the sparse attention paper" in two), the one that also holds
    most of the words going on to describe it ("… for in-context video editing"), when one holds more; else all:
    one phrase describes one paper, and both kept, retrieval dropped the second as sharing the first's words."""
    match = _GOES_ON.match(after)
    if len(rows) < 2 or not match:
        return rows
    wanted = terms(match.group(1))
    held = [len(wanted & terms(snapshot.papers[row].text)) for row in rows]
    best = max(held)
    return [rows[held.index(best)]] if best and held.count(best) == 1 else rows


def _holding(phrase: str, snapshot: Snapshot) -> list[int]:
    """Rows of the (at most MAX_MENTIONS) abstracts that hold `phrase` verbatim (any case)."""
    wanted = sorted(terms(phrase))
    holders = set(snapshot.keyword.documents(wanted[0]).tolist())
    for term in wanted[1:]:
        holders &= set(snapshot.keyword.documents(term).tolist())
    # "compression-order" is also written "compression order"
    body = r"[-\s]+".join(re.escape(w) for w in re.split(r"[-\s]+", phrase.strip()))
    pattern = re.compile(rf"(?<![\w-]){body}(?![\w-])", re.I)
    holders = {r for r in holders if pattern.search(snapshot.papers[r].text)}
    return sorted(holders) if len(holders) <= MAX_MENTIONS else []
