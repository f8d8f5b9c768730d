"""A question in the form the attribute patterns read (attribute.py): contractions spelled out ("what's its learning
rate" → "what is its learning rate"), a chat's shorthand written out ("veda lr?" → "veda learning rate?"), and the
question word first where a second language leaves it in place ("protokv use how many GB of GPU memory?" → "how many
GB of GPU memory did protokv use")."""

from __future__ import annotations

import re


def normal_form(question: str) -> str:
    """The question without its closing mark, contractions and shorthand written out, its question word first."""
    text = _CONTRACTED.sub(lambda m: f"{m.group(1) or m.group(2)} is", question.strip().rstrip("?.! "))
    text = _SHORTHAND.sub(lambda m: _SHORTHANDS[re.sub(r"[\s_]+", " ", m.group(0).lower())], text)
    text = _COUNT_SIGN.sub("number of ", text)  # "# experts and model size …" (read set DG, dg042)
    text = _EMPHASIS.sub(r"\1 ", text)
    text = _QUOTED_TERM.sub(lambda m: m["term"] or m["single"], text)  # 'what "batch size" did they train LESA with' (qg068)
    text = _INSIDE.sub("in ", _TRAILING_ADVERB.sub("", text))  # "how many questions inside?" (a second review of session 44: "its … inside")  # "what was actually added to each model" (fresh set ED: "its actually added")
    text = _MEANT_FOR.sub(r"\g<head> used for", text)  # "What is Proact-VL meant for?" asks what it is for (qo120)
    text = _ADVERBIAL_ASIDE.sub(" ", text)  # "Which diffusion LLMs — by name — were evaluated" (qo073)
    text = _WHICH_ONE.sub(r"\1", text)  # "SmoothSA, backbone feature encoder is which one?" (dev pm070)
    text = _checked_value(text)
    text = _NO_AUXILIARY.sub(r"\g<asked>did \g<rest>", text)  # "what learning rate the Veda distillation use"
    text = _VERB_BEFORE_NAME.sub(r"\g<wh> \g<what> does \g<name> \g<verb>", text)  # "Which batch size uses ProtoKV?"
    text = _USED_AS.sub(lambda m: f"{m['wh']} {m['role']} does {m['name1'] or m['name2']} use", text)  # "Which base model uses video-mtr as backbone?"
    text = _WH_ASIDE.sub(r"\g<wh> ", text)  # "To what bit-width, for weights and for activations, does LSGQuant quantise …"
    text = _IN_WHICH_WAY.sub("how", text)  # "in which form is the module integrated" asks how (qq119: "its form")
    text = _KIND_OF.sub(r"\1 ", _TAKES_IN.sub("", text))  # "… param count incl. the CLAM module", "which manner of normalisation" (EI)
    text = _GIVEN_FOR.sub(lambda m: f"{m['wh']} {m['detail']} {m['aux']} {m['subject'].strip()} use", text)  # "what does Veda give for its learning rate"
    # ("how many" opens no relative clause: "kern router paper how many experts per layer", read set CS)
    return _IN_SITU.sub(lambda m: m.group(0) if _RELATIVE_HEAD.search(m.group("before")) and not re.match(
                            r"how\s", m.group("wh"), re.I) else
                        f"{m.group('wh')} did {m.group('before')}", text.strip(), count=1)


# what a detail takes in is no part of it: "flownar total param count incl. the CLAM module?" asks the count; a kind of a
# thing asks the thing: "which manner of normalisation", "how many distinct kinds of task" (read set EI: no attribute, "does
# not report its manner", "… its number of distinct kinds")
_IN_WHICH_WAY = re.compile(r"(?i)\b(?:in|by)\s+(?:which|what)\s+(?:form|way|manner|fashion)\b")
_TAKES_IN = re.compile(r"(?i)\s*,?\s+(?:incl\.|including|inclusive of)\s+[^?,;]{1,60}(?=[?.!]?\s*$)")
_KIND_OF = re.compile(r"(?i)\b(what|which|how\s+many)\s+(?:(?:distinct|different|separate)\s+)?(?:manner|kinds?|types?|sorts?|"
                      r"forms?|variet(?:y|ies)|styles?)\s+of\s+")


# a term the asker quotes, which the patterns read as the words it is (a second review of session 45: "what "batch size" did
# they train LESA with?" read no detail, so never "does not report")
_QUOTED_TERM = re.compile(r"[\"“”](?P<term>[^\"“”]{1,40})[\"“”]|(?<![\w'’])['‘](?P<single>[^'‘’]{1,40})['’](?![\w'’])")

# an adverb of emphasis after the verb, which names no part of the detail
_EMPHASIS = re.compile(r"(?i)\b(was|were|is|are|did|does|do)\s+(?:actually|really|exactly|truly)\s+(?=[a-z])")

_TRAILING_ADVERB = re.compile(r"(?i)(?<=\w)\s+(?:altogether|all\s+together|in\s+total|in\s+all|all\s+told)\b|(?<=\w)\s+inside\s*$")
_INSIDE = re.compile(r"(?i)\binside\s+(?=\w)")  # "how many cities inside UrbanFeel": in it

# "what's", and typed without its apostrophe: "whats the licence of UrbanFeel" (a probe of session 26: "does not report
# its Whats the licence")
_CONTRACTED = re.compile(r"\b(what|which|who|how|where)['’]s\b|\b(what|how|where)s(?=\s+(?:the|its|their|a|an)\b)", re.I)

# a chat's shorthand for a detail (fresh set AC: "veda lr?", "frameoracle param count?" quoted other sentences)
_SHORTHANDS = {"lr": "learning rate", "bs": "batch size", "wd": "weight decay", "#params": "number of parameters",
               "#gpus": "number of GPUs", "# gpus": "number of GPUs", "num gpus": "number of GPUs",
               "# params": "number of parameters", "num params": "number of parameters", "n params": "number of parameters",
               # ... as spelling correction leaves it ("# params" → "# parameters": a probe of session 32)
               "#parameters": "number of parameters", "# parameters": "number of parameters",
               "hparams": "hyperparameters", "hyperparams": "hyperparameters"}
# ... and "#" before any plural noun: the count of it
_COUNT_SIGN = re.compile(r"(?<![\w#])#\s?(?=[a-z][\w-]*s\b)", re.I)
_SHORTHAND = re.compile(r"(?i)(?<![\w#])(?:lr|bs|wd|#\s?(?:params|parameters|gpus)|(?:num|n)[\s_]params|num[\s_]gpus|"
                        r"h(?:yper)?params)(?!\w)")

# the question word where the asked thing stands, as a second language puts it: "protokv use how many GB of GPU memory
# exactly?", "smoothsa code is released under what license?" (read set BL: no attribute was read, so never "does not
# report"; not a bare "how many exactly", which counts what came before it: a second review of session 45, qe073); not
# after a verb of asking or knowing ("tell me which GPU …"), nor a question word, auxiliary or preposition
_IN_SITU = re.compile(r"^(?P<before>(?!\W*(?:what|which|how|who|where|when|why|whose|does|do|did|is|are|was|were|can|could|"
                      r"would|will|has|have|had|should|may|might|and|or|but|so|also|plus|then|on|in|at|with|from|for|by|"
                      r"under|to|of|into|over|about)\b)(?![^,?]*\b(?:tell|told|give|show|name|list|say|said|know|knew|"
                      r"wonder|wondering|ask|asked|explain|describe|outline|summari[sz]e|find|check|see|remember|recall|idea|curious|"
                      r"sure|clear|unclear|mentions?|mentioned|states?|stated|reports?|reported)\b)"
                      r"(?:(?!(?:what|which|how)\b)[\w.+'’-]+\s+){0,7}?[\w.+'’-]+)\s+"
                      # ... a noun phrase to the clause's end: no verb, no second question word, no dash ("that tokenizer
                      # which tries to be good … — what accuracy", "from what length to what length": dev p031, s008)
                      # ("how much faster than X", "how many times longer" are asked as they were: second review, read set BL bl010)
                      r"(?P<wh>(?:(?:on|in|at|with|from|for|by|under|to|of|into|over)\s+)?(?:what|which|how\s+many(?!\s+times\b)|"
                      r"how\s+much(?!\s+(?:more|less|\w+er)\b))"
                      r"\s+(?!(?:on|in|at|for|with|by|of|from)\b)(?!(?:exactly|precisely|roughly|then|actually)\s*$)(?:(?!\b(?:is|are|was|were|be|been|being|do|does|did|has|"
                      r"have|had|can|could|will|would|should|to|until|till|than|that|which|what|how|who|when|where|why)\b)"
                      r"[^?,—–:;])+?)\s*(?=,|$)", re.I)
# ... nor a relative clause on what the paper has ("the ProtoKV module which stores old frames": second review)
_RELATIVE_HEAD = re.compile(r"\b(?:paper|module|method|model|framework|approach|work|study|system|network|benchmark|"
                            r"dataset|component|one)$", re.I)


# a question with no auxiliary, as a second language may word it: "what learning rate the Veda distillation use?",
# "which GPU the FlowNar training use?" (a second review of session 44: no detail was read, and other sentences were
# quoted as if they answered); the subject opens with an article or a name, the question ends at its bare verb
_NO_AUXILIARY = re.compile(r"^(?P<asked>(?:what|which)\s+(?:(?!(?:is|are|was|were|do|does|did|has|have|had|can|could|will|"
                           r"would|should|may|might|must|the|its|their|this|that)\b)[\w-]+\s+){1,3}?)(?P<rest>(?:the|its|their|this|that)\s+"
                           r"(?:[\w.+-]+\s+){1,3}?(?:use|need|require|employ|adopt|train\s+(?:on|with)|get|reach|report|"
                           r"achieve|pick|choose|keep|run\s+on))$", re.I)


# the verb before the named paper, as a second language may order it: "Which batch size uses ProtoKV?" (a second review of
# session 45, qh072: no detail was read)
_VERB_BEFORE_NAME = re.compile(r"^(?P<wh>(?i:what|which))\s+(?P<what>(?:[\w-]+\s+){0,2}[\w-]+)\s+(?P<verb>use|need|employ|report|"
                               r"achieve|train\s+with)s?\s+(?P<name>[\w.+²-]*[A-Z0-9][\w.+²-]*)$")


# what a thing is meant, intended, built or designed for is what it is used for (a second review of session 46, qo120: "does
# not report its meant")
_MEANT_FOR = re.compile(r"(?i)^(?P<head>\W*(?:what|who)\s+(?:is|are|was|were)\s+(?:[\w.+²-]+\s+){0,3}?[\w.+²-]+)\s+(?:meant|intended|built|"
                        r"designed|made|created|developed|supposed\s+to\s+be\s+used)\s+for$")


# an aside that only says how to answer: "Which diffusion LLMs — by name — were evaluated?", "Which learning rate —
# exactly — did Veda use?" (a second review of session 46, qo073: no detail was read)
_ADVERBIAL_ASIDE = re.compile(r"\s*(?:[—–]|--|,)\s*(?:by\s+name|exactly|precisely|specifically|roughly|approximately|in\s+total|"
                              r"if\s+any|please)\s*(?:[—–]|--|,)\s*", re.I)


# "which one" left in place is "which": "SmoothSA, backbone feature encoder is which one? DINO or something else?" (dev
# pm070, once the guess after it was set aside: session 46)
_WHICH_ONE = re.compile(r"(?i)\b((?:is|are|was|were)\s+(?:which|what))\s+ones?$")


# the part a paper uses something as is what is asked: "Which base model uses video-mtr as backbone?", "What model does
# Veda use as its teacher?" ask for the backbone, the teacher (fresh set EH, read in session 46: no detail was read)
_USED_AS = re.compile(r"^(?P<wh>what|which)\s+(?:[\w-]+\s+){0,2}?(?:model|network|LLM|MLLM|VLM|architecture|encoder|one)s?\s+"
                      r"(?:(?:does|do|did)\s+(?P<name1>[\w.+²-]+(?:\s+[\w.+²-]+)?)\s+use|uses\s+(?P<name2>[\w.+²-]+))\s+as\s+"
                      r"(?:its\s+|their\s+|the\s+|a\s+|an\s+)?(?P<role>[\w-]+)$", re.I)


# an aside between the question word's phrase and its verb: "To what bit-width, for weights and for activations, does
# LSGQuant quantise the model?" (fresh set EG, read in session 46: no detail was read)
_WH_ASIDE = re.compile(r"^(?P<wh>(?:to\s+|at\s+|in\s+|on\s+)?(?:what|which)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s*,\s*[^,?]{1,60},\s*"
                       r"(?=(?:does|do|did|is|are|was|were|has|have)\b)", re.I)


# the detail after what the paper gives for it: "What does Veda report for its learning rate?", "What figures does Veda
# give for its batch size?" ask for the learning rate, the batch size (read set EF: no detail was read, so never "does
# not report")
_GIVEN_FOR = re.compile(r"^(?P<wh>what|which)\s+(?:(?:numbers?|figures?|values?)\s+)?(?P<aux>does|do|did)\s+"
                        r"(?P<subject>(?:[\w.+-]+\s+){1,3}?)(?:give|gives|report|state|quote|list|provide|use|set|pick|choose)"
                        r"\s+(?:for|as)\s+(?:its|their|the)\s+(?P<detail>(?:[\w-]+\s+){0,3}[\w-]+)$", re.I)


# A yes/no question offering the value it checks asks for that value: "Did Veda use 8 GPUs?" asks how many GPUs,
# "… with a learning rate of 1e-4?" what learning rate, "Is UrbanFeel released under an MIT license?" under what
# licence (read set CM, session 33: a researcher checking what they believe was quoted other sentences, never told
# the abstract does not report it)
_YES_NO = re.compile(r"^\W*(?:did|does|do|is|are|was|were|has|have|had)\b", re.I)
_CLAIMED_COUNT = re.compile(r"\b(?:(?:more|fewer|less)\s+than\s+|over\s+|under\s+|at\s+(?:least|most)\s+|about\s+|around\s+|"
                            r"roughly\s+|exactly\s+|only\s+|just\s+|up\s+to\s+)?\d[\d.,]*\s?[kKmM]?\s+"
                            r"(?P<what>(?:[A-Za-z][\w-]*\s+)?(?!(?:times|dimensions|points|percent|folds?)\b)[A-Za-z][\w-]*?s)\b"
                            # ... the value checked ends the question: "Did the 20 MLLMs in UrbanFeel include GPT-4o?"
                            # checks GPT-4o, not a count (second review)
                            r"(?:\s+(?:in\s+total|total|each|overall|per\s+[\w-]+))?\s*[?.!]*\s*$")
# (a training setting's value, not any quantity: "Was UPI evaluated at a context length of 64K?" is answered by "from
# 4K to up to 64K tokens", second review)
_CLAIMED_VALUE = re.compile(r"\b(?:with|using|at|of|under)\s+an?\s+(?P<what>(?:(?:initial|peak|base|global|per-GPU|total)\s+)?"
                            r"(?:learning\s+rate|batch\s+size|weight\s+decay|dropout(?:\s+rate)?|warm-?up(?:\s+steps)?|"
                            r"momentum|temperature|seed|LoRA\s+rank|rank))\s+of\s+~?\d[\w.+-]*", re.I)
_CLAIMED_LICENCE = re.compile(r"\bunder\s+(?:an?\s+|the\s+)?(?:[\w.-]+\s+){1,3}?(?P<what>licen[cs]e)\b", re.I)


def _checked_value(text: str) -> str:
    if not _YES_NO.match(text):
        return text
    if claim := _CLAIMED_LICENCE.search(text):
        return f"under what {claim.group('what')} {text[:claim.start()]}"
    if claim := _CLAIMED_VALUE.search(text):
        return f"what {claim.group('what')} {text[:claim.start()]}"
    if claim := _CLAIMED_COUNT.search(text):
        return f"how many {claim.group('what')} {text[:claim.start()]}"
    return text
