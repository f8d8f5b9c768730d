"""rag.citations: markers, renumbering, claims, quotes, support and resolve, as tables of tiny cases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rag.answer.citations import (
    Marker, best_quotes, cite_copies, claims_for, find_markers, is_supported, renumber, resolve, strip_markers,
)
from rag.corpus.text import split_sentences
from rag.types import Paper


def paper(pid: str, text: str, title: str = "", year: int | None = 2026) -> Paper:
    return Paper(id=pid, title=title or pid, venue="ICML", year=year, abstract=text, text=text,
                 source="test.txt", position=1)


VEDA = paper("veda", "Veda accelerates sparse attention kernels. It achieves a 5.1× speedup on long sequences. "
             "We release code.", title="Veda")
GRAPH = paper("graph", "GraphMix learns molecular graphs with message passing. Accuracy improves by 3.8% on QM9.",
              title="GraphMix")
TOMATO = paper("tomato", "Tomatoes grow faster under red light. Yields rose 3,000 kg per hectare.", title="Red light")


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("claim [1].", [(1,)]),
        ("claim [1, 3].", [(1, 3)]),
        ("claim [1,3].", [(1, 3)]),
        ("claim [1; 3].", [(1, 3)]),
        ("claim [1-3].", [(1, 2, 3)]),
        ("claim [1–3].", [(1, 2, 3)]),
        ("claim [1 - 3, 5].", [(1, 2, 3, 5)]),
        ("claim [1][2].", [(1,), (2,)]),
        ("claim [Source 1].", [(1,)]),
        ("claim [source 2].", [(2,)]),
        ("claim [Sources 1, 3].", [(1, 3)]),
        ("claim [0].", [(0,)]),  # a marker; renumber drops the number
        ("in [2019-2023]", [tuple(range(2019, 2024))]),  # a marker; every number out of range
        ("claim [3, 3].", [(3, 3)]),  # written order kept; renumber dedupes
        ("a [2] b [1]", [(2,), (1,)]),
        ("[a]", []),
        ("[12.5]", []),
        ("[1a]", []),
        ("[]", []),
        ("[ 1]", []),
        ("see [text](https://x.org)", []),
        ("see [1](https://x.org)", []),
        ("see [Figure 1]", []),
        ("range [-1, 1]", []),
        ("[-2]", []),
        ("[1-30]", []),  # wider than 20: a page range, not sources
        ("[3-1]", []),
        ("[1-3-5]", []),
        ("[1,]", []),
        ("[1234567]", []),
        ("", []),
    ],
)
def test_find_markers(text, numbers):
    assert [m.numbers for m in find_markers(text)] == numbers


def test_find_markers_spans():
    assert find_markers("ab [1][2, 3] c") == [Marker(3, 6, (1,)), Marker(6, 12, (2, 3))]


@pytest.mark.parametrize(
    ("text", "n_sources", "expected", "order"),
    [
        ("a [1] b", 1, "a [1] b", [1]),
        ("[3] x [1] y [3]", 3, "[1] x [2] y [1]", [3, 1]),
        ("a [2] b [2] c [1]", 3, "a [1] b [1] c [2]", [2, 1]),
        ("a [3, 1] b", 3, "a [1, 2] b", [3, 1]),
        ("a [1,3] b [3]", 3, "a [1, 2] b [2]", [1, 3]),
        ("a [2, 2] b", 3, "a [1] b", [2]),
        ("a [2-4] b [3]", 5, "a [1, 2, 3] b [2]", [2, 3, 4]),
        ("a [Source 2] b [source 1]", 2, "a [1] b [2]", [2, 1]),
        ("a [2, 9] b", 3, "a [1] b", [2]),
        ("claim [9].", 3, "claim.", []),
        ("claim [0].", 3, "claim.", []),
        ("a [-1] b [2]", 3, "a [-1] b [1]", [2]),  # not a marker: left as written
        ("a [9] b", 3, "a b", []),
        ("a[9] b", 3, "a b", []),
        ("x[9]y", 3, "xy", []),
        ("[9] claim", 3, "claim", []),
        ("one [9]\ntwo [1]", 3, "one\ntwo [1]", [1]),
        ("one [9][8], two", 3, "one, two", []),
        ("a [1] b", 0, "a b", []),
        ("a [1][1] b", 2, "a [1] b", [1]),
        ("a [1] [1] b", 2, "a [1] b", [1]),
        ("a [1] [9] [1].", 3, "a [1].", [1]),
        ("a [1][2] b", 2, "a [1][2] b", [1, 2]),
        ("a [2][2, 2] b", 2, "a [1] b", [2]),
        ("see [Figure 2] and [2]", 2, "see [Figure 2] and [1]", [2]),
        ("no markers at all", 3, "no markers at all", []),
        ("", 3, "", []),
    ],
)
def test_renumber(text, n_sources, expected, order):
    assert renumber(text, n_sources) == (expected, order)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("claim [1].", "claim."),
        ("claim [1, 2] and more [3].", "claim and more."),
        ("[1] claim", "claim"),
        ("a [1][2] b", "a b"),
        ("keep [Figure 1] and [a]", "keep [Figure 1] and [a]"),
        ("- item [2]\n- next [1]", "- item\n- next"),
        ("plain", "plain"),
    ],
)
def test_strip_markers(text, expected):
    assert strip_markers(text) == expected


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("A claim [1]. Another claim [2].", {1: ["A claim."], 2: ["Another claim."]}),
        ("Both agree [1, 2].", {1: ["Both agree."], 2: ["Both agree."]}),
        ("Fast. [1] Slow. [2]", {1: ["Fast."], 2: ["Slow."]}),  # a marker after the stop cites what precedes
        ("No citation here. Cited [1].", {1: ["Cited."]}),
        ("Same [1]. Same [1].", {1: ["Same."]}),
        ("It is 3.5 times faster [1]. Next [2].", {1: ["It is 3.5 times faster."], 2: ["Next."]}),
        ("- First thing [1]\n- Second thing [2]", {1: ["First thing"], 2: ["Second thing"]}),
        ("1. First [2]\n2. Second [2]", {2: ["First", "Second"]}),
        ("Papers on this:\n- **Veda** (ICML 2026): fast. [1]", {1: ["**Veda** (ICML 2026): fast."]}),
        ("A claim that\nwraps a line [1].", {1: ["A claim that wraps a line."]}),
        ("[1]", {1: []}),
        ("", {}),
    ],
)
def test_claims_for(text, claims):
    assert claims_for(text) == claims


@pytest.mark.parametrize(
    ("claims", "source", "k", "quotes"),
    [
        (["Veda reaches a 5.1× speedup on long sequences"], VEDA, 2,  # one claim, one quote: no filler
         ("It achieves a 5.1× speedup on long sequences.",)),
        (["sparse attention kernels", "speedup on long sequences", "the code is released"], VEDA, 4,
         ("Veda accelerates sparse attention kernels.", "It achieves a 5.1× speedup on long sequences.",
          "We release code.")),  # three claims, three quotes
        (["Veda reaches a 5.1× speedup on long sequences"], VEDA, 1,
         ("It achieves a 5.1× speedup on long sequences.",)),
        (["the code is released", "speedup on long sequences"], VEDA, 2,  # each claim gets its best sentence
         ("We release code.", "It achieves a 5.1× speedup on long sequences.")),
        (["sparse kernels [1]"], VEDA, 2, ("Veda accelerates sparse attention kernels.",)),
        (["gardening tips"], VEDA, 2, ("Veda accelerates sparse attention kernels.",)),  # no overlap: first
        ([], VEDA, 2, ("Veda accelerates sparse attention kernels.",)),
        (["graphs"], paper("tie", "Graphs are big. Graphs are small."), 1, ("Graphs are big.",)),  # tie: earlier
        (["molecular graphs"], GRAPH, 2, ("GraphMix learns molecular graphs with message passing.",)),
        (["anything"], paper("empty", ""), 2, ()),
    ],
)
def test_best_quotes(claims, source, k, quotes):
    found = best_quotes(claims, source, k=k)
    assert found == quotes
    assert set(found) <= set(split_sentences(source.text))  # verbatim, from this paper


@pytest.mark.parametrize(
    ("claim", "papers", "supported"),
    [
        ("Veda achieves a 5.1× speedup [1].", [VEDA], True),
        ("achieves 9.9× speedup [1]", [VEDA], False),  # the words match, the number does not
        ("Veda achieves a 5× speedup.", [VEDA], False),  # 5 is not 5.1
        ("Accuracy improves by 3.8% on QM9.", [VEDA, GRAPH], True),  # any of the papers
        ("Accuracy improves by 3.8% on QM9.", [VEDA], False),
        ("Yields rose 3000 kg per hectare.", [TOMATO], True),  # "3,000" is 3000
        ("Veda (ICML 2026): sparse attention kernels", [VEDA], True),  # title and year count for numbers
        ("Sparse attention.", [VEDA], True),  # short claim: half its terms
        ("Tomatoes.", [VEDA], False),
        ("Kernels for tomatoes, cucumbers and speedup", [VEDA], False),  # terms spread over two sentences
        ("Veda uses sparse kernels for tomatoes and cucumbers", [VEDA], True),  # 2+ terms in one sentence
        ("Gardening tips for cucumbers.", [VEDA, GRAPH], False),
        ("Veda achieves a 5.1× speedup.", [], False),
        ("It is [1].", [VEDA], True),  # nothing checkable
        ("The CE^4L benchmark spans four tasks [1].", [paper("ce", "We introduce the CE⁴L benchmark of four tasks.")],
         True),  # the abstract's superscript is the model's digit
        ("The CE^5L benchmark spans four tasks [1].", [paper("ce", "We introduce the CE⁴L benchmark of four tasks.")],
         False),
    ],
)
def test_is_supported(claim, papers, supported):
    assert is_supported(claim, papers) is supported


def test_resolve_renumbers_and_quotes_the_right_paper():
    text = "Veda achieves a 5.1× speedup on long sequences [3]. GraphMix learns molecular graphs [1]."
    out = resolve(text, [GRAPH, TOMATO, VEDA])
    assert out.text == "Veda achieves a 5.1× speedup on long sequences [1]. GraphMix learns molecular graphs [2]."
    assert [(c.n, c.paper.id) for c in out.citations] == [(1, "veda"), (2, "graph")]
    assert out.citations[0].quotes[0] == "It achieves a 5.1× speedup on long sequences."
    assert out.citations[1].quotes[0] == "GraphMix learns molecular graphs with message passing."
    assert out.unsupported == ()


@pytest.mark.parametrize(
    ("text", "sources", "expected", "cited", "unsupported"),
    [
        ("Veda is fast [9].", [VEDA], "Veda is fast.", [], ()),
        ("No citations here.", [VEDA], "No citations here.", [], ()),
        ("Veda achieves a 9.9× speedup [1].", [VEDA], "Veda achieves a 9.9× speedup [1].", ["veda"],
         ("Veda achieves a 9.9× speedup.",)),
        # only the cited paper counts: GRAPH would support it, but the answer cites VEDA
        ("Accuracy improves by 3.8% on QM9 [1].", [VEDA, GRAPH], "Accuracy improves by 3.8% on QM9 [1].",
         ["veda"], ("Accuracy improves by 3.8% on QM9.",)),
        ("Accuracy improves by 3.8% on QM9 [1, 2].", [VEDA, GRAPH], "Accuracy improves by 3.8% on QM9 [1, 2].",
         ["veda", "graph"], ()),
        # the same paper twice in the sources is cited once, under its first number
        ("Sparse kernels [3]. Molecular graphs [2]. Attention kernels [1].", [VEDA, GRAPH, VEDA],
         "Sparse kernels [1]. Molecular graphs [2]. Attention kernels [1].", ["veda", "graph"], ()),
        ("- **GraphMix** (ICML 2026): learns molecular graphs [2]\n- **Veda** (ICML 2026): sparse kernels [1]",
         [VEDA, GRAPH], "- **GraphMix** (ICML 2026): learns molecular graphs [1]\n- **Veda** (ICML 2026): "
         "sparse kernels [2]", ["graph", "veda"], ()),
        ("Claim [1].", [], "Claim.", [], ()),
        # the extractive answerer's shape: a verbatim sentence, then its marker after the stop
        ("It achieves a 5.1× speedup on long sequences. [2] Accuracy improves by 3.8% on QM9. [1]", [GRAPH, VEDA],
         "It achieves a 5.1× speedup on long sequences. [1] Accuracy improves by 3.8% on QM9. [2]",
         ["veda", "graph"], ()),
    ],
)
def test_resolve(text, sources, expected, cited, unsupported):
    out = resolve(text, sources)
    assert out.text == expected
    assert [c.paper.id for c in out.citations] == cited
    assert [c.n for c in out.citations] == list(range(1, len(cited) + 1))
    assert out.unsupported == unsupported


WORDS = ["Veda", "sparse", "attention", "speedup", "5.1×", "graphs", "tomatoes", "the", "is", "[a]", "[",
         "]", "(", "[Figure", "1]", "2]"]
SEPARATORS = [" ", "", ". ", ", ", "\n", "\n- ", "\n1. "]
_n = st.integers(min_value=-2, max_value=15) | st.integers(min_value=1, max_value=4)  # mostly valid
MARKERS = st.one_of(
    _n.map(lambda n: f"[{n}]"),
    _n.map(lambda n: f"[Source {n}]"),
    st.tuples(_n, _n).map(lambda ab: f"[{ab[0]}-{ab[1]}]"),
    st.lists(_n, min_size=1, max_size=4).map(lambda ns: "[" + st_join(ns) + "]"),
)


def st_join(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers)) if len(numbers) % 2 else ";".join(map(str, numbers))


ANSWERS = st.lists(
    st.tuples(st.one_of(st.sampled_from(WORDS), MARKERS), st.sampled_from(SEPARATORS)), max_size=30,
).map(lambda parts: "".join(token + sep for token, sep in parts))
SENTENCES = st.lists(st.sampled_from(["Veda is fast.", "Sparse attention wins.", "It gives 5.1× speedup.",
                                      "Graphs help tomatoes.", "We release code."]), max_size=4)
SOURCES = st.lists(st.tuples(st.integers(0, 5), SENTENCES), max_size=8).map(
    lambda items: [paper(f"p{pid}", " ".join(text)) for pid, text in items]  # repeated ids: duplicate sources
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=ANSWERS, sources=SOURCES)
def test_resolve_invariants(text, sources):
    out = resolve(text, sources)
    numbers = [n for m in find_markers(out.text) for n in m.numbers]
    m = len(out.citations)
    assert all(1 <= n <= m for n in numbers)
    assert list(dict.fromkeys(numbers)) == list(range(1, m + 1))  # first appearances run 1, 2, 3…
    assert [c.n for c in out.citations] == list(range(1, m + 1))
    assert len({c.paper.id for c in out.citations}) == m
    for citation in out.citations:
        assert set(citation.quotes) <= set(split_sentences(citation.paper.text))
    assert renumber(out.text, m) == (out.text, list(range(1, m + 1)))  # already canonical


SPARSE = paper("sparse", "Sparse attention kernels skip tiles of the attention map. We release the kernels as open source "
               "code for everyone.", title="Skipper")


def test_an_uncited_copy_of_one_sources_sentence_is_cited_to_it():
    # a model given whole abstracts copies their sentences and leaves the marker off (dev q040 copied seven)
    text = "Veda is fast [1]. GraphMix learns molecular graphs with message passing. Accuracy improves by 3.8% on QM9."

    assert cite_copies(text, [VEDA, GRAPH]) == (
        "Veda is fast [1]. GraphMix learns molecular graphs with message passing. [2] Accuracy improves by 3.8% on "
        "QM9.")  # the last is too short to tell a copy from a claim: left uncited


@pytest.mark.parametrize("text", [
    "GraphMix learns molecular graphs with message passing.",  # a copy of no source given
    "Sparse attention kernels accelerate tiles.",  # both could have written it
    "Yes.",
    "Veda accelerates sparse attention kernels [2].",  # cited already, even if wrongly: resolve judges that
])
def test_a_sentence_that_copies_no_single_source_is_left_as_it_is(text):
    assert cite_copies(text, [VEDA, SPARSE]) == text
