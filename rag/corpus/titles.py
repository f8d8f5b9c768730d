"""Titles for papers whose list gives none: the method an abstract introduces, else a short key phrase.

Never a prior work's name ("MARS (Yuan et al., 2025) has …" names the work the abstract builds on), and
never an opening clause cut short with "…": when no method is named, a key phrase (`keyphrases`) titles it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from rag.corpus.keyphrases import Scorer, key_phrase
from rag.corpus.text import split_sentences
from rag.types import Paper

__all__ = ["COMMON_ACRONYMS", "INTRO_VERB", "derive_title", "first_clause", "unique_titles"]

_NAME = r"[A-Za-z0-9α-ωΑ-Ω][A-Za-z0-9α-ωΑ-Ω.+²³⁴]*(?:[-–][A-Za-z0-9α-ωΑ-Ω+²³⁴]+)*"
# "we propose X", "we propose: (1) X"
INTRO_VERB = (r"(?:propose|introduce|present|develop|release|build|design|construct|curate|contribute|establish|"
              r"offer)s?:?(?=\s)(?:\s+\(\d\))?")
# "MARS (Yuan et al., 2025)", "LoRA (2021)": a cited work, never the paper's own contribution
_CITED = re.compile(rf"(?P<name>{_NAME})\s*\((?:[^()]*\bet al\b[^()]*|[^()]*\b(?:19|20)\d{{2}}[a-z]?)\)")
# "we introduce Deep Forcing, a training-free extension of …": a name and its own appositive
_APPOSITIVE = re.compile(
    rf"\b[Ww]e\s+{INTRO_VERB}\s+(?P<name>(?:[A-Z][\w-]*\s+){{0,3}}[A-Z][\w-]*|{_NAME}),\s+"
    r"(?P<app>(?:a|an)\s+[^,.;:()]+)")
_APPOSITIVE_END = re.compile(r"\s+(?:that|which|where|whose|who|to|by|using|with|via|designed|built|based|"
                             r"trained|capable|able)\b.*$")
_PREPOSITIONS = {"of", "for", "in", "on", "with", "from", "to", "and", "or", "the", "a", "an"}
_NOT_NAMES = {"A", "An", "The", "This", "Our", "We", "It", "In", "To"}
COMMON_ACRONYMS = {  # field words written in capitals, never a paper's own name
    "LLM", "LLMS", "VLM", "VLMS", "MLLM", "MLLMS", "SOTA", "GPU", "GPUS", "CPU", "RL", "AI", "NLP",
    "CNN", "CNNS", "RNN", "MLP", "API", "QA", "VQA", "OCR", "FFN", "KV", "ID", "OOD", "IID", "SGD",
    "MSE", "GAN", "GANS", "VAE", "NERF", "RGB", "FPS", "ICML", "ICLR", "II", "III", "IV", "US",
    "RNA", "DNA", "MRNA", "MRI", "FMRI", "EEG", "ECG", "PET", "GNN", "GNNS", "ASR", "TTS", "NLI", "LM", "LMS",
}
# the label of a structured abstract is not its subject ("Summary: …" gave the title "Summary")
_LABEL = re.compile(r"^\s*(?:summary|abstract|background|motivation|objectives?|purpose|context|introduction)\s*[:.—–-]\s*",
                    re.I)


def derive_title(text: str, scorer: Scorer | None = None) -> str:
    """The method/system an abstract introduces ("Video-BCI", "Deep Forcing: a training-free extension of …"),
    else its first sentence when that is short, else a key phrase chosen with `scorer` (see `keyphrases`)."""
    text = _LABEL.sub("", text)
    sentences = split_sentences(text)
    # a name in an opening sentence that is not itself "we propose X" is the topic (TVG, ICL)
    opening = sentences[0] if len(sentences) > 1 else ""
    topic = set() if re.search(r"\b[Ww]e\b", opening) else set(re.findall(_NAME, opening))
    topic |= {m.group("name") for m in _CITED.finditer(text)}
    return (_introduced_name(text, topic) or _frequent_name(text, topic) or _appositive(text, topic)
            or _short_opening(sentences, topic) or key_phrase(text, scorer) or first_clause(text))


def _appositive(text: str, topic: set[str]) -> str:
    for match in _APPOSITIVE.finditer(text):
        name = match.group("name").strip()
        if name in topic or name in _NOT_NAMES or name.lower() in _PREPOSITIONS:
            continue
        words = _APPOSITIVE_END.sub("", match.group("app")).split()
        while words and words[-1].lower() in _PREPOSITIONS:
            words.pop()
        if len(words) > 10:  # too long to read as a subtitle: cut at the last preposition within 10 words
            cut = max((i for i, w in enumerate(words[:10]) if w.lower() in _PREPOSITIONS), default=0)
            words = words[:cut]
        if len(words) >= 3:
            return f"{name}: {' '.join(words)}"
    return ""


def _short_opening(sentences: list[str], topic: set[str], max_words: int = 12) -> str:
    """A first sentence short enough to stand as a title, whole, and not about a cited work."""
    if not sentences or _CITED.search(sentences[0]):
        return ""
    first = sentences[0].strip()
    words = first.split()
    return first.rstrip(".!?") if len(words) <= max_words and first.endswith(".") and len(words) >= 4 else ""


def _is_strong_name(token: str) -> bool:
    """A coined name: two capitals (MACD, SegPVSG), a capital and a digit, or CamelCase."""
    core = token.strip(".,;:")
    caps = sum(c.isupper() for c in core)
    if core.upper() in COMMON_ACRONYMS or len(core) < 3 or re.fullmatch(r"[A-Z]+s", core):
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
    # a short acronym that recurs but is never introduced is a field or molecule (RNA, MRI), not a method
    counts = Counter(n for n in names if _is_strong_name(n) and n not in topic and not re.fullmatch(r"[A-Z]{2,3}", n))
    best = counts.most_common(1)
    return best[0][0] if best and best[0][1] >= 3 else ""


_OPENING_PATTERN = rf"^(?P<name>{_NAME})\s*(?:\([^)]*\))?\s*(?:is|,)\s"
_TITLE_PATTERNS = (
    rf"\b(?:called|named|dubbed|termed|coined)\s+(?P<name>{_NAME})",
    rf"\b[Ww]e\s+{INTRO_VERB}\s+(?P<name>{_NAME})\s*[,:(]",
    rf"\b[Ww]e\s+{INTRO_VERB}\s+(?:(?:a|an|the)\s+)?(?:[a-z][\w-]*\s+){{0,4}}?"
    rf"(?P<expansion>(?:[A-Z][\w-]*\s+(?:(?:of|for|with|and|in|to|at|on)\s+)?){{1,8}}?)\((?P<name>{_NAME})\)",
    rf"\b[Ww]e\s+{INTRO_VERB}\s+[^.]{{0,160}}?\((?P<name>{_NAME})\)",
    rf"\b[Ww]e\s+{INTRO_VERB}\s+(?:a|an|the)?\s*(?:\w+[\s-]+){{0,6}}?(?P<name>{_NAME})\b",
    # "We address these issues with our SmoothSA: (1) …": the paper's own method, named as it is first used
    rf"\b[Oo]ur\s+(?P<name>{_NAME})\s*[:,(]",
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
    """Derived names can collide (two papers extend 'CLIP'): then the key phrase, else venue and position."""
    counts = Counter(p.title for p in papers)
    seen: Counter = Counter()
    out = []
    for paper in papers:
        if counts[paper.title] > 1 and paper.title_derived:
            title = key_phrase(paper.text) or paper.title
            seen[title] += 1
            if seen[title] > 1 or counts.get(title):
                title = f"{title} ({paper.venue_year} #{paper.position})"
            paper = replace(paper, title=title)
        out.append(paper)
    return out
