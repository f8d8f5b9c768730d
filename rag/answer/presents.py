"""Where an abstract presents the paper's own work: "We introduce …", "Our method incorporates …", "We address this
challenge with …". A name or an acronym introduced there is the paper's own (named.py, understand.py), not one it cites.
"""

from __future__ import annotations

import re

from rag.corpus.terms import analyse
from rag.corpus.titles import INTRO_VERB

# "we (further) introduce …", or a part the paper's own method is made of: "Our method incorporates a Dynamic Range
# Adaptive Quantizer (DRAQ)", "Our approach integrates … and Norm-based Spatial Pooling (NSP)" (fresh set I, i056 and
# i058 named these parts and abstained: another paper ranked first). "Our proposed X (MMA)" is not taken: in a PubMedQA
# abstract it made one of our questions asked of that index name a paper there (cross-domain check). "We address this
# challenge with SurgiFlowVid, …" presents it too (fresh comparisons, set L: "What does ImmersePro produce, and what
# does SurgiFlowVid generate?" dropped SurgiFlowVid, which retrieval ranked below the first three).
INTRODUCES = re.compile(rf"\b[Ww]e\s+(?:\w+\s+)?{INTRO_VERB}\b|"
                        r"\b[Ww]e\s+(?:address|tackle|solve)\s+(?:this|these|the)\s+"
                        r"(?:challenges?|problems?|issues?|gaps?|limitations?)\s+with\b|"
                        r"\b[Oo]ur\s+(?:method|approach|framework|model|design|system|pipeline|architecture)\s+"
                        r"(?:incorporates|integrates|introduces|comprises|includes|combines|employs|adopts|features|"
                        r"contains|consists\s+of)\b|"
                        # "… into our proposed modality-mutual attention (MMA)": MMA was not the paper's name (fresh probe)
                        r"\b[Oo]ur\s+(?:newly\s+)?(?:proposed|novel)\b")


def introduces(text: str, mark: re.Pattern) -> bool:
    """Does a sentence of `text` that presents the paper's own work (INTRODUCES) hold `mark`? Both are searched in the
    whole text first, so most abstracts are never split into sentences ("HIV" is in 124 of SciFact's abstracts:
    splitting them all cost 250 ms on a first question)."""
    return bool(mark.search(text) and INTRODUCES.search(text)) and any(
        INTRODUCES.search(s) and mark.search(s) for s in analyse(text).sentences)
