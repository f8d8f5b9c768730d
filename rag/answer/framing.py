"""What askers say of their own reading rather than of the papers, taken out before a question is understood.

"For my slides:", "I'm presenting the paper that …", "… I couldn't find it.", "… I want the full set." Left in, their
words ("slides", "presenting", "full set") counted as the question's content: a list with "I want the full set." after
it abstained, a detail asked with "As far as I can tell it isn't stated." after it quoted other sentences (read set BG).
"""

from __future__ import annotations

import re

from rag.answer.hearsay import without_hearsay
from rag.answer.own_setting import OWN_CASES, without_own_work
from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms
from rag.corpus.venues import VENUE_ACRONYMS

# the asker's own occasion: "For my SGMD slides:" keeps "SGMD", "For a slide on audio-visual work:" keeps its topic
_OCCASION = (r"(?:slides?|slide\s+deck|deck|talk|presentation|reading[- ]group(?:\s+session)?|journal\s+club|lecture|"
             r"seminar|poster|class|(?:group|lab)\s+meeting|thesis|write-?up|notes)")
# ("for my/our …" anywhere, "for a/the …" only opening the question: "narration in a lecture video", "the class-specific boundary" are topics; a venue kept would read as a filter: "For my NeurIPS talk:", second review)
_FOR_MY = re.compile(rf"(?:\b(?:for|in)\s+(?:my|our|tomorrow['’]s|next\s+week['’]s|friday['’]s)|^\W*(?:for|in)\s+(?:a|the|this))\s+"
                     rf"(?P<keep>(?:(?!(?:on|about)\b)[\w-]+\s+){{0,2}}?){_OCCASION}(?![\w-])"
                     r"(?P<when>\s+(?:on|this|next)\s+\w+day)?(?:\s+(?:on|about)\b)?", re.I)
_VENUE_WORD = re.compile(rf"(?i)\b(?:{'|'.join(VENUE_ACRONYMS)})(?:\s*'?\d{{2,4}})?\s+")
# "I'm presenting the paper that …" is about the paper that …; "I'm presenting PPLLaVA on Friday." about PPLLaVA
_PRESENTING = re.compile(r"(?:^|(?<=[.?!:]\s))\s*(?:I(?:'m|’m|\s+am)|we(?:'re|’re|\s+are))\s+(?:presenting|covering|"
                         r"discussing|reviewing|going\s+over|talking\s+about|preparing\s+(?:a\s+talk|slides)\s+on)\s+",
                         re.I)
# the asker's interest in one venue, put before the question: "Only care about ICLR here: which papers …" is "ICLR: which
# papers …", a venue frame (routing.py); "care" was read as the topic (read set BL, bl036)
_ONLY_CARE = re.compile(r"^\W*(?:(?:I|we)\s+)?(?:only|just|mainly)\s+(?:care\s+about|(?:want|need)\s+)\s*"
                        rf"(?P<venue>(?-i:{'|'.join(VENUE_ACRONYMS)})(?:\s+'?\d{{2,4}})?)(?:\s+(?:here|papers|ones))?\s*[:,—–]\s*",
                        re.I)
# the asker's own product around what is asked: "… make our video generation features cheaper to run on our servers?" asks about video generation (read set BR, session 30: the list abstained); their hardware stays ("fits our GPUs?")
_OUR_PLACE = re.compile(r"\s+(?:on|for|in|to|with|across|into|from)\s+(?:our|my)\s+(?:own\s+)?(?:servers?|apps?|products?|"
                        r"platform|stack|users|customers|company|business|backend|service|website|site)\b"
                        r"(?=\s*(?:[?.!,;:]|$)|\s+(?:and|or|but|so|to|without|while)\b)", re.I)  # not "my app store screenshots"
# ... where they want it cheaper or faster (not "my CLIP features?", "what my vision transformer features encode": second
# review)
_OUR_FEATURES = re.compile(r"\b(?:our|my)\s+((?:[\w-]+\s+){1,6}?)(?:features?|products?|apps?)\b(?=\s+(?:cheaper|faster|quicker|"
                           r"better|smaller|lighter|more|less|run|respond|scale|work)\b)", re.I)
# "… and so on" closing examples: "bounds, sample complexity guarantees, that kind of thing" (list diagnostic BQ, session 30:
# its words were read as the topic's, and the list abstained)
_AND_SO_ON = re.compile(r",?\s*(?:(?:and|or)\s+)?(?:(?:that|this|the)\s+(?:kind|sort|type)\s+of\s+(?:thing|stuff)s?|so\s+on|so\s+forth|"
                        r"etc\.?|the\s+like|(?:stuff|things)\s+like\s+(?:that|this)|(?:something\s+)?similar|"
                        r"whatever(?:['’]s\s+(?:there|out\s+there))?|"
                        # ... and a recollection's hedge: "a 'quiet' stage and a 'deciding' stage or something like that"
                        # (read set CK, session 33: "like" read as the question's word, and it abstained)
                        r"something\s+(?:like\s+(?:that|this)|along\s+(?:those|these)\s+lines)|something)(?=\s*(?:[?.!)]|$))",
                        re.I)
# a newcomer's apology before the question: "I'm new to this, but …", "Sorry if this is basic:", "Dumb question, but …" (a
# probe of session 30: no detail was read); "I come from genomics so …, but …" (fresh set EH, read in session 46)
_NEWCOMER = re.compile(r"^\W*(?:(?:I['’]m|I\s+am)\s+(?:(?:pretty|quite|very|totally|completely)\s+)?(?:new|a\s+beginner|a\s+newcomer|"
                       r"not\s+an?\s+expert)(?:\s+(?:to|in|at)\s+(?:this|ML|machine\s+learning|AI|deep\s+learning|(?:the|this)\s+"
                       r"(?:field|area|topic)))?|(?:sorry|apologies)(?:\s+if\s+this\s+is\s+(?:a\s+)?(?:basic|dumb|stupid|naive|silly|"
                       r"obvious)(?:\s+question)?)?|(?:(?:probably|maybe)\s+)?(?:an?\s+)?(?:dumb|stupid|naive|silly|basic|noob|"
                       r"newbie|beginner)\s+question|(?:I\s+come|I['’]m\s+coming|coming|my\s+background\s+is)\s+(?:from|in)\s+[^,?.:;]{1,80}?)\s*(?:,\s*(?:but|so)\b|[,.!:;—–-]\s*(?:but\b)?)\s*", re.I)
# ... or what the question is like, before it: "Like a patient summary instead of the full chart: how many prototypes …?" (a
# probe of session 41 said "does not report anything on patient"); in plain words only, no name ("Like ProtoKV: …")
_LIKENED = re.compile(r"^\W*(?i:(?:(?:kind|sort|a\s+bit)\s+of\s+|just\s+)?like\s+(?:a|an))\s+[a-z][a-z\s'-]{1,60}:\s*(?=\S)")
_WHEN = re.compile(r"\s+(?:on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|next\s+week|this\s+week|later\s+today)"
                   r"(?=\s*[.?!,:]|\s*$)", re.I)
# a sentence that says only how the asker looked, what they will do with the answer, or that they want all of it
_ABOUT_ME = re.compile(
    r"^\W*(?:"
    r"(?:I\s+)?(?:couldn['’]t|could\s+not|can['’]t|cannot|didn['’]t|did\s+not|don['’]t|do\s+not)\s+(?:find|see|spot|locate|tell)\b"
    # ... or what the answer will decide: "need to know if it fits next to the VLM on one card", "deciding whether to
    # try it at 70B" (diagnostic set BI), "I'd like to know if my hometown is in there" (read set CT; only the asker's
    # own: "… if any keep memory bounded", "… if LLaDA was in there" ask, second review)
    r"|(?:I\s+|we\s+)?(?:need|want|have)\s+to\s+(?:know|check|decide|see|figure\s+out)\s+(?:if|whether)\b"
    r"|(?:I|we)(?:['’]d|\s+would)\s+like\s+to\s+(?:know|check|see)\s+(?:if|whether)\s+(?:my|our)\s+[\w-]+\s+"
    r"(?:is|are|was|were)\s+(?:in\s+there|in\s+it|on\s+(?:the|that)\s+list|among\s+them|included|covered)\b"
    r"|(?:I['’]m\s+|we['’]re\s+|I\s+am\s+|we\s+are\s+)?(?:deciding|trying\s+to\s+decide|wondering)\s+whether\b"
    r"|I(?:['’]ve|\s+have)?\s+(?:looked|checked|searched|skimmed|scanned)\b"
    r"|as\s+far\s+as\s+I\s+(?:can\s+)?(?:tell|know|see)\b"
    r"|(?:I\s+)?(?:need|want)\s+(?:it|this|that|them|both|these|those|the\s+(?:number|numbers|figure|figures|value|"
    r"values|names?|details?))\s+for\b(?!\s+(?:how|what|which|whether)\b)"
    r"|I\s+(?:want|need|have|plan|hope)\s+to\s+(?:check|verify|cross-check|double-check|list|cite|quote|put|include|"
    r"mention|present|show|summari[sz]e|compare|make\s+sure)\b"
    # ... or what they would do with it: "we'd want to reuse it in a museum exhibit" (a probe of session 40: "exhibit" was
    # read as the licence question's attribute, and its other sentences quoted)
    r"|(?:I|we)(?:['’]d|\s+would)?\s+(?:want|like|need|plan|hope)\s+to\s+(?:reuse|use|deploy|ship|adopt|adapt)\s+"
    r"(?:it|this|that|them|these|those)\b"
    # ... or to their own things: "We want to tune our streaming bitrate ladder per device." (held-out EM, em018 abstained)
    r"|(?:I|we)(?:['’]d|\s+would)?\s+(?:want|need|plan|hope|try|(?:am|are|['’]re|['’]m)\s+(?:trying|planning|hoping))\s+to\s+[a-z]+\s+(?:our|my)\b"
    r"|I\s+(?:want|need)\s+(?:the\s+)?(?:full|complete|whole|entire|exhaustive)\s+(?:set|list)\b"
    r"|I\s+(?:want|need)\s+(?:every|each)\s+one\b|I\s+(?:want|need)\s+all\s+of\s+them\b"
    r"|I\s+only\s+(?:found|know(?:\s+of)?|have|see)\s+(?:one|two|three|a\s+few|some)\b"
    r"|(?:am|are)\s+I\s+missing\s+(?:some|any|anything|one|others)\b"
    # ... or what they will put where: "I want one bullet each on my slide."
    rf"|I\s+(?:want|need|will|['’]ll|have)\b[^?]*\b(?:my|our|a|the)\s+{_OCCASION}\b"
    r")[^?]*(?:,\s*(?:am|are)\s+I\s+missing\s+\w+)?\W*$", re.I)
# a sentence after the question that only says any kind will do: "adam-family optimizer papers? theory or empirical both
# fine", "… either is fine", "whatever works" (read set BO, session 30: its words read as the topic's, and the list
# abstained)
_ANY_WILL_DO = re.compile(
    r"^[^?]{0,60}?\b(?:both|either|all|any(?:thing)?|whichever)(?:\s+(?:one|ones|kind|kinds|type|types|setting|settings|"
    r"venue|venues|domain|domains|modality|modalities|approach|approaches|of\s+them|of\s+those|of\s+these))?"
    r"(?:\s+(?:is|are|['’]s|would\s+be|will\s+be))?\s+(?:fine|ok|okay|welcome|works?|do(?:es)?)\W*$"
    r"|^\W*(?:(?:it\s+)?doesn['’]t\s+matter|no\s+preference|whatever(?:\s+works)?|open\s+to\s+(?:anything|both|either|all))\b[^?]*$",
    re.I)  # ... not one that narrows it: "Anything egocentric would be great." (second review)
# what the asker is writing, before the question it needs: "putting together a related-work table for Video-MME, which of
# these papers evaluate on Video-MME" (read set CI, session 33: "related-work table" counted as the question's unknown
# words, and it abstained); what it is on stays ("for Video-MME, which …")
# (or mapping: "I'm mapping our portfolio - which papers …", a second review of session 43)
_WRITING = re.compile(r"^\W*(?:(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+)?(?:putting\s+together|writing|preparing|assembling|drafting|"
                      r"compiling|working\s+on|building|mapping|reviewing)\s+(?:(?:a|an|my|our|the|some)\s+)?(?:[\w-]+\s+){0,2}?(?:table|section|survey|"
                      r"review|overview|slides?|deck|talk|report|proposal|reading\s+list|bibliography|portfolio|landscape|"
                      r"quiz(?:\s+(?:items?|questions?))?)\s*(?=(?:for|on|about|of)\s|,|[:;]|[—–-]+\s)",
                      re.I)
# a question said again in other words after the first: "which of these papers evaluate on Video-MME, in other words which
# ones report numbers on that benchmark?" (read set CI): the first is kept ("i.e." often adds what is asked: "…, i.e.
# federated learning?", dev bn045, so it stays)
_SAID_AGAIN = re.compile(r"[,;]?\s*(?:[—–-]+\s*)?(?:in\s+other\s+words|put\s+differently|to\s+put\s+it\s+another\s+way|"
                         r"(?:or|that\s+is)\s+to\s+say)\s*,?\s+(?=(?:which|what|who|how|does|do|did|is|are)\b)[^?]*", re.I)
# "Full list please: which papers report Video-MME results?" (read set CM: "full list" read as the topic's words)
_ALL_PLEASE = re.compile(r"^\W*(?:(?:the\s+)?(?:full|complete|whole|entire|exhaustive)\s+list|all\s+of\s+them|exhaustively)"
                         r"(?:\s+please)?\s*[:,;—–-]\s*(?=\S)", re.I)
# "… contribute a new benchmark as a main contribution?": how much of the paper it is, no topic (read set CT)
_AS_MAIN = re.compile(r",?\s+as\s+(?:a|an|the|their|its)\s+(?:main|primary|central|core|key|major)\s+(?:contribution|focus|goal)s?\b", re.I)
_MAKES = re.compile(r"\b(?:contribut|propos|introduc|present|releas|buil|creat|offer|provid)\w*", re.I)  # not "treat X as …"
# the asker's own field, said before the question: "From a robotics angle: how did they test CURVE's scene graphs …?",
# "Speech researcher: …", "coming from NLP probing work: …", "In NLP we use RoPE scaling to run past the trained
# context length.", "NLP folks use RL from rewards for reasoning; which ICLR papers …" (read set CQ, session 33: the
# field was read as the domain asked for, and 8 of its questions were told the papers never mention robotics or speech)
# (a field by its name, never a paper's: "Deep Forcing question: how many frames …?")
_FIELD = (r"(?:(?:speech|audio|music|robotics?|NLP|language|linguistics|vision|CV|graphics|ASR|TTS|medical|clinical|imaging|"
          r"radiology|healthcare|biology|bio|chemistry|physics|neuroscience|HCI|RL|theory|systems|hardware|security|privacy|"
          r"databases?|IR|recommender|recsys|finance|statistics|stats|optimi[sz]ation|ML|MLOps|infra|compilers?|embedded|"
          r"mobile|driving|climate|probing|logit-lens|interpretability|mocap|signal\s+processing|control)(?:\s*/\s*[\w-]+)?\s+)")
_FIELD_LABEL = re.compile(
    rf"^\W*(?:(?:(?:coming\s+)?from|with)\s+(?:(?:a|an|the|my|our)\s+)?{_FIELD}{{1,3}}?(?:angle|perspective|background|side|"
    rf"point\s+of\s+view|viewpoint|world|work|land)|{_FIELD}{{1,2}}?(?:researcher|person|people|folks|engineer|background|"
    rf"angle|perspective|here)|(?:I['’]m|I\s+am)\s+(?:an?\s+)?{_FIELD}{{1,2}}?(?:researcher|person|engineer|"
    r"student|practitioner))\s*[:,;—–-]\s*(?=\S)", re.I)
_FIELD_HABIT = re.compile(rf"^\W*(?:in\s+(?:[\w-]+\s+)?{_FIELD}{{1,2}}?(?:we|people|folks|you)|{_FIELD}{{1,2}}?(?:folks|people|"
                          r"researchers|practitioners|engineers))\s+[^?.;]*[.;]\s+(?=\S)", re.I)


_POINTS_AT = re.compile(r"\b(?:it|them|this|these|those|such)\b", re.I)


# ... or their role: "retired physician - is there anything on medical video?", "game engine programmer here, …", "mlops
# engineer at a bank - which papers quantize models?" (probes of session 40: the role's words made each abstain)
_ROLE_LABEL = re.compile(r"^\W*(?:(?:I['’]m|I\s+am)\s+|as\s+)?(?:an?\s+)?(?:[\w-]+\s+){0,3}?(?:physician|doctor|clinician|nurse|"
                         r"surgeon|engineer|programmer|developer|dev|designer|researcher|scientist|student|teacher|professor|"
                         r"lecturer|analyst|manager|journalist|reporter|curator|archivist|librarian|founder|cto|ceo|investor|"
                         r"hobbyist|practitioner|lawyer|attorney|examiner|consultant|architect|artist|filmmaker|technician|"
                         r"postdoc|undergrad|phd|[a-z]{3,}(?:ist|ian))s?(?:\s+(?:at|in|from|with|for|of)\s+(?:an?\s+|the\s+|my\s+|our\s+)?[\w-]+"
                         r"(?:\s+[\w-]+)?)?(?:\s+here)?\s*(?:[:,;]|\s[—–-]|[—–])\s*(?=\S)", re.I)


_ROLE_WORDS = frozenset(terms("researcher engineer student here retired senior junior lead"))
_THE_PAPERS = re.compile(r"\b(?:these|those|the)\s+(?:papers?|works?|abstracts?)\b", re.I)  # the collection's, no label's


def _without_field(text: str) -> str:
    """The question without the asker's field or role before it, when the rest asks something of its own."""
    role = _ROLE_LABEL.sub("", text, count=1)
    # (not a label on what is asked: "Video generation researcher: which papers generate long videos …?", "As a video game
    # developer, which papers involve gaming?": second review, session 40)
    field = terms(text[:len(text) - len(role)]) - GENERIC - FUNCTION - _ROLE_WORDS
    if role != text and terms(role) - GENERIC - FUNCTION and not _POINTS_AT.search(_THE_PAPERS.sub("", role)) \
            and not field & terms(role):
        text = role
    unlabelled = _FIELD_LABEL.sub("", text)
    rest = _FIELD_HABIT.sub("", unlabelled, count=1)
    # (nor when the question points back at what the field sentence says: "In vision people use optical flow for
    # motion. Which papers use it to improve video generation?", second review)
    if rest != unlabelled and _POINTS_AT.search(rest):
        return text
    return rest if rest != text and len(terms(rest) - GENERIC - FUNCTION) >= 3 else text


# a sentence after a question for papers recalling some of them: "Which ones work on scene graphs? I vaguely remember a
# panoptic video one …" (read set CK: the recalled words narrowed the list to one paper, or abstained); after a question
# for one paper the memory names it (dev q040: "… I remember a paper arguing that random initialization …"), so it stays
_ASKS_PAPERS = re.compile(r"\b(?:which|what|any|all)\s+(?:[\w-]+\s+){0,3}?(?:papers|ones|works|studies|projects)\b", re.I)
_RECALLED = re.compile(r"^\W*(?:I\s+(?:(?:vaguely|only|also|think\s+I|kind\s+of)\s+)?(?:remember|recall)\b|(?:maybe|probably|"
                       r"possibly)\s+(?:more|others|a\s+few\s+more)\b)[^?]*$", re.I)
# a question's sentences end at "?", "." or ";", but not at an abbreviation's dot ("… use, e.g. W4A4 or W8A8?", "… count incl. the CLAM module?": EI)
QUESTION_SENTENCE_END = re.compile(r"(?<=[?.;])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bal\.)(?<!\bcf\.)"
                                   r"(?<!\bincl\.)(?<!\bapprox\.)(?<!\bresp\.)\s+", re.I)
# ... and the pieces a remark may fill: those sentences, one after "!", and a clause after a comma that speaks of the
# asker ("…, I want one bullet each on my slide.")
_PIECE = re.compile(rf"(?<=!)\s+(?=\S)|{QUESTION_SENTENCE_END.pattern}|(,)\s+(?=I\s)", re.I)

# a sentence on what the asker will do with the answer, or a closing thanks: no request, no memory of the paper, no
# question of its own ("I want to try swapping it in for softmax.", "Thanks a lot!"; not "I'd like to know if X …",
# "I'm trying to understand its normalization.", "I think someone explained it with …": dev u2022, "Just curious if
# it beats softmax.", "Thanks, but does it report FID?")
_MY_USE = r"(?:try|use|apply|swap|plug|adopt|implement|reproduce|deploy|build\s+on|cite|experiment)\b"
# a fragment on the asker's errand: "Budgeting a reproduction.", "Asking because we ship on phones.", "trying to gauge the
# compute bill" (read sets CH, DH: an asker's words after the question were read as its own, so another sentence answered)
_ERRAND_SAID = (r"(?:just\s+)?(?:budgeting|planning|scoping|costing|estimating|sizing)\s+(?:a|an|the|our|my)\b[^?]*|"
                r"(?:(?:I['’]m|we['’]re)\s+)?looking\s+for\s+(?:something|anything|a\s+(?:way|tool|method|model))\s+"
                r"(?:to|I\s+can|we\s+can)\b[^?]*|(?:I\s+)?ask(?:ing)?\s+(?:because|since|as)\b[^?]*|"
                r"(?:(?:I['’]m|we['’]re)\s+)?trying\s+to\s+(?:gauge|estimate|budget|size\s+up|judge)\s+(?:the|our|my)\b[^?]*")
_WHY_ASKED = re.compile(
    r"\s*(?:(?:thanks|thank\s+you|cheers)(?:\s+(?:a\s+lot|so\s+much|in\s+advance))?[.!]*|"
    rf"(?:i(?:'m|\s+am)\s+(?:going|planning|hoping)\s+to|i\s+(?:want|plan|hope|intend)\s+to)\s+{_MY_USE}[^?]*|"
    r"i\s+need\s+(?:it|this|that|them)\s+for\b[^?]*|"
    # ... what they must do with it ("I have to reproduce it before the meeting": read set DD), not a thing asked too
    r"i\s+(?:have|need|got)\s+to\s+(?:explain|present|reproduce|cover|discuss|report|show|summari[sz]e|prepare|teach)\s+"
    r"(?:it|this|that|them)\b(?:\s+(?:before|by|on|for|in|at|to|tomorrow|next|this|and)\b[^?]*)?[.!]*|"
    # ... or a fragment on the asker's errand (_ERRAND_SAID)
    rf"{_ERRAND_SAID}|just\s+curious[.!]*|"
    # ... or how the answer should look: "Side by side.", "Find it.", "Just the name." (read set CP, a lab head's orders)
    r"(?:side\s+by\s+side|contrast\s+them|compare\s+them|(?:in|as)\s+a\s+table|briefly|short\s+answer(?:\s+please)?|"
    r"one\s+line\s+each|bullet\s+points?|tl;?dr|quick(?:ly)?|asap|find\s+it|look\s+it\s+up|(?:just\s+)?the\s+(?:name|names|"
    r"number|numbers|figure|figures)(?:\s+only)?|name\s+and\s+size)(?:[,.!]*\s*(?:please|thanks|quick(?:ly)?))?[.!]*)\s*$", re.I)
# ... or a statement on the asker's own system after the question, not itself a question ("… how many experts did they
# run it with? our MoE has 64 experts and I want to know if that was covered", "… which base MLLM did they RL-tune?
# need to check whether its license works for us": read set BD quoted the licence and 64-expert words' sentences)
_OUR_CASE = re.compile(r"^(?!\W*(?:what|which|how|why|where|who|when|does|do|did|is|are|can|could|would|and|so|also|"
                       r"tell|give|show|list|name|find|quote|explain|describe|summari[sz]e|compare|please)\b)"
                       r"(?![^?]*\?\s*$)(?=.*\b(?:our|ours|we|we're|we've|us)\b)"
                       # ... but a request put as a statement asks ("Let us know the learning rate too.", "We would
                       # also like the learning rate.": second review)
                       r"(?!.*\b(?:let\s+(?:us|me)\s+know|we(?:'d|\s+would)\s+(?:also\s+)?(?:like|love|want)|"
                       r"we\s+(?:also\s+)?(?:need|want)\s+(?:the|its|their|to\s+know))\b)", re.I)
_ASKS_ITSELF = re.compile(r"\b(?:what|which|how|why|where|who|when|whether|if)\b|,\s*(?:and|but)\s+(?:is|are|was|were|does|"
                          r"do|did|can|could|has|have)\b", re.I)


def without_framing(text: str) -> str:
    """The question without what the asker says of their own reading or work; unchanged when nothing else would be
    left."""
    # a sentence on their own cases goes when the question after it asks a topic of its own ("We also record the team
    # talking during cases. Which papers combine the audio track with the video frames?": read set CC); not one on
    # their goal or role, which may hold the topic ("My goal is feeding motion-capture skeletons into an MLLM.", "As a
    # linguist I liked a study that …": dev bj032, bx023)
    # (nor one naming something: "We run Veda on our H100 cluster." names the paper asked about, second review)
    text = without_hearsay(text)  # "saw a tweet like '…' — which paper is that?": where they heard it
    text = _without_field(text)  # "From a robotics angle: …", "In NLP we use RoPE scaling. Which papers …?"
    rest = without_own_work(text, OWN_CASES)
    dropped = text[:len(text) - len(rest)].split()[1:]
    if len(terms(rest) - GENERIC - FUNCTION) >= 3 and not any(re.search(r"[A-Z0-9]", w) for w in dropped):
        text = rest
    # only once something was asked before it, in an earlier sentence or the same one: "I couldn't find Veda's GPU
    # count. Is it reported?" and "I read Veda. Wondering whether they report the GPU count." ask in those sentences
    text = _SAID_AGAIN.sub("", _WRITING.sub("", _ALL_PLEASE.sub("", text.strip())))  # (a list's "as a main contribution")
    text = rest if _ASKS_PAPERS.search(text) and _MAKES.search(rest := _AS_MAIN.sub("", text)) else text
    kept, asked, listed = [], False, False
    for piece, comma in _pieces(text.strip()):
        if not ((asked or comma) and _ABOUT_ME.match(piece) or asked and _ANY_WILL_DO.match(piece)
                or listed and _RECALLED.match(piece)):
            kept.append((piece, comma))
        asked = asked or piece.rstrip().endswith("?")
        listed = listed or asked and bool(_ASKS_PAPERS.search(piece))
    # a last sentence that says why it was asked, right after the question (read sets AZ, az009 and BD)
    # (not when the question before it asks nothing of its own: "Which papers fit? Looking for something to compress
    # visual tokens in video LLMs." says there what fits: second review)
    while len(kept) > 1 and kept[-2][0].rstrip().endswith("?") and _says_why(kept[-1][0]) and not (
            _ERRAND.match(kept[-1][0]) and len(terms(" ".join(p for p, _ in kept[:-1])) - GENERIC - FUNCTION) < 2):
        kept.pop()
    core = "".join(f"{', ' if comma else ' '}{piece}" for piece, comma in kept)
    core = _FOR_MY.sub(lambda m: f" {_VENUE_WORD.sub('', m.group('keep'))}", core)
    core = _WHEN.sub("", _PRESENTING.sub(" ", _ONLY_CARE.sub(lambda m: f"{m.group('venue')}: ", core)))
    core = _LIKENED.sub("", _NEWCOMER.sub("", core.strip()))
    core = _AND_SO_ON.sub("", _OUR_FEATURES.sub(lambda m: m.group(1).rstrip(), _OUR_PLACE.sub("", core)))
    core = re.sub(r"^\W*[:,;—–-]\s*|\s+(?=[,.:;?!])", "", re.sub(r"\s{2,}", " ", core)).strip()
    return core if re.search(r"\w", core) else text


_ERRAND = re.compile(rf"\s*(?:{_ERRAND_SAID})\s*$", re.I)


# ... or who the asker is, or what it is like, after the question: "As a clinician I'm used to small cohorts, curious how
# small.", "Like a faster MRI scanner." (probes of session 41: "cohorts", "MRI" were read as the detail: "does not report")
_ASIDE_AFTER = re.compile(r"^\W*(?:as\s+an?\s+(?:[\w-]+\s+){0,2}?[\w-]+,?\s+(?:I|we)\b|(?:I['’]m|I\s+am)\s+(?:an?\s+|used\s+to\b)|"
                          r"I\s+(?:work|come\s+from|usually|normally|mostly)\b|in\s+my\s+(?:work|field|lab|clinic|job|"
                          r"experience)\b)[^?]*(?:\?\s*)?$|"
                          r"^\W*(?:(?:kind|sort|a\s+bit)\s+of\s+|much\s+|just\s+)?like\s+(?:a|an|the|how|when|in)\b[^?]*$|"
                          # ... a restatement in plain words, or a polite closer: "In plain terms, new exams.", "Please tell
                          # me exact number." (a second review of session 42: read as what is asked)
                          r"^\W*(?:in\s+(?:plain|simple|simpler|lay(?:man['’]?s)?|other)\s+(?:terms|words|english)|simply\s+put|"
                          r"put\s+simply)\b[^?]*(?:\?\s*)?$|^\W*(?:please\s+)?(?:tell|let)\s+me(?:\s+know)?(?:\s+(?:the\s+)?"
                          r"(?:exact\s+)?(?:number|answer|names?))?(?:,?\s+please)?\W*$|^\W*please\s+(?:list|explain|answer)\W*$|"
                          # ... what the asker needs, or why ("I need the names.", "Matters for deployment cost.": EA, ea040)
                          r"^\W*(?:I|we)\s+(?:need|want)\s+(?:the\s+|their\s+|exact\s+)*(?:names?|numbers?|figures?|values?|"
                          r"details?)\W*$|^\W*(?:(?:this|it)\s+)?matters\s+(?:for|to|because)\b[^?]*$|^\W*asking\s+because\b[^?]*$|"
                          # ... or who brings it up: "a radiology AI colleague keeps bringing it up" (a probe of session 41)
                          r"^\W*(?:a|an|my|our)\s+(?:[\w-]+\s+){0,3}?(?:colleague|co-?worker|friend|boss|advisor|adviser|"
                          r"manager|person|team|PI)\s+(?:keeps?|kept|always|often)\b[^?]*$", re.I)


def _says_why(sentence: str) -> bool:
    return bool(_WHY_ASKED.match(sentence) and not _ASKS_ITSELF.search(sentence) or _OUR_CASE.search(sentence)
                or _ASIDE_AFTER.match(sentence))


def _pieces(text: str) -> list[tuple[str, bool]]:
    """The text's sentences and comma clauses, each with whether a comma opened it."""
    parts = _PIECE.split(text)
    out = [(parts[0], False)]
    for n in range(1, len(parts) - 1, 2):
        out.append((parts[n + 1], parts[n] == ","))
    return out
