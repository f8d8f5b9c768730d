"""Fuzzing with hypothesis: the paper-list parsers, the text helpers and the citation post-processing take
anything (random bytes, Unicode, LaTeX fragments, CSV and JSONL of any shape, stray and nested `[n]`) without
an exception escaping, and their invariants hold. tests/test_citations.py fuzzes `resolve` on a small
vocabulary; this file adds everything else."""

from __future__ import annotations

import csv
import io
import json
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rag
from rag.answer.citations import claims_for, find_markers, renumber, resolve, strip_markers
from rag.corpus.papers import load_papers
from rag.index.store import make_chunks
from rag.corpus.text import clean_markup, find_links, split_sentences
from rag.types import Paper

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FIELDS = ["title", "abstract", "text", "_id", "id", "venue", "year", "authors", "url"]

# ---------------------------------------------------------------- building blocks

WORDS = st.sampled_from([
    "We", "propose", "FooNet", "a", "video", "encoder", "that", "improves", "accuracy", "by", "4.2%", "on",
    "ImageNet", "e.g.", "i.e.", "et al.", "3.5", "times", "faster", "Veda", "(ICML 2026)", "[1]", "[2, 3]",
    "注意力", "模型。", "Ñandú", "🙂", "x", "2026", "—", "ICLR", "https://github.com/a/b", "www.github.com/c/d.",
    "http://x.org/p?q=1,", "(see https://gitlab.com/e/f)", "github.com/g/h*",
])
LATEX = st.sampled_from([
    r"$\alpha$", r"$\gamma$-similarity", r"\textbf{bold}", r"\emph{\textbf{nested}}", r"$O(n^2)$", r"$10^{-3}$",
    r"$\sim 3\times$", r"5.1$\times$", r"\href{https://x.org}{page}", r"$$x^2$$", r"\%", r"\_", r"$\leq$ 5",
    r"\cite{foo}", r"\unknowncommand", r"$\frac{a}{b}$", r"\mathbb{R}", "**bold**", "__under__", "*it*", "`code`",
    "[text](https://u.org)", "![img](https://i.org/x.png)", "---", "--", "``quoted''", "$5 and $10", "~",
])
# what a broken export holds: unbalanced braces and dollars, stray backslashes, control characters
LATEX_JUNK = st.sampled_from(["$", "$$", "\\", "{", "}", "^", "_", "\\\\", "\\{", "]", "[", "(", ")", "*", "**",
                              "`", "\t", "\x0b", "\x0c", "\u200b", "\ufeff", "\r", "\r\n"])
SEPARATORS = st.sampled_from([" ", " ", " ", ". ", ", ", "\n", "\n\n", "\r\n\r\n", "\n \n", "", "。"])
HEADERS = st.sampled_from(["ICML 2026 Papers", "ICLR 2026 Papers", "ICML 2026 论文列表", "CVPR, 2025", "ICML2026",
                           "Since 2020, many works", "", "2026", "NeurIPS 2025 — accepted papers", "- 2026",
                           ": 2025 Papers"])


def joined(tokens, separators=SEPARATORS, max_size=60):
    return st.lists(st.tuples(tokens, separators), max_size=max_size).map(
        lambda parts: "".join(token + sep for token, sep in parts))


PROSE = joined(st.one_of(WORDS, LATEX, LATEX_JUNK, st.text(max_size=8)))
PAPER_LISTS = st.tuples(HEADERS, st.sampled_from(["\n\n", "\n", "\r\n\r\n"]),
                        st.lists(PROSE, max_size=6)).map(lambda t: t[0] + t[1] + "\n\n".join(t[2]))

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30) | PROSE
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
RECORDS = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), JSON_VALUES, max_size=7)
JSONL_LINES = st.one_of(RECORDS.map(json.dumps), JSON_VALUES.map(json.dumps), st.text(max_size=40), st.just(""))


@st.composite
def csv_files(draw) -> str:
    header = draw(st.lists(st.sampled_from(FIELDS) | st.text(max_size=6), min_size=1, max_size=6))
    rows = draw(st.lists(st.lists(PROSE | st.text(max_size=20), max_size=len(header) + 2), max_size=6))
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows(rows)  # short and long rows too: DictReader pads with None or keys the rest under None
    return buffer.getvalue()


FILES = st.one_of(
    st.tuples(st.sampled_from([".txt", ".jsonl", ".csv"]), st.binary(max_size=600)),
    st.tuples(st.sampled_from([".txt", ".jsonl", ".csv"]), st.text(max_size=600).map(str.encode)),
    st.tuples(st.just(".txt"), PAPER_LISTS.map(str.encode)),
    st.tuples(st.just(".jsonl"), st.lists(JSONL_LINES, max_size=8).map(lambda ls: "\n".join(ls).encode())),
    st.tuples(st.just(".csv"), csv_files().map(str.encode)),
)

# ---------------------------------------------------------------- the parsers

PAPER_ID = re.compile(r"^[a-z0-9]*(?:19|20)?\d{0,2}-[0-9a-f]{10}$")


def assert_paper_is_whole(paper: Paper, names: set[str]) -> None:
    assert PAPER_ID.match(paper.id), paper.id
    assert paper.title.strip() and "\n" not in paper.title
    assert paper.text.strip() and paper.abstract.strip()
    assert paper.venue.strip() and (paper.year is None or 1900 <= paper.year <= 2099)
    assert paper.source in names and paper.position >= 1
    chunks = make_chunks(paper, rag.Settings())
    assert chunks and all(c.text.strip() for c in chunks) and len({c.id for c in chunks}) == len(chunks)


@FUZZ
@given(files=st.lists(FILES, min_size=1, max_size=3))
@example(files=[(".txt", b"ICML 2026 Papers\n\n\\quad \\! \\, \\; \\qquad\n")])  # markup only: no text
@example(files=[(".jsonl", b'{"title": "T", "abstract": "\\\\!"}')])
@example(files=[(".csv", b"title,abstract\nT,x\x00y\n")])
@example(files=[(".txt", b"- 2026\n\nWe propose FooNet, a lightweight video encoder.\n")])  # no venue in it
def test_any_file_loads_without_an_error_and_yields_whole_papers(files):
    with tempfile.TemporaryDirectory() as tmp:
        names = set()
        for i, (suffix, content) in enumerate(files):
            name = f"list{i}{suffix}"
            (Path(tmp) / name).write_bytes(content)
            names.add(name)

        loaded = load_papers([tmp])

    for warning in loaded.warnings:  # one line naming its file; never a parser crash caught by the safety net
        assert warning.split(":")[0].split("#")[0] in names and "\n" not in warning
        assert "could not be read" not in warning
    for paper in loaded.papers:
        assert_paper_is_whole(paper, names)
    assert len({p.id for p in loaded.papers}) == len(loaded.papers)
    assert len({" ".join(p.abstract.split()) for p in loaded.papers}) == len(loaded.papers)  # duplicates kept once


@FUZZ
@given(text=st.one_of(PROSE, st.text(max_size=300)))
@example(text="e.g. 3.5 times. Next one!  「引用。」Then [1]. 2.) Item")
def test_split_sentences_loses_nothing_but_whitespace(text):
    sentences = split_sentences(text)

    assert all(s and s == s.strip() and "\n" not in s and "  " not in s for s in sentences)
    assert "".join("".join(sentences).split()) == "".join(text.split())


@FUZZ
@given(text=st.one_of(joined(st.one_of(WORDS, LATEX, LATEX_JUNK)), st.text(max_size=300)))
def test_clean_markup_never_fails_and_tidies_spaces(text):
    cleaned = clean_markup(text)

    assert cleaned == cleaned.strip() and "\t" not in cleaned and "  " not in cleaned


@FUZZ
@given(text=joined(st.one_of(WORDS, LATEX), st.sampled_from([" ", ", ", ". "])))
def test_well_formed_latex_leaves_no_commands_behind(text):
    cleaned = clean_markup(text)

    assert "\\" not in cleaned and "$\\" not in cleaned and "**" not in cleaned


@FUZZ
@given(text=st.text(alphabet=st.sampled_from("abcXYZ019 .,;:!?()ñ注"), max_size=80))
def test_plain_prose_passes_through_unchanged(text):
    assert clean_markup(text) == re.sub(" +", " ", text).strip()


@FUZZ
@given(text=st.one_of(PROSE, st.text(max_size=300)))
def test_links_are_whole_urls_found_in_the_text(text):
    links = find_links(text)

    assert len({link.url for link in links}) == len(links)
    for link in links:
        assert re.match(r"^https?://\S+$", link.url) and link.url[-1] not in ".,;:!?*_"
        bare = link.url if link.url in text else link.url.removeprefix("https://")
        assert bare in text
        assert link.is_code == any(host in link.url.lower() for host in
                                   ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourceforge.net",
                                    "gitee.com", "huggingface.co/spaces", "anonymous.4open.science"))


# ---------------------------------------------------------------- citation post-processing

NUMBER = st.integers(min_value=-1, max_value=25)
MARKERS = st.one_of(
    NUMBER.map(lambda n: f"[{n}]"),
    st.tuples(NUMBER, NUMBER).map(lambda ab: f"[{ab[0]}, {ab[1]}]"),
    st.tuples(NUMBER, NUMBER).map(lambda ab: f"[{ab[0]}-{ab[1]}]"),
    st.tuples(NUMBER, NUMBER).map(lambda ab: f"[{ab[0]}–{ab[1]}]"),
    st.tuples(NUMBER, NUMBER).map(lambda ab: f"[[{ab[0]}]{ab[1]}]"),  # nested: removing the inner one glues
    st.tuples(NUMBER, NUMBER).map(lambda ab: f"[{ab[0]} [{ab[1]}]]"),
    NUMBER.map(lambda n: f"[[{n}]]"),
    NUMBER.map(lambda n: f"[Source {n}]"),
    NUMBER.map(lambda n: f"[{n}](https://x.org)"),
    st.sampled_from(["[", "]", "[]", "[a]", "[1,]", "[Figure 2]", "[١]", "[1; 2]", "[1234567]"]),
)
ANSWERS = joined(st.one_of(MARKERS, WORDS, st.text(max_size=6)),
                 st.sampled_from([" ", "", ". ", "\n", "\n- ", "\n1. ", "。"]), max_size=40)


@FUZZ
@given(text=ANSWERS)
@example(text="claim [[9]1].")
def test_stripping_markers_leaves_none(text):
    stripped = strip_markers(text)

    assert find_markers(stripped) == []


@FUZZ
@given(text=ANSWERS)
def test_markers_are_ordered_bracketed_spans(text):
    markers = find_markers(text)

    assert all(a.end <= b.start for a, b in zip(markers, markers[1:]))
    for marker in markers:
        span = text[marker.start:marker.end]
        assert span.startswith("[") and span.endswith("]") and marker.numbers and min(marker.numbers) >= 0


@FUZZ
@given(text=ANSWERS, n_sources=st.integers(min_value=0, max_value=8))
def test_renumbered_markers_run_from_1_and_point_to_given_sources(text, n_sources):
    out, order = renumber(text, n_sources)

    numbers = [n for m in find_markers(out) for n in m.numbers]
    assert list(dict.fromkeys(numbers)) == list(range(1, len(order) + 1))  # first appearances 1, 2, 3…
    assert len(set(order)) == len(order) and all(1 <= n <= n_sources for n in order)
    assert renumber(out, len(order)) == (out, list(range(1, len(order) + 1)))  # already canonical


@FUZZ
@given(text=ANSWERS)
def test_claims_carry_no_markers(text):
    claims = claims_for(text)

    cited = {n for m in find_markers(text) for n in m.numbers}
    assert set(claims) <= cited
    assert all(not find_markers(claim) for found in claims.values() for claim in found)


SOURCE_TEXTS = st.one_of(PROSE, st.text(max_size=200))


@FUZZ
@given(text=ANSWERS, texts=st.lists(SOURCE_TEXTS, max_size=6))
def test_resolve_on_any_text_cites_given_sources_with_verbatim_quotes(text, texts):
    sources = [Paper(id=f"p{i % 4}", title=f"P{i % 4}", venue="ICML", year=2026, abstract=t or "x", text=t,
                     source="t.txt", position=1) for i, t in enumerate(texts)]

    out = resolve(text, sources)

    m = len(out.citations)
    numbers = [n for marker in find_markers(out.text) for n in marker.numbers]
    assert list(dict.fromkeys(numbers)) == list(range(1, m + 1))
    assert [c.n for c in out.citations] == list(range(1, m + 1))
    assert {c.paper.id for c in out.citations} <= {p.id for p in sources}
    assert len({c.paper.id for c in out.citations}) == m
    for citation in out.citations:
        assert set(citation.quotes) <= set(split_sentences(citation.paper.text))
