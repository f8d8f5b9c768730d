"""What a compared paper is for, or the task or setting it works in: the questions asking it, and its sentences
that say it (compare.py quotes them)."""

from __future__ import annotations

import re

from rag.answer.evidence import Sentence
from rag.answer.extractive import PRESENTS
from rag.corpus.terms import analyse
from rag.types import Hit

# the task or setting asked of each paper ("what task does each target", "what application is it built for"): its
# sentences stating one ("Video inpainting aims to restore …", "two gaming scenarios—commentator and guide"), not the
# method's mechanism that the other rules quote (dev comparisons v309 and h033 quoted their method: 119 -> 121 of 151,
# none lost; the multilingual embedder 0.755 -> 0.781 with compare.asked_of_each)
_TASK_ASKED = re.compile(r"\bwhat (?:kind of |type of )?(?:[\w-]+ )?(?:tasks?|applications?|settings?|scenarios?|"
                         r"purposes?|domains?|use[- ]cases?)\b|\bwhat (?:is|are) .{1,40}? for\b|"
                         r"\b(?:built|designed|meant|used) for\b", re.I)
# what each paper is for, asked in the words of a purpose ("what is each one actually meant to do?", "what is each
# benchmark supposed to measure?", "what are they trying to solve?"): an abstract states it in its opening sentence
# ("Streaming video understanding must answer queries that arrive asynchronously …") or the one presenting its method
# ("… a framework specifically designed to transform single-view videos into stereo videos"). Fresh comparisons (set
# AI, session 18): 6 of 8 purpose questions missed with the task rule's sentences, each fact in one of those two.
# ... and as a second language words it: "for what each of them is made?" (read set BZ, bz068)
_PURPOSE_ASKED = re.compile(r"\b(?:meant|supposed|trying|intended|designed|built|set out) to\b|"
                            r"\bfor what\b(?:\s+[\w-]+){0,5}?\s+(?:is|are|was|were)\s+(?:\w+\s+)?(?:made|built|designed|"
                            r"meant|intended|used)\b|"
                            r"\b(?:intended|meant|used|good|built|made) for\b|\bwhat (?:is|are) .{1,40}? for\b|"
                            r"\bwhat (?:new |kind of |type of )?(?:tasks?|applications?|scenarios?|use[- ]cases?)\b|"
                            r"\bwhat (?:\w+ ){0,2}(?:purpose|goal|aim)s?\b|"
                            r"\b(?:what|which) (?:problem|task|setting)s?(?:\s*/\s*\w+)? (?:does|do) \w+(?: \w+){0,3}? "
                            r"(?:tackle|target|address|solve)\b", re.I)
_TASK = re.compile(r"\b(?:aims? to|tasks?|scenarios?|applications?|settings?|designed (?:to|for)|use[- ]cases?)\b", re.I)
# a sentence reporting results (a task sentence may well say it was "selected for … automatic evaluation")
_RESULT = re.compile(r"\b(?:outperform\w*|surpass\w*|achiev\w*|experiments?|results?)\b|https?://", re.I)
# ... but not what each is evaluated or tested on ("What tasks/benchmarks are V-LynX and Rh-3DGS evaluated on?": dev h005);
# what a benchmark is "meant to evaluate" is its purpose (fresh set AL, al019, session 19)
_EVALUATION_CLAUSE = re.compile(r"\b(?:evaluat(?:ed|es|ing|ion)|test(?:s|ed)?|benchmark(?:ed|s)? on|experiments?)\b|"
                                r"\bevaluate\s+on\b", re.I)
_AIMS = re.compile(r"\b(?:aims? to|aimed at|designed (?:to|for)|tailored (?:to|for)|dedicated to|in order to)\b", re.I)


def asks_purpose(clause: str) -> bool:
    """Does the clause ask what a paper is for ("what is each one meant to do?"), not what it is evaluated on?"""
    return bool(_PURPOSE_ASKED.search(clause)) and not _EVALUATION_CLAUSE.search(clause)


def asks_task(clause: str) -> bool:
    """Does the clause ask the task, application or setting a paper works in ("In what setting does each work")?"""
    return bool(_TASK_ASKED.search(clause))


def purpose_sentences(hit: Hit, scored: list[Sentence], most: int) -> list[Sentence]:
    """What a paper is for: its first sentence saying what it aims at ("This paper aims to …", "designed to …"), its
    opening unless it reports results, the first presenting its method, its first naming a task: the first `most`
    of these, in the abstract's order."""
    sentences = analyse(hit.paper.text).sentences
    by_position = {s.position: s for s in scored}
    aims = [i for i, t in enumerate(sentences) if _AIMS.search(t) and not _RESULT.search(t)][:1]
    opening = [0] if sentences and not _RESULT.search(sentences[0]) else []
    presenting = [i for i, t in enumerate(sentences) if PRESENTS.search(t)][:1]
    task = [i for i, t in enumerate(sentences) if _TASK.search(t) and not _RESULT.search(t)][:1]
    chosen = list(dict.fromkeys([*aims, *opening, *presenting, *task]))[:most] or [scored[0].position]
    top = scored[0].score
    return [by_position.get(i) or Sentence(i, sentences[i], top) for i in sorted(chosen)]


def on_task(sentence: Sentence) -> bool:
    """Does the sentence state a task or setting ("aims to", "two gaming scenarios"), reporting no results?"""
    return bool(_TASK.search(sentence.text) and not _RESULT.search(sentence.text))
