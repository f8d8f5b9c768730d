"""The asked detail's words cut to the detail alone: no article, unit, verb or clause after it ("which MLLM came out on
top" asks "MLLM", "how many annotators they have employed" asks "annotators"), and none at all when the words name no
detail of a paper ("responsible", "tested on"). Split from attribute.py, which finds the words in the question."""

from __future__ import annotations

import re


_FAMILY_OF = re.compile(r"(?i)\b(?:(?:AI|foundation|neural)\s+)?(?P<of>models?|backbones?|(?:video[- ])?(?:LLM|VLM|MLLM|LMM)s?)(?<!s)s?\s+famil(?:y|ies)\b")


def trimmed(phrase: str) -> str:
    """The detail `phrase` names, or "" when it names none."""
    phrase = re.sub(r"\s+", " ", phrase).strip(" ,;:-")
    phrase = re.sub(r"(?i)^(?:the|its|their|an?)\s+", "", phrase)  # "The learning rate of Veda, please." (session 27 probe)
    # a family of models asks the models by name ("which backbone family does SGMD use": a second review of session 43
    # quoted other sentences as if they answered; "Video-LLMs, including Qwen and InternVL" names MACD's)
    phrase = _FAMILY_OF.sub(r"\g<of>s", phrase)
    phrase = re.sub(r"(?i)(?<=\w)\s+(?:ms|milliseconds|GB|MB|GiB|fps)$", "", phrase)  # "latency ms" ("GPU hours" stays)
    phrase = re.sub(r"(?i)(?<=\w)\s+up$", "", phrase)  # "from what length up to what length" (read set CS)
    phrase = re.sub(r"(?i)(?<=\w)\s+to\s+(?:train|pre-?train|fine-?tune)$", "", phrase)  # "gpu hours to train?" (read set DJ)
    # ... "what training speedup relative to DMD" (read set DH, dh063: "does not report its training speedup relative")
    phrase = re.sub(r"(?i)(?<=\w)\s+(?:relative|compared|versus|vs\.?)$", "", phrase)
    # the asked thing as a subject, its verb in the past: "How many annotators labelled the questions …?"
    # ... or irregular ("number of frames kept", "cities chosen", "samples taken": a second review of session 43)
    phrase = re.sub(r"^((?:[\w-]+ )*?[\w-]+s) (?:[a-z]+ed|kept|chosen|taken|run|held|made|built|given|drawn|shown|"
                    r"left|found|spent|written|done|seen|needs?|keeps?|took|participated)\b.*$", r"\1", phrase)  # ("took part": EL)
    # ... or a verb that ends the noun phrase: "which MLLM came out on top", "how many frames remain out of 16"
    phrase = _SUBJECT_OF.sub(r"\1", phrase)
    # ... "which teacher model provides the step-by-step reasoning" (read set BX: the verb was read into the detail)
    phrase = _PROVIDES.sub(r"\1", phrase)
    # ... or one after a preposition: "the licence under which the benchmark is distributed" (second review, session 42)
    phrase = re.sub(r"(?i)^(.+?)\s+(?:under|in|for|with|by|at|to|from|on|of)\s+which\b.*$", r"\1", phrase)
    # ... or a relative clause without "that": "which surgical datasets they validate on"
    phrase = re.sub(r"^(.+?) (?:they|we|it|the authors) [a-z]+\b.*$", r"\1", phrase)
    # ... cut before its verb: "how many annotators they have employed" (a probe of session 27: "number of annotators they")
    phrase = re.sub(r"^(.+?) (?:they|we|it|the authors)$", r"\1", phrase)
    # "total parameter count", "expert count": the number of them (read sets CH, CM, session 33: "count" alone was the
    # head, and "the total parameter count of the 4DPC²hat model" was stated by its "inquiries about counting")
    phrase = re.sub(r"(?i)^(?:(?:total|exact|overall)\s+)?(param|[\w-]+?)s?\s+count$",
                    lambda m: f"number of {'parameter' if m.group(1).lower() == 'param' else m.group(1)}s", phrase)
    if phrase.lower() in _NO_DETAIL:  # "What is responsible for …?" asks a cause (second review of session 37)
        return ""
    # ... and a verb with its preposition asks what it was done on: "What was OGD+ tested on?" had said "does not report
    # its tested on" (second review of session 37)
    if re.fullmatch(r"(?i)(?:tested|evaluated|validated|benchmarked|assessed)\s+(?:on|with|against|in)", phrase):
        return "evaluation datasets"  # named by an experiments sentence, or said to be missing
    if re.fullmatch(r"(?i)(?:[a-z]+ed|run|done|built)\s+(?:on|with|against|in|by|for|from)", phrase):
        return ""
    return phrase


# words a "What is …?" question ends on that name no detail of a paper: a cause, what is new or different
_NO_DETAIL = frozenset({"responsible", "to blame", "new", "novel", "different", "special", "unique", "wrong", "missing",
                        "interesting", "surprising", "important"})
_PROVIDES = re.compile(r"^((?:.+? )?(?:models?|networks?|encoders?|backbones?|datasets?|benchmarks?|GPUs?)) (?:provides|gives|"
                       r"generates|supplies|produces|serves|acts|handles|drives|performs|runs|operates|sits)\b.*$", re.I)
_SUBJECT_OF = re.compile(r"^(.+?) (?:turn(?:s|ed)? out|came|comes?|serv(?:es|ed) as|act(?:s|ed) as|remain(?:s|ed)?|perform(?:s|ed)?|scor(?:es?|ed)|rank(?:s|ed)?|wins?|won|"
                         r"leads?|led|stands?|stood|gets?|got|beats?|achieves?|achieved|reach(?:es|ed)?|works?|"
                         # ... "how many distinct characters appear in dramasr-532k?" (a third review of session 44)
                         r"appear(?:s|ed)?|exist(?:s|ed)?|occur(?:s|red)?|participat(?:e|es|ed)|"
                         # ... a verb after its object, as Spanish orders it: "how much improvement obtains SegPVSG" (qu093)
                         r"obtain(?:s|ed)|attain(?:s|ed)|sav(?:es|ed)|brings|brought|delivers|delivered|gives|yields)\b.*$",
                         re.I)
