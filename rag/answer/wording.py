"""Words of a question that say how it is put, or what kind of answer it wants, rather than what it is about."""

from __future__ import annotations

import re

from bm25s.stopwords import STOPWORDS_EN_PLUS

from rag.corpus.terms import terms

# words that say how a question is put, not what it is about
GENERIC = frozenset(terms("paper work method model approach result propos studi use report show which what how "
                          "does list find any there anything someone explain describe tell each one both differ "
                          "difference compare comparison way versus respectively many much have has had did was "
                          "were been being would could should may might get got make made given kind type exact "
                          "specific actual actually number numbers value values why when where who whom whose "
                          "whether already certain right answer call called named one two three four first second "
                          "sudden suddenly really exactly remember recall looking look something anyone somebody "
                          "there's isn't other include includes uses used using about me us you please give overview summary "
                          "summarise summarize briefly brief gist"))
# ... and, of a question's topic (not of a detail asked: "which AI model came out on top"), a layperson's name for any model
# and how well it does ("measuring how well AI models do": second review qp of session 47, words no abstract uses)
TOPIC_GENERIC = GENERIC | frozenset(terms("ai well"))

# words that name the kind of answer wanted, not a detail an abstract would spell out: "what other components",
# "what quantity", "how much faster" (its abstract says "3× training speedup"), "what happens to accuracy"
KIND_WORDS = frozenset(terms("kind type sort quantity quantities amount component components part parts element "
                             "aspect factor property properties idea approach technique strategy mechanism way trick "
                             "thing things result results finding findings outcome happen happens other main key core "
                             "headline figures "
                             "particular faster slower better worse larger smaller bigger longer shorter higher lower "
                             "more fewer less cheaper quicker improvement gain variant version "
                             # ... how experiments were set up, which any sentence on them answers ("what setup did their
                             # experiments use?" said MARS "does not report its setup": a probe of session 40)
                             "setup setups configuration protocol "
                             # ... and what a paper is worth, which its result sentences say ("what's the practical
                             # payoff of sgmd", "the impact of veda": a second review of session 43 said "does not report")
                             "payoff payoffs impact impacts benefit benefits advantage advantages novelty contribution "
                             "contributions significance upside upsides practical broader overall "
                             # ... and what is new in it ("what's actually new there?" said Veda "does not report its new
                             # there": a second review of session 45, qh113)
                             "new novel special unique original"))

# nouns naming the role a thing plays in a paper, not the thing: an abstract states the thing itself ("What modelling
# simplification does ParallelBench blame?": "the conditional independence assumption"; "What signal does ST-GridPool
# use?": "the correlation between token norms and semantic richness"; "Which model families?": "Qwen and InternVL").
# So an abstract without the noun may still answer: a detail headed by one is no detail its words can be missing.
# Written from dev w612, w629, w821, w823, w996 and the team's tune rows v421-v442 (eval/questions/dev.jsonl); the
# situations a method helps in ("in what situations does MACD help the most?": "… for occluded or co-occurring
# objects") from fresh set R, r009; a rule of thumb, a takeaway, a lesson (dev v408: "What's the rule of thumb for
# ordering pruning and quantization …?" is answered by "… weaker perturbations should precede stronger ones")
ROLE_WORDS = frozenset(terms("assumption assumptions simplification simplifications premise premises setting "
                             "settings signal signals cue cues principle principles insight insights intuition "
                             "family families algorithm algorithms scenario scenarios ingredient rationale situation "
                             "situations circumstance circumstances case cases condition conditions regime regimes "
                             "rule rules guideline guidelines takeaway takeaways lesson lessons price "
                             # a theorist's nouns for what a result rests on ("which classical regression estimator":
                             # "the classical Nadaraya–Watson regression"; "what notion of sensitivity": "the full
                             # sensitivity profile"; "what additional regularization term": "gradient-norm
                             # penalization"), from read set CI (session 33)
                             "notion notions concept concepts estimator estimators term terms "
                             # the parts of a method in plain words ("what are the two pieces of it called?": "two
                             # complementary mechanisms: Deep Sink … Participative Compression", read set CZ, cz072)
                             "piece pieces "
                             # ... and the means to a result asked as a trick or secret ("what's the RL trick in
                             # VidBridge-R1?" said "does not report its RL trick": second review of session 37)
                             "trick tricks secret secrets twist twists sauce"))
# ... and so are nouns for what a paper sets out to fix, which its abstract states as the trouble itself: never lacking,
# though their words still pick the sentence ("What problem does FrameOracle solve?" had said "does not report its
# problem": a probe of session 28 in a student's voice). As written: a "limit" is no limitation, nor a "Kaggle
# challenge" a trouble (second review)
TROUBLE_NOUNS = frozenset("problem problems challenge challenges limitation limitations issue issues motivation "
                          "bottleneck bottlenecks shortcoming shortcomings weakness weaknesses drawback drawbacks flaw "
                          "flaws".split())
# ... and "failure mode", the trouble in an engineer's words ("what failure mode of similarity-based filtering do the
# authors identify?": "We identify this as a fundamental flaw leading to 'Semantic Submergence'", read set CZ, cz065)
TROUBLE_PHRASES = ("failure mode", "failure modes", "failure case", "failure cases")
# ... and a sentence states a trouble in any of the words abstracts use for one ("What problem does ProtoKV solve?"
# quoted its result, not "A key challenge is delayed query: …")
TROUBLE_CUES = frozenset(terms("problem problems challenge challenges limitation limitations limits issue issues "
                               "bottleneck bottlenecks shortcoming shortcomings drawback drawbacks flaw flaws fail fails "
                               "failing suffer suffers struggle struggles lack lacks difficult"))

# nouns asking for a rule a paper puts forward, which its abstract states as one rather than names ("What's the rule of
# thumb for ordering pruning and quantization?": "… the Progressive Intensity Hypothesis, which states that weaker
# perturbations should precede stronger ones"; dev v408, u2029, w4028 and nine more asked of that paper)
RULE_WORDS = frozenset(terms("rule rules thumb guideline guidelines recommendation recommendations principle principles "
                             "heuristic heuristics prescription"))

# nouns of a paper's size and of its make-up, which an abstract gives in other words ("How big is CaReBench?":
# "… with 1,000 high-quality pairs"; "What are the parts of SegPVSG?": "… consisting of two key components: …"),
# and the verbs such questions ask with ("How much footage does UCS-Bench contain?")
# a size that is a measure, asked as a number ("the total duration of egocentric footage"; not "What scale of reasoning
# does UrbanFeel test?")
MEASURE_WORDS = frozenset(terms("size sizes duration length hours footage"))
SIZE_WORDS = MEASURE_WORDS | frozenset(terms("scale big large amount volume extent magnitude total"))
MAKEUP_WORDS = frozenset(terms("part parts piece pieces element elements component components ingredient "
                               "ingredients constituent constituents makeup building blocks"))
# what a paper makes, asked of it ("What data do VideoKR and FrameOracle contribute?", "what dataset do they build
# alongside it?"): comparisons quote the sentence presenting it (compare.py), a dataset introduced by name states it
# (stated.py)
MAKES_WORDS = frozenset(terms("contribute contributes contributed introduce introduces introduced build builds built "
                              "release releases released collect collects collected curate curates curated construct "
                              "constructs constructed create creates created new own alongside"))
HAVE_WORDS = frozenset(terms("contain contains have has hold holds include includes comprise comprises span spans "
                             "consist consists cover covers make made"))

# English function words (NLTK's list, as bm25s ships it: "some", "so", "up", "done", "should") and the words of
# a request ("I am curious about …", "What has been done on …"): no content of a question. The term layer
# keeps only bm25s's short list, so without these a question's "so" or "done", which no abstract holds, counted
# as content the collection lacks (the `unknown` abstention feature) and as coverage an abstract missed
# ... and a chat's courtesies ("Thanks! What is MotionSight?" asked "thanks" of MotionSight: "does not report this")
FUNCTION = terms(" ".join(STOPWORDS_EN_PLUS)) | terms("research interested curious know want wonder done "
                                                      "thanks thank ok okay hi hello hey alright")
# the abbreviations and connectives people type inside a topic ("pruning or quantization (incl. layer pruning)"):
# no abstract writes "incl", so it read as an unknown topic word and the list abstained (fresh set C, c028)
FUNCTION |= terms("incl including esp especially etc viz cf approx wrt namely")
# ... and the words of a request for a one-line gist ("One-line takeaway: the paper explaining why …"): no abstract
# writes "takeaway", so it read as an unknown topic word and the described paper abstained (read set BG, bg016)
FUNCTION |= terms("takeaway takeaways one-line one-liner tldr tl;dr")
# ... and closed-class words the stop list lacks ("… in either setting?", "where the idea came from": a second review of
# session 45, qk066 read "either" as a topic word)
FUNCTION |= terms("either neither whichever whatever came")
# ... and where in a paper a topic sits ("papers that lean on optical flow somewhere in their method?": fresh set EG, read
# in session 46)
FUNCTION |= terms("somewhere somehow")
# ... and question words typed without their apostrophe ("whats the name of the rule they proposed": read set EJ, ej019 kept
# "what" as a topic word and abstained)
FUNCTION |= terms("whats hows whos wheres whens thats theres")

# words that ask for a paper's gist in other words: "What is the main contribution?", "What are the key findings?",
# "What's the core idea?" ask what "What is X?" asks (its abstract's presenting sentence answers, nothing is missing)
GIST_WORDS = frozenset(terms("main key core central overall big idea ideas contribution contributions finding headline "
                             "findings takeaway takeaways novelty gist summary point points highlight highlights "
                             "about picture"))


# words that set two papers (or two things) side by side: "compare", "versus", "faster … than"
COMPARE = re.compile(r"\b(compare[sd]?|comparison|differ\w*|versus|vs\.?|both|each|contrast|"
                     r"separates?|distinguish(?:es)?|unlike|similar\w*|same|in common|alike|consistent|"
                     r"agrees?|contradicts?|in line with|relates? to|relationship)\b|" + r"\b(?:faster|slower|better|worse|"
                     r"cheaper|larger|smaller|bigger|more|fewer|less|higher|lower|longer|shorter)\b[^.?;]{0,30}?\bthan\b",
                     re.I)
