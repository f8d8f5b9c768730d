"""The attribute a question asks for, in its own words: "What learning rate does Veda use?" → "learning rate",
"veda lr?" → "learning rate", "How many annotators labelled UrbanFeel?" → "number of annotators". What a paper's
abstract must give for the answer to hold, so that one lacking it says "does not report its …" (values.py)."""

from __future__ import annotations

import re

from rag.answer.asked_phrase import trimmed
from rag.answer.fragments import detail_fragment
from rag.answer.normal_form import normal_form
from rag.answer.wording import KIND_WORDS
from rag.corpus.terms import terms


def attribute(asked: str, names: str = "") -> str:
    """The asked attribute as the question words it: "What learning rate does Veda use?" → "learning rate"."""
    text = normal_form(asked)  # "what's its lr", "veda use how many GB …": as the patterns below read questions
    # "base LMM / backbone name": either word for the one detail (not a unit: "images / second", second review)
    text = re.sub(r"(?<=[A-Za-z])\s+/\s+(?=(?:[\w-]+\s+)?(?:name|names|model|models|backbone|encoder)\b)|"
                  r"(?<=[a-z]s)\s+/\s+(?=[a-z]+s\b)", " or ", text)  # ... or two plurals: "how many seeds / runs" (session 42)
    text = re.sub(  # ... and two details a table wants, slashed: "# GPUs / training compute?" (read set CF)
        r"(?<=[A-Za-z])\s+/\s+(?=training compute\b|compute\b|GPU[- ]hours\b|FLOPs\b|batch size\b|"
        r"learning rate\b|optimi[sz]er\b|epochs\b|number of\b)", " and ", text)
    text = re.sub(  # ... or added with a plus: "which base mllm + param count?" (read set DG, dg039)
        r"(?<=[A-Za-z])\s+\+\s+(?=(?:param(?:eter)?s?\s+)?(?:count|size|number)\b|#)", " and ", text)
    for name in filter(None, names.split("\n")):  # "… produced UrbanFeel's baseline" reads "… produced its baseline"
        text = re.sub(rf"(?i)(?<!\w)(?<!which )(?<!what )(?:the\s+)?{re.escape(name)}(?:'s|’s)(?=\s+\w)", " its ", text)
        # ... and as the subject of a clause ending the question, "it": "the maximum video length X generates" (session 34)
        # ... its verb may end in a preposition ("the five downstream benchmarks spike improves on": a probe of session 40)
        text = re.sub(rf"(?i)(?<=[a-z] )(?<!(?:was|are|did) )(?<!(?:were|does) )(?<!(?:is|do) ){re.escape(name)}(?= [a-z]+(?:s|ed)(?:\s+(?:on|in|over|with|against|from|at|to))?"
                      r"\s*[?.!]?\s*$)", "it", text)
        text = re.sub(rf"(?i)\b{re.escape(name)}(?:'s|’s)?", " ", text)
    # a label before the question is no part of it: "kern router: what lr and batch size did they train with" (read set
    # DJ, dj042: "router" stayed in front, and no attribute was read, so never "does not report")
    # ... unless the question counts it, a plural: "GPU hours: how many does SGMD need?" (second review; not "Quick
    # question: how many does ViTL save?", nor "Memory: how much …")
    if labelled := re.match(r"(?i)^\s*(?P<label>(?:[\w-]+\s+){0,2}[\w-]+s):\s+how\s+many\s+(?:does|do|did|is|are|was|were)\b", text):
        return f"number of {labelled.group('label').strip()}"
    text = re.sub(r"(?i)^[^:?]{1,120}:\s+(?=(?:(?:to|at|on|in|by|for|with|under|from)\s+(?=what|which))?(?:what|which|how|who|"
                  r"where|when|does|do|did|is|are|was|were)\b)", "", text)  # ("…, so I am curious: to what bit width": qd075)
    # "exactly how many of those auxiliary forward passes does it need" counts the passes (read set CZ, cz043); not "how
    # much of the network", a share (dev d011, w601)
    text = re.sub(r"(?i)\bhow many of (?:those|these|the|its|their)\s+(?=[a-z])", "how many ", text)
    text = re.sub(r"(?i)(?:^|(?<=\s))(?:exactly|precisely|roughly|approximately)\s+(?=(?:how|what|which)\b)", "", text)  # qd001
    # an aside in brackets that asks ("protokv prototype bank capacity (how many prototypes)?") says what is asked
    # (fresh set AB, ab11063: "capacity" was taken, which the abstract has, so never "does not report")
    bracket = _ASKING_BRACKET.search(text)
    if asked := attribute(bracket.group("asked")) if bracket else "":
        return asked
    if fragment := _PREPOSITION_WHICH.match(text):  # "… and under which license?" asks the licence (not "on which test")
        return fragment.group("what")
    if counted := _BARE_HOW_MANY.search(text):  # "… 'a few' auxiliary forward passes — exactly how many?"
        return f"number of {counted.group('what')}"
    if which := _BARE_WHICH_ONES.search(text) or _BARE_WHICH_ONE.search(text):  # "… five different models — which ones?"
        return which.group("what")
    # a remark before a dash is none either ("UPI needs few … passes — what is exact number of passes", read set DY,
    # dy046); an aside between dashes that asks is asked too ("What hardware — which GPUs — did …", dy039)
    text = re.sub(r"(?i)^(?![^—–?]*\b(?:what|which|how|who)\b)[^—–?]{1,80}\s[—–]\s+(?=(?:what|which|how)\b)", "", text)
    text = re.sub(r"(?i)\s[—–]\s+(?:what|which)\s+(?P<aside>[^—–?]{1,40}?)\s[—–]\s+", r" and \g<aside> ", text)
    # any other aside in brackets ("Which reasoning model (name and parameter count) is …") and what frames the question
    # before it starts ("VideoKR — which base model …", "In the MMA paper, which backbones …") are no part of the
    # attribute (fresh set N: n042, n044, n046 found no attribute, so never "does not report")
    text = _OPTIONS.sub("", _FRAME.sub("", _ASIDE.sub(" ", _DASH_VALUES.sub("", text))).strip()).strip()
    text = _COMMA_ASIDE.sub("", text)  # "what computational overhead, in wall-clock terms, does …"
    # "could you state the dimensionality of …" asks "what is the dimensionality …"; "could you state under which
    # licence …" asks the question it holds (read set BF, bf042)
    # ("could you tell me how much SGMD speeds up …" is left as it was: dev w4012)
    # ... and "would you state which encoder / how many videos …" asks the which- or how-many question it holds (diagnostic
    # set BI: no attribute was read, so never "does not report")
    text = _REQUEST.sub(lambda m: "" if _WHICH_AFTER.match(text, m.end()) else m.group(0) if _WH_AFTER.match(text, m.end()) else
                        "" if _PREPOSITION_WH.match(text, m.end()) else "what is ", text)
    text = _EMPHASIS.sub("", text)  # "SurgiFlowVid: which surgical datasets exactly?" asks "surgical datasets"
    text = re.sub(r"(?i),?\s+please$", "", text)
    took = _TAKES.search(text)  # "How long does X take to train?" asks its training time
    if took:
        return f"{_GERUND.get(took.group('verb').lower(), took.group('verb') + 'ing')} time"
    if _COSTS.search(text):  # "How much did it cost to have the experts annotate …?" (read set DE, de046)
        return "cost"
    taking = _TAKING.search(text)  # "how long is taking the training in hours?" (a probe of session 27)
    if taking:
        return f"{taking.group('stage').lower()} time"
    inverted = _IS_HOW.search(text)  # "Veda paper, the batch size is how much?" asks "batch size" (a probe of session 27)
    if inverted and not re.search(r"\b(?:it|this|that|they|there)$", inverted.group("what"), re.I):
        return inverted.group("what")
    sized = _HOW_BIG.search(text)  # "how big are the tiles in the tile-wise mask" asks their size
    if sized:  # ... "how big is it" its size, and "how big is the accuracy gain" the gain itself
        what = sized.group("what")
        if _COUNTED_SIZE.search(what):  # a dataset's size is a count of what it holds ("423 stereo videos")
            return ""
        return "size" if what.lower() in ("it", "they", "this", "that") else what if _AMOUNTS.search(what) \
            else re.sub(r"(?<=[^s])s$", "", what) + " size"
    match = (_ATTRIBUTE_IS.search(text) or _ATTRIBUTE_THEN_SUBJECT.search(text) or _HOW_MANY_THEN_SUBJECT.search(text)
             or _ATTRIBUTE.search(text) or _ATTRIBUTE_PRONOUN.search(text) or _ATTRIBUTE_DID.search(text)
             or _HOW_MANY.search(text) or _HOW_MANY_DO.search(text)
             or _ATTRIBUTE_SUBJECT.search(text) or _REPORTS.search(text) or detail_fragment(text))
    phrase = match.group("what") if match else ""
    counted = _COUNT_OF.search(text[match.end("what"):]) if match and _BARE_COUNT.fullmatch(phrase.strip()) else None
    if counted:  # "what is the precise number of training iterations used …" asks that number, not "precise number"
        return f"number of {counted.group('what')}"
    phrase = trimmed(phrase)
    # a verb is no thing asked: "what gets rid of the effect?" said "does not report its gets rid" (a probe of session 40)
    if not phrase or _VERB_FIRST.match(phrase):
        return ""
    # (details joined take more words: "number of experts and total parameter count", BX; "lr, batch size, # slots", EA)
    if not 0 < len(phrase.split()) <= (8 if re.search(r"\s(?:and|or|&)\s", phrase) else 4 * phrase.count(",") + 6):
        return ""
    how = (match.groupdict().get("how") or "").lower().strip()  # "does not report its number of GPUs"
    # "how much faster", "how much longer a stream can it chew through" (read set DB, db001): a ratio, no amount of a thing
    if how == "how much" and (not terms(phrase) - KIND_WORDS or _COMPARATIVE.match(phrase)):
        return f"how much {phrase} it is"
    if how == "how many":  # "how many questions and cities": a count of each, not the cities' names (a test answer, q029)
        phrase = re.sub(r"\s+and\s+(?=(?:[\w-]+\s+)?[\w-]+s$)", " and number of ", phrase)
        phrase = re.sub(r"(?i)^((?:people|persons|humans|workers|experts|users|participants|students)\s+)(?=[a-z]+ed\b)", r"\1who ", phrase)  # ("how many people annotated …", em045)
    return {"how many": f"number of {phrase}", "how much": f"amount of {phrase}"}.get(how, phrase)


# (not one asking a cause, "what causes …", "what drives …", whose words find the sentence on it: dev w645)
_VERB_FIRST = re.compile(r"(?i)(?:gets|makes|helps|keeps|stops|breaks|removes|kills|prevents|fixes|improves|reduces|turns|lets|allows|"
                         r"enables|happens|matters|works|goes|comes|hurts|suppresses|eliminates|erases|they|it|we|he|she)\b")  # (pk032)
_ATTRIBUTE_IS = re.compile(
    r"^(?:what|which|who) (?:is|are|was|were) (?:the |its |their )?(?P<what>[\w\-/ ]+?)"
    r"(?:\s+(?:used|of|in|for|that|by|with|employed|adopted|chosen|behind)\b|\s*$)", re.I)
# a preposition may come first: "Under what licence …", "At how many frames per second …", "On which GPU …"
_ATTRIBUTE = re.compile(
    r"^(?:(?:so|and|also|then|exactly|precisely|roughly|approximately|besides \w+),?\s+)?"
    # ... "of which", as normal_form fronts "X is built on top of which backbone?" (read set BZ, bz044)
    r"(?:(?:under|at|in|on|of|with|from|for|by|to|into|through|over|across|after)\s+)?"
    r"(?:what|which|(?P<how>how many|how much))\s+(?:exact\s+|kind of\s+|type of\s+)?"
    # (a verb that takes "to" is no thing asked: "What seems to shut it down?", read set DE, de004 said "does not
    # report its seems")
    r"(?!(?:seems?|seemed|appears?|appeared|tends?|tended|happens?|happened|helps?|helped|manages?|managed|needs?|"
    r"needed|has|had|goes|went|used)\s+to\b)"
    r"(?P<what>(?:(?!\b(?:does|do|did|is|are|was|were|has|have|had|can|will|would|for|in|of|on|to)\b)[\w\-/ ])+?)"
    r"\s+(?:does|do|did|is|are|was|were|has|have|had|can|will|would|for|in|of|on|to)\b", re.I)
# ... or its subject straight after it, no auxiliary, as a second language words it: "on which datasets they make the
# object discovery experiments?" (read set BZ, bz042: no attribute, so never "does not report"); a short noun phrase
# ("what extra cost appears when they combine …" is no such question: dev bo024)
_ATTRIBUTE_PRONOUN = re.compile(r"^(?:(?:under|at|in|on|of|with|from|for|by|to)\s+(?:what|which)|which)\s+"
                                # ... two details joined: "which learning rate and batch size they use?" (read set DY, dy042)
                                r"(?P<what>[\w-]+(?:\s+[\w-]+){0,2}?(?:\s+(?:and|or)\s+[\w-]+(?:\s+[\w-]+){0,2}?)?)"
                                r"\s+(?:they|we)\s+[a-z]+", re.I)
# ... or its subject after it, the verb last: "under which licence the UrbanFeel images are to be released" (read set BF), "… come from"
_ATTRIBUTE_THEN_SUBJECT = re.compile(
    r"^(?:(?:under|at|in|on|with|from|for|by|to)\s+)?(?:what|which)\s+"
    r"(?P<what>(?:(?!(?:is|are|was|were|does|do|did|has|have|had)\b)[\w-]+)"
    r"(?: (?!(?:is|are|was|were|does|do|did|of|for|in|on|to|with|by|from)\b)[\w-]+){0,2}?)\s+"
    r"(?:the|its|their|these|this|those)\s[^?]*\s(?:is|are|was|were|comes?|came)\b", re.I)  # ("which 11 cities the … images come from", em044)
# ... or a count: "how many videos the RVAS dataset released alongside LESA contains" (diagnostic set BI) (not "how many times longer than its training clip …": dev ax006)
# ... the verb last, one of holding ("How many cities contribute the images …" is no such question: second review)
_HOW_MANY_THEN_SUBJECT = re.compile(r"^(?P<how>how many)\s+(?!times\b)(?P<what>[\w-]+(?: (?!(?:than|does|do|did|is|are|was|were|has|have|had|can|could|will|would|in|of|on|for|at|"
                                    r"with|by|from|to)\b)[\w-]+){0,2}?)\s+"
                                    r"(?:the|its|their|these|this|those)\s[^?]*?\s(?:contains?|holds?|has|have|had|includes?|"
                                    r"comprises?|spans?|covers?|uses?|used|needs?|requires?)\s*$", re.I)
# the asked thing as the subject of a past verb that ends the question: "How many annotators labelled UrbanFeel?"
_ATTRIBUTE_DID = re.compile(r"^(?:what|which|(?P<how>how many|how much))\s+(?P<what>[\w-]+(?: [\w-]+){0,2}?) "
                            r"[a-z]+ed\s*$", re.I)
# ... or of a verb with an object: "How many human annotators wrote or checked the questions?", "which exact teacher
# model supplies the distilled reasoning chains?" (fresh set AN, an024 and an026: no attribute, so never "does not
# report"); the verb is a past form or one in -s, and an article or pronoun opens its object
_ATTRIBUTE_SUBJECT = re.compile(
    r"^(?:what|which|(?P<how>how many|how much))\s+(?:(?:exact|specific|particular)\s+)?"
    r"(?P<what>(?!(?:does|do|did|is|are|was|were|has|have|had|can|could|will|would)\b)[\w-]+"
    r"(?: (?!(?:which|what|that|who|how)\b)[\w-]+){0,3}?)\s+"
    r"(?<!\d )(?:[a-z]+ed|wrote|made|gave|built|took|ran|chose|drew|[a-z]+[^s\W]s|"
    # ... a verb in its base form, as a second language may word it: "What optimizer use the KERN authors?" (probes
    # of session 27, answered from other sentences)
    r"use|employ|adopt|apply|choose|need|require|report|train|run|take)(?:\s+(?:or|and)\s+[a-z]+)?\s+"
    # ... "which base video model served as the teacher" (read set BG)
    r"(?:as\s+)?(?:the|a|an|its|their|it|them|this|these|those|each|every)\b", re.I)
# ... a count's subject before a verb in its base form: "how many human experts form the …" (second review, session 42)
_AUX = r"(?:does|do|did|is|are|was|were|has|have|had|can|could|will|would|of|in|on|for|to|than|and|or)"
_HOW_MANY_DO = re.compile(rf"^(?P<how>how many)\s+(?P<what>(?!{_AUX}\b)[\w-]+(?: (?:or|and) [\w-]+)?(?: (?!{_AUX}\b)[\w-]+){{0,2}}?)\s+(?:(?!{_AUX}\b)"
                          r"[a-z]+\s+(?:the|a|an|its|their|this|these|those)\b|(?!" + _AUX + r"\b)[a-z]+\s+[a-z]+s\s*$|"
                          r"behind|underlying)\b", re.I)
_ASKING_BRACKET = re.compile(r"\((?P<asked>\s*(?:how many|how much|what|which)\b[^()]*)\)", re.I)
# "how many prototypes", "how much memory", "how many self-prior hypotheses sampled per question" (session 44): no verb after
_HOW_MANY = re.compile(r"^(?P<how>how many|how much)\s+(?P<what>[\w-]+(?: [\w-]+){0,2})(?:\s+[a-z]+ed)?(?:\s+per\s+[\w-]+)?\s*$", re.I)
# a bare "how many" after a dash or comma counts the plural just before it (fresh set AO, session 20, ao033: "UPI says
# it needs 'a few' auxiliary forward passes — exactly how many?" was answered with the sentence saying "a few")
_BARE_HOW_MANY = re.compile(r"(?<![\w-])(?P<what>(?:(?!(?:several|few|many|some|multiple|various)\b)[\w-]*[^\Ws] ){0,2}"
                            r"[\w-]+s)\W*\s*[—–,;:.?!-]+\s*(?:but |so |and )?(?:exactly |precisely |roughly )?how many(?:\s+(?:exactly|precisely|roughly|then|actually))?\s*$",
                            re.I)
# ... and a bare "which ones" names the plural just before it (read set BJ, bj040: "five VLMs" was quoted as if it
# named them)
_BARE_WHICH_ONES = re.compile(r"(?<![\w-])(?P<what>(?:(?!(?:several|few|many|some|multiple|various|different|\d+|two|"
                              r"three|four|five|six|seven|eight|nine|ten)\b)[\w-]*[^\Ws] ){0,2}[\w-]+s)\W*\s*[—–,;:-]+\s*"
                              r"(?:but |so |and )?which ones(?: exactly| precisely| specifically)?\s*$", re.I)
# ... and "which one" the thing just before it: "DramaSR-LRM is 'built on a large reasoning model' — okay, which one?"
# (read set DC, dc045 found no attribute, so never "does not report")
_BARE_WHICH_ONE = re.compile(r"(?<![\w-])(?P<what>(?:(?!(?:a|an|the|some|one|any)\b)[\w-]+ ){0,2}[\w-]+)\W*\s*[—–,;:-]+\s*"
                             r"(?:but |so |and |okay,? |ok,? )?which one(?: exactly| precisely| specifically)?\W*$", re.I)
# (an adjective of size or time: "how much less memory" asks an amount of memory, which may be lacking: second review)
_COMPARATIVE = re.compile(r"(?i)(?:faster|slower|longer|shorter|larger|smaller|bigger|cheaper|quicker)\s")
# not tuned: fresh set AO (session 20) asked "like how big are the tiles in the tile-wise mask" of Veda, and got
# Veda's other sentences as if they answered
_HOW_BIG = re.compile(r"^(?:like |so |and |but )?how (?:big|large) (?:is|are|was|were) (?:the |its |their |each )?"
                      r"(?P<what>[\w-]+(?: [\w-]+){0,2}?)(?:\s+(?:in|of|for|used|that|they|it)\b|\s*$)", re.I)
_COUNTED_SIZE = re.compile(r"\b(?:datasets?|benchmarks?|corpus|corpora|collections?|suites?|splits?|sets?)$", re.I)
_AMOUNTS = re.compile(r"\b(?:gains?|improvements?|speed-?ups?|drops?|boosts?|margins?|differences?|gaps?|deltas?|"
                      r"reductions?|increases?|savings?)$", re.I)
_ASIDE = re.compile(r"\s*\([^()]*\)")
# an adverb that only insists (fresh set AS, session 22: "which three surgical datasets exactly?" read "datasets
# exactly" or nothing as the attribute, so the sentence "on three surgical datasets" was quoted as if it named them)
_EMPHASIS = re.compile(r",?\s+\b(?:exactly|precisely|specifically|in particular|concretely)\b,?(?=\s|$)", re.I)
# a frame before the question word: a dash or colon left where the paper's name was, or "In the … paper," / "For
# the … model," up to a comma that a question word follows
_PREPOSITION_WHICH = re.compile(r"^\W*(?:and\s+|also\s+)?(?:under|with|using|by)\s+(?:which|what)\s+"
                                r"(?P<what>(?:(?!(?:is|are|was|were|do|does|did|has|have|can|could)\b)[\w-]+\s*){1,4}?)\W*$", re.I)
_FRAME = re.compile(r"^\s*(?:[—–:,;-]+\s*|(?:in|for|about|regarding|on|with respect to|as for|as regards|concerning)\s+"
                    # ... with an aside saying what it is ("For OGD+ and OPGD, the continual learning methods that use …,
                    # which datasets …": read set BO, session 30, quoted other sentences)
                    # (a description with a clause of its own: "For Veda, the learning rate, what is it?" asks that rate)
                    # ... or a colon ("For the ImmersePro YouTube-SBS collection: what resolution …", read set BX)
                    r"(?:the\s+)?[^,?]{1,120}?(?:,\s*(?:the|a|an|its|their)\s+[^,?]{0,60}?\b(?:that|which|who|where)\b[^,?]{1,80}?)?[,:]\s*"
                    r"(?=(?:what|which|how|who|could|can|would|please|kindly|do|does|did)\b)"
                    # ... or the paper described before a comma ("that mono-to-stereo video conversion paper with the
                    # youtube side-by-side dataset, what resolution …": fresh set AN, an027)
                    r"|(?:the|that|this)\s+[^,?]{1,90}?,\s*(?=(?:what|which|how|who)\b)"
                    # ... or a topic before a comma, as a second language puts it: "Veda speedup numbers, on which GPU
                    # they are measured?" (read set BF, bf039)
                    # (not "Number of GPUs in Veda, how many?", "Learning rate of Veda, what is the value?": second review)
                    # ... "kern router, how many experts …" (set BL), not a condition ("Starting from 16 frames, …": g035)
                    r"|(?:(?!(?:starting|start|if|when|given|assuming|after|before|with|from|for|in|on|at|under|quick|so|and"
                    r"|but)\b)[^,?]{1,60}?,\s*(?=how\s+(?:many|much)\s+(?!(?:is|are|was|were|the|its|their|in|per|over|on|at|for|with|by|"
                    r"of|from|to|than|total|overall|exactly|roughly|approximately|more|less|\w+er)\b)[\w-]+\s+(?!\?)[\w-]))"
                    r"|[^,?]{1,60}?,\s*(?=(?:(?:on|in|at|with|from|for|by|under)\s+)?(?:what|which)\s+"
                    r"(?!(?:is|are|was|were|the|its|their)\b)[\w-]+\s+(?!\?)[\w-])"
                    # "… object discovery results - which datasets?": a topic, then a dash or colon, then the question
                    # (fresh set W, w4041)
                    # ... a preposition may open it ("Veda claims a 5.1x end-to-end speedup — on which GPU hardware was
                    # that measured?", read set CA, ca039)
                    r"|[^?—–:]{1,60}?(?:\s[—–:-]|:)\s*(?=(?:(?:on|in|at|with|from|for|by|under)\s+)?"
                    r"(?:(?:what|which)\s+[\w-]+(?:\s+[\w-]+)?\s*(?:,|\?|$)"
                    # ... or a which-question, or what + a noun ("OPL privacy-aware anomaly detection — which
                    # datasets did they test on", fresh set X, x6035), not "what is the error rate" (dev s090)
                    r"|which\s|what\s+(?!(?:is|are|was|were|do|does|did)\b)[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:do|does|did|is|are|was|were)\b"
                    # ... or a count ("kern router experiments — how many experts and total params …", fresh set AG;
                    # "KERN router: how many experts per layer …", the colon after the name: fresh set AK, ak021)
                    r"|how\s+(?:many|much)\s))"
                    # ... or before a yes-or-no question on what the paper reports ("ProtoKV advertises a fixed-capacity
                    # memory — did they say how many prototypes the bank holds?", diagnostic set BI)
                    r"|[^?—–]{1,120}?\s[—–]\s*(?=(?:did|does|do)\s+(?:[\w-]+\s+){0,3}?(?:ever\s+)?(?:report|state|mention|"
                    r"disclose|specify|say|give|provide|reveal)\b))", re.I)
_DASH_VALUES = re.compile(r"\s+[—–-]\s+[\w.+-]*\d[\w.+-]*\s*,.*$")  # values offered: "bit width — w4a4, w8a8, …?" (AD)
# options offered after the asked thing: "which datasets, movi or ytvis?" asks "datasets" (fresh set W, w4041)
_OPTIONS = re.compile(r",\s*(?:e\.g\.\s*|like\s+|such as\s+)?[\w.+-]+(?:\s*,\s*[\w.+-]+)*,?\s+or\s+[\w.+-]+\s*$", re.I)
# an aside between commas that says how, gives an example or asks more: "what overhead, in wall-clock terms, does …", "a
# reliability measure, for instance Cohen's kappa, for …" (probes of session 27), "which language model, and of what size,"
_COMMA_ASIDE = re.compile(r",\s*(?:in\s+[\w-]+(?:\s+[\w-]+)?\s+terms|in\s+(?:the\s+)?(?:number|count)\s+of\s+[\w-]+|in\s+(?:terms\s+of\s+)?(?:the\s+)?(?:sequence|input|context|video)\s+length|for (?:instance|example)\b[^,?]*|e\.g\.[^,?]*|"
                          r"i\.e\.[^,?]*|say\b[^,?]*|roughly|approximately|precisely|exactly|and\s+(?:of\s+)?(?:what|which)\s+"
                          r"(?:size|scale|kind|version)\b)\s*,", re.I)
# a polite request for the detail: "could you state the dimensionality of …", "please specify the batch size"
# (not "could you provide an explanation of …", "give an example", "quote the sentence": no detail; second review)
_REQUEST = re.compile(r"^(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?|please\s+|kindly\s+)(?:state|report|specify|"
                      r"indicate|disclose|tell\s+(?:me|us))\s+(?:me\s+|us\s+)?(?!(?:an?|the\s+(?:main|key|sentence)|"
                      r"its\s+(?:main|key))\b)", re.I)
_WH_AFTER = re.compile(r"(?:what|which|how|who|whether|if)\b", re.I)
# (not "which" after "tell me": "could you tell me which commercial model X outperforms" names it in other words, dev
# ad13036; but "could you tell me how many graphics processors …" asks their count: read set BU, bu040)
# ... as the question it holds has its verb after the noun ("… how many graphics processors were used"; not "how many
# frames FrameOracle keeps", "how many times faster …": second review)
_WHICH_AFTER = re.compile(r"(?:(?<!me )(?<!us )(?:what|which|how many)\s+(?!(?:is|are|was|were|the|its|their)\b)[\w-]+|"
                          r"how many\s+(?!times\b)(?:[\w-]+\s+){1,3}?(?:were|was|are|is|did|does|do|have|has|had)\b)", re.I)
_PREPOSITION_WH = re.compile(r"(?:on|in|at|with|from|for|by|under)\s+(?:what|which)\b", re.I)
# words after which an asked noun phrase has ended: "… random seeds were run", "… iterations used to distil …"
_PHRASE_ENDS = r"used|for|in|by|that|with|on|at|during|when|is|are|was|were"
# a yes-or-no question on whether the paper reports a detail: "Does the UrbanFeel benchmark report inter-rater
# reliability …?", "Do they mention the GPU type?"; not whether it includes or discusses a thing ("Does ParallelBench
# include autoregressive LLMs?" is answered by the sentence naming them, "Does Veda report any improvement over
# baselines?" by its result: second review)
# ... "Did Veda ever say which GPUs they measured it on?", "did they say how many prototypes the bank holds?", "did they
# ever give the actual γ value …?" (a reviewer's voice, read set BG and diagnostic set BI, session 28)
_REPORTS = re.compile(r"^(?:does|do|did)\s+(?:(?:the|this|that|its|their)\s+)?(?:[\w-]+\s+){0,3}?(?:ever\s+)?(?:(?:report|state|"
                      r"mention|disclose|specify|quantify|identify|name)\s+(?:by\s+name\s+)?(?:which\s+)?|"
                      # ... "say", "give" only with what is asked after them ("Does Veda provide a theoretical analysis?"
                      # asks no detail)
                      # (not "say what causes …": its verb is no detail, second review)
                      r"(?:say|give|provide|reveal)\s+(?=which\b|how\s+many\b|the\s+(?:exact|actual|precise|specific)\b)"
                      r"(?:which\s+)?)(?:(?:exact|specific)\s+)?"
                      r"(?:the\s+|its\s+|their\s+|any\s+|an?\s+)?(?P<how>how many\s+)?"
                      rf"(?P<what>[\w-]+(?: [\w-]+){{0,3}}?)(?:\s+(?:{_PHRASE_ENDS}|of|behind|over|than|against|across|"
                      r"compared|they|their|its|it|the|we|this|these)\b|\s*[,?]|\s*$)", re.I)
# "the precise number of …": the count's noun follows it
_BARE_COUNT = re.compile(r"(?:(?:precise|exact|total|overall|average|approximate|actual)\s+)?(?:number|amount|count)", re.I)
_COUNT_OF = re.compile(rf"^\s+of\s+(?P<what>[\w-]+(?: [\w-]+){{0,3}}?)(?=\s+(?:{_PHRASE_ENDS}|to|per|does|do|did)\b|"
                       r"\s*[,?]|\s*$)", re.I)
# "how long is taking the training", "how much time does the training take", "how long was the pre-training"
_TAKING = re.compile(r"^how (?:long|much time) (?:(?:is|are|was|were|does|did|do)\s+)?(?:(?:it|they)\s+)?"
                     r"(?:(?:take|takes|taking|took)\s+)?(?:for\s+)?(?:the\s+|its\s+|their\s+)?"
                     r"(?P<stage>training|pre-?training|fine-?tuning|inference|generation)\b", re.I)
# the asked thing first, the question word last: "the batch size is how much", "the learning rate was what"
_IS_HOW = re.compile(r"(?:^|,\s*)(?:(?:the|its|their)\s+)?(?P<what>[\w-]+(?: [\w-]+){0,4}?)"
                     # ... said of a use: "the learning rate and batch size used in the MoE experiments is how much?" (BF)
                     r"(?:\s+(?:used|employed|adopted|chosen|reported|needed|required)\b[^,?]*?)?\s+(?:is|are|was|were)\s+"
                     r"(?:how many|how much|how big|how large|what|which)\s*$", re.I)
_TAKES = re.compile(r"^how long (?:does|do|did|will|would|can) .+? take to (?P<verb>[a-z]+)\b", re.I)
_COSTS = re.compile(r"^(?:how much|what) (?:does|do|did|will|would) (?:it|this|that|they|each|(?:[\w.+²-]+\s+){0,3}?)\s*cost\b(?:\s+(?:them|us|you))?(?!\s+in\b)", re.I)  # ("what did the UrbanFeel annotation cost them": qh073; "cost in FLOPs" asks FLOPs)
_GERUND = {"train": "training", "run": "running", "converge": "convergence", "generate": "generation",
           "infer": "inference", "fine-tune": "fine-tuning", "finetune": "fine-tuning"}
