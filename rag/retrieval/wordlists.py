"""The English word lists spelling correction trusts: the bundled WordPiece vocabulary's whole words (common words)
and symspellpy's frequency dictionary (a larger list), grouped as correction looks them up."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from rag.corpus.terms import stemmer


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """Whole words of the bundled WordPiece vocabulary (30k common English words): these are spelled right.

    Without it "robotic" (absent from the ML papers) became "root" and "click" became "clock"."""
    text = resources.files("rag").joinpath("assets", "tokenizer.json").read_text(encoding="utf-8")
    vocab = json.loads(text)["model"]["vocab"]
    return frozenset(w for w in vocab if w.isalpha())


@lru_cache(maxsize=1)
def dictionary_words() -> frozenset[str]:
    """symspellpy's English frequency dictionary (82,765 words, from SCOWL and Google Books), a word list three
    times the WordPiece one: a word it has is spelled right even where the index lacks it, so it is left alone.
    Without it "pruning" became "prone" and "quantization" "quantitative" over PubMedQA (their stems are one edit
    apart), and "intestinal" "investigate" over the ML papers, turning questions of another field into ones on topic.
    Only a guard: corrections are still chosen among the WordPiece words and the index's own."""
    text = resources.files("symspellpy").joinpath(DICTIONARY).read_text(encoding="utf-8")
    return frozenset(w for w in (line.split(" ", 1)[0] for line in text.splitlines()) if w.isalpha())


DICTIONARY = "frequency_dictionary_en_82_765.txt"


@lru_cache(maxsize=1)
def english_by_stem() -> dict[str, tuple[str, ...]]:
    """The bundled English words grouped by stem ("match" → match, matched, matches, matching, …)."""
    words = sorted(english_words())
    grouped: dict[str, list[str]] = {}
    for word, stem in zip(words, stemmer().stemWords(words)):
        grouped.setdefault(stem, []).append(word)
    return {stem: tuple(ws) for stem, ws in grouped.items()}


def _by_length(words: frozenset[str]) -> dict[int, list[str]]:
    grouped: dict[int, list[str]] = {}
    for word in sorted(words):
        grouped.setdefault(len(word), []).append(word)
    return grouped


@lru_cache(maxsize=1)
def english_by_length() -> dict[int, list[str]]:
    return _by_length(english_words())


@lru_cache(maxsize=1)
def dictionary_by_length() -> dict[int, list[str]]:
    return _by_length(dictionary_words())
