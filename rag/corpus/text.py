"""Text helpers shared by ingest and answering: markup removal, links, sentences."""

from __future__ import annotations

import re

from rag.types import Link

GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ",
    "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
}
SYMBOLS = {
    "times": "×", "sim": "~", "approx": "≈", "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥",
    "neq": "≠", "ne": "≠", "pm": "±", "cdot": "·", "infty": "∞", "rightarrow": "→", "to": "→",
    "leftarrow": "←", "Rightarrow": "⇒", "in": "∈", "ll": "≪", "gg": "≫", "propto": "∝",
    "sqrt": "√", "sum": "Σ", "prod": "∏", "partial": "∂", "nabla": "∇", "ldots": "…",
    "dots": "…", "cdots": "⋯", "circ": "°", "star": "*", "mid": "|", "log": "log", "exp": "exp",
    "min": "min", "max": "max", "top": "⊤", "ell": "ℓ", "%": "%", "&": "&", "_": "_", "#": "#", "$": "$",
    "{": "{", "}": "}", ",": " ", ";": " ", "!": "", "quad": " ", "qquad": " ",
}
SUPERSCRIPTS = str.maketrans("0123456789+-=()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ")

# \cmd{arg} whose argument is kept as plain text
_WRAPPERS = re.compile(
    r"\\(?:textbf|textit|emph|texttt|textsc|textrm|text|mathrm|mathbf|mathit|mathsf|mathtt|"
    r"mathcal|mathbb|boldsymbol|bm|operatorname|underline|url|hat|tilde|bar|vec|widetilde|widehat)"
    r"\s*\{([^{}]*)\}"
)
_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
# link text may hold brackets itself ("![a[b]c](url)"): up to three levels deep, each alternative starting
# with a different character so the match stays linear
_BRACKETED = r"[^\[\]]*"
for _ in range(3):
    _BRACKETED = rf"(?:[^\[\]]|\[{_BRACKETED}\])*"
_MD_LINK = re.compile(rf"!?\[({_BRACKETED})\]\((\s*[^)\s]+)[^)]*\)")
_URL = re.compile(r"""https?://[^\s<>()\[\]{}"'`]+|(?<![\w/.@])(?:www\.)?github\.com/[^\s<>()\[\]{}"'`]+""")
_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourceforge.net",
               "gitee.com", "huggingface.co/spaces", "anonymous.4open.science")

_ABBREVIATIONS = (
    "e.g", "i.e", "et al", "etc", "vs", "cf", "fig", "figs", "eq", "eqs", "sec", "no", "approx",
    "resp", "dr", "prof", "mr", "ms", "st", "al", "incl", "viz", "ca", "tab", "ref", "refs",
)
_CLOSERS = "\"')\\]”’」』）"
_LAST_WORD = re.compile(rf"([\w.]+)[.!?]?[{_CLOSERS}]*$")
# A sentence ends at a stop plus any closing quotes/brackets (kept with it). Latin stops need a
# space and a plausible sentence start after them (so 3.5 and e.g. survive); CJK stops need
# neither, as Chinese and Japanese put no space between sentences.
_SENTENCE_END = re.compile(
    rf"[.!?][{_CLOSERS}]*\s+(?=[\"'(\[“‘]?[A-Z0-9$\\*`_\u4e00-\u9fff])"
    rf"|[。！？][{_CLOSERS}]*\s*(?=[^\s。！？])"
)
# pandoc's rule, so prices stay prices: `$` opens math only before a non-space and closes it only
# after a non-space ("$5 and $10"), and not right before a digit ("$5-$10") -- unless the span
# holds a TeX command, which a price never does ("$\sim$8K" is math).
_MATH = re.compile(r"\$\$(?P<display>[^$]+?)\$\$|\$(?!\s)(?P<inline>[^$]*?[^\s$])\$")


# A name spelled by the bold letters of the words it abbreviates, its own macro (undefined outside the paper's
# source) after them: "\\textbf{Co}ntrollable \\textbf{V}ide\\textbf{o} \\textbf{G}enerative \\textbf{A}dversarial
# \\textbf{N}etworks (\\ourmes)" is CoVoGAN, which read "Controllable … Networks (ourmes)" and named no paper (a fresh
# comparison, set G, asked for CoVoGAN by name). Three words at least, so one bold word is no name.
_BOLD_LETTERS = r"\\textbf\s*\{([A-Za-z]{1,3})\}"
_BOLD_WORD = rf"(?:[A-Za-z]*+{_BOLD_LETTERS.replace('(', '(?:', 1)})++[A-Za-z]*+"  # possessive: linear time
_BOLD_NAME = re.compile(rf"(?<![A-Za-z]){_BOLD_WORD}(?:[ \t-]+{_BOLD_WORD}){{2,}}(?P<macro>\s*\(\s*\\(?P<command>[A-Za-z]+)\s*\))?")


def _bold_initials(text: str) -> str:
    """`text` with each bold-initials name written out after its words ("… Networks (CoVoGAN)"), its macro too."""
    def spelled(match: re.Match) -> str:
        name = "".join(re.findall(_BOLD_LETTERS, match.group(0)))
        if len(name) > 12:  # bold text, no name
            return match.group(0)
        words = match.group(0)[:match.start("macro") - match.start()] if match.group("macro") else match.group(0)
        if match.group("command"):
            names[match.group("command")] = name
        return f"{words} ({name})"

    if "\\textbf" not in text:
        return text
    names: dict[str, str] = {}
    out = _BOLD_NAME.sub(spelled, text)
    for command, name in names.items():  # the macro elsewhere in the abstract is the same name
        out = re.sub(rf"\\{command}(?![A-Za-z])", name, out)
    return out


def clean_markup(text: str) -> str:
    """Strip LaTeX and Markdown markup: `$\\gamma$` → γ, `**X**` → X, `[t](u)` → t."""
    out = _MD_LINK.sub(lambda m: m.group(1) or m.group(2).strip(), text)
    out = _bold_initials(out)
    out = _HREF.sub(lambda m: m.group(2), out)
    out = _MATH.sub(_math_span, out)
    out = _latex_commands(out)
    for _ in range(3):  # nested emphasis: __**x**__ loses one layer per pass
        out, count = re.subn(r"(\*\*|__)(.+?)\1", r"\2", out)
        if not count:
            break
    out = re.sub(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])", r"\1", out)
    out = re.sub(r"`([^`]*)`", r"\1", out)
    out = out.replace("---", "—").replace("--", "–").replace("``", '"').replace("''", '"')
    out = out.replace("~", "~")
    return re.sub(r"[ \t]+", " ", out).strip()


def _math_span(match: re.Match) -> str:
    inline = match.group("inline")
    next_char = match.string[match.end():match.end() + 1]
    if inline is not None and next_char.isdigit() and "\\" not in inline:
        return match.group(0)
    return _math(match.group("display") or inline)


def _math(expr: str) -> str:
    expr = _latex_commands(expr)
    expr = re.sub(r"\^\{([0-9+\-=()n]+)\}|\^([0-9n])", lambda m: (m.group(1) or m.group(2)).translate(SUPERSCRIPTS), expr)
    expr = re.sub(r"_\{([^{}]*)\}", r"\1", expr)
    expr = expr.replace("{", "").replace("}", "")
    return re.sub(r"\s*([×≈≤≥±·→])\s*", r"\1", expr).replace("~ ", "~").strip()


def _latex_commands(text: str) -> str:
    for _ in range(3):  # nested wrappers: \textbf{\emph{x}}
        text = _WRAPPERS.sub(r"\1", text)
    # a command word swallows one following space (as in TeX); a symbol like \% does not
    text = re.sub(
        r"\\([A-Za-z]+)\s?|\\([%&_#${},;!])",
        lambda m: _command(m.group(1) or m.group(2), m.group(0)),
        text,
    )
    text = re.sub(r"\\(?:left|right|big|Big)\b", "", text)
    text = re.sub(r"\\[A-Za-z]+\s*\{([^{}]*)\}", r"\1", text)  # unknown \cmd{x} -> x
    return re.sub(r"\\([A-Za-z]+)", r"\1", text)


def _command(name: str, original: str) -> str:
    if name in GREEK:
        return GREEK[name]
    if name in SYMBOLS:
        return SYMBOLS[name] + (" " if original.endswith(" ") and name.isalpha() and len(SYMBOLS[name]) > 1 else "")
    return original


# "Code is available at <url>", "we made the dataset and the code available at <url>": a project page
# the sentence presents as the code; "All materials will be released at <url>" does not say so
_CODE_WORDS = re.compile(r"\b(?:code|codes|source|implementation|implementations|repository|repo)\b", re.I)


def find_links(text: str) -> tuple[Link, ...]:
    """URLs in the text, in order, deduplicated; code repositories, and pages presented as code, marked."""
    seen: dict[str, Link] = {}
    previous = 0  # the words that present a URL sit between it and the URL before it
    for match in _URL.finditer(text):
        url = match.group().rstrip(".,;:!?*_")
        if not url.startswith("http"):
            url = "https://" + url
        code = any(h in url.lower() for h in _CODE_HOSTS) or _presented_as_code(text, match.start(), previous)
        previous = match.end()
        if url not in seen or (code and not seen[url].is_code):
            seen[url] = Link(url=url, is_code=code)
    return tuple(seen.values())


def _presented_as_code(text: str, at: int, previous: int) -> bool:
    before = text[max(previous, at - 200):at]
    sentence = re.split(r"[.!?]\s+(?=[A-Z])", before)[-1]
    return bool(_CODE_WORDS.search(sentence))


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences, keeping abbreviations and decimals intact."""
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        return []
    sentences: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        candidate = text[start:match.end()].rstrip()
        last_word = _LAST_WORD.search(candidate[-40:])
        if last_word and last_word.group(1).rstrip(".").lower() in _ABBREVIATIONS:
            continue
        if len(candidate.rstrip(_CLOSERS)) < 3:  # a list marker ("2.)") starts the next sentence
            continue
        sentences.append(candidate)
        start = match.end()
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences
