"""Paper lists on disk → `Paper` records: parsing, ids, titles, and clear warnings for bad input."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator

from rag.corpus.limits import bounded_fields
from rag.corpus.text import clean_markup, find_links, split_sentences
from rag.types import Paper

log = logging.getLogger("paperchat.corpus")

SUPPORTED = (".txt", ".jsonl", ".csv")
MAX_FILE_BYTES = 200 * 1024 * 1024
MIN_WORDS = 5  # fewer words than this is a fragment, not an abstract (every format)
HEADER_CHARS = 120  # a longer line 1 is read for its venue and year only, when the venue is an acronym
_ACRONYM = re.compile(r"\b\w*[A-Z]\w*[A-Z]\w*")  # ICLR, NeurIPS, AAAI: two capitals in one word
# "ICML 2026 Papers", "CVPR, 2025", "ICML2026 Papers" (a venue ending in a letter needs no separator)
_HEADER = re.compile(
    r"^\s*(?P<venue>[^\s\d][^\n]{0,80}?)(?:[\s,]+|(?<=[^\W\d_]))(?P<year>(?:19|20)\d{2})(?!\d)(?P<rest>[^\n]*)$"
)
_NAME = r"[A-Za-z0-9][A-Za-z0-9.+²³⁴]*(?:[-–][A-Za-z0-9+²³⁴]+)*"
_INTRO_VERB = r"(?:propose|introduce|present|develop|release|build|design|construct|curate|contribute|establish|offer)s?"
_COMMON_ACRONYMS = {
    "LLM", "LLMS", "VLM", "VLMS", "MLLM", "MLLMS", "SOTA", "GPU", "GPUS", "CPU", "RL", "AI", "NLP",
    "CNN", "CNNS", "RNN", "MLP", "API", "QA", "VQA", "OCR", "FFN", "KV", "ID", "OOD", "IID", "SGD",
    "MSE", "GAN", "GANS", "VAE", "NERF", "RGB", "FPS", "ICML", "ICLR", "II", "III", "IV", "US",
}


@dataclass
class LoadResult:
    """Papers read from disk, deduplicated, plus one warning line per problem found."""

    papers: list[Paper] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


@dataclass
class _Raw:
    abstract: str
    position: int
    title: str = ""
    venue: str = "unknown"
    year: int | None = None
    authors: str = ""
    url: str = ""
    external_id: str = ""


def paper_id(venue: str, year: int | None, abstract: str) -> str:
    """Stable id: venue-year slug + hash of the whitespace-normalised abstract."""
    slug = re.sub(r"[^a-z0-9]+", "", venue.lower()) or "unknown"
    return f"{slug}{year or ''}-{content_hash(abstract)[:10]}"


def content_hash(abstract: str) -> str:
    return hashlib.sha256(" ".join(abstract.split()).encode("utf-8")).hexdigest()


def load_papers(paths: Iterable[str | Path], max_chars: int = 20_000) -> LoadResult:
    """Read every supported file under `paths`; bad files are skipped with a warning, never raised."""
    result = LoadResult()
    by_hash: dict[str, int] = {}
    for path in iter_files(paths, result.warnings):
        result.files.append(str(path))
        try:
            raws = _parse_file(path, result.warnings, max_chars)
        except Exception as exc:  # a parser bug must not sink the whole ingest
            result.warnings.append(f"{path.name}: could not be read ({type(exc).__name__}: {exc}); skipped")
            continue
        for raw in raws:
            paper = make_paper(raw, path.name)
            if not paper.text:  # only markup, e.g. "\quad \! \,": nothing to index, show or cite
                result.warnings.append(f"{path.name}#{raw.position}: no text left once markup is removed; skipped")
                continue
            key = content_hash(paper.abstract)
            if key in by_hash:
                first = result.papers[by_hash[key]]
                where = f"{path.name}#{raw.position}"
                result.papers[by_hash[key]] = replace(first, also_in=first.also_in + (where,))
                result.warnings.append(
                    f"{where}: same abstract as {first.source}#{first.position}; kept once, both sources recorded"
                )
                continue
            by_hash[key] = len(result.papers)
            result.papers.append(paper)
    result.papers = _unique_titles(result.papers)
    return result


def iter_files(paths: Iterable[str | Path], warnings: list[str]) -> Iterator[Path]:
    """Supported files under the given files/folders, in a stable order."""
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for child in sorted(p for p in path.rglob("*") if p.is_file()):
                rel = child.relative_to(path).parts
                if any(part.startswith(".") for part in rel) or child.suffix.lower() not in SUPPORTED:
                    continue
                yield child
        elif path.is_file():
            if path.suffix.lower() in SUPPORTED:
                yield path
            else:
                warnings.append(f"{path.name}: unsupported file type (use .txt, .jsonl or .csv); skipped")
        else:
            warnings.append(f"{path}: no such file or folder; skipped")


def _read_text(path: Path, warnings: list[str]) -> str | None:
    size = path.stat().st_size
    if size == 0:
        warnings.append(f"{path.name}: empty file; skipped")
        return None
    if size > MAX_FILE_BYTES:
        warnings.append(f"{path.name}: {size:,} bytes is over the {MAX_FILE_BYTES:,}-byte limit; skipped")
        return None
    data = path.read_bytes()
    if b"\x00" in data[:8192]:
        warnings.append(f"{path.name}: binary file, not a paper list; skipped")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        warnings.append(
            f"{path.name}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "re-save it as UTF-8; skipped"
        )
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        warnings.append(f"{path.name}: only blank lines; skipped")
        return None
    return text


def _parse_file(path: Path, warnings: list[str], max_chars: int) -> list[_Raw]:
    text = _read_text(path, warnings)
    if text is None:
        return []
    suffix = path.suffix.lower()
    if suffix == ".txt":
        raws = parse_paper_list(text, path.name, warnings)
    else:
        rows = _jsonl_rows(text, path.name, warnings) if suffix == ".jsonl" else _csv_rows(text)
        raws = parse_records(rows, path.name, warnings)
    raws = [bounded_fields(raw, path.name, warnings, max_chars) for raw in raws]
    if not raws:
        warnings.append(f"{path.name}: no abstracts found; skipped")
    return raws


def parse_paper_list(text: str, name: str, warnings: list[str]) -> list[_Raw]:
    """A `.txt` paper list: a `<VENUE> <YEAR> …` header line, then one abstract per paragraph."""
    first, _, rest = text.lstrip("\n").partition("\n")
    header = _HEADER.match(first[:HEADER_CHARS])  # the venue and year come first; a long tail is not a paper
    if header and len(first) > HEADER_CHARS and not _ACRONYM.search(header.group("venue")):
        header = None  # a long line 1 opening with "In 2024, …" is an abstract; a long header names ICLR, NeurIPS
    # a wrapped abstract's first line can look like a header ("Since 2020, …"); a real one stands alone
    stands_alone = not rest.partition("\n")[0].strip()
    venue, year = "unknown", None
    if header and stands_alone:
        # a header of punctuation and a year ("- 2026") names no venue
        venue, year = header.group("venue").strip(" -:,") or "unknown", int(header.group("year"))
        if len(first) > HEADER_CHARS:
            warnings.append(f"{name}: line 1 is {len(first):,} characters; read as the header '{venue} {year}', "
                            f"the rest of it ignored")
    else:
        rest = text
        hint = " (a header must be followed by a blank line)" if header else ""
        warnings.append(f"{name}: no '<VENUE> <YEAR>' header on line 1{hint}; papers ingested with venue 'unknown'")
    raws = []
    for number, paragraph in enumerate(_paragraphs(rest), start=1):
        if len(paragraph.split()) < MIN_WORDS:
            warnings.append(f"{name}#{number}: {paragraph[:40]!r} is too short to be an abstract; skipped")
            continue
        raws.append(_Raw(abstract=paragraph, position=number, venue=venue, year=year))
    return raws


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n[ \t\f\v]*\n", text) if p.strip()]


def _jsonl_rows(text: str, name: str, warnings: list[str]) -> list[dict | None]:
    rows: list[dict | None] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            warnings.append(f"{name}: line {number} is not valid JSON ({exc.msg}); skipped")
            rows.append(None)
            continue
        except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting deeper than Python's stack
            problem = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).split(";")[0]
            warnings.append(f"{name}: line {number} cannot be read ({problem}); skipped")
            rows.append(None)
            continue
        if not isinstance(row, dict):
            warnings.append(f"{name}: line {number} is not a JSON object; skipped")
            row = None
        rows.append(row)
    return rows


def _csv_rows(text: str) -> list[dict | None]:
    # the csv module refuses a field over 131,072 characters, which would lose the whole file for one
    # runaway abstract; the length check every format shares then reports and truncates that one
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    return [dict(row) for row in csv.DictReader(io.StringIO(text))]


def parse_records(rows: list[dict | None], name: str, warnings: list[str]) -> list[_Raw]:
    """Rows with `title` + `abstract` (or BEIR's `_id`, `title`, `text`), optional metadata."""
    raws, missing, no_venue = [], 0, 0
    for position, row in enumerate(rows, start=1):
        if row is None:
            continue
        abstract = str(row.get("abstract") or row.get("text") or "").strip()
        if not abstract:
            missing += 1
            continue
        if len(abstract.split()) < MIN_WORDS:
            warnings.append(f"{name}#{position}: {abstract[:40]!r} is too short to be an abstract; skipped")
            continue
        venue = str(row.get("venue") or "").strip() or "unknown"
        no_venue += venue == "unknown"
        raws.append(_Raw(
            abstract=abstract,
            position=position,
            title=" ".join(str(row.get("title") or "").split()),
            venue=venue,
            year=_year(row.get("year")),
            authors=_authors(row.get("authors")),
            url=str(row.get("url") or "").strip(),
            external_id=str(row.get("_id") or row.get("id") or "").strip(),
        ))
    if missing:
        warnings.append(f"{name}: {missing} row(s) without 'abstract' or 'text'; skipped")
    if no_venue and raws:
        warnings.append(f"{name}: {no_venue} row(s) without 'venue'; ingested with venue 'unknown'")
    return raws


def _year(value: object) -> int | None:
    match = re.search(r"(?:19|20)\d{2}", str(value or ""))
    return int(match.group(0)) if match else None


def _authors(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value or "").strip()


def make_paper(raw: _Raw, source: str) -> Paper:
    """Build the `Paper`: id, cleaned text, title (derived when the source has none), links."""
    text = clean_markup(raw.abstract)
    title = clean_markup(raw.title) if raw.title else ""
    return Paper(
        id=paper_id(raw.venue, raw.year, raw.abstract),
        title=title or derive_title(text),
        venue=raw.venue,
        year=raw.year,
        abstract=raw.abstract,
        text=text,
        source=source,
        position=raw.position,
        links=find_links(raw.abstract + " " + raw.url),
        authors=raw.authors,
        url=raw.url,
        external_id=raw.external_id,
        title_derived=not title,
    )


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


def _unique_titles(papers: list[Paper]) -> list[Paper]:
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
