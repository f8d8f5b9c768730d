"""Topic lists ("Which papers work on X?"): what to search for, how many papers to look at, which to keep.

A list keeps the papers that the calibrated score (rag/answer/abstain.py) says answer, or that search ranks
close to the best with a score that is not negligible, in retrieval's order, so the list ranks as search
ranks its topic. The question's frame ("Which papers
work on", "Any work on") is no part of the topic: searched for, "work" and "papers" pull in abstracts
that merely use those words ("this work", "streaming services"). A topic's parts ("Mamba or state-space
models") are searched on their own too: a paper on one of them belongs in the list.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from rag.answer.alternatives import distributed
from rag.answer.routing import VENUE_FIRST, WHO_DOES
from rag.answer.wording import GENERIC
from rag.corpus.terms import terms
from rag.corpus.venues import VENUE_ACRONYMS

# papers looked at for a list: dev lists' gold papers rank within search's top 6 on the topic query, and a
# list's gold runs to 5 papers; 12 leaves room without feeding the cut many near-misses (dev lists)
POOL = 12
# A list keeps a paper that answers the topic on its own (its calibrated probability clears the model's
# threshold), and one that search ranks close to the best (fused score at least NEAR x the best's) whose
# probability is not negligible (at least CLOSE_FLOOR x the threshold): the model scores a list's second and
# later papers down for not being first (its relative-score and first-hit features), while search's own score
# gap tells a topic's papers from the next ones better than the probability does (dev lists, non-first
# candidates: AUC 0.886 for the relative fused score, 0.863 for the probability). Tuned on the 39 dev lists
# (dev.jsonl to w106; pool 12; list F1 `local` / `multilingual`): the old single cut at 0.6 x the threshold
# 0.737 / 0.710; NEAR 0.7 with CLOSE_FLOOR 0.3: 0.773 / 0.782; NEAR 0.6 / 0.8 / 0.9 (floor 0.3): 0.734 / 0.763 /
# 0.760 and 0.764 / 0.789 / 0.755; CLOSE_FLOOR 0.1 / 0.2 / 0.4 / 0.5 (NEAR 0.7): 0.763 / 0.769 / 0.773 / 0.753
# and 0.769 / 0.774 / 0.775 / 0.769. Papers down to RELATED x the threshold that are not kept are named apart,
# uncited, as loosely related (at most MAX_RELATED).
NEAR = 0.7
CLOSE_FLOOR = 0.3
RELATED = 0.2
MAX_RELATED = 3

# a venue is capitalised ("Which ICLR 2026 papers"), the rest of the frame any case: "Which theory papers" keeps "theory"
_VENUE_YEAR = r"(?:(?-i:[A-Z][A-Za-z]*)\s+)?(?:\d{4}\s+)?"
_LEAD = r"^\s*(?:(?:so|and|also|now|ok(?:ay)?|please|hi|hello|hey),?\s+)?"
# a request put before the frame or the topic: "Can you list …", "Tell me which papers …", "I'm looking for
# papers on X", "I am interested in X: which papers …?", "Could you point me to work on X?", "I need papers that …"
_REQUEST = (r"(?:(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:list|find|show|name|give|tell|point|recommend|"
            r"suggest|summari[sz]e|search\s+for|help\s+me\s+find)(?:\s+me)?(?:\s+(?:to|at|towards))?(?:\s+(?:some|any|a\s+few))?\s+|"
            r"(?:any\s+)?pointers?\s+(?:to|on)\s+|"
            r"(?:i(?:'m|\s+am)\s+)?(?:looking|searching)\s+for\s+|i(?:'m|\s+am)\s+after\s+|"
            r"(?:i\s+|we\s+)?(?:need|want)\s+(?:to\s+(?:find|see|read)\s+)?|i(?:'d|\s+would)\s+like\s+(?:to\s+(?:know|find|see|read)\s+)?|"
            r"(?:do\s+you|did\s+you)\s+know\s+(?:of|about)\s+|(?:are\s+you|is\s+anyone)\s+aware\s+of\s+|"
            r"i(?:'m|\s+am)\s+(?:interested|curious)\s+(?:in|about)\s+|tell\s+me\s+about\s+|"
            r"i(?:'d|\s+would)\s+love\s+to\s+(?:read|know|learn)\s+about\s+|"
            r"i(?:'m|\s+am)\s+(?:researching|studying|working\s+on|reading\s+(?:up\s+)?(?:on|about))\s+|"
            # "I'm starting a project on X. Which papers tackle that setting?", "I'm reviewing X. …" (set AZ, read)
            r"i(?:'m|\s+am)\s+(?:(?:starting|beginning|planning|writing)\s+(?:a\s+|my\s+)?(?:new\s+)?"
            r"(?:project|thesis|survey|review|paper|study)\s+(?:on|about|in|into)|reviewing|surveying)\s+)")
# "Anything on X?", "Is there anything about X?", "Is anyone working on X?", "Has anyone tried X?", "What's been
# done on X?", "What do you have on X?", "Who works on X?"
_ASKED_AROUND = (
    # "who reports results on charades-sta?": the question word alone frames it (routing.py makes it a list)
    "(?:" + WHO_DOES + ")|"
    r"(?:(?:(?:is|are)\s+there\s+|do\s+(?:you|we)\s+have\s+|(?:have\s+you\s+)?got\s+)?(?:anything|everything)\s+"
    r"(?:(?:in\s+)?here\s+|in\s+(?:the|this|your)\s+(?:collection|index|corpus)\s+)?(?:on|about|regarding|concerning|"
    r"involving|related\s+to|relating\s+to|around|covering|dealing\s+with|in|to\s+do\s+with|that|which)|"
    # ... any verb going on: "Is anyone keeping people's identities out of …?" (list diagnostic BQ, session 30)
    r"(?:is|are)\s+(?:anyone|anybody|someone|somebody|people|researchers)(?:\s+here)?(?=\s+(?!going\b|(?:working|looking|trying|studying|exploring)\b)[a-z]{3,}ing\b)|"
    r"(?:is|are|has|have|did|does|do)\s+(?:anyone|anybody|someone|somebody|people|researchers)\s+(?:been\s+|ever\s+)?"
    r"(?:(?:working|worked|work|looking|looked|look)\s+(?:on|at|into)|tried|try|trying|studied|study|studying|explored|"
    r"explore|exploring|tackled|tackle|addressed|address|investigated|investigate|attempted|attempt|compared|compare|"
    r"analy[sz]ed|analy[sz]e|measured|measure|evaluated|evaluate|tested|test|done\s+anything\s+"
    r"(?:on|with|about))|"
    r"what(?:'s|\s+is|\s+has|\s+have)\s+(?:been\s+|people\s+)?(?:done|published|written|proposed|tried|studied)\s+"
    r"(?:on|about|regarding|concerning|for|with|in\s+(?:the\s+)?(?:area|field|space)\s+of)|"
    r"what(?:'s|’s|\s+is)\s+(?:in\s+)?here\s+(?:on|about|regarding|concerning)|"
    r"what\s+(?:do\s+(?:you|we)\s+have|is\s+there|is\s+out\s+there|exists|is\s+available)\s+"
    r"(?:in\s+(?:the|this|your)\s+(?:collection|index|corpus)\s+)?(?:on|about|regarding|concerning|for)|"
    r"what\s+(?:has|have)\s+(?:the\s+)?(?:community|field|people|researchers)\s+(?:done|tried|proposed|published)\s+"
    r"(?:on|about|for|with|in)|"
    r"(?:any|what|which)\s+(?:recent\s+)?(?:advances|progress|developments)\s+(?:(?:has|have)\s+been\s+made\s+)?"
    r"(?:in|on|about|for|regarding)|"
    r"where\s+(?:should|can|could|do)\s+i\s+(?:start\s+)?(?:read(?:ing)?|look(?:ing)?)\s+(?:up\s+)?(?:on|about|for|into)|"
    r"who(?:['’]s)?\s+(?:else\s+)?(?:works|worked|is\s+working|working|has\s+worked|studies|has\s+studied|has\s+looked|looks|"
    r"is\s+looking|looking)\s+(?:on|at|into)|"
    r"who\s+(?:else\s+)?(?:has\s+|have\s+|is\s+)?(?:tried|trying|attempted|attempting)\s+to"
    r")\s+")
_PAPER_NOUN = (r"(?:papers?|works?|methods|approaches|studies|articles|abstracts|research|publications|ones|literature|"
               r"submissions|entries|reading|posters?|talks|stuff)")
# "Which (ICLR 2026) papers (are there that) work on X?", "Any work on X?", "Do any of these papers use X?"
_WHICH_PAPERS = (
    r"(?:(?:which|what|list|find|show|name|give me|are there|is there|do you have|(?:do|does|have|has|did)\s+any|any|"
    r"how\s+many)\s+)?"
    r"(?:(?:are|were|the|a|an|all|every|other|some|any|of|these|those|among|good|relevant|recent|existing|prior|more|a\s+list\s+of|"
    r"kinds?\s+of|sorts?\s+of|types?\s+of)\s+)*"
    + _VENUE_YEAR + _PAPER_NOUN + r"\b\s*"
    r"(?:(?:in|of)\s+(?:the|this|your)\s+(?:collection|index|corpus|set|list)\s+|here\s+|,\s*if any,\s*)?"
    r"(?:(?:is|are) there\s+|(?:do you have|exists?|have been published)\s+)?(?:(?:that|which|who)\s+)?"
    r"(?:(?:work|works|focus|focuses|concentrate|touch|touches)\s+on|(?:deal|deals)\s+with|(?:look|looks)\s+at|"
    r"(?:are|is)\s+(?:about|on)|about|on|regarding|concerning|dealing with|study|studies|studying|address|"
    r"addresses|addressing|tackle|tackles|tackling|investigate|investigates|explore|explores|discuss|discusses"
    r"|cover|covers|(?:talk|talks)\s+about|looked\s+at|using|for|in|into|with|(?:are|is)\s+(?:related|relevant)\s+to|(?:have|has)\s+(?:something|anything)"
    r"\s+to\s+do\s+with|(?:are|is)\s+concerned\s+with|mention|mentions|involving|where|in\s+which|whereby)?\b\s*")
_FILLER = re.compile(r"^(?:(?:try|tries|trying|attempt|attempts|aim|aims|seek|seeks)\s+to\s+|"
                     r"(?:do|does)\s+(?:something|anything)\s+(?:with|on|about)\s+)", re.I)
# what is left of a frame around its topic: "the scene graph papers" → "scene graph", "theory papers on X" → "theory on X"
_EDGE = re.compile(r"^(?:the|some|any|a\s+few)\s+|\s+(?:papers?|works?|studies|research|literature|posters?|talks)\W*$|,?\s+please\W*$",
                   re.I)
_DESCRIBED_PAPERS = re.compile(r"^\s*(?:which|what)\s+((?-i:[a-z][\w-]*\s+){1,2})(?:papers|works|studies)\s+"
                               r"(?:(?:that|which)\s+)?", re.I)
_NOUN = re.compile(r"\b(?:papers?|articles|publications|posters?)\b", re.I)
_FRAME = re.compile(f"{_LEAD}(?:{_REQUEST}?(?:{_ASKED_AROUND}|{_WHICH_PAPERS})|{_REQUEST})", re.I)
# a clause that only asks for the papers, before or after the topic: "… sparse attention. Which ones do that?",
# "hallucination in multimodal LLMs: which papers address it?"
_CLAUSES = re.compile(r"(?<=[.?!:;])\s+|\s+[—–]\s+|\s+-\s+")
_FRAME_WORDS = frozenset(terms("paper papers work works one ones study studies research address tackle deal "
                               "focus cover explore investigate discuss do does this that these those it them such "
                               "collection index list show find name tell give exist anything everything read "
                               "should here solve solves handle handles"))
# a clause that points back at the topic another clause gave: "Which papers here tackle that setting?"
_POINTING_BACK = re.compile(r"(?i)\b(?:that|this|these|those|such|the\s+same)\s+(?:(?:kind|sort|type)\s+of\s+)?"
                            r"(?:settings?|problems?|topics?|areas?|tasks?|questions?|directions?|challenges?|issues?|"
                            r"ideas?|themes?|things?|lines?\s+of\s+work|approach(?:es)?)\b")


def _asks_only_for_papers(clause: str) -> bool:
    return bool(_FRAME.match(clause) or re.match(r"(?i)\s*(?:which|what|any|anything)\b", clause)) and \
        not terms(_POINTING_BACK.sub(" ", clause)) - GENERIC - _FRAME_WORDS


# Words of a request that are left at the topic's edges when a wording has no pattern above ("Is X covered by any
# paper?", "Can you tell me what papers there are on X?", "Has there been work on X?"): a closed class of question
# words, auxiliaries, pronouns, prepositions, nouns for papers and verbs of studying or asking. A topic starts and
# ends at a word outside it; articles and verbs of doing ("use", "propose") stay, as in "use Mamba".
_EDGE_WORDS = frozenset("""which what who whom where whose is are was were be been being has have had do does did can
could would will should i i'm im what's there's me my you your we our us there here it its this that these those any some all of on
about into in at for to with by regarding concerning around related relating relevant if paper papers work works research
studies study article articles publication publications abstract abstracts submission submissions contribution
contributions literature collection index corpus have has list show tell give find suggest recommend read learn want need
trying try interested curious looking look looked looks examine examines examined examining investigate investigates
investigated investigating discuss discusses discussed discussing cover covers covered covering address addresses
addressed addressing tackle tackles tackled tackling deal deals dealt dealing focus focuses focused focusing out done
please anything everything ones one so and or also mentioned mention mentions available exist exists whether anyone
anybody someone somebody studied concerned touching get know posters poster talks stuff""".split())


def _trimmed(text: str) -> str:
    """`text` without the request's words at its edges (see _EDGE_WORDS), or `text` when nothing else is left."""
    words = text.split()
    bare = [w.strip(" ?.!,;:'\"").lower() for w in words]
    start, end = 0, len(words)
    while start < end and (bare[start] in _EDGE_WORDS or  # "the collection have on X": an article before them too
                           bare[start] in ("the", "a", "an") and start + 1 < end and bare[start + 1] in _EDGE_WORDS):
        start += 1
    while end > start and bare[end - 1] in _EDGE_WORDS:
        end -= 1
    return " ".join(words[start:end]) if start < end else text


# a clause that only sets the filter by a venue's name ("Looking at ICML only:", set BB; not "Looking at MLVU only")
_FILTER_WORDS = frozenset("only just looking focusing restricting limiting sticking staying".split())
_ASKS = re.compile(r"(?i)\s*(?:which|what|who|where|when|why|how|is|are|do|does|did|can|could|any)\b")  # a question
_VENUE_NAMES = frozenset(v.lower() for v in VENUE_ACRONYMS)


def _filter_only(clause: str) -> bool:
    words = [w.strip(" ?.!,;:'\"()").lower() for w in clause.split()]
    return any(w in _VENUE_NAMES for w in words) and all(not w or w in _EDGE_WORDS | _FILTER_WORDS | _VENUE_NAMES or
                                                         (w.isdigit() and len(w) == 4) for w in words)


def _frame_first(clauses: list[str]) -> list[str]:
    """The framing clause first, the context before it after ("Trying to make a model smaller — which papers …?")."""
    if not clauses or _FRAME.match(clauses[0]) or _ASKS.match(clauses[0]):
        return clauses  # the question opens with its frame: nothing before it to move
    for i, clause in enumerate(clauses[1:], start=1):
        if _FRAME.match(clause):  # the context is kept after it: the frame's clause alone lost 4 dev lists
            return [clause.rstrip(" ?!"), *clauses[:i], *clauses[i + 1:]]
    return clauses


def topic(text: str, venue=None, year: int | None = None) -> str:
    """The topic a list question asks about: "Which ICLR 2026 papers work on streaming video?" → "streaming
    video". The venue and year are filters, not words to match; an unrecognised frame leaves the text whole."""
    text = VENUE_FIRST.sub("", text)  # "ICML only: anything on X?"
    clauses = [c for c in _CLAUSES.split(text.strip()) if c.strip()]
    asked = [c for c in clauses if not _asks_only_for_papers(c) and not _filter_only(c)]
    asked = _frame_first(asked)
    text = " ".join(asked).rstrip(" ?.!,;:") if asked and asked != clauses else text
    rest = _FRAME.sub("", text, count=1)
    if rest == text:  # "Which theory papers explain X?": the words before the paper noun are the topic's
        rest = _DESCRIBED_PAPERS.sub(r"\1", text, count=1)
    rest = _FILLER.sub("", rest, count=1) if rest != text else rest
    venues = [venue] if isinstance(venue, str) else list(venue or ())
    for name in [*venues, str(year) if year else ""]:
        if name:
            rest = re.sub(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w-])", " ", rest)
    rest = _NOUN.sub(" ", _EDGE.sub("", rest)) if rest != text else rest
    rest = _trimmed(" ".join(rest.split()).strip(" ?.!,;:")).strip(" ?.!,;:")
    return rest if len(rest.split()) >= 1 and rest != text.strip(" ?.!") else text


def searched(question, k: int) -> tuple[str, int]:
    """What retrieval searches for to answer `question` (a `understand.Question`), and how many papers: a list
    searches its topic alone, over a pool big enough to hold every paper that matches. `make tune` fits the
    abstention model on the candidates this retrieves, so the model sees what the answerer sees."""
    if question.kind != "list":
        return question.standalone, k
    return topic(question.standalone, question.venue, question.year), max(k, POOL)


# A topic often names its alternatives or spells itself out: "Mamba or state-space models", "continual learning,
# i.e. learning tasks sequentially", "kernel methods, e.g. kernel regression or the neural tangent kernel". A
# paper on one alternative matches the list, while the whole topic's query ranks it low, so each part (FACET) is
# searched and scored on its own too, at most MAX_FACETS of them.
# ... or restates it in plain words: "generating videos, I mean models that produce brand-new video clips" (read set BO)
_FACET_SPLIT = re.compile(r",?\s*\b(?:i\.e\.|e\.g\.|incl\.|esp\.|especially|such as|for example|for instance|including|like|"
                          r"namely|whether|I\s+mean|that\s+is(?=\s*,)|in\s+other\s+words|a\.?k\.?a\.?)"
                          r"(?=\W)\s*,?\s*|\s*[;:()]\s*|,\s*(?:(?:or|and)\s+)?|\s+(?:and/)?or\s+|\s*/\s*", re.I)
MAX_FACETS = 4
# A facet lifts a paper's probability to the facet's own when the facet's probability is at least FACET_CLEAR x
# the threshold (the facet clearly answers) and the whole topic already finds the paper loosely related (RELATED);
# a facet on whose ranking the VAGUE-th paper still clears the threshold ("propose benchmarks", "for video") is
# matched by too many papers to tell the topic's apart and lifts none. Tuned on the 39 dev lists (list F1 `local` /
# `multilingual`, NEAR 0.7, CLOSE_FLOOR 0.3): no facets 0.773 / 0.782; FACET_CLEAR 2 with VAGUE 5: 0.792 / 0.806
# (VAGUE 4 / 6 / none: 0.789 / 0.790 / 0.785 and 0.796 / 0.806 / 0.802; FACET_CLEAR 1.5 / 2.5: 0.792 / 0.773 and
# 0.802 / 0.806; a probe of the same rules). A facet alone never opens a list whose whole topic is far from
# answering: letting one (FACET_CLEAR 2) answered 1 / 2 more of dev's 30 list-shaped out-of-scope questions and no
# more lists; one whose whole topic nearly answers does (FACET_OPEN, below).
FACET_CLEAR = 2.0
VAGUE = 5


def facets(text: str) -> list[str]:
    """The parts of a topic that can match on their own ("use Mamba", "state-space models"), each with a content
    word; none when the topic has a single part."""
    parts = [" ".join(p.split()).strip(" ,.?!") for p in _FACET_SPLIT.split(distributed(text)) if p]
    found: list[str] = []
    for part in parts:
        if terms(part) - GENERIC and part.lower() != text.lower() and part not in found:
            found.append(part)
    return found[:MAX_FACETS] if len(found) > 1 else []


def lifted(probabilities: np.ndarray, ids: list[str], rankings: list[tuple[list[str], np.ndarray]],
           threshold: float) -> np.ndarray:
    """The list's probabilities (retrieval's order, papers `ids`) with each paper lifted to the probability a
    facet's own ranking gives it, where that facet clearly answers and tells papers apart (see FACET_CLEAR)."""
    p = np.asarray(probabilities, dtype=float).copy()
    where = {paper: i for i, paper in enumerate(ids)}
    for facet_ids, facet_p in rankings:
        facet_p = np.asarray(facet_p, dtype=float)
        if len(facet_p) >= VAGUE and facet_p[VAGUE - 1] >= threshold:
            continue
        for paper, q in zip(facet_ids, facet_p):
            i = where.get(paper)
            if i is not None and q >= FACET_CLEAR * threshold and probabilities[i] >= RELATED * threshold:
                p[i] = max(p[i], q)
    return p


def as_topic(question):
    """A list question (a `understand.Question`) as its topic alone, for judging its papers: the words of its frame
    ("I am interested in", "which papers address it") are no content an abstract should hold."""
    if question.kind != "list" or question.named:
        return question
    text = topic(question.standalone, question.venue, question.year)
    asked = f"Which papers {text}?"
    return replace(question, text=asked, standalone=asked)


# A list opens when its best paper answers the whole topic, or nearly does (FACET_OPEN x the threshold) while a facet
# clearly answers (FACET_CLEAR): "audio (sound, speech, audio-visual cues) alongside the visual stream" is
# answered by its "audio" facet, the whole topic's best paper at 0.8 of the threshold (fresh set E). Tuned on dev
# lists and dev's list-shaped out-of-scope questions (143 / 102): FACET_OPEN 1 (off) / 0.7 / 0.6 / 0.5: lists
# abstained 0.112 / 0.105 / 0.098 / 0.098, out of scope abstained 0.794 / 0.794 / 0.794 / 0.784.
FACET_OPEN = 0.6
# ... and when its best paper comes within LIST_OPEN of the threshold: a whole list withheld costs all its papers,
# where one near-topic paper kept costs one. Tuned on dev (1,886: its 281 lists and 323 out-of-scope questions, sets
# W and X among them): LIST_OPEN 1 (off) / 0.9 / 0.8 / 0.7: list F1 0.762 / 0.763 / 0.776 / 0.778, lists abstained
# 0.064 / 0.060 / 0.046 / 0.039, out of scope abstained 0.882 / 0.876 / 0.873 / 0.854
LIST_OPEN = 0.8


def opens(probabilities, threshold: float, lifted_p=None) -> bool:
    """Does the list answer at all (see FACET_OPEN and LIST_OPEN)?"""
    best = float(np.max(probabilities))
    return best >= LIST_OPEN * threshold or (lifted_p is not None and best >= FACET_OPEN * threshold
                                 and float(np.max(lifted_p)) >= FACET_CLEAR * threshold)


def kept(probabilities: np.ndarray, threshold: float, scores=None, lifted_p=None) -> tuple[list[int], list[int]]:
    """Positions (0-based, retrieval's order) of the papers a list keeps, and of the loosely related ones
    shown apart; `scores` are retrieval's fused scores, in the same order, `lifted_p` the probabilities its
    facets lift (`lifted`). None unless the list opens (`opens`)."""
    if not len(probabilities) or not opens(probabilities, threshold, lifted_p):
        return [], []
    p = np.asarray(probabilities if lifted_p is None else lifted_p, dtype=float)
    fused = np.asarray(scores if scores is not None else np.zeros(len(p)), dtype=float)
    near = fused >= NEAR * fused.max() if fused.max() > 0 else np.zeros(len(p), dtype=bool)
    keep = (p >= threshold) | (near & (p >= CLOSE_FLOOR * threshold))
    loose = np.flatnonzero(~keep & (p >= RELATED * threshold))
    return [int(i) for i in np.flatnonzero(keep)], [int(i) for i in loose[:MAX_RELATED]]
