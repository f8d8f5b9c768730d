"""Text helpers shared by ingest and answering: markup removal, links, sentences."""

from __future__ import annotations

import re

from .types import Link

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
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\((\s*[^)\s]+)[^)]*\)")
_URL = re.compile(r"""https?://[^\s<>()\[\]{}"'`]+|(?<![\w/.@])(?:www\.)?github\.com/[^\s<>()\[\]{}"'`]+""")
_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourceforge.net",
               "gitee.com", "huggingface.co/spaces", "anonymous.4open.science")

_ABBREVIATIONS = (
    "e.g", "i.e", "et al", "etc", "vs", "cf", "fig", "figs", "eq", "eqs", "sec", "no", "approx",
    "resp", "dr", "prof", "mr", "ms", "st", "al", "incl", "viz", "ca", "tab", "ref", "refs",
)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9$\\*`_\u4e00-\u9fff])")


def clean_markup(text: str) -> str:
    """Strip LaTeX and Markdown markup: `$\\gamma$` → γ, `**X**` → X, `[t](u)` → t."""
    out = _MD_LINK.sub(lambda m: m.group(1) or m.group(2).strip(), text)
    out = _HREF.sub(lambda m: m.group(2), out)
    out = re.sub(r"\$\$?([^$]*)\$\$?", lambda m: _math(m.group(1)), out)
    out = _latex_commands(out)
    out = re.sub(r"(\*\*|__)(.+?)\1", r"\2", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])", r"\1", out)
    out = re.sub(r"`([^`]*)`", r"\1", out)
    out = out.replace("---", "—").replace("--", "–").replace("``", '"').replace("''", '"')
    out = out.replace("~", "~")
    return re.sub(r"[ \t]+", " ", out).strip()


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


def find_links(text: str) -> tuple[Link, ...]:
    """URLs in the text, in order, deduplicated; code repositories marked."""
    seen: dict[str, Link] = {}
    for raw in _URL.findall(text):
        url = raw.rstrip(".,;:!?*_")
        if not url.startswith("http"):
            url = "https://" + url
        if url not in seen:
            seen[url] = Link(url=url, is_code=any(h in url.lower() for h in _CODE_HOSTS))
    return tuple(seen.values())


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences, keeping abbreviations and decimals intact."""
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        return []
    sentences: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        candidate = text[start:match.start()].rstrip()
        last_word = re.search(r"([\w.]+)[.!?]?[\"')\]]*$", candidate)
        if last_word and last_word.group(1).rstrip(".").lower() in _ABBREVIATIONS:
            continue
        if len(candidate) < 3:
            continue
        sentences.append(candidate)
        start = match.end()
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences
