"""How one answer is scored against one question of eval/questions/: pure functions, one rule per kind.

A question's `kind` decides its headline figure (`passed`); the other fields are kept for the details.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

# papers are expected to be cited (and to be answered, not abstained on)
SINGLE = ("fact", "paraphrase")
LISTS = ("list", "venue-list")
IN_SCOPE = SINGLE + LISTS + ("typo", "compare", "followup")
KINDS = IN_SCOPE + ("not-reported", "filter-excluded", "out-of-scope", "chinese")

# "The Veda abstract does not report its learning rate", "… is not stated", "no mention of …"
NOT_REPORTED = re.compile(
    r"\b(?:does|do|did)\s*(?:not|n['’]t)\s+(?:report|give|state|mention|specify|say|include|provide|describe|"
    r"list|name|disclose|contain)\b|\bnot\s+(?:reported|given|stated|mentioned|specified|provided|described)\b|"
    r"\bno\s+mention\b", re.IGNORECASE)
# "Veda is ICML 2026, outside the ICLR 2026 filter", "excluded by the venue filter"
OUTSIDE_FILTER = re.compile(
    r"\boutside\b|\bexclude[sd]?\b|\bnot\s+(?:in|part\s+of|within|covered\s+by)\s+(?:the\s+)?(?:\w+\s+){0,3}filter",
    re.IGNORECASE)


@dataclass(frozen=True)
class Reply:
    """What the scorer needs of an `Answer` (so scoring stays a pure function of plain values)."""

    text: str
    cited: tuple[str, ...] = ()  # paper ids in citation order
    sources: tuple[str, ...] = ()  # paper ids the answerer looked at
    abstained: bool = False
    error: str = ""


@dataclass(frozen=True)
class Score:
    qid: str
    kind: str
    origin: str
    passed: float  # the kind's headline: 1/0, or an F1 for lists
    abstained: bool
    gold_cited: bool | None = None
    precision: float | None = None
    recall: float | None = None
    f1: float | None = None
    facts: float | None = None  # share of the expected facts found in the text
    checks: dict = field(default_factory=dict)  # the parts of a compound headline

    def as_dict(self) -> dict:
        return asdict(self)


def from_answer(answer, error: str = "") -> Reply:
    """A `Reply` from a `rag.Answer` (or from the error raised instead of one)."""
    if answer is None:
        return Reply(text="", error=error)
    return Reply(text=answer.text, cited=tuple(c.paper.id for c in answer.citations),
                 sources=tuple(h.paper.id for h in answer.sources), abstained=answer.abstained)


def fact_share(text: str, facts: list[str]) -> float | None:
    """Share of `facts` that appear in `text` (case-insensitive); None when there are none to find."""
    if not facts:
        return None
    lower = text.lower()
    return sum(f.lower() in lower for f in facts) / len(facts)


def set_prf(cited: set[str], gold: set[str]) -> tuple[float, float, float]:
    """Precision, recall and F1 of the cited papers against the complete gold set (0 when nothing is cited)."""
    hit = len(cited & gold)
    precision = hit / len(cited) if cited else 0.0
    recall = hit / len(gold) if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def score(q: dict, reply: Reply) -> Score:
    """Score `reply` to question `q` (a row of eval/questions/*.jsonl) by the rule of its kind."""
    kind, gold, cited = q["kind"], set(q["gold"]), set(reply.cited)
    base = {"qid": q["qid"], "kind": kind, "origin": q.get("origin", ""), "abstained": reply.abstained}
    if reply.error:
        return Score(passed=0.0, checks={"error": reply.error}, **base)
    facts = fact_share(reply.text, q.get("facts") or [])
    precision, recall, f1 = set_prf(cited, gold) if gold else (None, None, None)
    gold_cited = bool(cited & gold) if gold else None
    # a list that cites nothing has precision 0; a single-paper answer that cites nothing has none
    common = {"gold_cited": gold_cited, "precision": precision if cited or kind in LISTS else None, "recall": recall,
              "f1": f1, "facts": facts, **base}
    if kind == "out-of-scope":
        return Score(passed=float(reply.abstained), **common)
    if kind in LISTS:
        return Score(passed=f1, **common)
    if kind == "not-reported":
        checks = {"abstained": reply.abstained, "paper_in_sources": bool(gold & set(reply.sources)),
                  "says_not_reported": bool(NOT_REPORTED.search(reply.text))}
        return Score(passed=float(all(checks.values())), checks=checks, **common)
    if kind == "filter-excluded":
        # the paper's name is not required: derived titles ("Slot Attention (SA) lies at …") are not names
        checks = {"cites_nothing": not cited, "says_outside_filter": bool(OUTSIDE_FILTER.search(reply.text))}
        return Score(passed=float(all(checks.values())), checks=checks, **common)
    if kind == "compare":
        by_paper = q.get("facts_by_paper") or {}
        checks = {"all_cited": gold <= cited,
                  **{f"facts:{pid}": fact_share(reply.text, fs) == 1.0 for pid, fs in by_paper.items()}}
        return Score(passed=float(all(checks.values())), checks=checks, **common)
    if kind == "followup":
        checks = {"gold_cited": bool(gold_cited), "facts": facts is None or facts == 1.0}
        return Score(passed=float(all(checks.values())), checks=checks, **common)
    return Score(passed=float(bool(gold_cited)), **common)  # fact, paraphrase, typo, chinese
