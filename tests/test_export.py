"""BibTeX and CSV of cited papers, and the plain text an answer copies as: pure functions, tables of cases."""

from __future__ import annotations

import csv
import json
import io
import re

import pytest

import rag
from rag.serve.export import (CSV_HEADER, bibtex_key, cited_papers, latex_escape, paper_url, plain_answer, to_bibtex,
                        to_csv)


def paper(**changes) -> rag.Paper:
    fields = dict(id="icml2026-1a2b3c4d5e", title="Veda", venue="ICML", year=2026, abstract="a",
                  text="Veda speeds up video diffusion by 5.1×.", source="icml.txt", position=1)
    return rag.Paper(**{**fields, **changes})


GITHUB = rag.Link("https://github.com/x/veda", is_code=True)


def bib_fields(entry: str) -> dict[str, str]:
    """`name = {value},` lines of one entry (values here hold balanced braces only)."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^  (\w+) = \{(.*)\},$", entry, re.M)}


def balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


# ---- BibTeX

@pytest.mark.parametrize("raw, escaped", [
    ("plain words", "plain words"),
    ("50% & more", r"50\% \& more"),
    ("$\\gamma$-decay", r"\$\textbackslash{}gamma\$-decay"),
    ("a_b ^ c ~ d # e", r"a\_b \textasciicircum{} c \textasciitilde{} d \# e"),
    ("{unbalanced", r"\textbraceleft{}unbalanced"),
    ("close} only", r"close\textbraceright{} only"),
    ("lines\nand   spaces", "lines and spaces"),
])
def test_latex_specials_are_escaped(raw, escaped):
    assert latex_escape(raw) == escaped


def test_an_entry_has_title_venue_year_url_and_abstract():
    entry = to_bibtex([paper(links=(GITHUB,))])
    assert entry.startswith("@inproceedings{icml2026_veda_1a2b3c,\n")
    assert bib_fields(entry) == {
        "title": "{Veda}", "booktitle": "ICML", "year": "2026", "url": "https://github.com/x/veda",
        "abstract": "Veda speeds up video diffusion by 5.1×.",
    }


def test_the_source_url_comes_before_a_code_link_and_authors_are_joined_with_and():
    fields = bib_fields(to_bibtex([paper(url="https://openreview.net/forum?id=a_b", links=(GITHUB,),
                                         authors=("Ada Lovelace", "Alan Turing"))]))
    assert fields["url"] == "https://openreview.net/forum?id=a_b"  # verbatim: a URL is not LaTeX
    assert fields["author"] == "Ada Lovelace and Alan Turing"


def test_an_unknown_venue_is_a_misc_entry_without_booktitle_or_year():
    entry = to_bibtex([paper(venue="unknown", year=None, id="unknown-ffeeddccbb")])
    assert entry.startswith("@misc{paper_veda_ffeedd,") and "booktitle" not in entry and "year" not in entry


def test_hostile_text_cannot_break_out_of_its_field():
    entry = to_bibtex([paper(title="Evil}, author = {Mallory", text="x} @misc{injected, title={y}",
                             url="https://x.org/}\n@misc{z")])
    assert balanced(entry) and len(re.findall(r"^@", entry, re.M)) == 1  # the only entry start is ours
    assert set(bib_fields(entry)) == {"title", "booktitle", "year", "url", "abstract"}
    assert "%7D" in bib_fields(entry)["url"]


@pytest.mark.parametrize("title, key", [
    ("Veda", "icml2026_veda_1a2b3c"),
    ("Video-BCI: brain signals", "icml2026_videobci_1a2b3c"),
    ("Ünïcode Übermodel", "icml2026_unicode_1a2b3c"),
    ("…", "icml2026_untitled_1a2b3c"),
])
def test_keys_are_venue_year_first_word_and_hash(title, key):
    assert bibtex_key(paper(title=title)) == key


def test_keys_are_stable_and_unique_even_when_six_digits_collide():
    a = paper(id="icml2026-1a2b3c0000")
    b = paper(id="icml2026-1a2b3c9999")
    keys = re.findall(r"^@\w+\{([^,]+),", to_bibtex([a, b]), re.M)
    assert keys == ["icml2026_veda_1a2b3c", "icml2026_veda_1a2b3c9999"]
    assert re.findall(r"^@\w+\{([^,]+),", to_bibtex([b, a]), re.M) == ["icml2026_veda_1a2b3c",
                                                                        "icml2026_veda_1a2b3c0000"]


def test_every_shipped_paper_exports_as_balanced_bibtex_with_unique_keys(built_settings):
    papers = rag.get_index(built_settings).snapshot().papers
    bib = to_bibtex(papers)
    keys = re.findall(r"^@\w+\{([^,]+),", bib, re.M)
    assert len(keys) == len(set(keys)) == len(papers) == 70
    assert balanced(bib)
    assert all(balanced(entry) for entry in bib.split("\n@"))  # each entry on its own, too


# ---- CSV

def test_csv_has_the_header_and_one_row_per_paper():
    quoted = paper(id="iclr2026-0", venue="ICLR", title='Quote "and", comma')
    rows = list(csv.reader(io.StringIO(to_csv([paper(links=(GITHUB,)), quoted]))))
    assert tuple(rows[0]) == CSV_HEADER == ("id", "title", "authors", "venue", "year", "url", "doi", "arxiv_id",
                                            "abstract")
    assert rows[1] == ["icml2026-1a2b3c4d5e", "Veda", "", "ICML", "2026", "https://github.com/x/veda", "", "",
                       "Veda speeds up video diffusion by 5.1×."]
    assert rows[2][1] == 'Quote "and", comma' and rows[2][5] == ""


def test_csv_has_an_authors_column():
    rows = list(csv.DictReader(io.StringIO(to_csv([paper(authors=("Mei Lin", "Jonas Okafor"), doi="10.1/x")]))))
    assert (rows[0]["authors"], rows[0]["doi"]) == ("Mei Lin; Jonas Okafor", "10.1/x")


@pytest.mark.parametrize("title", ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)"])
def test_csv_cells_that_a_spreadsheet_would_run_are_defused(title):
    rows = list(csv.DictReader(io.StringIO(to_csv([paper(title=title)]))))
    assert rows[0]["title"] == "'" + title


def test_csv_keeps_newlines_inside_one_field():
    rows = list(csv.DictReader(io.StringIO(to_csv([paper(text="line one\nline two")]))))
    assert len(rows) == 1 and rows[0]["abstract"] == "line one\nline two"


# ---- cited papers and the copied answer

def test_cited_papers_are_unique_in_order_of_first_citation():
    veda, flow, kv = paper(), paper(id="icml2026-2", title="FlowNar"), paper(id="icml2026-3", title="ProtoKV")
    answers = [rag.Answer("a [1] [2]", (rag.Citation(1, flow), rag.Citation(2, veda))),
               rag.Answer("no sources"),
               rag.Answer("b [1] [2]", (rag.Citation(1, veda), rag.Citation(2, kv)))]
    assert [p.title for p in cited_papers(answers)] == ["FlowNar", "Veda", "ProtoKV"]


@pytest.mark.parametrize("changes, url", [
    ({}, ""), ({"links": (GITHUB,)}, GITHUB.url), ({"links": (rag.Link("https://x.org"),)}, ""),
    ({"url": "https://openreview.net/x", "links": (GITHUB,)}, "https://openreview.net/x"),
])
def test_a_papers_url_is_its_own_else_its_code(changes, url):
    assert paper_url(paper(**changes)) == url


def test_the_copied_answer_is_plain_text_with_numbered_references():
    answer = rag.Answer(
        text="- **Veda** (ICML 2026): 5.1× faster [1]\n- **FlowNar** (ICML 2026): streams [2]",
        citations=(rag.Citation(1, paper(links=(GITHUB,))), rag.Citation(2, paper(id="x-2", title="FlowNar"))),
        notice="LLM unavailable, answered extractively (timeout)")
    assert plain_answer(answer) == (
        "- Veda (ICML 2026): 5.1× faster [1]\n- FlowNar (ICML 2026): streams [2]\n\n"
        "[1] Veda. ICML 2026. https://github.com/x/veda\n[2] FlowNar. ICML 2026.\n\n"
        "LLM unavailable, answered extractively (timeout)")


def test_an_abstention_copies_as_its_text_alone():
    assert plain_answer(rag.Answer(text="The indexed papers don't answer this.", abstained=True)) == \
        "The indexed papers don't answer this."


# ---- identity: authors, ids, the source's own entry; RIS and CSL-JSON

ARXIV = dict(venue="arXiv", year=2024, authors=("Hannah Becker", "Kwame Mensah", "Yuki Sato"),
             url="https://arxiv.org/abs/2403.01234", arxiv_id="2403.01234", keywords=("cs.SD", "cs.CL"),
             note="arXiv: cs.SD cs.CL", id="arxiv2024-abcdef0123", title="Lattice Tokenizers")


def test_bibtex_carries_authors_url_eprint_and_note():
    entry = to_bibtex([paper(**ARXIV)])
    assert entry.startswith("@misc{arxiv2024_lattice_abcdef,")
    fields = bib_fields(entry)
    assert fields["author"] == "Hannah Becker and Kwame Mensah and Yuki Sato"
    assert (fields["url"], fields["eprint"], fields["archiveprefix"]) == (
        "https://arxiv.org/abs/2403.01234", "2403.01234", "arXiv")
    assert fields["note"] == "arXiv: cs.SD cs.CL" and fields["keywords"] == "cs.SD, cs.CL"


OPENREVIEW_BIB = ("@inproceedings{\nlin2026tidal,\ntitle={Tidal Memory},\nauthor={Mei Lin and Tom{\\'a}s Alvarez},\n"
                  "booktitle={The Fourteenth International Conference on Learning Representations},\nyear={2026},\n"
                  "url={https://openreview.net/forum?id=Xk3pT9qLmZ}\n}")


def test_the_sources_own_bibtex_is_exported_as_given_under_its_own_key():
    entry = to_bibtex([paper(bibtex=OPENREVIEW_BIB)])
    assert entry.startswith("@inproceedings{lin2026tidal,\n") and "Tom{\\'a}s Alvarez" in entry
    assert "Fourteenth International Conference" in entry and balanced(entry)


@pytest.mark.parametrize("bad", [
    "@inproceedings{k,\ntitle={x}}\n@misc{injected, title={y}}", "@article{k, title={unclosed}", "not bibtex {}",
])
def test_a_malformed_source_entry_is_replaced_by_our_own(bad):
    entry = to_bibtex([paper(bibtex=bad)])
    assert entry.startswith("@inproceedings{icml2026_veda_1a2b3c,") and len(re.findall(r"(?m)^@", entry)) == 1


def test_ris_has_one_record_per_paper_with_authors_link_and_ids():
    from rag.serve.references import to_ris

    ris = to_ris([paper(**ARXIV), paper(doi="10.1/xyz", authors=("Ada Lovelace",), text="line one\nER  - \nTY  - X")])
    records = ris.split("ER  - \n")
    assert len([r for r in records if r.strip()]) == 2
    first = records[0].splitlines()
    assert first[:3] == ["TY  - RPRT", "ID  - arxiv2024_lattice_abcdef", "TI  - Lattice Tokenizers"]
    assert ["AU  - Hannah Becker", "AU  - Kwame Mensah", "AU  - Yuki Sato"] == [x for x in first if x.startswith("AU")]
    assert "UR  - https://arxiv.org/abs/2403.01234" in first and "KW  - cs.SD" in first
    second = records[1].splitlines()
    assert "DO  - 10.1/xyz" in second and "AB  - line one ER - TY - X" in second  # no tag smuggled in


def test_csl_json_names_are_split_into_given_and_family():
    from rag.serve.references import to_csl_json

    [item] = json.loads(to_csl_json([paper(**{**ARXIV, "authors": ("Anna van der Berg", "Madonna")})]))
    assert item["id"] == "arxiv2024_lattice_abcdef" and item["type"] == "article"
    assert item["author"] == [{"given": "Anna", "family": "van der Berg"}, {"literal": "Madonna"}]
    assert item["issued"] == {"date-parts": [[2024]]} and item["URL"] == "https://arxiv.org/abs/2403.01234"
    assert item["number"] == "arXiv:2403.01234" and item["keyword"] == "cs.SD, cs.CL"


def test_the_copied_answer_names_the_authors_short():
    answer = rag.Answer(text="It streams [1]", citations=(rag.Citation(1, paper(**ARXIV)),))
    assert plain_answer(answer).endswith("[1] Lattice Tokenizers. Hannah Becker et al. arXiv 2024. "
                                         "https://arxiv.org/abs/2403.01234")
