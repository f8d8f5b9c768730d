"""What a list question says around its topic that no paper needs to write: what it sets aside ("live/streaming video input
(not offline clips)"), how loosely papers may match ("in some fashion"), a definition the asker gives for themselves
("optical flow, the measure of how pixels move between frames") and a stress ("specifically"). list_topic.py takes them
out before reading the topic."""

from __future__ import annotations

import re

# what a list sets aside, in brackets or after a comma: "(not offline clips)", ", not generation" (read set DB, db038:
# "offline clips", words ProtoKV never writes, sank it to 0.08 on "ICML stuff on understanding live/streaming video input")
# ... and what the topic has anyway, closing the question: "make use of the soundtrack of a video, not only the pixels"
# (read set DX, dx033: "pixels" drew the pixel papers and the three on sound fell out of the pool); not "not only X
# but also Y", which asks Y, nor the video's own stream, which audio with video is read beside ("the audio / sound
# track, not only frames", dev aw029: domain_words.py)
_SET_ASIDE = re.compile(r"\s*\((?:but\s+|and\s+)?not\s[^()]*\)|,\s+not\s+(?!only\b|just\b)[^,?.;:()—–]*"
                        r"|,\s+not\s+(?:only|just|merely|simply)\s+(?![^,?.;:()—–]*\b(?:videos?|frames?|visual|footage|"
                        r"images?)\b)(?:(?!but\b)[^,?.;:()—–])*(?=[?.!]?\s*$)", re.I)

# ... and a stress on the topic ("Which ICML papers do theory specifically about transformers?" matched "Specifically, we
# shift …" and lost a paper: a second review of session 44)
_STRESS = re.compile(r"(?i)\b(?:specifically|explicitly)\s+(?=\w)")

# a hedge on how loosely the papers may match (a second review of session 44: "Which papers build upon Mamba or
# state-space models in some fashion?" missed a paper, its hedge's words being judged as the topic's)
_HEDGE = re.compile(r"(?i),?\s+(?:in\s+(?:some|any|one)\s+(?:fashion|way|form|manner|capacity|sense)|in\s+one\s+way\s+or\s+"
                    r"another|somehow|to\s+some\s+(?:extent|degree)|(?:at\s+all|whatsoever))(?=\s*[?.!,;:]|\s*$)")


# what the asker explains of the topic for themselves, which the papers need not write: a definition after a comma ("use
# optical flow, the measure of how pixels move between frames": a second review of session 45, qc057); not what it is
# for ("memory so they can keep up with a live stream": dev cc025)
# ... or names its kind ("Charades-STA, the dataset for locating a described moment", "optical flow — the per-pixel apparent
# velocity field —", "…, much like a certified reference material": a second review of session 46, qo057, qo059, qo062,
# in a physicist's voice, abstained or listed papers on the definition's words); not ", that is, …", which often says the
# topic in the field's words ("…, that is, to reduce hallucination or misalignment": dev pu056)
_EXPLAINED = re.compile(r"(?i),\s+(?:i\.e\.,?\s+)?(?:the|a|an)\s+(?:[\w-]+\s+){0,2}?(?:measure|way|idea|process|practice|art|"
                        r"notion|concept|thing|dataset|benchmark|architecture|alternative|family|technique)\s+(?:of|where|that|"
                        r"which|for|to|used)\b[^?]*(?=\?|$)|"
                        r",\s*(?:much|very\s+much|rather|just)\s+like\s+(?:a|an|the)\s+[^?,]*(?=\?|$)|"
                        r"\s+[—–]+\s+(?:the|a|an|i\.e\.)\s+[^—–?]{3,80}?\s+[—–]+(?=\s)")


def without_asides(text: str) -> str:
    """The list question without what it sets aside, its hedge, its definitions and its stress."""
    return _STRESS.sub("", _EXPLAINED.sub("", _HEDGE.sub("", _SET_ASIDE.sub("", text))))
