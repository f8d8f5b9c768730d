"""Papers a question names: by their method name, written the way people write it.

"Veda", "veda", "VEDA's", "ST GridPool", "Video MTR", "the PPLLaVA paper", "SpaceVista" (for SpaceVista-7B),
"In-context Sparse Attention" (the expansion in "ISA: In-context Sparse Attention") all name their paper.
A derived title that is only a descriptive phrase ("Layer pruning", "Temporal Video Grounding") names no
paper: "Which papers study layer pruning?" asks about a topic. Typos in names are corrected before this
(rag/retrieval/spelling.py, against the index's own words, rapidfuzz).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import OSA

from rag.corpus.terms import terms
from rag.corpus.titles import COMMON_ACRONYMS
from rag.retrieval.spelling import max_edits
from rag.answer.name_pairs import OPPOSITE_JOINERS, PAIRED, VERSUS, pair_alone, versus_said
from rag.retrieval.wordlists import english_words
from rag.types import Paper

MAX_NAME_TOKENS = 12  # a given (not derived) title quoted whole: "Attention Is All You Need"
# "SpaceVista-7B", "DramaSR-532K", "VidBridge-R1": people drop the size or version suffix
_SUFFIX = re.compile(r"^(?P<base>.*[A-Za-z].*?)[-–](?:\d+(?:\.\d+)?[KMBTkmbt]?|[RVrv]\d+(?:\.\d+)?)$")
# a derived title's part after its colon is a name in title case ("In-context Sparse Attention"), not "a refined …"
_SMALL = {"a", "an", "and", "for", "in", "of", "on", "the", "to", "with", "via", "by"}
_EDGE = "?!.,;:()[]{}\"“”‘'`*"


def compact(text: str) -> str:
    """A name's form without case, spaces and hyphens: "ST GridPool", "st-gridpool" → "stgridpool"; and in its
    compatibility form, as people type it: "4DPC²hat" → "4dpc2hat"."""
    return re.sub(r"[\s\-–_]+", "", unicodedata.normalize("NFKC", text)).lower()


def is_coined(word: str) -> bool:
    """A word no dictionary has: an inner capital, a digit, an acronym, a non-ASCII letter."""
    letters = re.sub(r"[^\w]", "", word)
    return (any(c.isupper() for c in letters[1:]) or any(c.isdigit() for c in letters)
            or not letters.isascii() or (len(letters) > 1 and letters.isupper()))


def _expansion(text: str) -> bool:
    words = text.split()
    return 0 < len(words) <= 7 and all(w[:1].isupper() or w.lower() in _SMALL for w in words) \
        and words[0][:1].isupper()


def short_name(paper: Paper) -> str:
    """What an answer calls a paper: its derived title's head ("Veda"), or its given title."""
    return paper.title.split(":")[0].strip() if paper.title_derived else paper.title


def paper_name(paper: Paper) -> str:
    """A paper's own name ("Veda", "ISA"), or "" when its title only describes it ("Layer pruning")."""
    return short_name(paper) if names_of(paper) else ""


def names_of(paper: Paper) -> list[str]:
    """The names a question may call `paper` by (none for a descriptive derived title)."""
    head, colon, tail = paper.title.partition(":")
    head, tail = head.strip(), tail.strip()
    names = []
    if not paper.title_derived:
        names.append(paper.title.strip())
    # a given title's head is a name only when it is coined: "BERT: Pre-training …" names its paper, "Vitamin D:
    # The sunshine vitamin" and "Cell death: the significance of apoptosis" are topics every claim on vitamin D or
    # cell death would otherwise be taken to name (SciFact train claims: 37 of 809 lost their gold paper so)
    coined = any(is_coined(w) for w in head.split()) or (len(head.split()) == 1 and head.lower() not in english_words())
    if (colon and paper.title_derived) or coined:
        if 2 < len(head) and len(head.split()) <= 3:
            names.append(head)
    if colon and _expansion(tail):
        names.append(tail)
    for name in list(names):
        match = _SUFFIX.match(name)
        if match and len(match.group("base")) > 3:
            names.append(match.group("base"))
    return list(dict.fromkeys(n for n in names if len(compact(n)) > 2))


def _exact_case(name: str) -> bool:
    """Names that are also common words ("MUSE", "SCOPE", "ISA") or field acronyms must keep their case. A short
    acronym no dictionary has is typed in lower case as often as not: "upi: exact number of …" (fresh set AB,
    ab11061 abstained), "opl"."""
    plain = re.sub(r"[^\w]", "", name)
    if "+" in name:  # "OGD+" is no word in any case: "ogd+" names it (fresh set W, w4040)
        return False
    return len(name.split()) == 1 and is_word(plain)


def is_word(token: str) -> bool:
    """Is the token an English word or a field's acronym in any case ("isa", "gpu"), not a name of its own?"""
    return token.lower() in english_words() or token.upper() in COMMON_ACRONYMS


@dataclass
class TitleIndex:
    """Every paper's names by their compact form, so a question is matched by dictionary look-ups of its
    word runs, not by scanning the papers (100k papers: well under 1 ms per question)."""

    by_key: dict[str, list[tuple[int, str | None]]] = field(default_factory=dict)  # key → (row, exact form)
    longest: int = 1  # the most words a name has
    fuzzy: dict[str, list[str]] = field(default_factory=dict)  # one-word names' keys by first letter
    topics: dict[str, list[int]] = field(default_factory=dict)  # descriptive titles, for "the layer pruning paper"
    title_terms: dict[int, frozenset[str]] = field(default_factory=dict)  # of papers whose names keep their case
    texts: tuple[str, ...] = ()  # the abstracts, read for the names they write (`written`) once a typo is suspected
    _written: frozenset[str] | None = None

    @classmethod
    def build(cls, papers: list[Paper]) -> "TitleIndex":
        by_key: dict[str, list] = defaultdict(list)
        topics: dict[str, list[int]] = defaultdict(list)
        longest = 1
        title_terms: dict[int, frozenset[str]] = {}
        for row, paper in enumerate(papers):
            names = names_of(paper)
            if not names:
                topics[compact(paper.title)].append(row)
            for name in names:
                exact = re.sub(r"[\s\-–_]+", "", name) if _exact_case(name) else None
                if (row, exact) not in by_key[compact(name)]:
                    by_key[compact(name)].append((row, exact))
                if exact is not None:
                    title_terms[row] = terms(paper.title) - terms(name)
                longest = max(longest, min(len(name.split()), MAX_NAME_TOKENS))
        fuzzy: dict[str, list[str]] = defaultdict(list)
        for key, found in by_key.items():
            if len(key) >= 4 and any(exact is None for _, exact in found):
                fuzzy[key[0]].append(key)
        return cls(dict(by_key), longest, dict(fuzzy), dict(topics), title_terms, tuple(p.text for p in papers))

    def find(self, text: str) -> list[int]:
        """Rows of the papers named in `text`, in paper order."""
        return sorted({row for row, _ in self.mentions(text)})

    def mentions(self, text: str, typos: bool = True) -> list[tuple[int, str]]:
        """(row, the words that name it) for each paper named in `text`: "Video MTR's" → (row, "Video MTR"); with
        `typos` off (our own answers, which write names as the abstracts do), no name read from a misspelling."""
        tokens = [t for t in (_bare(w) for w in re.split(r"[\s/]+", text)) if t]
        found: list[tuple[int, str]] = []
        for start in range(len(tokens)):
            for end in range(start + 1, min(start + self.longest, len(tokens)) + 1):
                words = " ".join(tokens[start:end])
                found += [(row, words) for row in self._rows(words)]
        # a second name with a typo beside one written right ("ProtoKV vs FlwoNar"): the words no name covers
        # or with a suffix of the question's own ("DramaSR-LMR"): the words no name covers
        covered = {compact(part) for _, words in found for part in words.split()}
        left = [t for t in tokens if compact(t) not in covered]
        rows = {r for r, _ in found}
        more = [*self._headed(left), *(self._misspelt(left) if typos else []), *self._opposite(tokens, covered), *self._titled(tokens, covered),
                *([] if found else self._labelled(text, covered))]
        return found + [(row, t) for row, t in dict.fromkeys(more) if row not in rows]

    def described(self, phrase: str) -> list[int]:
        """Rows of the papers whose descriptive title is `phrase` ("compression-order" for "Compression order")."""
        return self.topics.get(compact(phrase), [])

    def _rows(self, words: str) -> set[int]:
        surface = re.sub(r"[\s\-–_]+", "", words)
        found = set()
        base = _SUFFIX.match(words)  # "4DPC²hat-200K" for the paper titled "4DPC²hat"
        for form in (surface, _singular(surface), re.sub(r"[\s\-–_]+", "", base.group("base")) if base else ""):
            for row, exact in self.by_key.get(compact(form), ()) if form else ():
                if exact is None or exact == form:
                    found.add(row)
        return found

    def _headed(self, tokens: list[str]) -> list[tuple[int, str]]:
        """A name with a suffix of the question's own ("DramaSR-LMR", "SPIKE-style"): the part before the last
        hyphen names its paper when it is a name (a model or variant of the paper)."""
        return [(row, token) for token in tokens if "-" in token.strip("-")
                for head in [token.rsplit("-", 1)[0]] if len(compact(head)) > 3 for row in self._rows(head)]

    def _opposite(self, tokens: list[str], covered: set[str]) -> list[tuple[int, str]]:
        """A name that keeps its case written in lower case across "vs" from another name or a described paper
        ("veda vs isa", "muse vs the adaptive video tokenizer paper"), or across "and"/"or" when it is no English
        word: case alone keeps "ISA" apart from words elsewhere, but opposite another paper it can only be a name
        (fresh set Z, z9031 and z9033 compared one paper; fresh set AC, ac12039)."""
        rows: list[tuple[int, str]] = []
        tokens = versus_said(tokens)  # "veda compared to isa" (session 43 review)
        for at, joiner in enumerate(tokens[1:-1], start=1):
            joiner = joiner.lower()
            if joiner not in OPPOSITE_JOINERS:
                continue
            # "between spike and frameoracle", "frameoracle and spike both …", "both veda and isa": both sides of the "and"
            # are what is compared, words or not (fresh sets AC, AD: ac12004, ad13039; read set DX, dx067: one paper alone)
            versus = joiner in VERSUS or joiner == "and" and (at >= 2 and tokens[at - 2].lower() in PAIRED or
                                                              at + 2 < len(tokens) and tokens[at + 2].lower() == "both")
            # ... as are those of a "which" question's "or" ("which is faster, veda or isa?", a probe of session 26)
            versus = versus or joiner == "or" and tokens[0].lower() == "which"
            # ... and those of an "or" or "and" that "each" asks of after it ("veda or isa: what speedup does each one
            # report?", read set BW, bw068), the pair standing alone (not "a latency spike or FlowNar a memory spike for
            # each …", "what speedup curve and ISA latency does each report": second review)
            versus = versus or "each" in (t.lower() for t in tokens[at + 2:]) and pair_alone(tokens, at)
            for mine, other in ((tokens[at - 1], tokens[at + 1]), (tokens[at + 1], tokens[at - 1])):
                key = compact(mine)
                # ... or across "vs" from a paper the question describes ("muse vs the adaptive video tokenizer paper")
                opposite = compact(other) in covered or joiner in VERSUS and other.lower() == "the" and any(
                    re.fullmatch(PAPER_KINDS, t, re.I) for t in tokens[at + 2:at + 9])
                if not opposite or key in covered or (not versus and key in english_words()):
                    continue
                rows += [(row, mine) for row, exact in self.by_key.get(key, ()) if exact is not None]
        return rows

    def _titled(self, tokens: list[str], covered: set[str]) -> list[tuple[int, str]]:
        """A name that keeps its case written in lower case before a word of its paper's title: "kern router, how
        many experts …" for "KERN: Kernel Inspired Router with Normalization" (read set BL, bl042 named no paper); or
        between "the" and "paper" ("and the spike paper?": a second review of session 43 stayed with FrameOracle)."""
        return [(row, token) for before, token, after in zip(["", *tokens], tokens, tokens[1:])
                if compact(token) not in covered
                for row, exact in self.by_key.get(compact(token), ()) if exact is not None
                and (terms(after) & self.title_terms.get(row, frozenset())
                     or before.lower() == "the" and after.lower() in ("paper", "work", "study"))]

    def _labelled(self, text: str, covered: set[str]) -> list[tuple[int, str]]:
        """A name that keeps its case typed in lower case as the label a message opens with, the message naming no
        other paper nor asking for papers: "kern — total param count / number of experts …?" (read set DE, de041 named
        no paper); not "scope: which papers …", "Curve: …" (an English word capitalised: second review)."""
        label = _LABEL.match(text)
        if not label or not label.group("name").islower() or _ASKS_PAPERS.search(text[label.end():]):
            return []
        key = compact(label.group("name"))
        return [(row, label.group("name")) for row, exact in self.by_key.get(key, ()) if exact is not None
                and key not in covered]

    def written(self) -> frozenset[str]:
        """Compact names the abstracts write ("Video-MME"), read on first need (0.27 s at 5,183 papers, off the build)."""
        if self._written is None:
            self._written = frozenset(compact(m) for text in self.texts for m in _WRITTEN_NAME.findall(text))
        return self._written

    def _misspelt(self, tokens: list[str]) -> list[tuple[int, str]]:
        """A name with a typo ("Vdea", "ProtKV"): a capitalised non-word within an edit or two of one name (spelling fixes
        only words of 5+ letters the index lacks), unless an abstract writes it."""
        rows: list[tuple[int, str]] = []
        for token in tokens:
            key = compact(token)
            if len(key) < 4 or not token[:1].isupper() or key in english_words() or key[0] not in self.fuzzy:
                continue
            found = process.extractOne(key, self.fuzzy[key[0]], scorer=OSA.distance, score_cutoff=max_edits(key))
            if found and key not in self.written():  # "Video-MME" is no Video-MTR (a probe of session 40)
                rows += [(row, token) for row, exact in self.by_key[found[0]] if exact is None]
        return rows


# a name as an abstract writes one: two capitals, or a capital and a digit, in one token ("Video-MME", "Qwen2")
_WRITTEN_NAME = re.compile(r"(?<![\w-])(?=[\w-]*[A-Z][\w-]*[A-Z0-9])[A-Za-z][\w-]{2,}")


# a message's label: one word, then a colon or a dash ("kern: …", "kern — …")
_LABEL = re.compile(r"^\W*(?P<name>[\w+.-]+)\s*(?::|\s[—–-]\s|[—–])\s*(?=\S)")
_ASKS_PAPERS = re.compile(r"\b(?:papers?|works?|ones|studies|any|anything|methods|approaches)\b", re.I)


def _bare(word: str) -> str:
    """A question word without its punctuation and possessive: "(Veda's)" → "Veda"; "OGD+" keeps its "+"."""
    word = word.strip(_EDGE)
    word = re.sub(r"(?:['’]s|s['’])$", lambda m: "s" if m.group(0).startswith("s") else "", word)
    return word.strip(_EDGE)


def _singular(word: str) -> str:
    """"ProtoKVs" → "ProtoKV" (a plural of a name: "both ProtoKVs"), else ""."""
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else ""


def named_papers(text: str, papers: list[Paper], titles: TitleIndex | None = None) -> list[Paper]:
    """Papers whose name (a method name such as "Veda") appears in the text."""
    titles = titles or TitleIndex.build(papers)
    return [papers[row] for row in titles.find(text)]


# the kinds of thing a question may describe a paper as ("the … framework", "the … paper")
PAPER_KINDS = (r"(?:framework|method|tokeni[sz]er|paper|benchmark|model|approach|work|system|dataset|technique|"
               r"architecture|study|analysis|theory)")


def names_in(text: str, names: list[str]) -> bool:
    """Does `text` hold one of `names` as a whole word, however spaced or hyphenated ("ST GridPool" for
    "ST-GridPool"), not inside another word ("KERN" is not in "kernel")?"""
    for name in names:
        parts = [re.escape(p) for p in re.split(r"[\s\-–_]+", name.strip()) if p]
        if parts and re.search(r"(?<![\w])" + r"[\s\-–_]*".join(parts) + r"(?![\w])", text, re.I):
            return True
    return False
