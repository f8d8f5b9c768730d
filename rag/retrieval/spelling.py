"""Typos in a query, corrected against the index's own vocabulary before keyword search.

"distribution matchng" finds no paper by BM25 (the index has no "matchng"); "SegPSVG" names no paper.
A word of 5 or more letters that the index lacks (and that no English word list has) is replaced by the index
word closest to it by optimal string alignment (a transposition counts one edit), if one is close enough. Method names are
index words like any other, so they are corrected too. rapidfuzz does the distance search.
"""

from __future__ import annotations

import json
import re
import threading
import weakref
from functools import lru_cache
from importlib import resources
from typing import Callable, Sequence

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import OSA, Indel

from rag.corpus.terms import STOP_WORDS, stemmer
from rag.retrieval.acronyms import spelled_out, unclipped
from rag.retrieval.british import american_in_index, ize_spelling
from rag.index.store import Snapshot
from rag.retrieval.wordlists import (dictionary_by_length, dictionary_words, english_by_length, english_by_stem,
                                     english_words)

MIN_LETTERS = 5  # shorter words have too many neighbours one edit away ("grid" → "grad", "gain")
_WORD = re.compile(r"(?u)\b\w\w+\b")  # the tokens BM25 splits a query into


def english_correction(typed: str, vocab: "Vocabulary", plain: bool = True) -> str | None:
    """The English word nearest a mistyped word whose stem the index has ("charactors" → "characters"), or None.

    Whole words are compared, not stems: "charactors" is one edit from "characters" but its stem "charactor" is
    nearest the index stem "character", whose only English forms are "characterize(d)"."""
    # the common words first, then the larger dictionary's: "normalizaton" is "normalization", which the WordPiece
    # list lacks (it writes "normal" + "##ization"; read set DC, dc065 said KERN "does not report its normalizaton"),
    # for a word typed in lower case only (`plain`): "VideoRAG" is a name, no "videoing" (dev r060), and one edit
    # only ("videorag" is no "videoing", second review)
    lists = [(english_by_length(), max_edits(typed))] + ([(dictionary_by_length(), 1)] if plain else [])
    found = next(filter(None, (_known_near(typed, words, edits, vocab) for words, edits in lists)), [])
    if not found:
        return None
    stems = dict(zip((w for _, w in found), stemmer().stemWords([w for _, w in found])))
    nearest = [w for d, w in sorted(found) if d == min(d for d, _ in found)]
    rarity = vocab.idf([stems[w] for w in nearest]) if vocab.idf is not None else np.zeros(len(nearest))
    return min(zip(rarity, (Indel.distance(typed, w) for w in nearest), nearest))[2]


def _known_near(typed: str, by_length: dict[int, list[str]], edits: int, vocab: "Vocabulary") -> list[tuple[int, str]]:
    """(edits, word) for the listed words within `edits` of `typed`, with its first letter, whose stem the index has."""
    found: list[tuple[int, str]] = []
    for n in range(len(typed) - edits, len(typed) + edits + 1):
        choices = [w for w in by_length.get(n, ()) if w[0] == typed[0]]
        found += [(int(d), w) for w, d, _ in
                  process.extract(typed, choices, scorer=OSA.distance, score_cutoff=edits, limit=None)]
    stems = stemmer().stemWords([w for _, w in found])
    return [(d, w) for (d, w), stem in zip(found, stems) if stem in vocab.tokens]


def american(typed: str, vocab: "Vocabulary") -> str | None:
    """A British spelling is no typo: "summarises" is "summarizes", whose stem the index has (the word list and
    the index are American), rather than the nearest index word ("summary")."""
    spelled = ize_spelling(typed)
    if spelled is None:
        return american_in_index(typed, vocab)
    stem = stemmer().stemWord(spelled)
    return spelled if stem in vocab.tokens or spelled in english_words() or stem in english_by_stem() else None


def surface(stem: str, typed: str) -> str:
    """A correction as a word, not a stem: the English word of that stem nearest what was typed
    ("acceleraton" → "acceleration", not "acceler", which an answer would echo); else the stem itself."""
    forms = english_by_stem().get(stem)
    if not forms:
        return stem
    typed_lower = typed.lower()
    # ties on edits go to fewer insertions/deletions: "acceleraton" is one letter short of "acceleration"
    # but one substitution from "accelerator"
    return min(forms, key=lambda form: (OSA.distance(typed_lower, form), Indel.distance(typed_lower, form), form))


def _as_typed(word: str, typed: str) -> str:
    return word.capitalize() if typed[:1].isupper() and typed[1:].islower() else word


def max_edits(word: str) -> int:
    """Edits allowed for a word: one up to 7 letters, two from 8 (dev typos: "sequnces", "charactors")."""
    return 1 if len(word) < 8 else 2


class Vocabulary:
    """The index's stemmed tokens grouped by length, so a word is compared only with words near its length."""

    def __init__(self, tokens: frozenset[str], idf: Callable[[Sequence[str]], np.ndarray] | None = None):
        self.tokens = tokens
        self.idf = idf  # for ties: the word more papers use is the likelier intended one
        by_length: dict[int, list[str]] = {}
        for token in tokens:
            if token.isalpha() or "-" in token or token.isalnum():
                by_length.setdefault(len(token), []).append(token)
        self.by_length = {n: sorted(ts) for n, ts in by_length.items()}
        # query → corrected query: one `ask` corrects its question, then its search corrects the result again
        self.corrected: dict[str, str] = {}
        self.lock = threading.Lock()  # the page answers several questions at once

    def closest(self, stem: str, edits: int) -> str | None:
        """The vocabulary token nearest `stem` within `edits` edits, or None. Ties go to the token more papers
        use, then alphabetically: "modle" (stem "modl") is one edit from both "modal" and "model"."""
        found: list[tuple[int, str]] = []
        for n in range(len(stem) - edits, len(stem) + edits + 1):
            choices = self.by_length.get(n)
            if not choices:
                continue
            # typists rarely miss the first letter: "warms" is no typo of "harm"
            choices = [c for c in choices if c[0] == stem[0]]
            found += [(int(d), token) for token, d, _ in
                      process.extract(stem, choices, scorer=OSA.distance, score_cutoff=edits, limit=None)]
        if not found:
            return None
        nearest = sorted(token for d, token in found if d == min(d for d, _ in found))
        if len(nearest) > 1 and self.idf is not None:
            rarity = self.idf(nearest)
            return nearest[int(np.argmin(rarity))]  # (argmin keeps the alphabetical first of equals)
        return nearest[0]


# The index holds stems ("match"), so a typo in an ending ("matchng") is far from every token: a word that
# is an index stem plus a mistyped common ending is that stem.
_ENDINGS = ("ing", "ed", "es", "s", "ion", "ions", "ation", "er", "ers", "ly", "ment", "ments", "al", "ity", "ive")


def _mistyped_ending(word: str, vocab: Vocabulary) -> str | None:
    for cut in range(len(word) - 1, 3, -1):
        stem, ending = word[:cut], word[cut:]
        if len(ending) > 5:
            break
        if stem in vocab.tokens and any(OSA.distance(ending, e) <= 1 for e in _ENDINGS):
            return stem
    return None


def _joined_name(word: str, vocab: Vocabulary) -> str | None:
    """A coined name written without its hyphen ("ProactVL" for "Proact-VL", "STGridPool"): two index tokens
    joined, split back at the capital where they meet, or None. Without it the name was "corrected" to its
    longest part ("ProactVL" → "proact"), which names no paper (fresh comparisons v309, issue 11 session 6)."""
    for cut in range(len(word) - 2, 1, -1):
        head, tail = word[:cut], word[cut:]
        if not (tail[:1].isupper() and head[-1:].isalpha()):
            continue  # a name's parts meet at a capital ("Proact|VL"): a typo ("Segpvsg") is no such join
        if stemmer().stemWord(head.lower()) in vocab.tokens and stemmer().stemWord(tail.lower()) in vocab.tokens:
            return f"{head}-{tail}"
    return None


_VOCABULARIES: "weakref.WeakKeyDictionary[Snapshot, Vocabulary]" = weakref.WeakKeyDictionary()


def vocabulary(snapshot: Snapshot) -> Vocabulary:
    """The snapshot's vocabulary, built on first use and dropped with the snapshot."""
    vocab = _VOCABULARIES.get(snapshot)
    if vocab is None:
        vocab = _VOCABULARIES[snapshot] = Vocabulary(snapshot.keyword.vocabulary, snapshot.keyword.idf)
    return vocab


def correct(query: str, snapshot: Snapshot | None) -> str:
    """`query` with each word of 5+ letters that the index lacks replaced by the nearest index word."""
    if snapshot is None or not snapshot.keyword.vocabulary:
        return query
    vocab = vocabulary(snapshot)
    done = vocab.corrected.get(query)
    if done is None:
        done = _corrected(query, vocab)
        with vocab.lock:
            if len(vocab.corrected) >= CORRECTED_KEPT:
                del vocab.corrected[next(iter(vocab.corrected))]  # the oldest (dicts keep insertion order)
            vocab.corrected[query] = done
    return done


CORRECTED_KEPT = 1024  # queries remembered per snapshot


# the words a question is put with, often mistyped ("Wich datasets …", "What datasets deos …"): a word of 4+ letters
# that neither the index nor the English list has, one edit from one of these, is it. Left alone, the typo was
# the question's one unknown word ("The FlowNar abstract does not report this"). Not tuned: a question's own words
_QUESTION_WORDS = ("which", "what", "where", "when", "does", "were", "their", "there", "these", "those", "this",
                   "that", "with", "from", "have", "about", "they", "them", "into", "than", "then", "whose", "much",
                   "many")


def _question_word(word: str, vocab: Vocabulary) -> str | None:
    """The question word (or, under 5 letters, the English word two swapped letters make) a typo stands for."""
    lower = word.lower()
    if len(lower) < 4 or not lower.isalpha() or not (word.islower() or word[1:].islower()):
        return None  # an acronym ("WICH") is a name
    if lower in _QUESTION_WORDS or lower in english_words() or stemmer().stemWord(lower) in vocab.tokens:
        return None
    found = process.extractOne(lower, _QUESTION_WORDS, scorer=OSA.distance, score_cutoff=1)
    if found:
        return _as_typed(found[0], word)
    # a short word with two letters swapped ("bset"): one edit away are too many words, one swap away few
    swapped = [f"{lower[:i]}{lower[i + 1]}{lower[i]}{lower[i + 2:]}" for i in range(len(lower) - 1)]
    known = [w for w in swapped if w in english_words() and w != lower]
    return _as_typed(known[0], word) if len(lower) < MIN_LETTERS and len(set(known)) == 1 else None


def _same_root(typed: str, stem: str, vocab: Vocabulary) -> str | None:
    """The index's form of a correctly spelled word: a stem as many edits longer or shorter at its end as a typo
    may have ("classifiers" beside the index's "classification", "predictors" beside "predict"), as a word; not
    a stem an edit away in its middle, which is another word ("cloning" is no "closing", "handsets" no "handles")."""
    near = vocab.closest(stem, max_edits(typed))
    if not near:
        return None
    short, long = sorted((stem, near), key=len)
    return surface(near, typed) if long.startswith(short) and long[len(short):] in _DERIVED else None


# what the longer of two stems of one root adds ("predict|or", "classif|i", "length|en"): "perfor|m" is no
# ending, and "perforation" no "performing"; nor "speed|up", a word of its own
_DERIVED = frozenset({"", "i", "e", "y", "or", "er", "en", "ion", "al", "ic", "iz", "ist", "ism"})


# Greek letters as people type them on a Latin keyboard, glued to what they prefix: "muP" is the abstracts' "μP"
# (read set DI, di024: "… under muP" abstained, the one word no paper held). The alphabet, not tuned
_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "eta": "η", "theta": "θ",
          "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ",
          "phi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω"}
_GREEK_GLUED = re.compile(r"(" + "|".join(sorted(_GREEK, key=len, reverse=True)) + r")([A-Z0-9]\w*)$", re.I)


def _greek(word: str, vocab: Vocabulary) -> str | None:
    """`word` with its leading Greek letter's name written as the letter, when the index has that and not `word`."""
    glued = _GREEK_GLUED.match(word)
    if not glued or not glued.group(1).islower():
        return None
    lettered = _GREEK[glued.group(1)] + glued.group(2)
    known = stemmer().stemWord(lettered.lower()) in vocab.tokens
    return lettered if known and stemmer().stemWord(word.lower()) not in vocab.tokens else None


def _corrected(query: str, vocab: Vocabulary) -> str:
    query = unclipped(query)  # "video super-res w/ gans" (a second review of session 43)

    def fix(match: re.Match) -> str:
        word = match.group(0)
        said = _question_word(word, vocab)
        if said:
            return said
        spelled = spelled_out(word, lambda w: stemmer().stemWord(w.lower()) in vocab.tokens) or _greek(word, vocab)
        if spelled:  # "SSM", written "state space" by the abstracts
            return spelled
        if sum(c.isalpha() for c in word) < MIN_LETTERS or not word.isascii() or any(c.isdigit() for c in word):
            return word
        lower = word.lower()
        stem = stemmer().stemWord(lower)
        english = english_words()
        if stem in vocab.tokens or lower in STOP_WORDS:
            return word
        if lower in english:  # spelled right, but maybe the British form of a word the index has
            form = american_in_index(lower, vocab)
            return _as_typed(form, word) if form else word
        joined = _joined_name(word, vocab)
        if joined:
            return joined
        if lower in dictionary_words():  # spelled right: only its form may change, to the one the index has
            form = american(lower, vocab) or _same_root(lower, stem, vocab)
            return _as_typed(form, word) if form else word
        if stem in english_by_stem():
            # an inflection of a known word is no typo ("condensing": the list has "condensed"), but one the
            # index has with another ending ("classifiers" beside "classification") is taken in the index's
            # form, which keyword search and the question's known-word share read: one edit on the stem only
            # ... at its end ("upscaling" is no "unscaled": read set DZ, dz036 listed nothing)
            inflected = vocab.closest(stem, 1)
            ending = bool(inflected) and inflected.startswith(stem[:-1])
            return _as_typed(surface(inflected, word), word) if ending else word
        fixed = american(lower, vocab) or english_correction(lower, vocab, word.islower())
        if fixed is None:  # no English word near: a method name, or a word the list lacks
            stem_fixed = vocab.closest(stem, max_edits(word)) or _mistyped_ending(lower, vocab)
            fixed = surface(stem_fixed, word) if stem_fixed else None
        return _as_typed(fixed, word) if fixed else word

    return _WORD.sub(fix, query)
