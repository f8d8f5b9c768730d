"""Composing extractive answers: whole sentences, cited, in the shapes a reader expects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rag.answer.asks import Asks
from rag.answer.compare import compare_answer
from rag.answer.names import names_in
from rag.answer.extractive import Source, excluded_answer, fact_answer, list_answer, not_reported_answer
from rag.types import Hit, Link, Paper

VEDA = ("Video diffusion is slow. We propose Veda, a distilled sparse attention framework. "
        "Veda achieves a 5.1× end-to-end speedup on Waver-T2V-12B. The code is available at https://github.com/x/veda.")
PROTO = ("Streaming video understanding must answer delayed queries. ProtoKV keeps an exact near-window KV cache "
         "and aggregates older content into a prototype bank. ProtoKV improves accuracy by up to 12.5 points.")


def paper(title: str, text: str, venue: str = "ICML") -> Paper:
    return Paper(id=title.lower(), title=title, venue=venue, year=2026, abstract=text, text=text, source="f",
                 position=1, title_derived=True)


def source(n: int, title: str, text: str, venue: str = "ICML") -> Source:
    return Source(n, Hit(paper=paper(title, text, venue), score=1.0))


def asks(ask: set[str], wants: str = "", attribute: str = "") -> Asks:
    return Asks(frozenset(ask), frozenset(ask), wants, attribute, wanted=frozenset(ask))


@pytest.mark.parametrize(("ask", "wants", "expected"), [
    ({"speedup"}, "number", "Veda achieves a 5.1× end-to-end speedup on Waver-T2V-12B. [1]"),
    ({"sparse", "attent"}, "", "We propose Veda, a distilled sparse attention framework. [1]"),
])
def test_a_fact_answer_is_the_sentence_that_answers(ask, wants, expected):
    assert fact_answer([source(1, "Veda", VEDA)], asks(ask, wants), {}, 120).startswith(expected)


TWO_SPEEDUPS = ("Video diffusion is slow. {0} reaches a 2.1× speedup on short videos. {0} reaches a 3.4× speedup "
                "on long videos.")


@pytest.mark.parametrize(("budget", "sentences"), [(120, 4), (30, 3), (20, 2)])
def test_each_paper_of_a_several_paper_answer_is_quoted_before_any_ones_second_sentence(budget, sentences):
    papers = [source(1, "Veda", TWO_SPEEDUPS.format("Veda")), source(2, "Fastgen", TWO_SPEEDUPS.format("Fastgen"))]
    text = fact_answer(papers, asks({"speedup", "video"}, "number"), {}, budget)

    assert text.count("[1]") + text.count("[2]") == sentences  # a tight budget drops second sentences first
    assert "[1]" in text and "[2]" in text  # never a chosen paper
    assert text.rindex("[1]") < text.index("[2]")  # grouped by paper, in retrieval's order


def test_a_list_that_kept_every_paper_searched_says_its_count_is_a_floor():
    text = list_answer([source(1, "Veda", VEDA), source(3, "ProtoKV", PROTO)], asks({"video"}), {}, 120, more=True)

    assert text.splitlines()[0] == ("At least 2 papers match; these are the 2 closest (a narrower topic, or the "
                                    "Search tab, finds the rest):")


def test_a_list_says_how_many_match_and_quotes_whole_sentences():
    text = list_answer([source(1, "Veda", VEDA), source(3, "ProtoKV", PROTO)], asks({"video"}), {}, 120)

    lines = text.splitlines()
    assert lines[0] == "2 papers match:"
    assert lines[1] == "- Veda (ICML 2026): Video diffusion is slow. [1]"
    assert lines[2].startswith("- ProtoKV (ICML 2026): Streaming video understanding must answer") and \
        lines[2].endswith("queries. [3]")
    assert "…" not in text


def test_a_list_that_goes_on_to_ask_something_of_its_papers_quotes_each_ones_sentence_on_it():
    """"Which papers speed up video diffusion, and what speedup do they reach?": the speedup too, where a paper gives
    one; a paper that gives none keeps its one line."""
    wanting = replace(asks({"video"}), of_listed=asks({"speed"}, "number"))  # the stem of "speedup" (terms.py)
    lines = list_answer([source(1, "Veda", VEDA), source(3, "ProtoKV", PROTO)], wanting, {}, 120).splitlines()

    assert lines[1] == "- Veda (ICML 2026): Video diffusion is slow. Veda achieves a 5.1× end-to-end speedup on " \
                       "Waver-T2V-12B. [1]"
    assert lines[2] == "- ProtoKV (ICML 2026): Streaming video understanding must answer delayed queries. [3]"


def test_one_match_is_said_in_the_singular():
    assert list_answer([source(1, "Veda", VEDA)], asks({"video"}), {}, 120).startswith("1 paper matches:")


def test_a_comparison_gives_each_named_paper_its_own_sentence_cited():
    text = compare_answer([source(1, "Veda", VEDA), source(2, "ProtoKV", PROTO)], asks({"speedup", "accuraci"},
                                                                                      "number"), {}, 120)
    veda, proto = text.splitlines()
    assert veda.startswith("Veda: ") and "5.1×" in veda and veda.endswith("[1]")
    assert proto.startswith("ProtoKV: ") and "12.5 points" in proto and proto.endswith("[2]")


def test_not_reported_names_the_paper_and_the_missing_detail_then_its_gist_cited():
    text = not_reported_answer(source(1, "Veda", VEDA), asks({"learn", "rate"}, attribute="learning rate"), {})

    assert text.startswith("The Veda abstract does not report its learning rate.")
    assert text.endswith("[1]")


@pytest.mark.parametrize(("venue", "year", "expected"), [
    ("ICLR", None, "Veda is ICML 2026, outside the ICLR filter."),
    ("ICLR", 2026, "Veda is ICML 2026, outside the ICLR 2026 filter."),
    (("ICLR", "NeurIPS"), None, "Veda is ICML 2026, outside the ICLR or NeurIPS filter."),
    (None, 2025, "Veda is ICML 2026, outside the 2025 filter."),
])
def test_a_named_paper_outside_the_filters_is_named_with_its_venue(venue, year, expected):
    assert excluded_answer([paper("Veda", VEDA)], venue, year).startswith(expected)


GRID = ("Recent video LLMs still struggle to compress visual tokens for long videos. "
        "We propose GridNet, a training-free token method. "
        "Our approach integrates norm-based spatial pooling to compress video tokens. "
        "Extensive experiments show GridNet compresses video tokens well.")
SEG = ("Scene graph generation is a structured video task. However, this task faces two key challenges. "
       "First, relations are temporally sparse. Second, the relation distribution is long-tailed. "
       "To address these issues, we propose SegNet, a segment-aware framework.")


@pytest.mark.parametrize(("text", "ask", "wants", "expected", "absent"), [
    # a mechanism: the paper's own method, not the sentence restating the shared topic or its experiments
    (GRID, {"compress", "video", "token"}, "method", "norm-based spatial pooling", "struggle"),
    # a problem: the challenges it announces, not the sentence proposing the method
    (SEG, {"problem"}, "", "long-tailed", "we propose"),
])
def test_a_compared_paper_gives_its_sentence_on_the_asked_aspect(text, ask, wants, expected, absent):
    problem = wants == "" and "problem" in ask
    found = Asks(frozenset(ask), frozenset(ask), wants, "", problem=problem, wanted=frozenset(ask))

    line = compare_answer([source(1, "GridNet" if text is GRID else "SegNet", text)], found, {}, 120)

    assert expected in line and absent not in line and line.endswith("[1]")


KERNEL = ("Mixture-of-Experts relies on Softmax routers. We show that the kernel function corresponds to the output "
          "layer. We propose KERN, an FFN-style router function, as an alternative to Softmax.")
SPARSE = ("Video diffusion is slow. We propose Sparro, a distilled sparse attention framework. "
          "Sparro integrates tile scoring with head-aware tiling to reach aggressive sparsity. "
          "Experiments show Sparro achieves a 5.1x speedup.")
COUNTED = ("We propose Countr, a framework for video reasoning. Extensive experiments on six mainstream benchmarks show "
           "that Countr sets a new state of the art. For example, it beats the previous best on MMVU by 3.8%.")


@pytest.mark.parametrize(("title", "text", "found", "wants", "attribute", "expected", "absent"), [
    # a name inside another word ("KERN" in "kernel") does not make a sentence the paper's own: the one presenting
    # KERN opens (the comparison ranker's sentences follow it), not "the kernel function corresponds …"
    ("KERN", KERNEL, {"part", "chang"}, "", "", "KERN: We propose KERN, an FFN-style router function", "kern: we show"),
    # the sentence presenting the method and the one saying how it works, together, in the abstract's order
    ("Sparro", SPARSE, {"cheaper"}, "method", "", "sparse attention framework. Sparro integrates tile scoring", "5.1x"),
    # "how many benchmarks" is answered by a count in words
    ("Countr", COUNTED, {"benchmark"}, "number", "number of benchmarks", "six mainstream benchmarks", "we propose"),
])
def test_a_compared_paper_quotes_its_method_or_its_count(title, text, found, wants, attribute, expected, absent):
    line = compare_answer([source(1, title, text)], asks(found, wants, attribute), {}, 120)

    assert expected in line and absent not in line.lower() and line.startswith(f"{title}: ")
    assert line.count(". ") <= 3  # three sentences a paper at most


def test_the_gist_of_a_paper_opens_with_the_sentence_presenting_it():
    gist = Asks(frozenset({"veda"}), frozenset({"veda"}), "", "", gist=True, written=("Veda",))

    assert fact_answer([source(1, "Veda", VEDA)], gist, {}, 120).startswith(
        "We propose Veda, a distilled sparse attention framework. [1]")


@pytest.mark.parametrize(("text", "names", "expected"), [
    ("we propose ST GridPool, a method", ["ST-GridPool"], True),
    ("we propose STGridPool", ["ST-GridPool"], True),
    ("KERN's router", ["KERN"], True),
    ("the kernel function", ["KERN"], False),
    ("the Vedanta school", ["Veda"], False),
    ("nothing here", [], False),
])
def test_a_name_counts_only_as_a_whole_word(text, names, expected):
    assert names_in(text, names) is expected


def test_a_hostile_title_among_the_loosely_related_reaches_the_page_as_text():
    import rag
    from ui.render import render_answer

    hostile = paper("![x](http://127.0.0.1:9/leak) <img src=http://127.0.0.1:9/i> [a](javascript:alert(1))", PROTO)
    text = list_answer([source(1, "Veda", VEDA)], asks({"video"}), {}, 120, related=[Hit(paper=hostile, score=0.1)])
    shown = render_answer(rag.Answer(text=text, mode="extractive"), 1)

    assert "Loosely related, not counted: " in text
    assert "<img" not in shown and "](http" not in shown and "](javascript" not in shown


# three sentences on the footage's hours outrank the one naming the framework for the whole question
UCS = ("We introduce UCS-Bench, a benchmark of egocentric video for spatial intelligence. It spans 170+ hours of "
       "footage with 8.1K questions. Its footage averages 2.5 hours a video. Each of the 60 hours of footage is "
       "annotated. We propose DirectMe, a framework that maintains a spatial memory.")


@pytest.mark.parametrize(("clauses", "framework_quoted"), [(True, True), (False, False)])
def test_each_asked_clause_gets_its_own_sentence(clauses, framework_quoted):
    hours, framework = asks({"hour", "footag"}, "number"), asks({"propos", "framework"}, "names")
    both = Asks(hours.focus | framework.focus, hours.ask | framework.ask, "number", "",
                wanted=hours.ask | framework.ask, parts=(hours, framework) if clauses else ())

    text = fact_answer([source(1, "UCS-Bench", UCS)], both, {}, 120)

    assert ("We propose DirectMe" in text) is framework_quoted and "hours" in text.split(". [1]")[0]


FORCING = ("Autoregressive video diffusion drifts over long horizons. We introduce Deep Forcing, a training-free "
           "extension that stabilizes long video generation through two complementary mechanisms. Deep Sink keeps "
           "persistent sink tokens. Participative Compression prunes the KV cache by importance. Together they "
           "reach 12× length extrapolation.")


def test_a_sentence_announcing_items_gives_way_to_the_sentences_naming_them():
    text = fact_answer([source(1, "Deep Forcing", FORCING)], asks({"mechan", "complementari"}, "names"), {}, 120)

    assert "Deep Sink keeps" in text and "Participative Compression prunes" in text
    assert "two complementary mechanisms." not in text


BRIDGE = ("Reward signals of QA and captioning conflict. We build a training framework upon two intermediate proxy tasks: "
          "DarkEventInfer, which masks event segments; and MixVidQA, which interleaves two clips. Extensive experiments "
          "show significant gains on QA and captioning within one model.")


@pytest.mark.parametrize(("attribute", "quoted"), [("two tasks", True), ("two proxy tasks", True), ("", False),
                                                   ("two papers", False), ("two challenges", False)])
def test_a_count_asked_is_answered_by_the_sentence_announcing_as_many(attribute, quoted):
    # read set DQ, dq063: "what are the two in-between training tasks it uses?" quoted the experiments sentence alone
    text = fact_answer([source(1, "Bridge", BRIDGE)], asks({"experi", "gain"}, "names", attribute), {}, 120)

    assert ("DarkEventInfer" in text and "MixVidQA" in text) is quoted


QUANT = ("Diffusion models are costly to run. We introduce LSGQuant, a layer-guided quantization approach. Our method "
         "incorporates a Dynamic Range Adaptive Quantizer (DRAQ) to fit activations. Furthermore, we implement a "
         "Variance-Oriented Layer Training Strategy (VOLTS) in calibration. We also introduce Quantization-Aware "
         "Optimization (QAO) to refine the quantized branch. Extensive experiments show near full-precision quality.")


@pytest.mark.parametrize(("ask", "clause", "every_part"), [
    ({"compon"}, "What are the components of LSGQuant?", True),
    ({"modul"}, "Which modules does LSGQuant add?", True),
    ({"experi"}, "What experiments does LSGQuant run?", False),
    # one part asked is the best sentence's (a second review of session 49, qu020 lost DRAQ to the others)
    ({"compon", "adapt", "rang"}, "How is the component called that adapts to the range?", False),
])
def test_the_parts_asked_of_a_method_are_each_quoted_when_no_sentence_announces_them(ask, clause, every_part):
    # read set EL, el003: "the actual building blocks of the quantization pipeline" quoted two of LSGQuant's three
    text = fact_answer([source(1, "LSGQuant", QUANT)], replace(asks(ask), clause=clause), {}, 150)

    assert all(part in text for part in ("(DRAQ)", "(VOLTS)", "(QAO)")) is every_part


BCI = ("Video models map inputs to outputs without introspection. We propose Video-BCI, a framework that samples "
       "self-prior hypotheses. Sampling encourages the model to challenge the erroneous majority consensus "
       "among its priors. Experiments on six benchmarks show new state-of-the-art results.")


@pytest.mark.parametrize(("identify", "named"), [(True, True), (False, False)])
def test_an_answer_to_which_paper_it_is_names_the_paper(identify, named):
    wanted = Asks(frozenset({"majority", "challeng"}), frozenset({"majority", "challeng"}), "", "",
                  wanted=frozenset({"majority", "challeng"}), identify=identify)
    bci = Source(1, Hit(paper=Paper(id="bci", title="Video-BCI", venue="ICML", year=2026, abstract=BCI, text=BCI,
                                    source="f", position=1, title_derived=True), score=1.0))

    text = fact_answer([bci], wanted, {}, 120)

    assert text.startswith("Sampling encourages") and ("We propose Video-BCI" in text) is named


@pytest.mark.parametrize(("best", "first"), [
    # "these tokens" points back at the sentence naming them: it is quoted first
    (2, "It comes down to a few divergence tokens."),
    (1, "It comes down to a few divergence tokens."),  # a sentence not pointing back stands alone
    # a pointer at a problem needs no background before it
    (3, "To address these challenges, we mask them."),
])
def test_a_sentence_pointing_back_is_quoted_after_the_one_it_points_at(best, first):
    from rag.answer.evidence import Sentence
    from rag.answer.quoting import with_antecedent
    text = ("Bias passes from teacher to student. It comes down to a few divergence tokens. "
            "Masking out these tokens removes the bias. To address these challenges, we mask them.")
    hit = Hit(paper=Paper(id="p", title="Bias", venue="ICML", year=2026, abstract=text, text=text, source="f",
                          position=1), score=1.0)
    sentences = ["Bias passes from teacher to student.", "It comes down to a few divergence tokens.",
                 "Masking out these tokens removes the bias.", "To address these challenges, we mask them."]
    chosen = with_antecedent(hit, [Sentence(best, sentences[best], 1.0)])
    assert chosen[0].text == first and chosen[-1].text == sentences[best]


def test_two_named_papers_outside_the_filters_are_asked_about_as_them():
    text = excluded_answer([paper("Veda", VEDA), paper("ProtoKV", PROTO)], "ICLR", None)
    assert text.endswith("Clear the filter to ask about them.") and text.count("outside the ICLR filter") == 2
    assert excluded_answer([paper("Veda", VEDA)], "ICLR", None).endswith("Clear the filter to ask about it.")


def test_a_list_of_papers_with_code_lists_those_that_link_it_and_names_the_others_apart():
    veda = Source(1, Hit(paper=replace(paper("Veda", VEDA), links=(Link("https://github.com/x/veda", True),)),
                         score=1.0))
    text = list_answer([veda, source(3, "ProtoKV", PROTO)], asks({"video"}), {}, 120, code_only=True)

    lines = text.splitlines()
    assert lines[0] == "1 of the 2 papers that match links to code:"
    assert lines[1].startswith("- Veda (ICML 2026), code at https://github.com/x/veda: ") and lines[1].endswith("[1]")
    assert lines[2] == "These match too but link no code: ProtoKV (ICML 2026)."
    assert "[3]" not in text


@pytest.mark.parametrize(("titles", "first"), [
    (["ProtoKV", "Other"], "None of the 2 papers that match links to code:"),
    (["ProtoKV"], "The one paper that matches links no code:"),
])
def test_a_list_of_papers_with_code_says_when_none_of_the_matches_links_it(titles, first):
    text = list_answer([source(i, t, PROTO) for i, t in enumerate(titles, 1)], asks({"video"}), {}, 120,
                       code_only=True)

    assert text.splitlines()[0] == first
    assert text.count("[") == len(titles)  # each match still cited: it is what the answer stands on


@pytest.mark.parametrize(("best", "quoted"), [
    # the sentence drawing the best one's consequence comes second, before a runner-up
    (1, [1, 2, 0]),
    (0, [0, 1, 2]),  # a sentence with no consequence after it keeps its runner-ups
])
def test_the_consequence_of_the_best_sentence_is_quoted_with_it(best, quoted):
    from rag.answer.evidence import Sentence
    from rag.answer.quoting import with_consequence
    sentences = ["Transformers fail on parity.", "Random init computes functions with low-sensitivity strings.",
                 "Consequently, any function lacking such strings is unlearnable."]
    text = " ".join(sentences)
    hit = Hit(paper=Paper(id="p", title="Sensitive", venue="ICML", year=2026, abstract=text, text=text, source="f",
                          position=1), score=1.0)
    others = [i for i in (0, 1, 2) if i != best]
    chosen = with_consequence(hit, [Sentence(i, sentences[i], 1.0) for i in (best, *others)], 3)
    assert [s.position for s in chosen] == quoted


def test_a_hostile_title_and_code_link_in_a_list_of_papers_with_code_reach_every_output_as_text():
    import rag
    from rag.display import answer_html, answer_markdown
    from rag.safety import terminal_text
    from ui.render import render_answer

    title = "![x](http://127.0.0.1:9/leak) <img src=http://127.0.0.1:9/i> [a](javascript:alert(1))\x1b[2J"
    url = "https://github.com/x/**bold**_[y](javascript:alert(1))"
    hostile = Source(1, Hit(paper=replace(paper(title, VEDA), links=(Link(url, True),)), score=1.0))
    text = list_answer([hostile, source(2, "ProtoKV", PROTO)], asks({"video"}), {}, 120, code_only=True)
    answer = rag.Answer(text=text, mode="extractive")

    assert "code at " + url in text  # the link is listed, as its paper gave it
    for shown in (render_answer(answer, 1), answer_markdown(answer)):  # read as Markdown: no syntax left live
        assert "<img" not in shown and "](http" not in shown and "](javascript" not in shown and "\x1b" not in shown
    html = answer_html(answer)  # read as HTML: no tag left live, Markdown is plain text there
    assert "<img" not in html and "&lt;img" in html and "\x1b" not in html
    assert "\x1b" not in terminal_text(text)
