"""Lists whose topic is one named thing: "Which papers report results on Charades-STA?", "anything evaluated on Ego4D?".

Such a list is answered by every paper that names the thing, which an abstract does in one clause of a long list of
benchmarks ("… (e.g., Charades-STA, ActivityNet-Captions) …"): the calibrated score, which weighs the whole
abstract, ranks those papers low, and the list kept one of the three that report on Charades-STA (fresh set AS,
as034; dev v112 on Video-MME the same way). A name is a word with a capital past its first letter or a digit
("Charades-STA", "Ego4D", "VideoMME"); the topic must ask nothing else of the papers than that they evaluate on,
report on or use it, so a near-topic question with a name in it ("KV cache quantization for long-context LLM
serving") is not answered by the papers that merely name it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import islice

from rag.answer.list_topic import topic
from rag.answer.lists import MAX_RELATED
from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms
from rag.types import Hit

# a name: a capital past its first letter or a digit, as a benchmark, a dataset or a model is written
_NAME = re.compile(r"(?<![\w-])(?=[\w-]*(?:[A-Za-z][\w-]*[A-Z0-9]))[A-Za-z][\w-]*\w(?![\w-])")
# an acronym names a kind of thing, which abstracts also spell out ("GANs": "generative adversarial networks";
# read set AU, au029, lost a paper to it), not one benchmark
_ACRONYM = re.compile(r"[A-Z]{2,5}s?|[A-Z][a-z][A-Z]s?")  # (_NAME never matches a bare number)
# words that only say the papers use the named thing, not what for
_USING = frozenset(terms("evaluate evaluates evaluated evaluating evaluation evaluations report reports reported "
                         "reporting result results experiment experiments experimenting benchmark benchmarks "
                         "benchmarked test tests tested testing number numbers score scores gain gains accuracy "
                         "performance dataset datasets train trained training run runs ran"))
# more papers naming it than a list's gold runs to: the name is the collection's staple, not the topic
MOST_HOLDERS = 6


def names_only(question_text: str, venue=None, year: int | None = None) -> list[str]:
    """The names a list's topic asks about, when it asks nothing else of its papers; else none."""
    text = topic(question_text, venue, year)
    names = [n for n in _NAME.findall(text) if not _ACRONYM.fullmatch(n)]
    rest = terms(_NAME.sub(" ", text)) - GENERIC - FUNCTION - _USING
    return names if names and not rest else []


def _patterns(names: list[str]) -> list[re.Pattern]:
    # written with or without its hyphens: "Video-MME" is "VideoMME" in another abstract
    return [re.compile(r"(?i)(?<![\w-])" + r"-?".join(map(re.escape, n.replace("-", ""))) + r"(?![\w-])")
            for n in names]


def _writes(paper, patterns: list[re.Pattern]) -> bool:
    return any(p.search(f"{paper.title}\n{paper.text}") for p in patterns)


def with_holders(question, hits: list[Hit], snapshot) -> tuple:
    """The question, `hits` with, after them, the other papers within the filter that write the list's named topic,
    and the ids of the papers among them that write it (none when it asks of no name, or more than MOST_HOLDERS
    write it): retrieval misses a paper naming a benchmark another way ("VideoMME" asked found one of the three
    papers reporting on it, two write "Video-MME") or once in a long list of benchmarks. A scan of every abstract,
    only for such lists. A name more than one paper writes names no paper of its own ("VideoMME" was read as naming
    the one abstract that spells it so), so the question then names none."""
    patterns = _patterns(names_only(question.standalone, question.venue, question.year)) \
        if question.kind == "list" else []
    if not patterns:
        return question, hits, frozenset()
    held = [h.paper.id for h in hits if _writes(h.paper, patterns)]
    keep = snapshot.mask(question.venue, question.year)
    have = {h.paper.id for h in hits}
    writing = (Hit(paper=paper, score=0.0) for row, paper in enumerate(snapshot.papers)
               if (keep is None or keep[row]) and paper.id not in have and _writes(paper, patterns))
    extra = list(islice(writing, MOST_HOLDERS + 1))  # the scan stops once the name is too common to be a topic
    if len(extra) <= MOST_HOLDERS:
        hits, held = hits + extra, held + [h.paper.id for h in extra]
        if len(held) > 1 and question.named and set(question.named) <= set(held):
            question = replace(question, named=())
    return question, hits, frozenset(held) if len(held) <= MOST_HOLDERS else frozenset()


def with_named(held: frozenset[str], hits: list[Hit], keep: list[int], loose: list[int]) -> tuple[list[int], list[int]]:
    """The list's kept and loosely related positions, when its topic is a name the papers `held` write (with_holders):
    those hits, and the others it would have kept named apart as loosely related (an abstract that never names the
    benchmark says nothing of results on it: dev v112 listed three such papers beside the three on Video-MME)."""
    named = [i for i, h in enumerate(hits) if h.paper.id in held]
    if not named:
        return keep, loose
    return named, [i for i in dict.fromkeys([*keep, *loose]) if i not in named][:MAX_RELATED]
