"""Alternatives a question writes with a slash: "class imbalance / long-tail", "video generation/editing models".

A researcher types synonyms or near-synonyms side by side; a paper answers when it holds either. Scored as one
question, the word it does not write lowers its coverage features as if it were asked for too (fresh set R, r042:
"papers that fight class imbalance / long-tail by generating synthetic video for rare classes" put its gold paper at
0.29, below the threshold; without "/ long-tail" at 0.48). So each alternative is scored on its own as well, and a
paper keeps the best of its scores. Not tuned.

A list topic's one-word alternative is given the rest of its phrase before the topic is split into facets
(`distributed`, for lists.py), and a domain the question names beside an alternative is not asked for as a must ("in
videos or in 3D scenes": `optional`, for domains.py).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

import numpy as np

from rag.answer.asks import DESCRIBED_FIRST, DESCRIBES_PAPER
from rag.answer.roles import FRAME_WORDS
from rag.answer.wording import FUNCTION
from rag.corpus.terms import terms

# two words joined by a slash, not a path, a URL, a fraction, "and/or" or the shorthand "w/"
_SLASH = re.compile(r"(?<![\w:/.])([A-Za-z][\w-]*)\s*/\s*([A-Za-z][\w-]*)(?![\w/.]\w)")
_NOT_ALTERNATIVES = frozenset({"and", "or", "w", "vs"})


def slash_variants(text: str) -> list[str]:
    """The question with the first word of every slashed pair kept, then with the second: [] when it has none."""
    pairs = [m for m in _SLASH.finditer(text) if not {m.group(1).lower(), m.group(2).lower()} & _NOT_ALTERNATIVES]
    if not pairs:
        return []
    variants = []
    for side in (1, 2):
        out, last = [], 0
        for m in pairs:
            out += [text[last:m.start()], m.group(side)]
            last = m.end()
        variants.append("".join(out) + text[last:])
    return [v for v in dict.fromkeys(variants) if v != text]


# one word offered (after a slash) for the first word of the phrase after it: "streaming / online video understanding" is
# "streaming video understanding" or "online video understanding", "mamba / state-space backbones for video
# diffusion" is Mamba or state-space backbones, both for video diffusion (fresh set W: the bare "streaming" and
# "mamba" facets lifted papers on streaming anything and on Mamba language models)
# ("narration or live commentary" is no "narration commentary": only a slash joins two words so)
_ONE_FOR_FIRST = re.compile(r"(?:^|(?<=[,;:(]\s)|(?<=[,;:(]))(?P<one>[\w-]{2,})\s*/\s*(?P<first>[\w-]+)"
                            r"(?P<rest>(?:\s+[\w-]+)+)", re.I)


def distributed(text: str) -> str:
    """The topic with a one-word alternative given the rest of the phrase it stands for."""
    def spell_out(m: re.Match) -> str:
        if m["one"].lower() in _NOT_ALTERNATIVES:  # "w/ video captioning" is "with video captioning"
            return m.group(0)
        return f"{m['one']}{m['rest']} / {m['first']}{m['rest']}"
    return _ONE_FOR_FIRST.sub(spell_out, text.strip())


# a restatement of what was just said, in plainer words: "generating videos, I mean models that produce brand-new video
# clips rather than understand them" (read set BO, session 30: the two wordings' words together scored the ICLR video
# generation papers under the threshold, each wording alone over it). Only the question without it is scored: the
# restatement alone may be vaguer than the question ("the small model guesses and the big one checks").
_RESTATED = re.compile(r",?\s*\b(?:I\s+mean|in\s+other\s+words|i\.e\.,?)\s[^?.;:,()—–]*", re.I)  # up to its clause's end


def without_restatement(text: str) -> str:
    """The question without the restatement of what it asks (see _RESTATED), or "" when it has none."""
    rest = _RESTATED.sub("", text).strip()
    return rest if rest != text.strip() and len(rest.split()) >= 3 else ""


# a vaguer class offered after the thing named: "trains with GRPO or some other group-relative policy objective" (read
# set CY, cy032: the class's words, which no abstract writes, sank every paper using GRPO below the threshold). The
# question without it is scored too; it is kept in the question, whose other papers it may still find. Only beside a
# name: "3D point sets or other sensor streams" ends an enumeration of examples, each its own (dev bn019).
_VAGUE_CLASS = (r"\s+or\s+(?:some|any|another|other|a\s+similar|similar|related|comparable)\s+"
                r"(?:(?:other|similar|related|such)\s+)?")  # "or some other", "or a similar", …
_VAGUER = re.compile(r"(?<![\w-])(?P<name>(?-i:[\w+-]*[A-Z][\w+-]*)),?" + _VAGUE_CLASS + r"[^?.;:,()—–]*?"
                     r"(?=\s+(?:for|in|on|to|with|that|which|from|at)\s|\s*[?.;:,()—–]|\s*$)", re.I)


# ... and the class in place of a name it is offered beside ("GRPO or some other group-relative policy objective": ViTL
# is "trained end-to-end with an interleaved group-relative objective")
_NAME_OR_CLASS = re.compile(r"(?<![\w-])(?-i:[A-Z][\w+-]*[A-Z0-9][\w+-]*)" + _VAGUE_CLASS, re.I)


def vaguer_variants(text: str) -> list[str]:
    """The question without the vaguer class it offers beside what it names (see _VAGUER), and with the class in
    place of a name; [] when it offers none."""
    rest = _VAGUER.sub(r"\g<name>", text).strip()
    variants = [rest, _NAME_OR_CLASS.sub("", text, count=1).strip()] if rest != text.strip() else []
    return [v for v in dict.fromkeys(variants) if v != text.strip() and len(v.split()) >= 3]


def best_of_either(question, hits: list, p: np.ndarray, score: Callable[[object], dict[str, float]]) -> np.ndarray:
    """Each paper's best probability over the question, its slashed alternatives taken one at a time, the question
    without its restatement or its vaguer class, and a paper's description before what is asked of it (`score` gives a
    question's probability per paper id); a follow-up whose retrieval text differs is left as it is."""
    if question.standalone != question.text:
        return p
    for text in [*slash_variants(question.text),
                 *filter(None, [without_restatement(question.text)]), *vaguer_variants(question.text)]:
        scored = score(replace(question, text=text, standalone=text))
        p = np.maximum(p, [scored.get(h.paper.id, 0.0) for h in hits])
    if description := description_alone(question.text):  # the one paper it describes, when it stands out (see LEAD)
        scored = score(replace(question, text=description, standalone=description))
        alone = np.array([scored.get(h.paper.id, 0.0) for h in hits])
        best = int(np.argmax(alone)) if len(alone) else 0
        if len(alone) and alone[best] >= LEAD * max(np.delete(alone, best), default=0.0):
            p = np.array(p, dtype=float)
            p[best] = max(p[best], alone[best])
    return p


# A described paper's own probability counts when it is at least LEAD x every other paper's on the description alone.
# Set on dev (6,203) in session 41: the 15 described papers it found stood out 5.2 to 52 times; two of the three
# out-of-scope questions it answered at all (a paper described that does not exist) only 1.5 and 2.6 times
LEAD = 5.0


# alternatives: "or" and an enumeration's commas join phrases ("mocap skeletons or point clouds"); a slash joins the
# words beside it ("autonomous driving simulation / world models" asks for driving either way: fresh set X, x6064)
# a bracket may open on its "or": "inside language models (or video LLMs)" (dev ai060)
_ALTERNATIVES = re.compile(r"(\s+or\s+|\s*\(or\s+|\s*\x00\s*|\s*/\s*)", re.I)
# examples after a dash, a bracket or "like": "cheaper to run — distillation, sparse attention, low-bit quantization"
# (dev n028), "generative video models (sparse attention, fewer sampling steps, low-bit weights, etc.)" (fresh set X)
# ... a hyphen typed for the dash too, before items, not before a clause of its own ("narration - how much …?": read set
# DI, di028: "cheaper to run - fewer steps, sparse attention, quantization, that kind of thing?" abstained on quantization)
_EXAMPLES = re.compile(r"\s[—–:]\s|\s-\s(?!\s*(?:what|which|how|why|where|who|when|is|are|do|does|did|can|could|and|but|so|"
                       r"i|we|they|it)\b)|\s\((?=[^()]*,)|\b(?:like|such as|e\.g\.|including|incl\.)\s", re.I)
# ... or listed bare after the question: "… cheaper/faster? distillation, sparse attention, quantization, whatever" (read
# set BO, session 30: "quantization" was read as a domain the papers must hold): three or more short items, none a
# question or a clause of its own ("Any work on sign language? If so, which datasets …?": second review)
_BARE_LIST = re.compile(r"\?\s+((?:[\w/-]+(?:\s+[\w/-]+){0,3}\s*,\s*){2,}(?:(?:and|or)\s+)?[\w/-]+(?:\s+[\w/-]+){0,3}[?.!]?\s*)$")
_NOT_AN_ITEM = re.compile(r"(?i)^\s*(?:(?:and|or)\s+)?(?:what|which|how|why|where|who|when|if|is|are|do|does|did|can|could|for|in|"
                          r"with|ideally|preferably|so)\b")


def _enumerated(question: str) -> str:
    """The question with the commas of an enumeration of examples marked as alternatives (NUL)."""
    found = _EXAMPLES.search(question)
    if found:
        return question[:found.end()] + question[found.end():].replace(",", "\x00")
    bare = _BARE_LIST.search(question)
    if bare and not any(_NOT_AN_ITEM.match(item) for item in bare.group(1).split(",")):
        return question[:bare.start(1)] + bare.group(1).replace(",", "\x00")
    return question


def alternative_parts(question: str) -> list[str]:
    """The question split at its alternatives, the separators kept between the parts (text, separator, text …)."""
    return _ALTERNATIVES.split(_enumerated(question))


# a few words, then examples of them: the alternatives after are the examples'
_ASKED_BEFORE_EXAMPLES = re.compile(r"(?:\s*[\w-]+){0,4}?\s+[—–]\s", re.I)
# ... or its object itself: "recognizing or translating sign language" (fresh set EB, eb052: sign language went unasked)
_OPENS_CLAUSE = re.compile(r"\b(?:where|whose|while|in\s+which|such\s+that)\b", re.I)
_VERB_SHARED = re.compile(r"\s*\w+ing\s+(?:to|on|with|about|from|in|for|over)\b", re.I)
# ... or after a preposition, their object itself: "on recognizing or translating sign language" (fresh set EB, eb052:
# sign language went unasked); not two modifiers ("video generation, editing or upscaling models", dev j011)
_VERB_AFTER = re.compile(r"\b(?:on|for|about|in|at|of|to|with|by|from)\s+\w+ing\s*$", re.I)
# (not a pronoun: "by pruning or quantizing them" offers two verbs, one the domain: fresh set EH, read in session 46)
_VERB_OBJECT = re.compile(r"\s*\w+ing\s+(?!(?:them|it|these|those|this|that|ones?)\b)(?:(?:the|a|an|their|its)\s+)?[a-z]", re.I)


def optional(domain, parts: list[str]) -> bool:
    """Is the domain (a domains.Domain) named only beside an alternative that is not of it ("segmenting objects, in
    videos or in 3D scenes"; but "protein or DNA sequences" asks molecules either way)? `parts` are
    `alternative_parts` of the question."""
    texts, seps = parts[::2], parts[1::2]
    # a neighbour that words the same domain otherwise is no alternative to it ("dataset distillation / condensation"),
    # nor one that is only the question's frame: "Which papers build or evaluate on egocentric video?" joins two
    # verbs, not two domains (fresh set U)
    # ... nor two verbs sharing what follows: "understanding or reacting to video while it is still arriving (streaming)"
    # (read set DX, dx026: streaming went unasked)
    # ... nor a bare verb after a modal ("models that must respond or maintain memory while the video is still arriving":
    # read set EF, ef025 left streaming unasked)
    held = [bool(domain.held.search(p)) or not terms(p) - FRAME_WORDS or _MODAL_VERB.search(p) is not None or
            j + 1 < len(texts) and bool(re.search(r"\w+ing\s*$", p) and _VERB_SHARED.match(texts[j + 1]) or
                 _VERB_AFTER.search(p) and _VERB_OBJECT.match(texts[j + 1])) for j, p in enumerate(texts)]
    for i, text in enumerate(texts):
        for match in domain.asked.finditer(text):
            if not i and _ASKED_BEFORE_EXAMPLES.match(text[match.end():]) and len(texts) > 1:  # asked before examples of
                return False  # what follows it ("video diffusion models cheaper to run — less compute, …": set DY, dy027)
            if i and not held[i - 1] and _beside(seps[i - 1], not terms(text[:match.start()]) - FUNCTION):
                return True
            if i + 1 == len(texts) or held[i + 1] or _same_head(domain, text[:match.end()], texts[i + 1]):
                continue
            rest = text[match.end():]
            after = terms(rest) - FUNCTION
            # ... nor one of what follows the domain's words: "what specific layers inside LLMs or video LLMs are doing"
            # offers LLMs either way (read set DI, di030: layer analysis went unasked)
            if rest.count("(") > rest.count(")"):
                continue  # an "or" inside an aside after the domain's words: "Adam-style optimizers (theory or …)" (dev)
            if _OPENS_CLAUSE.search(rest):  # ... or inside a clause after them: "streaming video online where latency or
                continue  # memory must stay bounded" (a second review of session 43 left streaming unasked)
            far = len(re.findall(r"[\w-]+", rest)) >= 2  # not "facial or surgical video"
            if _joins_what_follows(rest, texts[i + 1]) or far and _two_modifiers(text, texts[i + 1]) or \
                    _two_comparatives(text, texts[i + 1]):
                continue
            # ... but a modifier shared by two heads is asked either way: "sign language recognition or translation"
            # (fresh set AD, ad13065 listed five papers on no sign language)
            # ... the alternative's head before what restricts it too: "sign language recognition or translation from
            # skeleton or pose sequences" (read set EF, ef060 listed a skeleton paper on no sign language)
            restricted = _RESTRICTED_WORD.match(texts[i + 1])
            shared = bool(after) and 1 in {len(terms(alternative) - FUNCTION - FRAME_WORDS)
                                           for alternative in (texts[i + 1], restricted.group(1) if restricted else "")}
            if not shared and _beside(seps[i], not after):
                return True
    return False


_MODAL_VERB = re.compile(r"\b(?:must|can|cannot|could|should|will|would|may|might|to)\s+(?:also\s+|still\s+)?[a-z]+\s*$", re.I)
_RESTRICTED_WORD = re.compile(r"\s*([\w-]+)\s+(?:from|of|for|with|in|on|using|via|into|by|over)\s", re.I)


def _joins_what_follows(rest: str, alternative: str) -> bool:
    """Does the alternative offer another of the last word of a phrase after the domain's words ("layers inside LLMs
    or video LLMs"): its first two words hold that word? Not of the word the domain's words qualify ("audio-visual
    captioning or video captioning" offers video captioning: second review)."""
    if not _COMPLEMENT.match(rest):
        return False
    last = [w for w in re.findall(r"[\w-]+", rest) if terms(w) - FUNCTION]
    head = [w for w in re.findall(r"[\w-]+", alternative) if terms(w) - FUNCTION][:2]
    return bool(last) and bool(terms(last[-1]) & terms(" ".join(head)))


def _two_modifiers(before: str, after: str) -> bool:
    """Does the "or" join two words of one kind far after the domain's words ("streaming video with some kind of bounded
    or structured memory": dev, 35 streaming lists lost a paper when "streaming" was read as one alternative of two)?"""
    last, first = _words_beside(before, after)
    ending = next((e for e in _MODIFIER_ENDINGS if last.lower().endswith(e)), None)
    return bool(ending) and first.lower().endswith(ending) and len(last) > len(ending) + 2


_MODIFIER_ENDINGS = ("ed", "al", "ive", "ic", "ous", "ful", "less", "able", "ary")


def _two_comparatives(before: str, after: str) -> bool:
    """Does the "or" join two comparatives right after the domain's words ("make video diffusion models faster or
    cheaper at inference": read sets DY, DZ and the second reviews of session 42 read video generation as optional)?"""
    return all(_COMPARATIVE.fullmatch(word) for word in _words_beside(before, after))


def _words_beside(before: str, after: str) -> tuple[str, str]:
    """The word ending `before` and the word opening `after` (""  where there is none)."""
    last, first = re.search(r"([A-Za-z]+)\W*$", before), re.match(r"\W*([A-Za-z]+)", after)
    return (last.group(1) if last else "", first.group(1) if first else "")


_COMPARATIVE = re.compile(r"(?:fast|cheap|light|small|quick|slow|lean|low|high|short|long|bigg|larg|simpl|easi|"
                          r"smart|strong|weak|safe|sharp|clear)er", re.I)


_COMPLEMENT = re.compile(r"\s+(?:inside|in|of|for|on|within|across|from|over)\s", re.I)


def _same_head(domain, said: str, after: str) -> bool:
    """Does the alternative after the domain's phrase only swap its last word for another the domain asks the same way,
    or one video unit for another? "choose which frames or segments a video LLM looks at" asks frame selection either
    way (read set DI, di027: it was read as one alternative of two, and the list kept a video-inpainting paper for
    "sampling uniformly")."""
    head = re.match(r"\s*([\w-]+)", after)
    if not head:
        return False
    last = re.search(r"([\w-]+)$", said)
    units = bool(last) and {last.group(1).lower(), head.group(1).lower()} <= _VIDEO_UNITS
    return units or bool(domain.asked.search(re.sub(r"[\w-]+$", head.group(1), said)))


# the parts of a video a model may look at, one for another
_VIDEO_UNITS = frozenset({"frames", "segments", "clips", "moments", "intervals", "shots", "keyframes", "snippets"})


def _beside(separator: str, at_edge: bool) -> bool:
    """An "or" or an enumeration's comma offers its whole phrase; a slash only the word beside it."""
    return at_edge or "/" not in separator


def description_alone(question: str) -> str:
    """The paper a question describes before asking of it ("The work tracing the huge outlier activations in LLMs back
    to one particular layer: which components are responsible?"), when the description says enough (four words) to find
    it: the asked words the abstract writes otherwise ("responsible") sank the whole (probes of session 41: such
    questions abstained, while the description alone found the paper)."""
    found = DESCRIBED_FIRST.search(question)
    before = question[:found.start()] if found else ""
    if not DESCRIBES_PAPER.search(before):  # ... or in sentences of its own, the question pointing back at it
        *said, last = re.split(r"(?<=[.!?])\s+(?=[A-Z])", question.strip()) or [""]
        before = " ".join(said) if said and _POINTS_BACK.search(last) and not said[-1].endswith("?") else ""
    return before if len(terms(before) - FUNCTION - FRAME_WORDS) >= 4 else ""


_POINTS_BACK = re.compile(r"\b(?:they|their|them|it|its|this|that|these|those)\b", re.I)
