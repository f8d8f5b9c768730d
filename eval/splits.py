"""How eval/questions/dev.jsonl and test.jsonl were made (run once; the outputs are committed).

    python -m eval.splits --old <(git show 69fcdeb:eval/questions.jsonl) \
        --followups <(git show 69fcdeb:eval/followups.jsonl) \
        --dev-new dev_new.jsonl --test-new test.jsonl     # the independent writers' files

The team's own questions (112 + 12 follow-ups, the set the answerer used to be tuned on) are split
half and half per kind with a fixed seed; the ones that are unit-test fixtures are pinned to dev. The
independently written sets go whole to their split. A question text that occurs twice is kept once,
and in test rather than dev. Every row gets `origin`, so results can be read
for the independent questions alone.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from .datasets import QUESTIONS_DIR

SEED = 11  # issue 11
KINDS = {"known-item": "fact", "multi": "list", "venue": "venue-list"}  # old name → normalised kind
# old questions that tests/ use verbatim (or nearly) as fixtures: a fixture is never a test question
FIXTURES = {"q001", "q006", "q024", "q089", "q090", "q099", "q100", "q106", "f01"}
FIELDS = ("qid", "kind", "question", "gold", "venue", "year", "facts", "turns", "facts_by_paper", "origin")


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def normalise(row: dict, origin: str) -> dict:
    """One row in the common shape: kinds renamed, follow-ups asked by their last turn."""
    row = dict(row)
    if "fid" in row:  # eval/followups.jsonl
        row = {"qid": row.pop("fid"), "kind": "followup", "question": row["turns"][-1], **row}
    row["kind"] = KINDS.get(row["kind"], row["kind"])
    row.setdefault("venue", None)
    row.setdefault("year", None)
    row.setdefault("facts", [])
    row["origin"] = origin
    return {k: row[k] for k in FIELDS if k in row}


def split_old(rows: list[dict], seed: int = SEED) -> tuple[list[dict], list[dict]]:
    """Half of each kind to dev, half to test (dev gets the odd one); fixtures always in dev."""
    rng = random.Random(seed)
    dev, test = [], []
    for kind in sorted({r["kind"] for r in rows}):
        group = [r for r in rows if r["kind"] == kind]
        pinned = [r for r in group if r["qid"] in FIXTURES]
        free = [r for r in group if r["qid"] not in FIXTURES]
        rng.shuffle(free)
        n_dev = max(0, (len(group) + 1) // 2 - len(pinned))
        dev += pinned + free[:n_dev]
        test += free[n_dev:]
    order = {r["qid"]: i for i, r in enumerate(rows)}
    return (sorted(dev, key=lambda r: order[r["qid"]]), sorted(test, key=lambda r: order[r["qid"]]))


def dedupe(dev: list[dict], test: list[dict]) -> tuple[list[dict], list[dict]]:
    """One copy of each question text, and never in both splits: test keeps it (its independent copy
    first, since some independent questions repeat older team ones); dev loses it."""
    seen: set[str] = set()
    kept_test = set()
    for r in sorted(test, key=lambda r: r["origin"] != "independent"):
        if r["question"] not in seen:
            seen.add(r["question"])
            kept_test.add(r["qid"])
    kept_dev = []
    for r in dev:
        if r["question"] not in seen:
            seen.add(r["question"])
            kept_dev.append(r)
    return kept_dev, [r for r in test if r["qid"] in kept_test]


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ("--old", "--followups", "--dev-new", "--test-new"):
        parser.add_argument(name, type=Path, required=True)
    args = parser.parse_args(argv)
    old = [normalise(r, "team") for r in read_jsonl(args.old) + read_jsonl(args.followups)]
    dev, test = split_old(old)
    dev += [normalise(r, "independent") for r in read_jsonl(args.dev_new)]
    test += [normalise(r, "independent") for r in read_jsonl(args.test_new)]
    dev, test = dedupe(dev, test)
    ids = [r["qid"] for r in dev + test]
    if len(ids) != len(set(ids)):
        raise SystemExit("question ids collide between the sets")
    write_jsonl(QUESTIONS_DIR / "dev.jsonl", dev)
    write_jsonl(QUESTIONS_DIR / "test.jsonl", test)
    print(f"dev {len(dev)}, test {len(test)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
