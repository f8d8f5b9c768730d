"""rag.corpus: paper lists on disk → Paper records, with one clear warning per bad input."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

import rag
from rag.corpus.papers import derive_title, load_papers, parse_paper_list
from rag.index.store import make_chunks

from conftest import CORPUS_DIR, PAPERS_DIR


GOOD_A = ("We propose FooNet, a lightweight video encoder that improves action recognition accuracy "
          "by 4.2% on three benchmarks. Code is at https://github.com/foo/foonet.")
GOOD_B = ("This paper studies the convergence of gradient descent in deep linear networks. "
          "We prove a tight rate that depends only on the depth and the width.")
LONG_ABSTRACT = ("Transformers are studied here with a new lens on attention sinks, the tokens that absorb "
                 "most attention mass, and we explain when and why they appear during pre-training.")
OTHER = "Another abstract that is long enough to be counted as one, about retrieval and ranking."
GOOD_LIST = f"ICLR 2026 Papers\n\n{GOOD_A}\n\n{GOOD_B}\n"


def write(folder: Path, name: str, content: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def long_paragraph(n_chars: int) -> str:
    text = "".join(f"Filler sentence {i:05d} describes one more experiment. " for i in range(n_chars // 40 + 1))
    return text[: n_chars - 1] + "."


# ---------------------------------------------------------------- bad inputs beside a good file

BAD_FILES = [
    pytest.param("latin1.txt", f"ICML 2026 Papers\n\nCafé {GOOD_A}".encode("latin-1"),
                 "not UTF-8", 0, id="latin-1"),
    pytest.param("nul.txt", b"ICML 2026 Papers\n\n\x00\x01\x02\x03 binary junk", "binary file", 0, id="nul-bytes"),
    pytest.param("figure.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00", "binary file", 0, id="png"),
    pytest.param("empty.txt", b"", "empty file", 0, id="empty"),
    pytest.param("blank.txt", b"\n\n   \n\t\n\n", "only blank lines", 0, id="blank-lines"),
    pytest.param("noheader.txt", f"{LONG_ABSTRACT}\n\n{OTHER}\n", "no '<VENUE> <YEAR>' header", 0, id="no-header"),
    pytest.param("huge.txt", f"ICML 2026 Papers\n\n{long_paragraph(100_000)}\n", "100,000 characters", 1,
                 id="100k-paragraph"),
]


@pytest.mark.parametrize(("name", "content", "problem", "papers_from_it"), BAD_FILES)
def test_a_bad_file_gets_one_warning_and_the_good_file_still_goes_in(tmp_path, name, content, problem, papers_from_it):
    write(tmp_path, "good.txt", GOOD_LIST)
    write(tmp_path, name, content)

    result = load_papers([tmp_path])

    assert len(result.warnings) == 1, result.warnings
    assert result.warnings[0].startswith(name) and problem in result.warnings[0]
    good = [p for p in result.papers if p.source == "good.txt"]
    assert [p.abstract for p in good] == [GOOD_A, GOOD_B]
    assert all((p.venue, p.year) == ("ICLR", 2026) for p in good)
    assert len([p for p in result.papers if p.source == name]) == papers_from_it


def test_a_list_with_no_header_is_skipped_with_the_reason(tmp_path):
    # a note or a list of unknown origin became papers of venue "unknown" that answers cited (issue 14)
    path = write(tmp_path, "noheader.txt", f"{LONG_ABSTRACT}\n\n{OTHER}\n")

    result = load_papers([path])

    assert result.papers == []
    assert result.warnings == [
        "noheader.txt: no '<VENUE> <YEAR>' header on line 1; give the venue and year (a first line like "
        "'ICML 2026', or --venue/--year); skipped"
    ]


def test_a_100k_character_paragraph_is_kept_only_up_to_the_index_limit_and_says_so(tmp_path):
    huge = long_paragraph(100_000)
    path = write(tmp_path, "huge.txt", f"ICML 2026 Papers\n\n{huge}\n\n{GOOD_B}\n")

    result = load_papers([path])

    # stored, shown and returned: at most what is indexed (a 19.5 MB abstract was kept whole: 47 s answers)
    kept = result.papers[0].abstract
    assert 19_000 < len(kept) <= 20_000 and huge.startswith(kept) and result.papers[1].abstract == GOOD_B
    [warning] = result.warnings
    assert warning.startswith("huge.txt#1: abstract is 100,000 characters; only the first 20,000 are kept")
    chunks = make_chunks(result.papers[0], rag.Settings())
    assert chunks and all(c.text in kept for c in chunks)


def test_windows_line_endings_parse_like_unix_ones(tmp_path):
    unix = "ICML 2026 Papers\n\nWe study a thing in detail\nacross two lines of text.\n\n" + GOOD_B + "\n"
    write(tmp_path / "win", "list.txt", unix.replace("\n", "\r\n").encode())
    write(tmp_path / "unix", "list.txt", unix)

    windows, reference = load_papers([tmp_path / "win"]), load_papers([tmp_path / "unix"])

    assert windows.warnings == []
    assert [(p.venue, p.year, p.position) for p in windows.papers] == [("ICML", 2026, 1), ("ICML", 2026, 2)]
    assert not any("\r" in p.abstract or "\r" in p.text or "\r" in p.title for p in windows.papers)
    assert [p.id for p in windows.papers] == [p.id for p in reference.papers]


def test_the_same_abstract_in_two_files_is_one_paper_with_both_sources(tmp_path):
    rewrapped = GOOD_A.replace(" by ", "\nby ")  # same words, different line breaks
    write(tmp_path, "a_first.txt", f"ICML 2026 Papers\n\n{GOOD_A}\n\n{GOOD_B}\n")
    write(tmp_path, "b_second.txt", f"ICML 2026 Papers\n\n{rewrapped}\n\n{OTHER}\n")

    result = load_papers([tmp_path])

    assert len(result.papers) == 3
    [foonet] = [p for p in result.papers if "FooNet" in p.abstract]
    assert (foonet.source, foonet.position, foonet.also_in) == ("a_first.txt", 1, ("b_second.txt#1",))
    [warning] = result.warnings
    assert "b_second.txt#1" in warning and "a_first.txt#1" in warning


def test_the_same_abstract_twice_in_one_file_is_kept_once(tmp_path):
    path = write(tmp_path, "list.txt", f"ICML 2026 Papers\n\n{GOOD_A}\n\n{GOOD_B}\n\n{GOOD_A}\n")

    result = load_papers([path])

    assert [p.position for p in result.papers] == [1, 2]
    assert result.papers[0].also_in == ("list.txt#3",)
    assert len(result.warnings) == 1 and "list.txt#3" in result.warnings[0]


# ---------------------------------------------------------------- jsonl, csv, file selection

def test_jsonl_rows_keep_their_metadata(tmp_path):
    row = {"title": r"$\gamma$-Net: Fast Video", "abstract": GOOD_A, "authors": ["A. One", "B. Two"],
           "url": "https://openreview.net/forum?id=abc", "venue": "ICLR", "year": 2026}
    path = write(tmp_path, "papers.jsonl", json.dumps(row) + "\n")

    result = load_papers([path])

    [paper] = result.papers
    assert result.warnings == []
    assert (paper.title, paper.title_derived) == ("γ-Net: Fast Video", False)
    assert (paper.venue, paper.year, paper.authors) == ("ICLR", 2026, ("A. One", "B. Two"))
    assert paper.url == "https://openreview.net/forum?id=abc"
    assert (paper.abstract, paper.source, paper.position) == (GOOD_A, "papers.jsonl", 1)
    assert re.fullmatch(r"iclr2026-[0-9a-f]{10}", paper.id)
    assert [link.url for link in paper.code_links] == ["https://github.com/foo/foonet"]


def test_beir_corpus_rows_use_id_title_and_text(tmp_path):
    row = {"_id": "doc-17", "title": "Dense Passage Retrieval", "text": GOOD_B, "metadata": {}}
    path = write(tmp_path, "corpus.jsonl", json.dumps(row) + "\n")

    result = load_papers([path])

    [paper] = result.papers
    assert (paper.external_id, paper.title, paper.abstract) == ("doc-17", "Dense Passage Retrieval", GOOD_B)
    assert (paper.venue, paper.year) == ("unknown", None)
    assert result.warnings == ["corpus.jsonl: 1 row(s) without 'venue'; ingested with venue 'unknown'"]


def test_csv_rows_with_quoted_commas(tmp_path):
    path = write(tmp_path, "papers.csv",
                 "title,abstract,authors,venue,year,url\n"
                 f'"FooNet, revisited","{GOOD_A}",X Y,ACL,2024,https://github.com/x/y\n'
                 f'GD,"{GOOD_B}",,ACL,2024,\n')

    result = load_papers([path])

    assert result.warnings == []
    assert [(p.title, p.venue, p.year, p.position) for p in result.papers] == [
        ("FooNet, revisited", "ACL", 2024, 1), ("GD", "ACL", 2024, 2)]
    assert result.papers[0].abstract == GOOD_A
    assert "https://github.com/x/y" in [link.url for link in result.papers[0].code_links]


def test_a_csv_abstract_over_the_csv_modules_field_limit_is_truncated_not_the_file_lost(tmp_path):
    runaway = "We measure glaciers. " * 9000  # 189,000 characters: over csv's default 131,072 per field
    path = write(tmp_path, "papers.csv", f'title,abstract,venue,year\nGD,"{GOOD_B}",ACL,2024\nLong,"{runaway}",ACL,2024\n')

    result = load_papers([path], max_chars=20_000)

    assert [p.title for p in result.papers] == ["GD", "Long"]
    assert any("papers.csv#2: abstract is" in w and "only the first 20,000 are kept" in w for w in result.warnings)


def test_an_invalid_json_line_is_skipped_and_the_rest_kept(tmp_path):
    rows = [json.dumps({"title": "A", "abstract": GOOD_A, "venue": "ICLR", "year": 2026}),
            '{"title": "broken", "abstract": ',
            json.dumps({"title": "B", "abstract": GOOD_B, "venue": "ICLR", "year": 2026})]
    path = write(tmp_path, "papers.jsonl", "\n".join(rows) + "\n")

    result = load_papers([path])

    assert [(p.title, p.position) for p in result.papers] == [("A", 1), ("B", 3)]
    [warning] = result.warnings
    assert warning.startswith("papers.jsonl: line 2 is not valid JSON")


def test_a_json_line_that_is_not_an_object_is_warned_about(tmp_path):
    rows = [json.dumps({"title": "A", "abstract": GOOD_A, "venue": "ICLR", "year": 2026}), "[1, 2]"]
    path = write(tmp_path, "papers.jsonl", "\n".join(rows) + "\n")

    result = load_papers([path])

    assert len(result.papers) == 1
    assert any("papers.jsonl" in w and "line 2" in w for w in result.warnings), result.warnings


def test_an_unsupported_file_named_explicitly_is_warned_about(tmp_path):
    path = write(tmp_path, "notes.md", "ICML 2026 Papers\n\n" + GOOD_A)

    result = load_papers([path, tmp_path / "missing.txt"])

    assert result.papers == []
    assert result.warnings == [
        "notes.md: unsupported file type (use .txt, .jsonl, .json, .csv, .bib, .ris); skipped",
        f"{tmp_path / 'missing.txt'}: no such file or folder; skipped",
    ]


def test_a_folder_skips_other_file_types_and_hidden_files_silently(tmp_path):
    write(tmp_path, "good.txt", GOOD_LIST)
    write(tmp_path, "README.md", "# notes\n")
    write(tmp_path, "figure.png", b"\x89PNG\r\n\x1a\n\x00")
    write(tmp_path / ".cache", "old.txt", "ICML 2026 Papers\n\n" + OTHER)
    write(tmp_path / "sub", "more.TXT", "ICML 2026 Papers\n\n" + OTHER)

    result = load_papers([tmp_path])

    assert result.warnings == []
    assert sorted(p.source for p in result.papers) == ["good.txt", "good.txt", "more.TXT"]


# ---------------------------------------------------------------- headers

@pytest.mark.parametrize(
    ("header", "venue", "year"),
    [
        ("ICML 2026 Papers", "ICML", 2026),
        ("ICLR 2026 Papers", "ICLR", 2026),
        ("ICML 2026 论文列表", "ICML", 2026),
        ("NeurIPS 2025 Accepted Papers", "NeurIPS", 2025),
        ("ACL 2024", "ACL", 2024),
        ("   ICML   2026   Papers   ", "ICML", 2026),
        ("ICML 2026\t\tPapers", "ICML", 2026),
        ("CVPR, 2025", "CVPR", 2025),
        ("ICML 2026: Accepted Papers", "ICML", 2026),
        ("EMNLP 2024 Findings", "EMNLP", 2024),
        ("ICML2026 Papers", "ICML", 2026),
    ],
)
def test_header_gives_venue_and_year(header, venue, year):
    warnings: list[str] = []

    raws = parse_paper_list(f"{header}\n\n{GOOD_A}\n\n{GOOD_B}\n", "list.txt", warnings)

    assert [(r.venue, r.year, r.position) for r in raws] == [(venue, year, 1), (venue, year, 2)]
    assert warnings == []


def test_a_header_after_a_utf8_bom_is_recognised(tmp_path):
    path = write(tmp_path, "bom.txt", "\ufeffICML 2026 Papers\n\n" + GOOD_A + "\n")

    [paper] = load_papers([path]).papers

    assert (paper.venue, paper.year) == ("ICML", 2026)


def test_a_first_line_that_is_a_long_abstract_is_not_a_header(tmp_path):
    abstract = "In 2024, " + LONG_ABSTRACT[0].lower() + LONG_ABSTRACT[1:]  # a year, but a paragraph
    path = write(tmp_path, "list.txt", f"{abstract}\n\n{OTHER}\n")

    result = load_papers([path])

    assert result.papers == []
    assert len(result.warnings) == 1 and "no '<VENUE> <YEAR>' header" in result.warnings[0]


def test_a_wrapped_abstract_line_with_a_year_is_not_a_header(tmp_path):
    first = ("Since 2020, large language models have grown rapidly in size and\n"
             "capability. We study their scaling behaviour on ten reasoning tasks.")
    path = write(tmp_path, "list.txt", f"{first}\n\n{OTHER}\n")

    result = load_papers([path])

    assert result.papers == [] and "no '<VENUE> <YEAR>' header" in result.warnings[0]


def test_a_header_must_be_followed_by_a_blank_line(tmp_path):
    path = write(tmp_path, "list.txt", f"ICML 2026 Papers\n{GOOD_A}\n\n{GOOD_B}\n")

    result = load_papers([path])

    assert result.papers == []
    assert result.warnings == ["list.txt: no '<VENUE> <YEAR>' header on line 1 (a header must be followed "
                               "by a blank line); give the venue and year (a first line like 'ICML 2026', "
                               "or --venue/--year); skipped"]


# ---------------------------------------------------------------- titles

@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("We propose FooNet, a method for video understanding. It works well on many benchmarks.", "FooNet"),
        ("In this paper, we introduce Multi-Agent Collaborative Decoding (MACD), a training-free method. "
         "It reduces hallucination.", "MACD: Multi-Agent Collaborative Decoding"),
        ("Hallucination is common. We present a method called SuperGlue2 that matches features. It is fast.",
         "SuperGlue2"),
        ("Streaming video models struggle; we propose StreamMem, which keeps memory bounded.", "StreamMem"),
        ("Deep neural networks often generalize well despite heavy over-parameterization. We study why.",
         "Deep neural networks often generalize well despite heavy over-parameterization"),
        ("Temporal Video Grounding (TVG) aims to localize segments. We propose a novel TVG framework "
         "that uses inversion. Results improve.", "Temporal Video Grounding (TVG) aims to localize segments"),
        ("Large language models (LLMs) are powerful. We use LLMs for LLMs and LLMs. Our results show gains.",
         "Large language models (LLMs) are powerful"),
        ("", "Untitled abstract"),
        ("VideoKR is a large corpus for video reasoning. Models trained on VideoKR improve. "
         "We release VideoKR publicly.", "VideoKR"),
    ],
)
def test_derive_title(text, title):
    assert derive_title(text) == title


# ---------------------------------------------------------------- the shipped corpus

@pytest.fixture(scope="module")
def shipped():
    return load_papers([CORPUS_DIR])


def test_the_shipped_lists_load_cleanly(shipped):
    assert shipped.warnings == []
    per_file = Counter(p.source for p in shipped.papers)
    assert sorted(per_file.values()) == [13, 19, 19, 19]
    assert Counter(p.venue_year for p in shipped.papers) == {"ICML 2026": 51, "ICLR 2026": 19}


def test_shipped_ids_are_venue_year_slug_plus_hash(shipped):
    ids = [p.id for p in shipped.papers]
    assert len(set(ids)) == 70
    assert all(re.fullmatch(r"(icml|iclr)2026-[0-9a-f]{10}", i) for i in ids)


def test_abstracts_are_verbatim_and_positions_one_based(shipped):
    for path in sorted(PAPERS_DIR.glob("*.txt")):
        paragraphs = [p.strip() for p in path.read_text(encoding="utf-8").split("\n\n") if p.strip()]
        papers = [p for p in shipped.papers if p.source == path.name]
        assert [p.position for p in papers] == list(range(1, len(paragraphs)))
        assert all(p.abstract == paragraphs[p.position] for p in papers)  # paragraphs[0] is the header


def test_text_is_cleaned_while_the_abstract_keeps_its_markup(shipped):
    by_title = {p.title: p for p in shipped.papers}
    veda = by_title["Veda"]
    assert r"5.1$\times$ end-to-end" in veda.abstract and r"92\%" in veda.abstract
    assert "5.1× end-to-end" in veda.text and "from 92% to 50%" in veda.text
    sgmd = by_title["SGMD: Score Gradient Matching Distillation"]
    assert r"$\sim 3\times$" in sgmd.abstract and "approximately ~3× training speedup" in sgmd.text
    [gamma] = [p for p in shipped.papers if "**$\\gamma$-similarity**" in p.abstract]
    assert "γ-similarity" in gamma.text


def test_no_markup_is_left_in_any_shipped_text(shipped):
    leftovers = [(p.title, mark) for p in shipped.papers
                 for mark in ("$", "\\", "**", "](", "{", "}") if mark in p.text]
    assert leftovers == []


def test_links_are_found_and_code_repos_marked(shipped):
    by_title = {p.title: p for p in shipped.papers}
    assert [link.url for link in by_title["SegPVSG"].code_links] == ["https://github.com/ticatt/SegPVSG"]
    assert by_title["FlowNar"].code_links[0].url == "https://github.com/zeyun-zhong/FlowNar"
    assert by_title["ST-GridPool"].code_links[0].url.startswith("https://anonymous.4open.science/r/ST-GridPool")
    assert by_title["SpaceVista-7B"].links and not by_title["SpaceVista-7B"].code_links  # a project page
    assert not by_title["Veda"].links


def test_shipped_titles_are_named_unique_and_never_empty(shipped):
    titles = [p.title for p in shipped.papers]
    assert all(t.strip() for t in titles)
    assert [t for t, n in Counter(titles).items() if n > 1] == []
    assert {"Video-BCI", "SegPVSG", "MACD", "FlowNar", "Veda"} <= set(titles)
    assert all(p.title_derived for p in shipped.papers)


def test_ids_survive_reloading_renaming_and_rewording_the_header(tmp_path, shipped):
    original = PAPERS_DIR / "001_9cdbb0d51ea5419a.txt"
    expected = [p.id for p in shipped.papers if p.source == original.name]
    shutil.copy(original, tmp_path / "renamed-list.txt")
    reworded = original.read_text(encoding="utf-8").replace("ICML 2026 Papers", "ICML 2026 论文列表", 1)
    write(tmp_path / "other", "list.txt", reworded)

    assert [p.id for p in load_papers([original]).papers] == expected
    assert [p.id for p in load_papers([tmp_path / "renamed-list.txt"]).papers] == expected
    assert [p.id for p in load_papers([tmp_path / "other"]).papers] == expected


def test_the_same_abstract_under_another_venue_is_another_paper(tmp_path):
    write(tmp_path / "a", "l.txt", f"ICML 2026 Papers\n\n{GOOD_A}\n")
    write(tmp_path / "b", "l.txt", f"ICLR 2026 Papers\n\n{GOOD_A}\n")

    [icml] = load_papers([tmp_path / "a"]).papers
    [iclr] = load_papers([tmp_path / "b"]).papers

    assert icml.id.startswith("icml2026-") and iclr.id.startswith("iclr2026-")
    assert icml.id.split("-")[1] == iclr.id.split("-")[1]


# ---- hostile lists (issue 13): every field bounded, one bad row loses only itself

def _csv(tmp_path, rows: list[dict]) -> Path:
    import csv
    import io

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["title", "abstract", "venue", "year", "authors", "url"])
    writer.writeheader()
    writer.writerows([{"year": 2026, "venue": "ICLR", "title": "T", **row} for row in rows])
    return write(tmp_path, "papers.csv", out.getvalue())


@pytest.mark.parametrize("field, limit", [("title", 300), ("venue", 80), ("authors", 2_000), ("url", 500)])
def test_every_field_is_cut_to_its_limit_with_a_warning(tmp_path, field, limit):
    value = "x" * 10 + " word" * 100_000  # 500,010 characters
    result = load_papers([_csv(tmp_path, [{"abstract": GOOD_A, field: value}])])

    [paper] = result.papers
    shown = getattr(paper, field)
    assert len(shown) <= limit and value.startswith(shown)
    assert len(paper.id) < 120  # a 500,000-character venue made a 500 kB id
    assert any(f"papers.csv#1: {field} is 500,010 characters; only the first {limit} are kept" in w
               for w in result.warnings), result.warnings


@pytest.mark.parametrize("bad, problem", [
    ('{"title": "big", "abstract": "x", "year": ' + "9" * 5000 + "}", "cannot be read (Exceeds the limit"),
    ('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", "cannot be read (nested too deeply)"),
])
def test_one_unreadable_jsonl_row_skips_that_row_only(tmp_path, bad, problem):
    rows = [json.dumps({"title": f"P{i}", "abstract": f"We study problem number {i} with a careful new method.",
                        "venue": "ICLR", "year": 2026}) for i in range(1000)]
    rows.insert(500, bad)
    result = load_papers([write(tmp_path, "papers.jsonl", "\n".join(rows) + "\n")])

    assert len(result.papers) == 1000
    [warning] = result.warnings
    assert warning.startswith(f"papers.jsonl: line 501 {problem}") and warning.endswith("skipped")


def test_a_long_txt_header_keeps_its_venue_and_is_not_a_paper(tmp_path):
    header = "ICLR 2026 Papers " + "accepted at the conference " * 400  # 10 kB line 1
    result = load_papers([write(tmp_path, "long.txt", f"{header}\n\n{GOOD_A}\n\n{GOOD_B}\n")])

    assert [p.venue_year for p in result.papers] == ["ICLR 2026", "ICLR 2026"]
    assert [p.abstract for p in result.papers] == [GOOD_A, GOOD_B]
    [warning] = result.warnings
    assert warning.startswith("long.txt: line 1 is 10,817 characters; read as the header 'ICLR 2026'")


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_one_word_abstracts_are_refused_with_a_warning(tmp_path, fmt):
    rows = [{"title": "A", "abstract": GOOD_A}, {"title": "B", "abstract": "Transformers."}]
    if fmt == "csv":
        path = _csv(tmp_path, rows)
    else:
        path = write(tmp_path, "papers.jsonl", "\n".join(json.dumps({**r, "venue": "ICLR"}) for r in rows) + "\n")
    result = load_papers([path])

    assert [p.title for p in result.papers] == ["A"]
    assert any(f"papers.{fmt}#2: 'Transformers.' is too short to be an abstract; skipped" in w for w in result.warnings)
