"""The façade validates every search and question once, with a `rag.BadQuery` that says what to type (issue 13)."""

from __future__ import annotations

import pytest

import rag

QUESTION = "What speedup does Veda report?"


@pytest.mark.parametrize("kwargs, message", [
    ({"k": -1}, "k must be a whole number from 1 to 1000"),  # returned 54 hits
    ({"k": 0}, "k must be a whole number from 1 to 1000"),
    ({"k": 1.5}, "k must be a whole number from 1 to 1000"),  # raised a TypeError
    ({"k": 10**18}, "k must be a whole number from 1 to 1000"),  # "the database could not be opened"
    ({"k": "ten"}, "k must be a whole number"),
    ({"k": True}, "k must be a whole number"),
    ({"k": float("nan")}, "k must be a whole number"),
    ({"year": 2026.5}, "year must be a whole number from 1000 to 9999"),  # dense and keyword disagreed
    ({"year": -3}, "year must be a whole number from 1000 to 9999"),
    ({"year": [2026]}, "year must be a whole number"),
    ({"venue": 5}, "venue must be a name or a list of names"),
])
def test_search_refuses_bad_filters_with_a_clear_message(built_settings, kwargs, message):
    with pytest.raises(rag.BadQuery, match=message):
        rag.search(QUESTION, settings=built_settings, **kwargs)


@pytest.mark.parametrize("kwargs, message", [
    ({"k": -1}, "k must be a whole number from 1 to 50"),
    ({"k": 51}, "k must be a whole number from 1 to 50"),
    ({"year": 2026.5}, "year must be a whole number"),
])
def test_ask_refuses_bad_filters_with_a_clear_message(built_settings, kwargs, message):
    with pytest.raises(rag.BadQuery, match=message):
        rag.ask(QUESTION, settings=built_settings, **kwargs)
    with pytest.raises(rag.BadQuery, match=message):
        list(rag.ask_stream(QUESTION, settings=built_settings, **kwargs))


@pytest.mark.parametrize("query, message", [
    ("Veda \ud800 speedup", "invalid character"),  # a lone surrogate raised a raw TypeError
    ("   ", "the query is empty"),
    (None, "the query must be text"),
    (42, "the query must be text"),
])
def test_bad_query_text_is_a_bad_query(built_settings, query, message):
    for call in (lambda: rag.search(query, settings=built_settings), lambda: rag.ask(query, settings=built_settings)):
        with pytest.raises(rag.BadQuery, match=message):
            call()


@pytest.mark.parametrize("k, year", [(5, 2026), (5.0, 2026.0), (1000, None), ("3", "2026")])
def test_whole_numbers_in_any_form_are_accepted(built_settings, k, year):
    hits = rag.search(QUESTION, k=k, year=year, settings=built_settings)
    assert hits and len(hits) <= int(k) and all(h.paper.year == 2026 for h in hits if year)


def test_warnings_logged_while_building_carry_no_terminal_escapes(tmp_path, caplog):
    """The first search builds the index and logs the ingest's warnings, which quote paper text (issue 13)."""
    papers = tmp_path / "data" / "papers"
    papers.mkdir(parents=True)
    header = "EVIL\x1b]0;owned\x07ICLR 2026 " + "papers of the conference " * 10  # a long line 1 is warned about
    (papers / "list.txt").write_text(f"{header}\n\nWe propose WombatNet, a burrowing robot that maps soil tunnels "
                                     "with sonar and digs 40% faster.\n", encoding="utf-8")
    settings = rag.Settings(index_dir=tmp_path / "index", data_dir=tmp_path / "data", embed_threads=1)
    with caplog.at_level("WARNING"):
        rag.search("burrowing robot", settings=settings)
    assert "read as the header" in caplog.text and "\x1b" not in caplog.text and "\x07" not in caplog.text
