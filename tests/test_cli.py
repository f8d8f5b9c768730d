"""The `paperchat` command: what a user types and reads."""

from __future__ import annotations

import pytest

from rag.serve.cli import main


@pytest.fixture
def env(index_copy, monkeypatch):
    monkeypatch.setenv("PAPERCHAT_INDEX_DIR", str(index_copy.index.index_dir))
    monkeypatch.setenv("PAPERCHAT_DATA_DIR", str(index_copy.index.data_dir))
    monkeypatch.setenv("PAPERCHAT_EMBED_THREADS", "1")
    return index_copy


def test_search_prints_a_ranked_table(env, capsys):
    assert main(["search", "What speedup does Veda report?", "-k", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["#", "title", "venue", "score", "snippet"]
    assert len(lines) == 4
    assert lines[1].split()[:4] == ["1", "Veda", "ICML", "2026"]


def test_search_filters_by_venue_and_year(env, capsys):
    assert main(["search", "video", "-k", "20", "--venue", "iclr", "--year", "2026"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert rows and all("ICLR 2026" in row for row in rows)


def test_search_with_no_match_says_so(env, capsys):
    assert main(["search", "video", "--venue", "NeurIPS"]) == 0
    assert capsys.readouterr().out.strip() == "no matching papers"


def test_an_empty_query_is_a_clear_error_not_a_traceback(env, capsys):
    assert main(["search", "   "]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: the query is empty") and "Traceback" not in err


def test_stats_counts_papers_per_venue(env, capsys):
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.split()
    assert out == ["ICLR", "2026", "19", "ICML", "2026", "51", "total", "70"]


def test_ingest_reports_counts_and_warnings(env, capsys, tmp_path):
    bad = env.index.data_dir / "papers" / "broken.txt"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00binary")

    assert main(["ingest"]) == 0

    captured = capsys.readouterr()
    assert captured.out.startswith("70 papers (0 new, 0 removed, 70 unchanged)")
    assert "0 embedded" in captured.out
    assert "warning: broken.txt: binary file, not a paper list; skipped" in captured.err


def test_an_unreachable_chroma_server_is_one_clear_error(env, capsys, monkeypatch):
    monkeypatch.setenv("PAPERCHAT_CHROMA_URL", "http://127.0.0.1:9")
    assert main(["search", "video"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot reach the Chroma server at http://127.0.0.1:9")
    assert "Traceback" not in err


def test_ask_streams_the_answer_then_the_references(env, capsys):
    assert main(["ask", "What speedup does Veda report?"]) == 0
    captured = capsys.readouterr()
    assert "extractive — no LLM configured" in captured.err
    lines = captured.out.strip().splitlines()
    assert "5.1×" in lines[0] and lines[0].endswith("[1]")
    assert lines[-1] == "[1] Veda (ICML 2026)"


def test_ask_json_gives_text_mode_and_citations(env, capsys):
    import json

    assert main(["ask", "What module does FlowNar use?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "extractive" and not data["abstained"]
    assert data["citations"][0]["title"] == "FlowNar"
    assert data["citations"][0]["code"] == ["https://github.com/zeyun-zhong/FlowNar"]
    assert data["citations"][0]["quotes"]


def test_chat_keeps_the_conversation(env, capsys, monkeypatch):
    answers = iter(["What is FlowNar?", "Which datasets was it evaluated on?", ""])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["chat"]) == 0
    out = capsys.readouterr().out
    assert "EpicKitchens100" in out and out.count("[1] FlowNar (ICML 2026)") == 2


SAMPLES = __import__("pathlib").Path(__file__).parent / "data"


def test_add_lists_and_remove_a_paper_list(env, capsys, tmp_path):
    assert main(["add", str(SAMPLES / "arxiv_metadata.jsonl")]) == 0
    assert "Added 2 papers from arxiv_metadata.jsonl (now 72 papers)." in capsys.readouterr().out

    assert main(["lists"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split() == ["file", "format", "venues", "papers", "added", "uploaded"]
    [upload] = [r for r in rows if r.startswith("arxiv_metadata.jsonl")]
    assert upload.split()[1:3] == ["arXiv", "arXiv"] and "2" in upload.split() and upload.rstrip().endswith("yes")
    assert len(rows) == 1 + 4 + 1

    assert main(["remove", "arxiv_metadata.jsonl"]) == 0
    assert capsys.readouterr().out.strip() == "Removed arxiv_metadata.jsonl: 2 papers (now 70 papers)."
    assert main(["remove", "arxiv_metadata.jsonl"]) == 1
    assert "is neither an uploaded list" in capsys.readouterr().err


def test_ingest_skips_a_headerless_list_unless_venue_and_year_are_given(env, capsys):
    note = env.index.data_dir / "papers" / "note.txt"
    note.write_text("We propose GlowWorm, a firefly-inspired optimiser that synchronises learning rates "
                    "across workers and halves the time to reach target accuracy.\n", encoding="utf-8")
    assert main(["ingest"]) == 0
    captured = capsys.readouterr()
    assert "warning: note.txt: no '<VENUE> <YEAR>' header on line 1" in captured.err
    assert captured.out.startswith("70 papers")

    assert main(["ingest", str(env.index.data_dir), "--venue", "NeurIPS", "--year", "2025"]) == 0
    captured = capsys.readouterr()
    assert "note.txt: Added 1 paper" in captured.err and "no '<VENUE> <YEAR>' header" not in captured.err
    assert captured.out.startswith("71 papers")


def test_every_option_of_every_command_is_described():
    from rag.serve.cli import _parser

    commands = next(a for a in _parser()._actions if a.dest == "command").choices
    for name, command in commands.items():
        for action in command._actions:
            assert action.help, f"paperchat {name} {action.option_strings or action.dest} has no help"


def test_chat_help_describes_venue_and_year(capsys):
    with pytest.raises(SystemExit):
        main(["chat", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--venue VENUE only papers of this venue" in out and "--year YEAR only papers of this year" in out


# ---- hostile text and secrets (issue 13)

ESCAPES = "\x1b[2J\x1b[H\x1b]0;owned\x07\x1b]52;c;ZXZpbA==\x07\x9b31m\u202e"


@pytest.fixture
def escape_paper(env):
    """A paper whose venue, title and abstract carry terminal escapes (clear screen, set title, OSC 52)."""
    import csv

    path = env.index.data_dir / "papers" / "zz_escapes.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["title", "venue", "year", "abstract", "url"])
        writer.writeheader()
        writer.writerow({"title": f"Wombat{ESCAPES}Net", "venue": f"EVIL{ESCAPES}", "year": "2026",
                         "abstract": f"We propose WombatNet, a burrowing {ESCAPES} robot that maps soil tunnels "
                                     "with sonar and reaches 40% faster excavation. Code: https://github.com/w/wombat",
                         "url": "https://example.org/wombat"})
    assert main(["ingest"]) == 0


@pytest.mark.parametrize("argv", [
    ["search", "WombatNet burrowing robot soil tunnels", "-k", "3"],
    ["ask", "What does WombatNet do for soil tunnels?"],
    ["ask", "What does WombatNet do for soil tunnels?", "--json"],
    ["stats"],
])
def test_paper_text_reaches_the_terminal_without_control_characters(escape_paper, capsys, argv):
    capsys.readouterr()
    assert main(argv) == 0
    captured = capsys.readouterr()
    printed = captured.out + captured.err
    assert "Wombat" in printed or "EVIL" in printed
    assert not any(c in printed for c in "\x1b\x07\x9b\u202e"), repr(printed[:300])


@pytest.mark.parametrize("url", ["http://user:sk-url-secret@127.0.0.1:9/v1", "http://127.0.0.1:9/v1?api-key=sk-url-secret"])
def test_ask_does_not_print_credentials_in_the_endpoint_url(env, capsys, monkeypatch, url):
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    monkeypatch.setenv("PAPERCHAT_LLM_TIMEOUT", "1")
    monkeypatch.setenv("PAPERCHAT_LLM_RETRIES", "0")
    assert main(["ask", "What speedup does Veda report?"]) == 0
    captured = capsys.readouterr()
    assert "http://127.0.0.1:9/v1" in captured.err and "sk-url-secret" not in captured.out + captured.err


def test_serve_mcp_starts_the_page_with_its_mcp_server(monkeypatch):
    served = []
    monkeypatch.setattr("ui.app.serve", served.append)
    assert main(["serve", "--mcp"]) == 0 and main(["serve"]) == 0
    assert [s.serve.mcp for s in served] == [True, False]
