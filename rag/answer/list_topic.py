"""What a list question asks about: its topic, without the request around it ("Which ICLR 2026 papers work on X?",
"Anything on X?", "Who's training with X?", "I'm looking for papers that …") or the filters it names."""

from __future__ import annotations

import re

from rag.answer.routing import VENUE_FIRST, WHO_DOES
from rag.answer.topic_asides import without_asides
from rag.answer.wording import GENERIC
from rag.corpus.terms import terms
from rag.corpus.venues import VENUE_ACRONYMS

# a venue is capitalised ("Which ICLR 2026 papers"), the rest of the frame any case: "Which theory papers" keeps "theory"
# ... a venue typed in lower case too ("iclr papers where …": fresh set EC)
_VENUE_YEAR = rf"(?:(?:(?-i:[A-Z][A-Za-z]*)|{'|'.join(VENUE_ACRONYMS)})\s+)?(?:\d{{4}}\s+)?"
_LEAD = r"^\s*(?:(?:so|and|also|now|ok(?:ay)?|please|hi|hello|hey),?\s+)?"
# a request put before the frame or the topic: "Can you list …", "Tell me which papers …", "I'm looking for
# papers on X", "I am interested in X: which papers …?", "Could you point me to work on X?", "I need papers that …"
_REQUEST = (r"(?:(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:list|find|show|name|give|tell|point(?=\s+(?:me|us|to|at|towards)\b)|recommend|"
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
    r"involving|related\s+to|relating\s+to|around|covering|dealing\s+with|working\s+on|focus(?:ing|ed)\s+on|in|"
    r"to\s+do\s+with|that|which)|"
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
               # ... a journalist's "which projects" (read set CA)
               r"submissions|entries|reading|posters?|talks|stuff|teams|projects)")
# "Which (ICLR 2026) papers (are there that) work on X?", "Any work on X?", "Do any of these papers use X?"
_WHICH_PAPERS = (
    r"(?:(?:which|what|list|find|show|name|identify|give me|are there|is there|do you have|(?:do|does|have|has|did)\s+any|any|"
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
    r"\s+to\s+do\s+with|(?:are|is)\s+concerned\s+with|mention|mentions|involving|where|whose|in\s+which|whereby"
    # ... and a verb that only relates them to it ("which papers involve video games?": a second review of session 45,
    # qg059 required "involve" of the abstracts; "treat of", qh042)
    r"|involve|involves|feature|features|concerns?(?!\s+(?:themselves|itself)\b)|(?:relate|relates)\s+to|treat(?:s)?\s+of"
    r"|(?:lean|leans|rely|relies|depend|depends|draw|draws)\s+on)?\b\s*")  # "papers that lean on optical flow" (set EG)
# ... and what the papers contribute: "iclr papers where the main contribution is a new eval benchmark" (fresh set EC)
# ... or their aim ("every paper whose stated aim is to make …": fresh set EG, read in session 46)
_FILLER = re.compile(r"^(?:(?:try|tries|trying|attempt|attempts|aim|aims|seek|seeks)\s+to\s+|(?:(?:stated|main|primary|explicit|"
                     r"declared)\s+)?(?:aim|goal|purpose|objective)s?\s+(?:is|are|was|were)\s+(?:to\s+)?|"
                     r"(?:(?:the|their|its)\s+)?(?:(?:main|primary|key|chief|central|core)\s+)?contributions?\s+"
                     r"(?:is|are|was|were|lies|lie|includes?|contains?|involves?|comprises?)\s+(?:in\s+)?(?:to\s+)?|"  # (qt049)
                     r"(?:do|does)\s+(?:something|anything)\s+(?:with|on|about|like)\s+)", re.I)
# what is left of a frame around its topic: "the scene graph papers" → "scene graph", "theory papers on X" → "theory on X"
_EDGE = re.compile(r"^(?:the|some|any|a\s+few)\s+|\s+(?:papers?|works?|studies|research|literature|posters?)\W*$|,?\s+please\W*$",
                   re.I)
# the collection pointed at, after the topic: "… in here", "… here", "… in this collection"
_HERE = re.compile(r"\s+(?:in\s+)?(?:here|(?:this|the)\s+(?:collection|list|set|index|corpus|lot))(?=\s*[?.!]*\s*$)", re.I)
_ANY_PAPERS = re.compile(r"^\s*(?:(?:are|is)\s+there\s+|got\s+|do\s+you\s+have\s+)?any\s+(?P<topic>(?!(?:papers?|works?)\b)"
                         r"[^?.!]+?)\s+(?:papers?|works?|studies)\s*[?.!]*\s*$", re.I)
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
anybody someone somebody studied concerned touching get know posters poster stuff
arguments argument ideas techniques approaches""".split())  # ("… information theory or identifiability arguments?": qu053)


_MODALS = frozenset("can can't cannot could couldn't will won't would should must".split())


def _trimmed(text: str) -> str:
    """`text` without the request's words at its edges (see _EDGE_WORDS), or `text` when nothing else is left."""
    words = text.split()
    bare = [w.strip(" ?.!,;:'\"").lower() for w in words]
    start, end = 0, len(words)
    while start < end and (bare[start] in _EDGE_WORDS or  # "the collection have on X": an article before them too
                           bare[start] in ("the", "a", "an") and start + 1 < end and bare[start + 1] in _EDGE_WORDS):
        start += 1
    # (not a verb after its modal: "what transformers can or can't learn", a second review of session 45, qc065)
    while end > start and bare[end - 1] in _EDGE_WORDS and not (end - 2 >= start and bare[end - 2] in _MODALS):
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


# the asker's own remark after a whole question: "Which papers study X? I need them for my thesis." (read set DX,
# dx025: "I'm collecting anything relevant to headset-captured video" was searched with the topic, and the list abstained)
_REMARK = re.compile(r"(?i)^\s*(?:I|I'm|I’m|Im|I am|I'd|I’d|I've|I’ve|I'll|we|we're|we’re|we are|we'd|we've|my|our)\b")


def _without_remarks(clauses: list[str]) -> list[str]:
    """The clauses without a first-person remark (no question) after a first clause asking for papers on a topic."""
    first = clauses[0] if clauses else ""
    if not first.rstrip().endswith("?") or not (_FRAME.match(first) or _ASKS.match(first)) or _asks_only_for_papers(first):
        return clauses
    return [first, *(c for c in clauses[1:] if c.rstrip().endswith("?") or not (
        _REMARK.match(c) or _AFTERTHOUGHT.match(c) and not set(c.lower().split()) & _FILTER_WORDS))]


# ... or any statement after it that narrows nothing: "Which papers involve quantization? Thinking about cost-efficient
# serving." (a second review of session 44: the remark's words were judged as the topic's, and the list lost a paper);
# "… ? Preferably with code.", "… ? Only ICML." narrow the list and stay
_AFTERTHOUGHT = re.compile(r"(?i)^\s*(?!(?:only|just|preferably|ideally|especially|particularly|mainly|mostly|primarily|not|"
                           r"no|nothing|excluding|exclude|ignore|including|include|with|without|in|on|for|from|at|using|"
                           r"and|or|but|also|plus|either|both|any|which|what|who|how|list|name|show|give|find)\b)"
                           # ... nor examples ("…? distillation, sparse attention, quantization, whatever": dev bo027)
                           r"(?![^?]*(?:[,/]|\b(?:etc|whatever|and|or)\b))[a-z][^?]*$")


# (not one saying what the asker is after: "I'm a linguist interested in where, layer by layer, a language model works
# things out. Which papers localize some behaviour to particular layers?", dev bx031)
_STORY = re.compile(r"(?i)^\W*(?:I|I['’](?:m|ve|d)|back\s+in\s+my\s+day|in\s+my\s+(?:day|time|youth|career))\b"
                    r"(?![^.!?]*(?:\?|\binterest|\bcurious|\bwork(?:ing)?\s+on\b|\bresearch|\bstud(?:y|ying)\b|\bfocus|"
                    r"\blooking\s+(?:for|into|at)\b|\bneed|\bwant|\bplan))")


_PRONOUN = re.compile(r"(?i)\b(?:it|its|them|they|their|such)\b")


def _frame_first(clauses: list[str]) -> list[str]:
    """The framing clause first, the context before it after ("Trying to make a model smaller — which papers …?")."""
    if not clauses or _FRAME.match(clauses[0]) or _ASKS.match(clauses[0]):
        return clauses  # the question opens with its frame: nothing before it to move
    for i, clause in enumerate(clauses[1:], start=1):
        if _FRAME.match(clause):  # the context is kept after it: the frame's clause alone lost 4 dev lists
            # ... but not the asker's own story before a frame with a topic of its own ("I keep seeing the term. Which
            # papers deal with attention sinks?", "Back in my day GANs were all the rage. Are there papers …": a second
            # review of session 45, qd049, qd051, qd063 abstained or lost a paper)
            own = terms(_POINTING_BACK.sub(" ", clause)) - GENERIC - _FRAME_WORDS  # (two words: not "Which papers help?")
            context = [c for c in clauses[:i] if not _STORY.match(c) or len(own) < 2 or _PRONOUN.search(clause)]
            return [clause.rstrip(" ?!"), *context, *clauses[i + 1:]]
    return clauses


# a term quoted in the asker's context, which the request then points back at: "Our CTO keeps bringing up 'optical flow'
# — which of these papers actually use it?" (read set BR, session 30: a product manager's words; the context was
# searched whole and the list abstained)
_QUOTED = re.compile(r"(?<!\w)['‘\"“]([^'‘’\"“”?]{2,40}?)['’\"”](?=\s*(?:[—–,.;:!-]|$))")
# ... pointed back at as what the papers do or are about ("use it", "on that"), not a relative "that" ("… models that
# generate long clips"), and quoted as a phrase of its own, not a word of a longer one ("'Streaming' video LLMs": second
# review)
_IT = re.compile(r"\b(?:use|uses|using|used|on|about|with|do|does|apply|applies|handle|handles|study|studies|mention|"
                 r"mentions|cover|covers|involve|involves|exploit|exploits|rely\s+on|build\s+on)\s+(?:it|them|this|that)\b"
                 r"(?!\s+(?:is|are|was|were|\w+s)\b)", re.I)


def _quoted_topic(clauses: list[str]) -> str:
    """The one term quoted before a request for papers that points back at it, or ""."""
    quoted = [m.group(1) for c in clauses for m in _QUOTED.finditer(c)]
    asking = [c for c in clauses if _FRAME.match(c) or _ASKS.match(c)]
    if len(quoted) == 1 and asking and not _QUOTED.search(asking[-1]) and _IT.search(asking[-1]):
        return quoted[0].strip()
    return ""


# a verb of building on a thing, said as the use it is (a second review of session 44: "Which papers build upon Mamba or
# state-space models?" missed 4DPC²hat, which "use Mamba" finds), and one of concern, said as what the papers are about
_USES = re.compile(r"(?i)^\s*(?:build(?:s|ing)?\s+(?:up)?on|rel(?:y|ies|ying)\s+(?:up)?on)\s+")
_CONCERNS = re.compile(r"(?i)^\s*concern(?:s|ing)?\s+(?:themselves|itself)\s+with\s+")


def topic(text: str, venue=None, year: int | None = None) -> str:
    """The topic a list question asks about: "Which ICLR 2026 papers work on streaming video?" → "streaming
    video". The venue and year are filters, not words to match; an unrecognised frame leaves the text whole."""
    framed = VENUE_FIRST.sub("", text)  # "ICML only: anything on X?"
    # ... but a label before a bare request is its topic ("GANs: any papers?", a third review of session 44)
    label = text[:len(text) - len(framed)].lower()
    text = text if framed != text and _asks_only_for_papers(framed) and not set(re.findall(r"\w+", label)) & _VENUE_NAMES \
        else framed
    text = _HERE.sub("", text)  # "any GAN papers in here?": where to look, no topic (a probe of session 40 abstained)
    if any_papers := _ANY_PAPERS.match(text):  # "any GAN papers?", "are there any world-model works?"
        return any_papers.group("topic")
    text = without_asides(text)  # "(not offline clips)", "in some fashion", "…, the measure of …": no words to match
    clauses = [c for c in _CLAUSES.split(text.strip()) if c.strip()]
    if len(kept := _without_remarks(clauses)) < len(clauses):
        clauses, text = kept, " ".join(kept)
    if quoted := _quoted_topic(clauses):
        return quoted
    asked = [c for c in clauses if not _asks_only_for_papers(c) and not _filter_only(c)]
    asked = _frame_first(asked)
    text = " ".join(asked).rstrip(" ?.!,;:") if asked and asked != clauses else text
    rest = _FRAME.sub("", text, count=1)
    if rest == text:  # "Which theory papers explain X?": the words before the paper noun are the topic's
        rest = _DESCRIBED_PAPERS.sub(r"\1", text, count=1)
    rest = _FILLER.sub("", rest, count=1) if rest != text else rest
    rest = _CONCERNS.sub("", _USES.sub("use ", rest, count=1), count=1)  # "build upon Mamba" uses it
    venues = [venue] if isinstance(venue, str) else list(venue or ())
    for name in [*venues, str(year) if year else ""]:
        if name:
            rest = re.sub(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w-])", " ", rest)
    rest = _NOUN.sub(" ", _EDGE.sub("", rest)) if rest != text else rest
    rest = _trimmed(" ".join(rest.split()).strip(" ?.!,;:")).strip(" ?.!,;:")
    return rest if len(rest.split()) >= 1 and rest != text.strip(" ?.!") else text
