"""What kind of detail a question asks for: a number, names, a method, or an explanation; and whether it asks a
problem, a cause, or the trick behind a result."""

from __future__ import annotations

import re


def wanted_detail(question: str) -> str:
    """What kind of detail a question asks for: "number", "names", "method" or "" (an explanation)."""
    means = _ASKS_MEANS.search(question)  # "what's the trick each uses to get the speedup?" asks the trick, but not
    # ... unless a number is asked after it: "… the trick and how much speedup …?" (second review)
    if means and not (_THEN_ASKS.search(question, means.end()) and _ASKS_NUMBER.search(question, means.end())):
        return "method"
    if _ASKS_NUMBER.search(question):
        return "number"
    if _ASKS_NAMES.search(question):
        return "names"
    if _ASKS_METHOD.search(question):
        return "method"
    return ""


_ASKS_NUMBER = re.compile(
    r"\b(how (much|many|far|large|big|fast|long|close|often|small|low|high|short|slow|quick|cheap|tight|accurate)|by how|what (results?|speedup|accuracy|score|rate|"
    r"percentage|gain|improvement|ratio|number|size|reduction|throughput|latency|length|error)|speed-?ups?|percent|"
    r"what (?:exact )?value|numbers?|(?:on|in terms of|regarding|about|for) (?:speed|latency|throughput|runtime)|"
    r"by what factor|(?:extrapolation|speed-?up|compression|reduction|acceleration|scaling|expansion) factor|"
    # ... an extreme asked of a thing: "what max extension does each report?" (a second review of session 42)
    r"what (?:max|maximum|min|minimum|peak|largest|longest|highest|lowest|biggest|smallest)\s+[\w-]+)\b"
    # ... a result typed as a noun phrase with its participle: "length extrapolation achieved?", "speedup reached?" (a
    # second review of session 43 quoted each paper's mechanism)
    r"|\b(?:extrapolation|speed-?up|gain|improvement|reduction|compression|accuracy|throughput)\s+(?:achieved|reached|"
    r"obtained|attained|reported)\s*\??\s*$"
    r"|\bwhat\s+(?:does|do|did|would|will)\s+(?:[\w-]+\s+){1,3}?save\b(?!\s+on\b)|\bsavings?\b"  # "what does each save us"
    # figures asked for are numbers ("If so, what figures are given?": read set EF, ef006 said MUSE "does not report its
    # figures" above "85.2% vs. 82.5%")
    r"|\b(?:what|which|any|exact|headline|key|concrete|reported|the)\s+(?:[\w-]+\s+)?figures\b(?!\s+out\b)"
    # an amount asked as a noun ("compare in terms of the amount of training data": a second review of session 44)
    r"|\b(?:the|an?|what|which)\s+(?:total\s+)?(?:amount|quantity|volume)\s+of\b"
    # a unit asked for: "Could you state its memory footprint in gigabytes?" (a probe of session 27)
    r"|\b(?:in|as)\s+(?:gigabytes|megabytes|terabytes|GB|MB|GiB|MiB|hours|GPU-hours|seconds|milliseconds|minutes|days|"
    r"percent(?:age)?|percentage points|FLOPs|TFLOPs|GFLOPs|tokens per second|frames per second)\b"
    # "Which is faster, Veda or ISA?", "faster than": a comparison settled by quantities
    r"|\bwhich(?: one| of them| of the two)? is (?:faster|slower|quicker|cheaper)\b|\b(?:faster|slower|cheaper) than\b"
    # "ok and how does it compare to baselines?": by its results, which abstracts give in numbers (fresh set AC, ac12006
    # quoted its method sentences)
    r"|\b(?:compare[sd]?|stack up|fare)\s+(?:to|with|against)\s+(?:the\s+)?(?:baselines?|prior|previous|existing|other|"
    r"sota|state[- ]of[- ]the[- ]art)\b|\b(?:vs\.?|versus|over)\s+(?:the\s+)?baselines?\b",
    re.I)
_ASKS_NAMES = re.compile(
    r"\b(which|what)\b.*\b(datasets?|benchmarks?|tasks?|components?|modules?|mechanisms?|metrics?|models?|"
    r"signals?|stages?|phases?|terms?|subsets?|strategies|tokens?|activation|called|named|stand for|"
    # ... "what did they call / name that layer" (a second review of session 43 quoted the acronym, not the name)
    r"(?:did|do|does)\s+(?:they|the\s+authors|it)\s+(?:call|name|dub)|"
    r"estimator|backbones?|encoders?|optimizers?|architectures?|prompts?|evaluations?)\b|"
    r"\b(two|three|four) (main |core |key )?\w+", re.I)
# "what flaw …", "what do they set out to fix", "what's wrong with …" ask for the problem too (dev comparisons x001,
# w324, h019; "where does each locate the trouble?" asks a finding, dev v311)
# ("which scene-graph failure does each target?": a second review of session 45, qc110 quoted the method sentences; "how
# differs the difficulty that each one addresses?", a French "challenge": second review qs of session 48)
ASKS_PROBLEM = re.compile(r"\b(problem|challenge|limitation|motivat\w*|why|gap|issue|bottleneck|shortcoming|flaw|"
                           r"drawback|weakness|fix|failure|pitfall|difficult(?:y|ie))s?\b|\bwhat(?:'s|’s| is| was) wrong\b", re.I)
# ... and so, of one paper, do what it blames, a cause, an assumption, which abstracts state in their opening,
# scene-setting sentences ("the conditional independence assumption in dLLMs causes …": dev w630, w996, v422); of
# two papers compared, what each blames is its finding, not the problem it starts from (dev w861 lost it)
# ... not an assumption the paper brings ("what new assumption do they define?" asks its contribution: a second review of
# session 45, qc030 quoted the background)
ASKS_CAUSE = re.compile(r"\b(?:blam\w*|culprits?|(?<!new )(?<!refined )(?<!weaker )(?<!milder )assum\w*(?!\s+(?:do|does|did)\s+"
                        r"(?:\w+\s+){1,3}?(?:define|introduce|propose|make|adopt|use|formulate))|caus(?:e|es|ed|ing)|"
                        r"responsible)\b", re.I)
# the means to a result, asked as a trick, secret or ingredient, before what it achieves ("what's the trick each uses to
# actually get the speedup?", "what's the special ingredient in each?": read set CY, cy066 and cy070 quoted numbers)
# ... a field's word may qualify it ("what's the RL trick in each": read set DJ, dj071); and so does how a paper gets a
# result it is known for ("how does each one actually get the attention speedup?": read set DJ, dj067 quoted the
# speedups, which the question takes as given)
_ASKS_MEANS = re.compile(r"\bwhat(?:['’]s|\s+is|\s+are|\s+was)\s+(?:the|their|its|each(?:\s+one)?['’]s)\s+(?:(?:main|key|real|"
                         r"big|special|secret|core|clever|magic)\s+)?(?:[\w-]+\s+(?:or\s+)?){0,2}?(?:tricks?|secrets?|"
                         r"ingredients?|sauce|recipe|twists?)\b"
                         # ... or where it gets it ("where does each one actually get its wall-clock saving": fresh set EB)
                         r"|\b(?:how|where)\s+(?:does|do|did|can|could)\s+(?:[\w-]+\s+){1,3}?(?:actually\s+|really\s+)?(?:get|achieve|"
                         r"obtain|attain|reach|deliver|pull\s+off|manage)\s+(?:the|its|their|that|this|such|these|those)\s+"
                         r"(?:[\w-]+\s+){0,2}?(?:speed-?ups?|gains?|acceleration|compression|savings?|efficiency|"
                         r"improvements?|reductions?|boosts?)\b", re.I)


_THEN_ASKS = re.compile(r"(?:\band\b|,)\s*(?:how|what|which)\b", re.I)


def asks_means(question: str) -> bool:
    """Does the question ask a trick, secret or ingredient (see _ASKS_MEANS), and nothing after it?"""
    means = _ASKS_MEANS.search(question)
    return bool(means) and not _THEN_ASKS.search(question, means.end())


_ASKS_METHOD = re.compile(r"^\s*how\b|\bhow (?:does|do|did|is|are|can)\b|\bby what means\b|\bwhat mechanism\b", re.I)
