"""Phrases by which a question describes a paper instead of naming it ("MUSE and the information-theoretic adaptive
video tokenizer"), and coined terms written in title case ("the Progressive Intensity Hypothesis")."""

from __future__ import annotations

import re

from rag.answer.names import PAPER_KINDS as _KINDS, compact
from rag.answer.wording import COMPARE

# ... or "one" after its description ("the subliminal learning one and the adversarial distillation one": fresh set EC),
# not a position or a pointer ("the first one", "the other one", "this one")
PAPER_KINDS = rf"(?:{_KINDS}|(?<!first )(?<!second )(?<!other )(?<!latter )(?<!former )(?<!last )(?<!same )(?<!new )one)"

# a paper a comparison describes rather than names: "MUSE and the information-theoretic adaptive video tokenizer",
# "Veda versus the decision-representation method for layer pruning"
# "and by the …" ("efficiency gains reported by SGMD and by the information-theoretic adaptive video tokenizer"), words
# joined by a slash ("the sensitive-functions/parity transformer paper"), and a first paper that opens the question
# with no article ("subliminal learning paper vs the …"): fresh comparisons, set AI (session 18), found no second paper
_DESCRIBED = re.compile(
    # ("that …", up to five words after "of": "compared with the data from that all-scale spatial reasoning paper", "Compare
    # OGD+ with the theoretical study of in-context continual learning in transformers:", read sets CY, CZ)
    r"(?:\b(?:and|versus|vs\.?|from|with|to|than)\s+(?:(?:by|of|for|in|from|on)\s+)?)(?:the|that|this)\s+"
    r"(?P<what>(?:[\w/-]+\s+){0,5}?" + PAPER_KINDS + r"(?:\s+(?:for|of|on)\s+"
    r"(?:[\w-]+\s+){0,4}?[\w-]+(?=\s*[:?,;.]|\s+(?:and|differ|compare)\b))?)(?=\s|[:?,;.]|$)"
    # the first of the two, before what joins it to the other ("the hyperparameter-transfer paper's explanation
    # compare with …", "Contrast the mobile video quality study with UrbanFeel", "the … analysis in JAX differ from")
    r"|(?:\bthe\s+|^\s*(?!(?:how|what|which|why|where|when|who|do|does|did|is|are|can|in|compare|contrast)\b))"
    r"(?P<first>(?:(?!the\b)[\w/-]+\s+){1,5}?" + PAPER_KINDS + r")(?:'s\s+[\w-]+|\s+(?:in|of|on|for)\s+[\w-]+)?"
    # ("with" only before a paper, a name or "the …": "Video-MTR trains the video model with reinforcement learning only."
    # compared a "video model", read set BO, session 30)
    r",?\s+(?:and|versus|vs\.?|with(?=\s+(?:the\s|(?-i:[A-Z])))|differ\w*|compare[sd]?)\s", re.I)


# ... or by any words after "and the" / "with the" up to where the question goes on ("Veda and the training-free
# extension of autoregressive video diffusion: how …", "SCOPE compare with the frame selection module that …"):
# the kind of thing is open-ended (extension, module, strategy …), the described paper's words are what search needs
_DESCRIBED_LOOSELY = re.compile(
    # ("that" too: "Video-MTR and that surprise-detection frame sampler both use RL", a second review of session 44)
    r"\b(?:and|versus|vs\.?|from|with|than)\s+the\s+(?P<what>[\w-]+(?:\s+[\w-]+){1,7}?)"
    # (a plain-words gloss in brackets may stand between: "the surgical video generator (video diffusion models) both
    # make …", read set DK, dk070 compared nothing)
    r"(?=(?:\s*\([^()]*\))?(?:\s*[:?,;.]|\s*$|\s+(?:that|which|differ\w*|compare\w*|both|each|do|does|is|are)\b))", re.I)

# ... or after "that" when nothing else describes one ("Video-MTR and that surprise-detection frame sampler both use RL",
# a second review of session 44), up to what the two then do: not "that training-free add-on that keeps sink tokens
# around --", which the rest of the question describes (test_against))
_DESCRIBED_AS_THAT = re.compile(r"\b(?:and|versus|vs\.?|with)\s+that\s+(?P<what>[\w-]+(?:\s+[\w-]+){1,7}?)"
                                r"(?=\s+(?:both|each|differ\w*|compare\w*)\b)", re.I)  # (up to what the two do)

# ... or after "Both X and the …", up to its clause's end ("Both OGD+ and the theory paper on continual learning inside a
# single prompt explain where forgetting comes from.": read set DJ, dj070 compared nothing): what the two then do is
# no part of the description, but search finds the paper by it all the same
_BOTH = re.compile(r"^\s*both\s+[^\s,]+(?:\s+[^\s,]+)?\s+and\s+the\s+(?P<what>[^:?;.—–]+)", re.I)


# ... or by what it does, in a clause after "the paper" or "the one" ("MACD vs the paper that lets image tokens attend
# to text tokens: …", "The paper on why transformers can't learn sensitive functions like parity vs the one bounding
# generalization via embedding geometry: …"; dev r094, n087): the clause is the description search needs, up to
# "with the one …" ("compare the dataset from the paper that turns … into stereo with the one released by
# MotionSight": fresh set AL, al018)
_CALLED = r"(?:paper|one|work|study)"  # "the paper that …", "the one bounding …"
_LEADS = r"(?:that|which|on|about|where)"  # the word that opens the clause, when there is one
_DESCRIBED_BY_CLAUSE = re.compile(
    rf"(?:\b(?:and|versus|vs\.?|with|than|from)\s+|^\s*)(?:the|that)\s+{_CALLED}\s+"
    rf"(?:{_LEADS}\s+)?(?P<what>(?!{_LEADS}\b)[\w'-]+(?:\s+[\w'-]+){{1,11}}?)"
    # ... or up to what the two papers are then said to do ("… of a video encoder both care about motion", "… motion
    # subspace differ?": read set AZ, az071 compared nothing)
    r"(?=\s*[:?;,.]|\s*$|\s+(?:vs\.?|versus|and|compared|differ\w*|both|each(?!\s+other))(?:\s|[?.!,;:]|$)"
    rf"|\s+with\s+the\s+{_CALLED}\b)", re.I)


def described_phrase(text: str, written: tuple[str, ...]) -> str:
    """The words a comparison uses for a paper it does not name ("information-theoretic adaptive video
    tokenizer"), or "" (a phrase holding a named paper's name is that paper: "the ME Layer paper")."""
    text = _QUOTES.sub("", text)  # "the adversarial distillation 'robust teacher' paper" (fresh set AO, ao021)
    hanging = ""  # "the data from", cut before what it describes: taken only when nothing else describes a paper
    for pattern in (_DESCRIBED, _DESCRIBED_LOOSELY, _DESCRIBED_BY_CLAUSE, _BOTH, _DESCRIBED_AS_THAT):
        for match in pattern.finditer(text):
            phrase = (match.group("what") or match.groupdict().get("first") or "").strip()
            if pattern is _BOTH:  # its first CLAUSE_WORDS words: the description opens the clause
                phrase = " ".join(phrase.split()[:CLAUSE_WORDS])
            # a kind with one word before it goes on with what it is of ("Both OGD+ and the theoretical study of
            # continual learning inside a single prompt analyse forgetting": held-out EN, en069 compared nothing)
            elif pattern is _DESCRIBED and match.group("what") and len(phrase.split()) <= 2 and (
                    more := _GOES_ON.match(text, match.end("what"))):
                phrase = " ".join([*phrase.split(), *more.group(0).split()][:CLAUSE_WORDS])
            if pattern is _DESCRIBED_LOOSELY and _OPENS_CLAUSE.search(phrase):
                phrase = _whole_clause(text[match.start("what"):]) or phrase
            if _with_no_paper(match, text, written):
                continue
            # ("with the …" only after a comparison's word: "… correlate with the approximation error, and what …"
            # compares nothing, a second review of session 49, qu014)
            if pattern is _DESCRIBED_LOOSELY and re.match(r"(?i)with\b", match.group(0)) and not COMPARE.search(text[:match.start()]):
                continue
            if _POINTS_ELSEWHERE.match(phrase) or _OF_THE_NAMED.search(phrase):
                continue
            if len(phrase.split()) >= 2 and not any(compact(w) in compact(phrase) for w in written):
                if not _ENDS_HANGING.search(phrase):
                    return phrase
                hanging = hanging or phrase
    return hanging


# "the same model", "the whole network" say which thing, not what a paper does: "we're stacking pruning and quantization
# on the same model and the team keeps arguing about which to apply first" compared quantization with KERN (read set CI,
# session 33)
# (nor do "the team", "the reviewers": the asker's people)
_POINTS_ELSEWHERE = re.compile(r"(?:same|whole|entire|very|other|above|former|latter|full|resulting|team|group|lab|boss|"
                               r"manager|reviewers?|customers?|users?)\s", re.I)


# ... nor does one the named paper owns, pointed back at ("How does MUSE do compared with the InternViT teacher it was
# distilled from?": a second review of session 44 compared MUSE with the subliminal-learning paper)
_OF_THE_NAMED = re.compile(r"\b(?:it|its|itself)\b", re.I)


_GOES_ON = re.compile(r"\s+(?:of|on|about)\s+[^:?;,.—–()]+", re.I)
_ENDS_HANGING = re.compile(r"\b(?:from|of|by|for|in|on|with|to|at)$", re.I)


def _with_no_paper(match: re.Match, text: str, written: tuple[str, ...]) -> bool:
    """Does a first described paper join the next by "with" a thing that is no paper: "Video-MTR trains the video model
    with GRPO only." (second review: a capitalised method is no paper the question names)?"""
    if not match.groupdict().get("first") or not re.search(r"(?i)\bwith\s$", match.group(0)):
        return False
    after = re.match(r"\s*([\w+²³⁴-]+)", text[match.end():])
    word = after.group(1) if after else ""
    return word.lower() != "the" and not any(compact(word) == compact(w) for w in written)


# a description that goes on in a clause of its own ("the theory paper on whether LLMs do continual learning inside
# a single prompt: …", read set AX, ax069): its verb ("do") does not end it, the clause's end does
_OPENS_CLAUSE = re.compile(r"\b(?:whether|if|how|why)\b", re.I)
_CLAUSE_ENDS = re.compile(r"\s*[:?;,.—–]|\s+-\s")
CLAUSE_WORDS = 12  # not tuned: the longest description _DESCRIBED_BY_CLAUSE takes


def _whole_clause(text: str) -> str:
    """`text` up to its clause's end, if that is at most CLAUSE_WORDS words; else ""."""
    end = _CLAUSE_ENDS.search(text)
    clause = text[:end.start()] if end else text
    return clause.strip() if len(clause.split()) <= CLAUSE_WORDS else ""


# quotation marks, not an apostrophe within a word ("Veda's")
_QUOTES = re.compile(r"(?<![\w])['‘’\"“”]|['‘’\"“”](?![\w])")


def described_phrases(text: str, written: tuple[str, ...]) -> list[str]:
    """The one or two phrases a comparison describes papers by ("the halfspaces paper and the perceptron paper")."""
    text = _QUOTES.sub("", text)
    first = described_phrase(text, written)
    before = rf"(?:\bthe\s+(?:{_CALLED}\s+(?:{_LEADS}\s+)?)?)?"  # "the", or all of "the paper that", goes with it
    rest = re.sub(before + re.escape(first), "it", text, count=1, flags=re.I) if first else ""
    second = described_phrase(rest, written) if rest else ""
    # ... not a part of the one described ("the subjective study of the … video quality dataset": read set EL, el044 was
    # answered as a comparison with another paper)
    of_it = r"\s+(?:of|in|from|behind|within|for)\s+(?:the\s+|this\s+|that\s+)?"
    if second and re.search(rf"{re.escape(second)}{of_it}{re.escape(first)}|{re.escape(first)}{of_it}{re.escape(second)}", text, re.I):
        second = ""
    return [p for p in (first, second) if p]


# a single-paper question that describes its paper instead of naming it, and the words that describe it: the kind of
# thing with what precedes it, and the clause after it up to the clause's end ("how many GPUs did the paper that keeps
# sink tokens and prunes the KV cache … use?", "… rated the clips in the smartphone video quality dataset collected
# across …")
# ... its article dropped after the preposition that opens the question ("In subliminal learning paper, which model
# family …?": a second review of session 43 abstained)
# ... or a label before a colon ("halfspaces uniform convergence paper: what is the batch size?": second review qs of session
# 48, qs062 quoted bound sentences)
_DESCRIPTION = re.compile(rf"(?:\b(?:the|that|this)\s+|^\s*(?:in|for|from|about|regarding)\s+|"
                          rf"^\s*(?=(?:[\w'/-]+\s+){{1,5}}?{PAPER_KINDS}\s*[:—–]))(?P<what>(?:[\w'/-]+\s+){{0,5}}?{PAPER_KINDS}(?!s)\b[^?;:,—–]*)",
                          re.I)


def one_paper_description(text: str) -> str:
    """The words by which a single-paper question describes its paper ("the paper that …", "the … dataset"), or ""
    when it speaks of none that way (of papers at large, or of one it names)."""
    match = _DESCRIPTION.search(text)
    return match.group("what").strip() if match else ""


# one paper, study or work recalled ("the video segmentation paper where …", "i remember paper about …", "there was a
# study pitting …"): one paper answers (probes of session 40 quoted a second paper after it); not "the model has to …"
_ONE_PAPER = re.compile(r"(?:\b(?:the|that|this)\s+(?:[\w'/-]+\s+){0,5}?|^\s*(?:in|for|from|about|regarding)\s+(?:[\w'/-]+\s+){1,5}?|(?:remember|recall|read|saw|seen|there\s+(?:was|is)|"
                        r"there's)\s+(?:a\s+|one\s+)?(?:[\w'/-]+\s+){0,3}?)(?:paper|study|work)\b(?!s)|"
                        # ... or the one benchmark it built ("the benchmark on how VLMs cope with compressed images —
                        # how much does their module help?": a second review of session 45, qk036 added a runner-up)
                        # ... or "the one …" opening the question ("The one benchmarking how vision-language models cope
                        # with …": a second review of session 49, qt023 quoted two other papers first)
                        r"^\W*(?:the|that)\s+(?:[\w'/-]+\s+){0,3}?(?:benchmark|dataset)\s+(?:on|about|for|that|which|where|of)\b|"
                        r"^\W*(?:the|that)\s+one\s+(?:on|about|for|that|which|where|with|[a-z]+ing)\b",
                        re.I)


def recalls_one_paper(text: str) -> bool:
    """Does the question recall one paper, study or work of the collection?"""
    return bool(_ONE_PAPER.search(text))


def describes_one_paper(text: str) -> bool:
    """Does the question speak of one paper ("the paper that …", "the … dataset"), not of papers at large?"""
    return bool(one_paper_description(text))


# a coined term written in title case ("the Progressive Intensity Hypothesis", "Norm-based Spatial Pooling"): when
# few abstracts hold it verbatim it names their paper, as a model or dataset name does (understand.mentioned)
_TITLED = re.compile(r"(?<![\w-])[A-Z][\w-]+(?:\s+(?:of|for|and|the|in|on|to|with|-)?\s*[A-Z][\w-]+){1,5}")
_OPENERS = {"what", "which", "how", "does", "do", "did", "is", "are", "was", "were", "can", "could", "why", "where",
            "who", "tell", "in", "for", "compare", "explain", "describe", "the", "and", "besides", "between", "among"}


def titled_phrases(text: str) -> list[str]:
    """Runs of two or more capitalised words, without a question's opening word ("What Progressive …")."""
    found = []
    for match in _TITLED.finditer(text):
        words = match.group(0).split()
        while words and words[0].lower() in _OPENERS:
            words = words[1:]
        if len(words) >= 2:
            found.append(" ".join(words))
    return found
