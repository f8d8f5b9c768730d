"""What askers say of their own reading rather than of the papers, taken out before a question is understood.

"For my slides:", "I'm presenting the paper that …", "… I couldn't find it.", "… I want the full set.", "… I need the
number for a slide." Left in, their words ("slides", "presenting", "full set") counted as the question's content: a
list with "I want the full set." after it abstained, and a detail asked with "As far as I can tell it isn't stated."
after it quoted other sentences (read set BG, session 28: a reviewer checking claims and a student preparing a talk).
"""

from __future__ import annotations

import re

from rag.corpus.venues import VENUE_ACRONYMS

# the asker's own occasion: "For my SGMD slides:" keeps "SGMD", "For a slide on audio-visual work:" keeps its topic
_OCCASION = (r"(?:slides?|slide\s+deck|deck|talk|presentation|reading[- ]group(?:\s+session)?|journal\s+club|lecture|"
             r"seminar|poster|class|(?:group|lab)\s+meeting|thesis|write-?up|notes)")
# ("for my/our …" anywhere, "for a/the …" only opening the question: "narration in a lecture video", "the class-specific
# boundary" are topics; a venue kept would read as a filter: "For my NeurIPS talk:", second review)
_FOR_MY = re.compile(rf"(?:\b(?:for|in)\s+(?:my|our|tomorrow['’]s|next\s+week['’]s|friday['’]s)|^\W*(?:for|in)\s+(?:a|the|this))\s+"
                     rf"(?P<keep>(?:(?!(?:on|about)\b)[\w-]+\s+){{0,2}}?){_OCCASION}(?![\w-])"
                     r"(?P<when>\s+(?:on|this|next)\s+\w+day)?(?:\s+(?:on|about)\b)?", re.I)
_VENUE_WORD = re.compile(rf"(?i)\b(?:{'|'.join(VENUE_ACRONYMS)})(?:\s*'?\d{{2,4}})?\s+")
# "I'm presenting the paper that …" is about the paper that …; "I'm presenting PPLLaVA on Friday." about PPLLaVA
_PRESENTING = re.compile(r"(?:^|(?<=[.?!:]\s))\s*(?:I(?:'m|’m|\s+am)|we(?:'re|’re|\s+are))\s+(?:presenting|covering|"
                         r"discussing|reviewing|going\s+over|talking\s+about|preparing\s+(?:a\s+talk|slides)\s+on)\s+",
                         re.I)
_WHEN = re.compile(r"\s+(?:on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|next\s+week|this\s+week|later\s+today)"
                   r"(?=\s*[.?!,:]|\s*$)", re.I)
# a sentence that says only how the asker looked, what they will do with the answer, or that they want all of it
_ABOUT_ME = re.compile(
    r"^\W*(?:"
    r"(?:I\s+)?(?:couldn['’]t|could\s+not|can['’]t|cannot|didn['’]t|did\s+not|don['’]t|do\s+not)\s+(?:find|see|spot|locate|tell)\b"
    # ... or what the answer will decide: "need to know if it fits next to the VLM on one card", "deciding whether to
    # try it at 70B" (an engineer's voice, diagnostic set BI)
    r"|(?:I\s+|we\s+)?(?:need|want|have)\s+to\s+(?:know|check|decide|see|figure\s+out)\s+(?:if|whether)\b"
    r"|(?:I['’]m\s+|we['’]re\s+|I\s+am\s+|we\s+are\s+)?(?:deciding|trying\s+to\s+decide|wondering)\s+whether\b"
    r"|I(?:['’]ve|\s+have)?\s+(?:looked|checked|searched|skimmed|scanned)\b"
    r"|as\s+far\s+as\s+I\s+(?:can\s+)?(?:tell|know|see)\b"
    r"|(?:I\s+)?(?:need|want)\s+(?:it|this|that|them|both|these|those|the\s+(?:number|numbers|figure|figures|value|"
    r"values|names?|details?))\s+for\b"
    r"|I\s+(?:want|need|have|plan|hope)\s+to\s+(?:check|verify|cross-check|double-check|list|cite|quote|put|include|"
    r"mention|present|show|summari[sz]e|compare|make\s+sure)\b"
    r"|I\s+(?:want|need)\s+(?:the\s+)?(?:full|complete|whole|entire|exhaustive)\s+(?:set|list)\b"
    r"|I\s+(?:want|need)\s+(?:every|each)\s+one\b|I\s+(?:want|need)\s+all\s+of\s+them\b"
    r"|I\s+only\s+(?:found|know(?:\s+of)?|have|see)\s+(?:one|two|three|a\s+few|some)\b"
    r"|(?:am|are)\s+I\s+missing\s+(?:some|any|anything|one|others)\b"
    # ... or what they will put where: "I want one bullet each on my slide."
    rf"|I\s+(?:want|need|will|['’]ll|have)\b[^?]*\b(?:my|our|a|the)\s+{_OCCASION}\b"
    r")[^?]*(?:,\s*(?:am|are)\s+I\s+missing\s+\w+)?\W*$", re.I)
# sentences, and a clause after a comma that speaks of the asker ("…, I want one bullet each on my slide.")
_PIECE = re.compile(r"(?<=[?.!])\s+(?=\S)|(,)\s+(?=I\s)")


def without_framing(text: str) -> str:
    """The question without what the asker says of their own reading; unchanged when nothing else would be left."""
    # only once something was asked before it, in an earlier sentence or the same one: "I couldn't find Veda's GPU
    # count. Is it reported?" and "I read Veda. Wondering whether they report the GPU count." ask in those sentences
    kept, asked = [], False
    for piece, comma in _pieces(text.strip()):
        if not ((asked or comma) and _ABOUT_ME.match(piece)):
            kept.append(piece)
        asked = asked or piece.rstrip().endswith("?")
    core = " ".join(kept)
    core = _FOR_MY.sub(lambda m: f" {_VENUE_WORD.sub('', m.group('keep'))}", core)
    core = _WHEN.sub("", _PRESENTING.sub(" ", core))
    core = re.sub(r"^\W*[:,;—–-]\s*|\s+(?=[,.:;?!])", "", re.sub(r"\s{2,}", " ", core)).strip()
    return core if re.search(r"\w", core) else text


def _pieces(text: str) -> list[tuple[str, bool]]:
    """The text's sentences and comma clauses, each with whether a comma opened it."""
    parts = _PIECE.split(text)
    out = [(parts[0], False)]
    for n in range(1, len(parts) - 1, 2):
        out.append((parts[n + 1], parts[n] == ","))
    return out


# the asker's own work, said before what they ask: "My goal is feeding motion-capture skeletons into an MLLM. Which
# papers extend MLLMs to new input types?" (read set BJ, a related-work writer: the papers never mention
# motion capture, which was read as the domain asked for); not when the question points back at it ("… for that?")
_OWN_WORK = re.compile(r"^\W*(?:my|our)\s+(?:\w+\s+){0,2}?(?:goal|project|work|paper|thesis|system|setting|aim|idea|"
                       r"approach|method|model|pipeline|product|team|lab)\b[^?]*[.!]\s+(?=\S)", re.I)
_POINTS_BACK = re.compile(r"\b(?:it|its|this|these|those|such|ours|mine|similar|also|too|same)\b|"
                          r"\b(?:for|with|on|about|like|to|of|in)\s+that\b", re.I)


def without_own_work(text: str) -> str:
    """The question without a first sentence on the asker's own work, unless what follows refers back to it."""
    match = _OWN_WORK.match(text)
    rest = text[match.end():] if match else ""
    return rest if rest and "?" in rest and not _POINTS_BACK.search(rest) else text


# a question offering its candidate for the answer: "Is it GPT-4o that comes out on top in UrbanFeel?" (not "Is it
# true that …", nor "… is correct?": second review); the abstract's own value corrects the name it offers
_CHECKS_CLAIM = re.compile(r"^\W*(?:is|was)\s+it\s+(?!true\b|correct\b|right\b|possible\b|known\b)[^?]{1,60}?\s+"
                           r"(?:that|who|which)\b", re.I)


def checks_claim(question: str) -> bool:
    """Does the question offer a candidate answer to check ("Is it X that …?"), rather than ask what the paper says?"""
    return bool(_CHECKS_CLAIM.search(question.strip()))
