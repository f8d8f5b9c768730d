"""The checker a helper session runs on the question set it writes (eval/check_set.py)."""

from __future__ import annotations

import json

from eval import check_set

PAPERS = check_set.shipped_papers()
VEDA = next(p for p in PAPERS.values() if p.title.startswith("Veda"))


def _row(**fields) -> dict:
    return {"qid": "zz001", "kind": "fact", "question": "What speedup does Veda report?", "gold": [VEDA.id],
            "venue": None, "year": None, "facts": ["5.1$\\times$ end-to-end speedup"], "origin": "team", **fields}


def test_a_fact_copied_with_latex_is_rendered_as_the_product_shows_it_and_found(tmp_path):
    path = tmp_path / "set.jsonl"
    path.write_text(json.dumps(_row()) + "\n", encoding="utf-8")
    assert check_set.main([str(path)]) == 0
    assert json.loads(path.read_text(encoding="utf-8"))["facts"] == ["5.1× end-to-end speedup"]


def test_a_fact_not_in_its_gold_paper_an_unknown_id_and_a_broken_follow_up_are_named(tmp_path, capsys):
    rows = [_row(facts=["a 99× speedup"]), _row(qid="zz002", gold=["icml2026-nothere"]),
            _row(qid="zz003", kind="followup", turns=["What is Veda?", "and its speedup?"]),
            _row(qid="zz004", kind="out-of-scope", gold=[VEDA.id], facts=[])]
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert check_set.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "zz001: fact 'a 99× speedup' not in any gold paper's text" in out
    assert "zz002: unknown gold id icml2026-nothere" in out
    assert "zz003: followup: turns missing or last turn != question" in out
    assert "zz004: out-of-scope with gold" in out


def test_the_papers_file_heads_every_abstract_with_its_id(tmp_path):
    check_set.main(["--papers", str(tmp_path / "papers.md")])
    text = (tmp_path / "papers.md").read_text(encoding="utf-8")
    assert text.count("\n## ") + text.startswith("## ") == len(PAPERS) == 70
    assert f"## {VEDA.id}\nvenue: ICML 2026" in text


def test_a_hostile_fact_is_quoted_back_without_its_terminal_escapes(tmp_path, capsys):
    path = tmp_path / "set.jsonl"
    path.write_text(json.dumps(_row(qid="zz\x1b]0;pwned\x07", facts=["\x1b[2Jgone\x9b31m"])) + "\n", encoding="utf-8")
    assert check_set.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "not in any gold paper's text" in out and "gone" in out
    assert not any(c in out for c in "\x1b\x07\x9b")
