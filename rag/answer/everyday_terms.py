"""Plain descriptions of where and how a model runs, what it takes in and how it is trained, with the field's term for
each: "the big model in the datacenter" (cloud), "the on-device part" (edge), "single-camera video" (single-view),
"body-joint data" (skeleton), "a rival network tries to catch it out" (GANs). The second reviews of sessions 47 and 48 and
the read sets they kept unread found described papers abstaining and lists missing papers on these words; plain_words.py
writes the terms into questions beside those of plain_terms.py. Written from the field's vocabulary, not fitted."""

from __future__ import annotations

import re

EVERYDAY_TERMS = [(re.compile(pattern, re.I), term) for pattern, term in [
    # where it runs (qq021: "the big model in the datacenter and the on-device part" never met SCOPE's "cloud LMM" / "edge")
    (r"\bdata\s*cent(?:er|re)s?\b|\bserver[- ]side\b|\b(?:big|remote)\s+servers?\b", "cloud"),
    (r"\bon[- ]device\s+(?:part|side|model|half|component)\b|\bon\s+the\s+(?:device|phone|robot)\s+itself\b|"
     r"\b(?:cheap|small|local|low-power)\s+devices\s+(?:near|next\s+to|at|by)\s+the\s+cameras?\b", "edge"),  # (qr022)
    # an engineer's words for what a paper releases and gains (second review qr of session 48: qr025, qr043 abstained)
    (r"\beval(?:uation)?\s+(?:suite|harness)\b", "benchmark"),
    (r"\blearn(?:s|ed|ing)?\s+(?:more\s+)?from\s+fewer\s+(?:examples|samples)\b|\bneeds?\s+fewer\s+(?:training\s+)?examples\b",
     "data efficiency"),
    # (not a wearable or body-worn camera as egocentric: "wearable cameras for health monitoring" is no paper's, dev)
    (r"\bsingle[- ]camera\b|\bone[- ]camera\b", "single-view"),  # "normal single-camera video into stereo" (qq117)
    # what it takes in (qq023: "body-joint / pose data")
    (r"\bbody[- ]joints?\b|\bpose\s+(?:data|sequences|keypoints|tracks)\b|\bkeypoint\s+sequences\b", "skeleton"),
    (r"\bsound\s*(?:/|or|and)\s*listen\w*\b|\blisten(?:s|ing)?\s+to\s+(?:the\s+)?(?:sound|dialogue|speech)\b", "audio"),  # (qp046)
    # what it does to the numbers (qq003: "latents have a huge value range" is DRAQ's "high dynamic range of input latent")
    (r"\b(?:huge|large|wide|big|extreme)\s+(?:value|numeric(?:al)?)\s+ranges?\b|\bwide\s+range\s+of\s+values\b", "dynamic range"),
    # what it keeps (qp063: "limiting how much it has to remember" is FlowNar's "bounded visual memory")
    (r"\blimit(?:s|ing)?\s+how\s+much\s+(?:it|they|the\s+model)\s+(?:has|have|needs?)\s+to\s+(?:remember|store|keep)\b|"
     r"\b(?:fixed|capped|limited)\s+(?:amount\s+of\s+)?(?:memory|remembering)\b", "bounded memory"),
    # what it is made of (read set EL, el003: "the actual building blocks of the quantization pipeline" missed its quantizer)
    (r"\bbuilding[- ]blocks\b", "components"),
    # how it is trained: one network generating while a rival one tries to catch it out (read set EK, ek029 abstained)
    (r"\b(?:rival|competing|opposing|adversary)\s+(?:network|model)s?\b(?=[^.?!]{0,60}\b(?:catch|spot|tell|detect|"
     r"distinguish|fool|judge)\w*)|\bgenerators?\s+(?:and|versus|vs\.?|against)\s+(?:a\s+)?discriminators?\b", "GANs"),
]]
