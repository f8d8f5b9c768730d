"""Lists whose topic is one named thing: "Which papers report results on Charades-STA?", "anything evaluated on Ego4D?".

Such a list is answered by every paper that names the thing, which an abstract does in one clause of a long list of
benchmarks ("… (e.g., Charades-STA, ActivityNet-Captions) …"): the calibrated score, which weighs the whole
abstract, ranks those papers low, and the list kept one of the three that report on Charades-STA (fresh set AS,
as034; dev v112 on Video-MME the same way). A name is a word with a capital past its first letter or a digit
("Charades-STA", "Ego4D", "VideoMME"); the topic must ask nothing else of the papers than that they evaluate on,
report on or use it, so a near-topic question with a name in it ("KV cache quantization for long-context LLM
serving") is not answered by the papers that merely name it. A topic's alternative may be such a name on its own
("Mamba or state-space models"): the papers that write it join the list beside the ones the topic's words find.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rag.answer.list_topic import topic
from rag.answer.lists import MAX_RELATED, beyond_pool, facets
from rag.answer.names import is_word
from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms
from rag.types import Hit

# a name: a capital past its first letter or a digit, as a benchmark, a dataset or a model is written
_NAME = re.compile(r"(?<![\w-])(?=[\w-]*(?:[A-Za-z][\w-]*[A-Z0-9]))[A-Za-z][\w-]*\w(?![\w-])")
# an acronym names a kind of thing, which abstracts also spell out ("GANs": "generative adversarial networks";
# read set AU, au029, lost a paper to it), not one benchmark
_ACRONYM = re.compile(r"[A-Z]{2,5}s?|[A-Z][a-z][A-Z]s?")  # (_NAME never matches a bare number)
# a name typed in lower case, as a chat box gets it ("who evaluates on video-mme": read set BZ, bz027, kept three
# papers beside it that never name it): hyphenated parts, one of them no English word ("long-context" is words)
_LOWER_NAME = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
# words that only say the papers use the named thing, not what for
_USING = frozenset(terms("evaluate evaluates evaluated evaluating evaluation evaluations report reports reported "
                         "reporting result results experiment experiments experimenting benchmark benchmarks "
                         "benchmarked test tests tested testing number numbers score scores gain gains accuracy "
                         "performance dataset datasets train trained training run runs ran "
                         # ... or build on it: "build on Mamba or other state-space model components" (read set CA)
                         "build builds built building base based employ employs employed adopt adopts adopted "
                         "leverage leverages leveraged rely relies relied analyse analyses analysed analyze "
                         "analyzes analyzed "
                         # ... or measure against it: "put their system head to head with Gemini-2.5 Pro" (read set CM)
                         "compare compares compared comparing against versus beat beats outperform outperforms "
                         "head put puts pit pits system systems baseline baselines"))
# more papers naming it than a list's gold runs to: the name is the collection's staple, not the topic
MOST_HOLDERS = 6


_KIND = re.compile(r"[A-Z]s$")  # "Video-LLMs", "MLLMs"
# a coined name with only its first capital, which no dictionary has: "Mamba" (read set BZ, bz032: "using Mamba or
# state-space models" lost the paper on a "Mamba-enhanced" model)
_CAPITALISED = re.compile(r"(?<![\w-])[A-Z][a-z]{3,}(?![\w-])")
# ... and, of a topic's alternative, in lower case too: "anything that uses mamba, those state space model things?" (read
# set CC, cc032)
_COINED = re.compile(r"(?<![\w-])[A-Za-z][a-z]{3,}(?![\w-])")


# a family of models named by its first part: "Qwen-family models", "LLaVA-style models" are every Qwen2.5-VL or
# LLaVA-OneVision an abstract names (dev w070, w075: such lists abstained, "Qwen-family" being no name)
_FAMILY = re.compile(r"(?<![\w-])([A-Za-z][\w.]*)-(?:family|style|like|based|series|type)(?![\w-])", re.I)
_ANY_VERSION = "*"  # a family's name: any version or variant written after it


def names_only(question_text: str, venue=None, year: int | None = None, coined: bool = False) -> list[str]:
    """The names a list's topic asks about, when it asks nothing else of its papers; else none. `coined`: a word no
    dictionary has counts in lower case too ("uses mamba")."""
    text = topic(question_text, venue, year)
    # (a name's family, not a word's: "transformer-based", "diffusion-style" are kinds of models)
    families = [m.group(1) for m in _FAMILY.finditer(text) if _NAME.fullmatch(m.group(1)) or not is_word(m.group(1))]
    text = _FAMILY.sub(lambda m: m.group(1) if m.group(1) in families else m.group(0), text)
    names = [n for n in _NAME.findall(text) if not _ACRONYM.fullmatch(n)]
    names += [n for n in _LOWER_NAME.findall(text) if not all(is_word(part) for part in n.split("-") if len(part) > 1)]
    names += [n for n in (_COINED if coined else _CAPITALISED).findall(text) if not is_word(n) and n not in names]
    rest = _NAME.sub(" ", text)  # an acronym beside the name is no other ask ("report PPL on PG-19")
    for name in names:
        rest = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", rest)
    names += [f for f in families if f not in names]
    names = [f"{n}{_ANY_VERSION}" if n in families else n for n in names]
    return names if names and not terms(rest) - GENERIC - FUNCTION - _USING else []


def _facet_names(question) -> list[list[str]]:
    """The names that some alternatives of a list's topic are made of alone ("use Mamba" of "using Mamba or
    state-space models"), each alternative's together, when the topic as a whole asks more than names: the topic as
    typed, not as plain words were glossed ("video chatbots (Video-LLMs)"), and no plural, which names a kind of model,
    not one."""
    whole = topic(question.typed or question.standalone, question.venue, question.year)
    parts = facets(whole)
    named = [names_only(facet, coined=True) for facet in parts]
    # ... and only beside alternatives that ask no more of their own: "Mamba or state-space models for long-context
    # language modeling" asks the long-context modeling of Mamba too (second review: a point-cloud paper was listed)
    if any(len(terms(part) - GENERIC - FUNCTION) > 3 for part, names in zip(parts, named) if not names):
        return []
    return [names for names in named if names and not any(_KIND.search(n) for n in names)]


def _patterns(names: list[str]) -> list:
    # written with or without its hyphens: "Video-MME" is "VideoMME" in another abstract; a word joined after it
    # still names it ("a Mamba-enhanced model"), a name's part does not ("Video-MME-Long")
    out = []
    for n in names:
        if n.endswith(_ANY_VERSION):  # "Qwen" of "Qwen-family": "Qwen2.5-VL", "Qwen3" too
            out.append(re.compile(r"(?<![\w-])(?i:" + re.escape(n[:-1]) + ")"))
            continue
        pattern = re.compile(r"(?<![\w-])(?i:" + r"-?".join(map(re.escape, n.replace("-", ""))) + r")(?!\w|-[A-Z0-9])")
        out.append(_capitalised_in_text(n) if _COINED.fullmatch(n) and n.islower() else
                   _WrittenAsName(pattern) if n.islower() else pattern)
    return out


@dataclass(frozen=True)
class _WrittenAsName:
    """A name typed in lower case ("video-mme") is one the abstracts write as a name, a capital past its first letter
    or a digit ("Video-MME"), not a hyphenated term ("Transformer-based", "low-latency", "cross-modal": second review)."""

    pattern: re.Pattern

    def search(self, text: str):
        return next((m for m in self.pattern.finditer(text) if re.search(r"\w[\w-]*[A-Z0-9]", m.group(0))), None)


def _capitalised_in_text(word: str) -> re.Pattern:
    """A word typed in lower case names what the abstracts write capitalised inside a sentence ("pure Mamba models");
    one they write in lower case ("quantization") is a term, no name (dev lists on pruning or quantization lost)."""
    # ... standing alone, after a word in lower case and before none capitalised: no part of a longer name ("Score
    # Gradient Matching Distillation", "Quantization-Aware Optimization" are no "distillation", "quantization")
    return re.compile(r"(?:(?<![\w-])[a-z][a-z0-9-]*[,;:]?|\()\s*" + re.escape(word.capitalize())
                      + r"(?!\w|-[A-Z0-9]|\s+[A-Z][a-z])")


def _writes(paper, groups: list[list[re.Pattern]]) -> bool:
    text = f"{paper.title}\n{paper.text}"
    return any(all(p.search(text) for p in group) for group in groups)


def with_holders(question, hits: list[Hit], snapshot) -> tuple:
    """The question, `hits` with, after them, the other papers within the filter that write the list's named topic,
    the ids of the papers among them that write it (none when it asks of no name; only those retrieved when more
    than MOST_HOLDERS write it), and the ids of those that write a name one alternative of the topic is made of (see
    _facet_names; none when more than MOST_HOLDERS do): retrieval misses a paper naming a benchmark another way
    ("VideoMME" asked found one of the three papers reporting on it, two write "Video-MME") or once in a long list of
    benchmarks. A scan of every abstract, only for such lists. A name more than one paper writes names no paper of its
    own ("VideoMME" was read as naming the one abstract that spells it so), so the question then names none."""
    if question.kind != "list":
        return question, hits, frozenset(), frozenset()
    patterns = _patterns(names_only(question.standalone, question.venue, question.year))
    if not patterns:
        groups = [_patterns(names) for names in _facet_names(question)]
        hits, held, common = _holding(groups, hits, snapshot, question)
        return question, hits, frozenset(), frozenset() if common else frozenset(held)
    hits, held, _common = _holding([[p] for p in patterns], hits, snapshot, question)
    if len(held) > 1 and question.named and set(question.named) <= set(held):
        question = replace(question, named=())
    return question, hits, frozenset(held) if len(held) <= MOST_HOLDERS else frozenset(), frozenset()


def _holding(groups: list[list[re.Pattern]], hits: list[Hit], snapshot, question) -> tuple[list[Hit], list[str], bool]:
    """`hits` with the other papers within the filter that write every name of one of `groups` after them, the ids of
    those that do, and whether more than MOST_HOLDERS others do (then only the retrieved are held, none added)."""
    if not groups:
        return hits, [], False
    held = [h.paper.id for h in hits if _writes(h.paper, groups)]
    extra = beyond_pool(hits, snapshot, question, lambda paper: _writes(paper, groups), MOST_HOLDERS)
    if extra is None:  # the name is too common to be a topic
        return hits, held, True
    return hits + extra, held + [h.paper.id for h in extra], len(held) + len(extra) > MOST_HOLDERS


def with_named(held: frozenset[str], hits: list[Hit], keep: list[int], loose: list[int],
               alongside: frozenset[str] = frozenset()) -> tuple[list[int], list[int]]:
    """The list's kept and loosely related positions, when its topic is a name the papers `held` write (with_holders):
    those hits, and the others it would have kept named apart as loosely related (an abstract that never names the
    benchmark says nothing of results on it: dev v112 listed three such papers beside the three on Video-MME); the
    papers `alongside` (writing a name one of the topic's alternatives is made of) kept too, in retrieval's order."""
    named = [i for i, h in enumerate(hits) if h.paper.id in held]
    if named:
        keep, loose = named, [i for i in dict.fromkeys([*keep, *loose]) if i not in named][:MAX_RELATED]
    also = [i for i, h in enumerate(hits) if h.paper.id in alongside]
    return sorted(set(keep) | set(also)), [i for i in loose if i not in also]
