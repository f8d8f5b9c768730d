"""The asker's own work or cases, said in a sentence before what they ask, taken out of the question.

Left in, their words were read as the topic: "Our laparoscopic cases run for hours." made laparoscopy the domain asked
for (read set CC). Only such sentences: a first-person sentence in general often carries the constraint asked ("we only
read iclr stuff.", "I work with surgical videos.", "We use diffusion for audio, not video.": second review, session 39,
where taking every one out lost 13 answers for the 2 it was written for).
"""

from __future__ import annotations

import re

# the asker's own work, said before what they ask: "My goal is feeding motion-capture skeletons into an MLLM. Which
# papers extend MLLMs to new input types?" (read set BJ, a related-work writer: the papers never mention
# motion capture, which was read as the domain asked for); not when the question points back at it ("… for that?")
# ... or their own cases, data or role: "Our laparoscopic cases run for hours.", "As radiologists we know reading
# conditions change what you see.", "We also record the team talking during cases." (read set CC, a clinician's voice:
# "laparoscopic" and "radiologists" were read as the domain asked for, and the answer said the paper never mentions them)
# ("Our studio does procedural level generation. Which papers generate video?": second review, session 39)
_OWN_WORK = re.compile(r"^\W*(?:(?:my|our)\s+(?:\w+\s+){0,2}?(?:goal|project|work|paper|thesis|system|setting|aim|idea|"
                       r"approach|method|model|pipeline|product|team|lab|studio|company|startup|cases|patients|data|"
                       r"videos|footage|recordings|"
                       r"hospital|clinic|scans|cluster|servers|users|customers)\b|"
                       r"as\s+(?:an?\s+)?(?!far\b|long\b|much\b|soon\b|well\b)[\w-]+(?:\s+[\w-]+)?,?\s+(?:we|I)\b|"
                       r"(?:we|I)\s+(?:also\s+)?(?:record|run|treat|operate|collect|deploy|maintain|manage|serve|ship)\b|"
                       # ... or at work on it now: "We're evaluating sparse attention for video world models on our robots."
                       # (a second review of session 44 was told Veda "does not report anything on robots")
                       r"(?:we['’]re|we\s+are|I['’]m|I\s+am)\s+(?:currently\s+|now\s+)?(?:evaluating|building|developing|"
                       r"training|deploying|designing|testing|prototyping|working\s+on)\b|"
                       # ... or did once: "… interests me as I once built lidar test rigs.", "Back in my day GANs were all the
                       # rage." (a second review of session 45, qd017: "does not report anything on lidar")
                       r"[^?.!]*?\b(?:I|we)\s+(?:once|used\s+to|previously|formerly)\b|[^?.!]*?\bback\s+in\s+(?:my|the)\s+day\b)"
                       r"[^?]*[.!]\s+(?=\S)", re.I)
_POINTS_BACK = re.compile(r"\b(?:it|its|this|these|those|such|ours|mine|similar|also|too|same|us|we|our)\b|"
                          r"\b(?:for|with|on|about|like|to|of|in)\s+that\b", re.I)


OWN_CASES = re.compile(r"^\W*(?:our\s+(?:\w+\s+){0,2}?(?:cases|patients|recordings|scans|hospital|clinic|cluster|servers)\b|"
                        r"we\s+(?:also\s+)?(?:record|run|treat|operate|collect|deploy|maintain|manage|serve|ship)\b)"
                        r"[^?]*[.!]\s+(?=\S)", re.I)


def without_own_work(text: str, own: re.Pattern = _OWN_WORK) -> str:
    """The question without a first sentence on the asker's own work, unless what follows refers back to it."""
    match = own.match(text)
    rest = text[match.end():] if match else ""
    return rest if rest and "?" in rest and not _POINTS_BACK.search(rest) else text
