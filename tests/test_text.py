"""rag.text: markup removal, sentence splitting and link finding, as tables of tiny cases."""

from __future__ import annotations

import pytest

from rag.corpus.text import clean_markup, find_links, split_sentences
from rag.types import Link


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        (r"$\gamma$", "γ"),
        (r"\textbf{X}", "X"),
        ("**X**", "X"),
        ("[t](u)", "t"),
        (r"$\sim 3\times$", "~3×"),
        (r"an approximately $\sim 3\times$ training speedup", "an approximately ~3× training speedup"),
        (r"5.1$\times$ end-to-end", "5.1× end-to-end"),
        (r"only $\sim$8K training samples", "only ~8K training samples"),
        (r"introduce **$\gamma$-similarity**", "introduce γ-similarity"),
        (r"\emph{foo} bar", "foo bar"),
        (r"\textbf{\emph{nested}}", "nested"),
        # a name spelled by its words' bold letters, its macro (undefined outside the paper) after them and later on
        (r"we propose \textbf{Co}ntrollable \textbf{V}ide\textbf{o} \textbf{G}enerative \textbf{A}dversarial "
         r"\textbf{N}etworks (\ourmes) to disentangle. Then \ourmes wins.",
         "we propose Controllable Video Generative Adversarial Networks (CoVoGAN) to disentangle. Then CoVoGAN wins."),
        (r"a \textbf{S}parse \textbf{A}ttention \textbf{M}odule", "a Sparse Attention Module (SAM)"),
        (r"\textbf{A} and \textbf{B} are \textbf{c}ool", "A and B are cool"),  # not three bold words in a row
        ("*italic* word", "italic word"),
        ("__bold__", "bold"),
        ("`code`", "code"),
        (r"a 7.1\% improvement", "a 7.1% improvement"),
        (r"$O(n^2)$", "O(n²)"),
        (r"$10^{-3}$", "10⁻³"),
        (r"$\alpha=0.5$", "α=0.5"),
        (r"SFT$\rightarrow$GRPO", "SFT→GRPO"),
        (r"$\leq$ 5", "≤ 5"),
        (r"\href{https://x.org}{the project page}", "the project page"),
        ("[https://github.com/a/b](https://github.com/a/b)", "https://github.com/a/b"),
        ("sensitive functions---functions whose output", "sensitive functions—functions whose output"),
        ("pages 3--5", "pages 3–5"),
        ("plain   text\twith  spaces", "plain text with spaces"),
        ("snake_case_name stays", "snake_case_name stays"),
        ("2 * 3 * 4", "2 * 3 * 4"),
        ("", ""),
        ("insights: __**first**__, context tokens", "insights: first, context tokens"),
        ("it costs $5 and $10 per run", "it costs $5 and $10 per run"),
        ("from $5-$10 a month", "from $5-$10 a month"),  # a closing `$` never precedes a digit…
        (r"$\sim$8K samples", "~8K samples"),  # …unless the span holds a TeX command
        ("$$x^2$$", "x²"),
        # nested brackets (issue 13): the image used to survive and be fetched by the page
        ("![a[b]c](http://127.0.0.1/leak) ok", "a[b]c ok"),
        ("see ![v[e]n](http://host/leak) 2026", "see v[e]n 2026"),
        ("[x[y[z]]](http://host/leak)", "x[y[z]]"),
        ("a [bracket] stays, [t](u) goes", "a [bracket] stays, t goes"),
    ],
)
def test_clean_markup(raw, clean):
    assert clean_markup(raw) == clean


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("First sentence. Second one.", ["First sentence.", "Second one."]),
        ("Is it? Yes! Ok.", ["Is it?", "Yes!", "Ok."]),
        ("We use e.g. CNNs. Then more.", ["We use e.g. CNNs.", "Then more."]),
        ("Smith et al. show this. Then.", ["Smith et al. show this.", "Then."]),
        ("Fig. 3 shows it. Done.", ["Fig. 3 shows it.", "Done."]),
        ("Accuracy is 3.5% higher. Next.", ["Accuracy is 3.5% higher.", "Next."]),
        ("We reach 0.7. Next.", ["We reach 0.7.", "Next."]),
        ("A 1.5x gain vs. the baseline. Good.", ["A 1.5x gain vs. the baseline.", "Good."]),
        ("It works (see Sec. 3). Next one.", ["It works (see Sec. 3).", "Next one."]),
        ("Line one\nstill one. Two\n\nhere.", ["Line one still one.", "Two here."]),
        ("No final stop", ["No final stop"]),
        ("", []),
        ("   \n ", []),
        ('He said "Hi." Then left.', ['He said "Hi."', "Then left."]),
        ("第一句。第二句。", ["第一句。", "第二句。"]),
        ("真的？！是的。", ["真的？！", "是的。"]),
        ("It works (see below.) Then.", ["It works (see below.)", "Then."]),
        ("So: 1.) Use it. 2.) Stop it.", ["So: 1.)", "Use it.", "2.) Stop it."]),
    ],
)
def test_split_sentences(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("text", "links"),
    [
        ("code: https://github.com/a/b.", [("https://github.com/a/b", True)]),
        ("code at github.com/a/b and a page https://proj.github.io/x,",
         [("https://github.com/a/b", True), ("https://proj.github.io/x", False)]),
        ("(https://x.org/y)", [("https://x.org/y", False)]),
        ("https://github.com/a/b then again https://github.com/a/b", [("https://github.com/a/b", True)]),
        ("[https://github.com/u/v](https://github.com/u/v)", [("https://github.com/u/v", True)]),
        ("[code](https://gitlab.com/x/y)", [("https://gitlab.com/x/y", True)]),
        ("https://huggingface.co/spaces/a/b", [("https://huggingface.co/spaces/a/b", True)]),
        ("https://huggingface.co/datasets/a/b", [("https://huggingface.co/datasets/a/b", False)]),
        ("https://anonymous.4open.science/r/ST-GridPool-85BE", [("https://anonymous.4open.science/r/ST-GridPool-85BE", True)]),
        ("**https://github.com/a/b**", [("https://github.com/a/b", True)]),
        ("see https://mm2km.github.io/ for more", [("https://mm2km.github.io/", False)]),
        ("no links at all, not even example.com", []),
    ],
)
def test_find_links(text, links):
    assert find_links(text) == tuple(Link(url=url, is_code=code) for url, code in links)


@pytest.mark.parametrize("text, code", [
    ("We made the dataset and the code available at https://videoprocessing.github.io/device-viewing-conditions.",
     True),
    ("Code is available at https://example.org/project.", True),
    ("Our implementation: https://lab.example.edu/~me/tool", True),
    ("All materials will be released at https://mm2km.github.io/.", False),
    ("Project page: https://example.org/demo. Code will follow.", False),
    ("See https://github.com/a/b for details.", True),
])
def test_a_project_page_is_a_code_link_when_its_sentence_says_code(text, code):
    [link] = find_links(text)
    assert link.is_code is code
