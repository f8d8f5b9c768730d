"""Term analysis, once: the stemmed content words of a question, a claim or an abstract's sentences.

Snippets, extractive answers, quotes, the support check and the abstention features all compare
texts through `terms` and `analyse`, so they agree on what a word is and which words carry nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rag.corpus.text import split_sentences

# One stop-word decision. English function words (bm25s's list, which the BM25 index also drops)
# plus words that every abstract and most questions use: they tell no two sentences apart.
_ENGLISH = ("a an and are as at be but by for if in into is it no not of on or such that the their then there "
            "these they this to was will with").split()
_BLAND = ("we our its which what how does do from were been those can also than show shows paper papers "
          "propose proposed method approach using use").split()
STOP_WORDS = frozenset(_ENGLISH) | frozenset(_BLAND)

_WORD = re.compile(r"(?u)\b\w\w+\b")
# an abstract's own reference markers ("[12]") are no words of it
_REFERENCE = re.compile(r"\[\d+(?:\s*[-–,;]\s*\d+)*\]")


@lru_cache(maxsize=1)
def stemmer():
    """The Snowball English stemmer the BM25 index uses, loaded once."""
    import Stemmer

    return Stemmer.Stemmer("english")


def folded(text: str) -> str:
    """`text` in its compatibility form, as people type it: "CE⁴L" → "CE4L", "ﬁne" → "fine", full-width letters
    as ASCII. Terms and the BM25 index both read text through it, so a question typed with plain digits finds the
    abstract that writes a superscript (fresh set C, c064: "the CE4L benchmark" found nothing)."""
    return unicodedata.normalize("NFKC", text)


@lru_cache(maxsize=65536)
def terms(text: str) -> frozenset[str]:
    """Stemmed content words of `text` (lower-cased, in its compatibility form, stop words dropped)."""
    text = _FINE_TUNE.sub("finetun", folded(_REFERENCE.sub(" ", text)))
    words = [w for w in _WORD.findall(text.lower()) if w not in STOP_WORDS]
    return frozenset(_ONE_STEM.get(s, s) for s in stemmer().stemWords(words))


# "fine-tuned", "fine tuning" and "finetuning" are one word (read set EI, ei006: "how much of the student must be fine-tuned"
# never met the abstract's "finetuning even a single such early layer"); not tuned
_FINE_TUNE = re.compile(r"(?i)\bfine[- ]?tun(?=[a-z])")


# one stem for words the stemmer leaves apart that questions and abstracts use for the same thing: "speed up" / "speedup",
# "faster" / "fast" ("which papers speed up video generation?" found no paper reporting a "5.1× speedup": a probe of
# session 40); not tuned
_ONE_STEM = {"speedup": "speed", "faster": "fast", "fastest": "fast", "quicker": "quick", "cheaper": "cheap",
             "slower": "slow", "adaptor": "adapt"}  # ("plug-in adapter" / "a universal VLM adaptor": read set EI)


def words(text: str) -> list[str]:
    """The word tokens of `text` as written (for spelling and language checks)."""
    return _WORD.findall(text)


@dataclass(frozen=True)
class Analysis:
    """An abstract's sentences (verbatim) with each sentence's terms, and the terms of the whole."""

    sentences: tuple[str, ...]
    terms: tuple[frozenset[str], ...]
    all_terms: frozenset[str]


@lru_cache(maxsize=8192)
def analyse(text: str) -> Analysis:
    """Sentences and terms of an abstract, computed once: the same papers come back question after question."""
    sentences = tuple(split_sentences(text))
    per = tuple(terms(s) for s in sentences)
    return Analysis(sentences, per, frozenset().union(*per) if per else frozenset())


def coverage(wanted: frozenset[str] | set[str], have: frozenset[str] | set[str]) -> float:
    """Share of `wanted` terms that `have` holds (1.0 when nothing is wanted)."""
    return len(wanted & have) / len(wanted) if wanted else 1.0
