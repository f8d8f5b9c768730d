"""Titles for papers whose list gives none: the method an abstract introduces, else a short key phrase."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from rag.corpus.text import split_sentences
from rag.types import Paper

__all__ = ["derive_title", "first_clause", "unique_titles"]

_NAME = r"[A-Za-z0-9][A-Za-z0-9.+²³⁴]*(?:[-–][A-Za-z0-9+²³⁴]+)*"
_INTRO_VERB = r"(?:propose|introduce|present|develop|release|build|design|construct|curate|contribute|establish|offer)s?"
_COMMON_ACRONYMS = {
    "LLM", "LLMS", "VLM", "VLMS", "MLLM", "MLLMS", "SOTA", "GPU", "GPUS", "CPU", "RL", "AI", "NLP",
    "CNN", "CNNS", "RNN", "MLP", "API", "QA", "VQA", "OCR", "FFN", "KV", "ID", "OOD", "IID", "SGD",
    "MSE", "GAN", "GANS", "VAE", "NERF", "RGB", "FPS", "ICML", "ICLR", "II", "III", "IV", "US",
}


def derive_title(text: str) -> str:
    """The method/system an abstract introduces ("Video-BCI"), else its first clause."""
    sentences = split_sentences(text)
    # a name in an opening sentence that is not itself "we propose X" is the topic (TVG, ICL)
    opening = sentences[0] if len(sentences) > 1 else ""
    topic = set() if re.search(r"\b[Ww]e\b", opening) else set(re.findall(_NAME, opening))
    return _introduced_name(text, topic) or _frequent_name(text, topic) or first_clause(text)


def _is_strong_name(token: str) -> bool:
    """A coined name: two capitals (MACD, SegPVSG), a capital and a digit, or CamelCase."""
    core = token.strip(".,;:")
    caps = sum(c.isupper() for c in core)
    if core.upper() in _COMMON_ACRONYMS or len(core) < 3 or re.fullmatch(r"[A-Z]+s", core):
        return False  # plural acronyms (LLMs, VDMs) name a field, not a contribution
    return caps >= 2 or (caps >= 1 and any(c.isdigit() for c in core))


def _introduced_name(text: str, topic: set[str]) -> str:
    for pattern in _TITLE_PATTERNS:
        for match in re.finditer(pattern, text):
            name = match.group("name").rstrip(".,;:")
            bare = pattern is _TITLE_PATTERNS[1] and name[:1].isupper() and len(name) > 2
            # "VideoKR is a …": the name opening the abstract is what it is about, never just its topic
            opens = pattern is _OPENING_PATTERN
            if (name in topic and not opens) or not (_is_strong_name(name) or bare):
                continue
            expansion = (match.groupdict().get("expansion") or "").strip()
            if expansion and len(expansion.split()) >= 2 and expansion[:1].isupper():
                return f"{name}: {expansion}"
            return name
    return ""


def _frequent_name(text: str, topic: set[str]) -> str:
    names = [t.rstrip(".,;:") for t in re.findall(_NAME, text)]
    counts = Counter(n for n in names if _is_strong_name(n) and n not in topic)
    best = counts.most_common(1)
    return best[0][0] if best and best[0][1] >= 3 else ""


_OPENING_PATTERN = rf"^(?P<name>{_NAME})\s*(?:\([^)]*\))?\s*(?:is|,)\s"
_TITLE_PATTERNS = (
    rf"\b(?:called|named|dubbed|termed|coined)\s+(?P<name>{_NAME})",
    rf"\b[Ww]e\s+{_INTRO_VERB}\s+(?P<name>{_NAME})\s*[,:(]",
    rf"\b[Ww]e\s+{_INTRO_VERB}\s+(?:(?:a|an|the)\s+)?(?:[a-z][\w-]*\s+){{0,4}}?"
    rf"(?P<expansion>(?:[A-Z][\w-]*\s+(?:(?:of|for|with|and|in|to|at|on)\s+)?){{1,8}}?)\((?P<name>{_NAME})\)",
    rf"\b[Ww]e\s+{_INTRO_VERB}\s+[^.]{{0,160}}?\((?P<name>{_NAME})\)",
    rf"\b[Ww]e\s+{_INTRO_VERB}\s+(?:a|an|the)?\s*(?:\w+[\s-]+){{0,6}}?(?P<name>{_NAME})\b",
    _OPENING_PATTERN,
    rf"\b(?P<name>{_NAME})\s*(?:\([^)]*\))?,\s+(?:a|an)\s+(?:novel|new|simple|unified|general|scalable|"
    rf"training-free|lightweight|efficient|framework|method|benchmark|dataset|model|approach)",
)


def first_clause(text: str, max_words: int = 10) -> str:
    """The opening clause of the first sentence, shortened to `max_words` words."""
    sentences = split_sentences(text)
    first = sentences[0] if sentences else text
    clause = re.split(r"[,;:]\s|\s(?:that|which|where|while)\s", first, maxsplit=1)[0]
    if len(clause.split()) < 5:  # "When computing gradients" says too little
        clause = first
    words = clause.split()
    short = " ".join(words[:max_words]).rstrip(".,;:")
    return (short + "…") if len(words) > max_words else (short or "Untitled abstract")


def unique_titles(papers: list[Paper]) -> list[Paper]:
    """Derived names can collide (two papers extend 'CLIP'): fall back to the first clause."""
    counts = Counter(p.title for p in papers)
    seen: Counter = Counter()
    out = []
    for paper in papers:
        if counts[paper.title] > 1 and paper.title_derived:
            title = first_clause(paper.text)
            seen[title] += 1
            if seen[title] > 1 or counts.get(title):
                title = f"{title} ({paper.venue_year} #{paper.position})"
            paper = replace(paper, title=title)
        out.append(paper)
    return out
