"""The kind of answer a question wants: about the collection itself (a "count", its "venues", papers with
"code"), a topic "list" of the papers that match, or a "fact" from one paper.

Collection questions must be about the papers, not merely hold "how many" or "code" ("surface codes", "code
generation", "how many layers does X prune"). A list request comes in many shapes besides "Which papers …?":
"Could you point me to work on X?", "I need papers that do X", "Anything on X?", "What's been done on X?",
"Has anyone tried X?". A question about one paper ("Which paper introduces X?", "What work does Veda build on?")
stays a fact.
"""

from __future__ import annotations

import re

from rag.answer.collection_asked import CODE, COUNT, PAPER_WORDS, PAPERS, VENUES
from rag.corpus.venues import VENUE_ACRONYMS

# a venue put before the question: "ICML only: anything on model compression?" (fresh set W, w5006)
# ... or said where the papers are: "In the ICLR batch, which teams …?", "From ICML, what is there on …?" (read set BR,
# session 30: a product manager's words, answered from no paper); a venue's name only, a benchmark's ("From MLVU, …") is
# a topic
# ... or as a track: "ICML track: VAD / VAU papers?" (read set EK, ek038)
_VENUE_FRAME = (r"(?:^\W*(?-i:[A-Z]{3,}\w*)(?:\s+\d{4})?(?:\s+(?i:only|track))?\s*[:—–]\s*"
                rf"|^\W*(?i:in|from|among|at|of)\s+(?i:the\s+)?(?i:{'|'.join(VENUE_ACRONYMS)})(?:\s+'?\d{{2,4}})?"
                r"(?i:\s+(?:batch|set|lot|track|papers|ones|crop|bunch|list|accepted\s+papers|submissions|proceedings))?\s*[,:—–]\s*)")
VENUE_FIRST = re.compile(_VENUE_FRAME + r"(?=\w)")
# "who reports results on charades-sta?", "who else uses Mamba?": asks for the papers that do (lists.py frames it)
# ... "who here reports results on X?" (read set BG)
# ... "who's training with GRPO?", "who's compressing visual tokens …?", "who is working on …?" (read set BO, session 30: a
# conference attendee's phone typing, answered from one paper or none)
# ... a verb of doing research, not "Who is missing from the baselines?" or "Who is annotating the videos?" (second review)
_RESEARCH_ING = (r"(?:doing|training|using|tackling|studying|building|compressing|pruning|quantizing|quantising|getting|making|"
                 r"applying|exploring|trying|proposing|evaluating|benchmarking|testing|fine-tuning|finetuning|distilling|"
                 r"developing|pushing|scaling|extending|combining|generating|modeling|modelling|teaching|speeding|"
                 r"reducing|improving|tracking|detecting|measuring|analy[sz]ing|addressing|handling|fixing|solving)")
WHO_DOES = (r"who(?:\s+else|\s+(?:in\s+)?here)?\s+(?=(?:reports?|evaluates?|uses?|tests?|benchmarks?|works?\s+on|studies|proposes?|"
            r"tackles?|addresses?|looks?\s+(?:at|into)|compares?\s+(?:on|against)|builds?\s+on)\b)"
            # ... or any verb of what a paper does, in the present: "Who trains with GRPO or some other group-relative
            # policy objective?" (read set CY, cy032 abstained as a fact question); not "who is / has / says …"
            # ... nor a person's ("Who annotates the CaReBench captions?", "Who benefits most from FrameOracle?"), nor of a
            # paper named in mixed case (second review)
            r"|who(?:\s+else|\s+(?:in\s+)?here)?\s+(?!(?:is|was|has|does|says|thinks|knows|means|cares|wins|gets|annotates|"
            r"labels|collects|benefits|funds|writes|authors|maintains|hosts|sponsors|reviews|rates|owns|pays|records|films)\b)"
            r"(?-i:[a-z]{2,}[^s\W]s)\s+(?!(?:this|it|that|them|these|those|the\s+(?:paper|work|study))\b)(?=[\w-])"
            r"(?![^?]*?(?-i:[a-z][A-Z]))"
            r"|who(?:['’]s|\s+is|\s+are)(?:\s+else|\s+(?:in\s+)?here)?\s+(?=" + _RESEARCH_ING + r"\b)"
            # ... any verb of research going on ("who is pooling visual tokens", a second review of session 43), not a
            # person's ("who is funding / behind / leading / annotating …")
            r"|who(?:['’]s|\s+is|\s+are)\s+(?!(?:going|funding|leading|annotating|labell?ing|writing|saying|claiming|"
            r"hosting|reviewing|sponsoring|maintaining|paying|winning|being|missing|lacking|coming|standing)\b)"
            r"(?-i:[a-z]{2,}ing)\s+(?=[\w-])")
# ... its talks and the teams behind them, asked for right after the question word ("which ICML talks are about …?", "In
# the ICLR batch, which teams trained …?": read sets BO, BR), not a verb ("Which section of Veda talks about memory?")
# nor a paper's own groups ("How many groups are there in KERN?": second review)
_TALKS = r"\b(?:which|what|any)\s+(?:(?-i:[A-Z]{3,}\w*)\s+)?(?:talks|orals|spotlights|teams)\b(?!\s+about\b)"
# the nouns a request for several papers asks for ("I need papers that …", "point me to work on …")
# ... or the papers that bring one: "Looking for benchmarks that evaluate detailed video captioning" (fresh set AG)
# ... and what a reader calls them ("Could you suggest readings on …?": a second review of session 45, qi043)
_BODY_OF_WORK = (r"(?:papers|works?|research|studies|literature|publications|articles|approaches|methods|analyses|reading|"
                 r"readings|references|"
                 r"benchmarks|datasets|posters)")
# what follows a one-paper "which paper" that is no verb in its plural form: a past, an auxiliary, a determiner
# (second review: "taught", "overall", "so far" read as plural verbs)
_NOT_BARE_VERB = (r"(?:made|did|had|got|came|found|took|gave|won|led|brought|built|ran|held|kept|left|put|set|saw|went|wrote|"
                  r"began|became|said|told|thought|knew|grew|drew|shown|chose|beat|taught|caught|sought|fought|bought|meant|"
                  r"felt|sent|spent|lost|paid|read|was|were|is|are|am|can|could|would|will|should|might|may|must|has|have|"
                  r"first|best|also|really|actually|only|just|mainly|still|then|again|ever|never|most|more|here|there|"
                  r"overall|so|far|now|today|recently|the|a|an|this|that|these|those|it|i|in|on|at|of|for|with|from|by|"
                  r"about|to|or|and|exactly|precisely|specifically|one|if|whose|which|what)")
# ... but "list the names of …", "list the three datasets …" ask one paper's things (read set CZ, cz042 was answered as a
# list of one paper); with a count, "List the names of datasets introduced for …" asks the collection (second review)
_NOT_OF_ONE = (r"(?!\s+(?:the\s+|all\s+|its\s+|their\s+)?(?:names?\s+of\s+(?:the\s+|its\s+|their\s+)?)?"
               r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?!papers|works|studies))")
_LIST = re.compile(
    rf"\b(which|what|any|list|find|show|name)\b[^?]*\b{PAPER_WORDS}\b|\blist\b{_NOT_OF_ONE}|\bhow many (?:[\w-]+ ){{0,3}}?{PAPER_WORDS}\b"
    # "Which ones use RL?" asks for papers; "what do randomly initialized ones compute?" (networks) does not
    # ... with something said of them, or alone: "FrameOracle was tried with five models — which ones exactly?" asks which
    # models (read sets BG and BJ, session 28: answered as a list of one paper)
    r"|\b(?:which|what) (?:other )?ones\b(?!\W*(?:exactly|precisely|specifically)?\s*[?,.!;]|\s*$)"
    r"|^\W*(?:and\s+|so\s+)?(?:which|what) (?:other )?ones\W*$"
    # "Need every paper that evaluates on Ego4D", "papers: token pruning for video LLMs" (probes of session 26)
    # ... "I need every ICLR paper that …", "every paper here that …" (read set BG: answered from one paper or none), "every
    # paper whose stated aim is …" (fresh set EG, read in session 46)
    r"|\bevery\s+(?:single\s+)?(?:(?-i:[A-Z]{3,}\w*)(?:\s+\d{4})?\s+)?(?:paper|work|study)\s+(?:(?:in\s+)?here\s+|"
    r"in\s+(?:the|this)\s+(?:set|collection|list)\s+)?(?:that|which|on|about|in|using|with|where|whose)\b|^\W*(?:papers|works)\s*[:—–]"
    # "which paper make video generation faster?", "which work use optical flow?": the verb's plural form asks for the
    # papers, as a second language writes it (read set BL: answered from one paper; "which paper proposes / proposed /
    # made / do they …" still asks for one)
    rf"|\bwhich\s+(?:paper|work|study)\s+(?!{_NOT_BARE_VERB}\b)(?-i:[a-z]+)(?<![^s]s)(?<!ed)(?<!ly)(?<!ing)(?=\s+(?!(?:they|you|i|we|it|he|she|"
    r"the|these|those|this|that|their|its)\b)[\w-])"
    # "which of these look at X?" asks for papers; "which of these is faster?" compares two (fresh set X, x7002)
    r"|\bwhich of (?:these|those)(?: papers| works| abstracts)?\s+(?!(?:is|was|one|two|three|does|did|has)\b)[a-z]+"
    r"|\b(?:papers|works|studies|publications) (?:on|about|that|which|where|in which|whose|studying|using|proposing|with|"
    r"dealing|addressing|exploring|investigating|tackling|looking|regarding|concerning|involving|related|relating|"
    r"reporting|presenting|describing)\b"  # ("identify the works reporting …": a second review of session 42)
    # "Any work on X?", "What (ICLR 2026) research is there on X?": a topic, asked of the whole collection; "Any ICML work that compresses video tokens?" (read set AU, session 22: answered from one paper)
    r"|\b(?!which\s+work\s+(?-i:[a-z]+[^s\W]s)\b)"  # (not "Which work explains why …?", one paper, as "Which paper …": qu029)
    r"(?:any|what|which|is there(?: any)?|are there(?: any)?)\s+(?:(?:prior|previous|recent|other|existing|\w+\s+\d{4}|"
    r"(?-i:[A-Z]{3,}\w*))\s+)?"
    r"(?:work|research)\b(?!\s+(?:does|did|do|was)\b)"
    # a question that opens with the papers asked for: "Work on Mamba?", "Papers proving generalization bounds?"
    # ... after its venue, "that" and "stuff" too: "ICML work that digs into LLM layers …?", "ICLR stuff on cutting down
    # visual tokens?" (read sets BO and BQ, session 30: answered from one paper or none)
    rf"|^\W*(?-i:{'|'.join(VENUE_ACRONYMS)})(?:\s+\d{{4}})?\s+(?:work|research|stuff|posters|talks)\s+(?:that|which|where|on|about)\b"
    rf"|{_TALKS}"
    # ... after a venue too: "icml papers reporting charades-sta?" (read set DE, de035: answered as one paper's fact)
    rf"|^\W*(?:(?:{'|'.join(VENUE_ACRONYMS)})(?:\s+\d{{4}})?\s+)?(?:papers|works?|research|studies|publications|articles|"
    r"posters|stuff)\s+"
    r"(?:on|about|into|regarding|concerning|with|[a-z]+ing|"
    # ... "Papers evaluated on Video-MME" (session 23: answered as a fact from one paper)
    r"(?:[a-z]+ed|built)\s+(?:on|at|in|with|for|by|using|against))\b"  # ("icml stuff built on …": read set EI, ei035)
    # a topic and the papers asked for, nothing more: "egocentric video papers?", "any diffusion LLM works?"
    # ... or two topics joined: "continual learning / catastrophic forgetting papers?" (fresh set W, w5011)
    # ... an aside after them too: "continual learning papers (any setting, incl. theory)" (fresh set AD, ad13051)
    # ... or where they are: "continual learning / forgetting papers in the set?" (fresh set AG, ag16032)
    # ... or the venue they are at: "sparse attention papers at ICLR" (read set AU, au036)
    # ... or examples of it after them: "video restoration papers like super resolution or inpainting" (session 44 review)
    r"|^\W*(?:any\s+)?[\w-]+(?:(?:\s+|\s*[/&,]\s*)[\w-]+){0,6}\s+(?:papers|works|studies)\s*(?:\([^()]*\)\s*)?"
    r"(?:,?\s*(?:like|such\s+as|e\.g\.,?|incl\.?|including)\s+[^?]*?)?"
    r"(?:(?:at|from|in)\s+(?-i:[A-Z]{3,}\w*)(?:\s+\d{4})?\s*)?"
    # ... "continual learning / forgetting papers in here?" (read set DE, de028: answered from one paper)
    r"(?:(?:in|from)\s+(?:the|this|your)\s+(?:set|collection|index|corpus|list)\s*|(?:in\s+)?here\s*)?"
    # ... "please" after them; benchmarks asked for a topic ("icml video diffusion papers pls", "benchmarks for detailed captions?")
    # ... or examples after them: "model compression papers? pruning, quantization that kind of thing" (fresh set EC)
    r"(?:,?\s*(?:please|pls|plz|thanks|thx))?(?:\?\s+[^?]*[^?\s]|\?)?\s*$"
    r"|^\W*(?:new\s+|public\s+|good\s+)?(?:benchmarks|datasets)\s+(?:for|on)\s+[\w-]+\s+[\w-]+[^?]*\??\s*$"  # not "… for veda?"
    # ... or a topic labelled, then only the papers asked for: "streaming video: which ones?", "kv cache compression →
    # papers?" (a second review of session 44 had them answered from one paper)
    r"|^[^:?]{3,80}:\s*(?:and\s+)?(?:which|what)\s+ones\W*$|^[^:?]{3,80}:\s*(?:any\s+|which\s+)?(?:papers|works)\W*$"
    # ... "What benchmarks exist here for detailed video captioning?" (a second review of session 44)
    r"|\b(?:what|which)\s+(?:new\s+|public\s+|good\s+)?(?:benchmarks|datasets)\s+(?:exist|are\s+(?:there|available|out\s+there)|"
    r"(?:are\s+)?(?:in\s+)?here)\b"
    # "Has there been work on X?", "Is X covered by any paper?", "What does the collection have on X?"
    r"|\b(?:has|have)\s+there\s+been\s+(?:any\s+)?(?:work|research|papers|studies)\b|\bany\s+(?:paper|study|work)\b"
    # "Any benchmarks for first-person video?": the papers that bring one (dev b413, n038)
    r"|(?:^\W*|\b(?:are there|is there|know of|got)\s+)any\s+(?:new\s+|public\s+|good\s+)?(?:benchmarks|datasets)\b"
    r"(?!\s+(?:does|did|do|was|were|is|are)\b)"
    r"|\b(?:whether|if)\s+(?:anyone|anybody|someone|somebody)\s+(?:has|have|had)\s+\w+ed\b"
    # "who reports results on charades-sta?", "who else uses Mamba?": the papers that do (fresh set AC, ac12065 was
    # answered from one paper); "Who wrote ProtoKV?" asks its authors, "who annotated it?" a fact
    rf"|^\W*(?:and\s+|so\s+)?(?:{WHO_DOES})"
    r"|\bwhat\s+does\s+(?:the|this|your)\s+(?:collection|index|corpus)\s+(?:have|hold|contain)\b",
    re.I)
# A request for papers in other words than "Which papers …?"; a later question of its own ("Has anyone used X? What
# objective do they optimise?", dev w011) asks one paper's fact, so only the last question sentence is read
_ASKED_FOR = re.compile(
    r"(?:"
    # "Could you point me to work on X?", "I need papers that do X", "Show me the scene graph papers", "Do you know
    # of research on X?": a request for a body of work (a paper in the singular is one paper's question)
    r"\b(?:point(?:\s+me)?\s+(?:to|at|towards)|pointers?\s+(?:to|on)|recommend|suggest|need|want|looking\s+for|find|"
    r"i(?:'d|\s+would)\s+like|"
    r"summari[sz]e|tell\s+me\s+about|"
    r"searching\s+for|after|show\s+me|give\s+me|find\s+me|know\s+(?:of|about)|aware\s+of|are\s+there|is\s+there|"
    r"do\s+you\s+have|have\s+you\s+got|read(?:ing)?\s+(?:up\s+)?(?:on|about))\s+"
    r"(?:(?:any|some|the|other|more|good|relevant|recent|existing|prior)\s+)*(?:[\w-]+\s+){0,2}?"
    rf"{_BODY_OF_WORK}\b(?!\s+(?:does|did|do|was|is)\b)"
    # "Anything on X?", "Is there anything about X?", "Got anything involving X?", "List everything about X"
    # ... after a frame: "ICML only: anything on model compression?" (fresh set W, w5006)
    # ... "anything here that helps with that?", "anything relevant for X?" (read set BD: an engineer's context first)
    rf"|(?:^\W*|(?<=[a-z]{{2}}[.!])\s+(?![^?]*\b(?:its|their|it)\b)|{_VENUE_FRAME}|\b(?:is there|are there|do you have|do we have|have you got|got|know of|find|show me|looking for|searching for)\s+)anything\s+"
    # ... or of a kind: "anything theoretical on generalization error?" (list diagnostic BQ, session 30)
    r"(?:(?:(?:in\s+)?here\s+|relevant\s+|useful\s+)(?:for|to)\b(?![^?]*(?:'s|’s)\b)|(?:(?:in\s+)?here\s+|relevant\s+|useful\s+|"
    r"(?:new|recent|theoretical|empirical|practical|interesting|related|similar)\s+)?(?:on|about|"
    # ... "anything working on egocentric video" (read set CF, a dictated question)
    r"regarding|concerning|involving|related to|relating to|around|covering|dealing with|working on|focus(?:ing|ed) on|"
    # ... or doing it: "anything doing sim-to-real transfer?" (a second review of session 46, ql058)
    r"using|doing|tackling|addressing|studying|that|which|in|built\s+(?:on|upon|around)|based\s+on)\b)"  # ("anything built on …": qp055)
    # "What's been done on X?", "What has been published about X?", "What do you have on X?"
    r"|\bwhat(?:'s|\s+is|\s+has|\s+have)\s+(?:been\s+|people\s+)?(?:done|published|written|proposed|tried|studied|"
    r"achieved)\s+(?:on|about|regarding|concerning|for|with|to|in\s+(?:the\s+)?(?:area|field|space)\s+of)\b"
    r"|\beverything\s+(?:on|about|regarding|concerning|involving|related to|relating to|to do with)\b"
    r"|^\W*anything\W*$|\bwhat(?:'s|\s+is)\s+out\s+there\b"
    # "what's in here about X?" (fresh set X, x7010)
    r"|\bwhat(?:'s|’s|\s+is)\s+(?:in\s+)?here\s+(?:on|about|regarding|concerning|for)\b"
    # ... or after the need it is asked for: "want to run a model on longer inputs. what's here?" (read set BD)
    r"|(?:^\W*|(?<=[a-z]{2}[.!])\s+)what(?:'s|’s|\s+is)\s+(?:in\s+)?(?:here|there)\W*$"
    r"|\bwhat\s+(?:do you have|do we have|is there|is out there|exists|is available)\s+"
    r"(?:in\s+(?:the|this|your)\s+(?:collection|index|corpus)\s+)?(?:on|about|regarding|concerning|for)\b"
    r"|\bwhat\s+(?:has|have)\s+(?:the\s+)?(?:community|field|people|researchers)\s+(?:done|tried|proposed|published)\b"
    # a topic typed as a chat line: "mamba / state space stuff?", "anything w/ GRPO?", "any streaming video work?", "who
    # does sparse attention?" (a second review of session 43 had each answered from one paper)
    r"|^\W*(?!(?:what|which|how|who|why|where|when|good|great|cool|nice|other|more|any|some)\b)(?:[\w/+-]+\s+){1,4}"
    r"(?:stuff|things)\W*$|^\W*any(?:thing)?\s+(?:w/|with)\s+(?!(?:the|its|their|it)\b)"
    # ... "any SSM / Mamba-based work in this batch?" (read set EK, ek034)
    r"|^\W*any\s+(?:[\w/+-]+\s+){1,4}(?:work|research)(?:\s+(?:in|from)\s+(?:the|this|your)\s+(?:batch|set|collection|"
    r"index|corpus|list|lot|bunch)|\s+(?:in\s+)?here)?\W*$"
    r"|^\W*who\s+(?:else\s+)?does\s+(?!(?:the|it|this|that|they|better|worse|best|more|less|so|not)\b)[\w-]+"
    # "Any recent advances in X?", "What progress has been made on X?"
    r"|\b(?:any|what|which)\s+(?:recent\s+)?(?:advances|progress|developments)\s+(?:(?:has|have)\s+been\s+made\s+)?"
    r"(?:in|on|about|for|regarding)\b"
    # "I'd love to read about X", "Where should I start reading on X?"
    r"|\b(?:read|reading)\s+(?:up\s+)?(?:on|about)\b(?!\s+(?:the|a|this|that|one)\s+(?:[\w-]+\s+){0,3}?(?:paper|study|article)\b(?!s))"
    # "Has anyone tried X?", "Is anybody looking into X?", "Who works on X?"
    r"|\b(?:is|are|has|have|did|does|do)\s+(?:anyone|anybody|someone|somebody|people|researchers)\s+(?:been\s+|ever\s+)?"
    r"(?:working|worked|work|looking|looked|look|studied|study|studying|tried|try|trying|explored|explore|exploring|"
    r"tackled|tackle|addressed|address|proposed|propose|done|investigated|investigate|attempted|attempt|used|use|"
    r"applied|apply|combined|combine|built|build|developed|develop|compared|compare|analy[sz]ed|analy[sz]e|"
    r"measured|measure|evaluated|evaluate|tested|test|shown|show|proved|prove)\b"
    # ... any verb going on: "Is anyone keeping people's identities out of …?" (list diagnostic BQ, session 30)
    # ... only opening its sentence: "What are people calling the failure mode …?" asks a fact (second review)
    r"|(?:^|(?<=[.?!])\s+)\W*(?:is|are)\s+(?:anyone|anybody|someone|somebody|people|researchers)(?:\s+here)?\s+"
    r"(?!going\b)[a-z]{2,}ing\b"  # (two letters: "using", "doing", a second review of session 43)
    r"|\bwho(?:['’]s)?\s+(?:else\s+)?(?:works|worked|is working|working|has worked|studies|has studied|has looked|looks|is looking|"
    r"looking)\s+(?:on|at|into)\b"
    r"|\bwho\s+(?:else\s+)?(?:has\s+|have\s+|is\s+)?(?:tried|trying|attempted|attempting)\s+to\b"
    # "Does any paper use X?", "Do any of the papers study X?": asked of every paper
    r"|\b(?:does|do|did|is|are)\s+(?:any|some)\s+(?:of\s+(?:the|these|your)\s+)?(?:papers?|works?|studies|abstracts?)\b"
    # "an overview of the work on X", "what should I read on X?"
    r"|\b(?:overview|survey|summary|round-?up)\s+of\s+(?:the\s+)?(?:[\w-]+\s+)?(?:work|research|papers|literature|studies)\b"
    r"|\bwhat\s+(?:should|could|can|do)\s+I\s+(?:read|look\s+at)\b|\bwhere\s+(?:can|could|should|do)\s+I\s+(?:read|look|start)\b"
    r")", re.I)
# a sentence ends at "?" or "!", or at a "." after a word (not "e.g.", "i.e.") before a capital
# (after a name or a gloss too: "I read about ImmersePro.", "… into stereo (stereo video)." was read as a request to
# read about it: a second review of session 45, qd011)
_SENTENCE_END = re.compile(r"(?<=[?!])\s+|(?<=[A-Za-z0-9)]{3}\.)\s+(?=[A-Z])")
def route(text: str) -> str:
    """The kind of answer: about the collection ("count", "venues", "code"), a topic "list", or a "fact"."""
    text = re.sub(r"(?<![\w/])w/(?=\s)", "with", text)  # chat shorthand: "papers w/ code", "work w/ egocentric video"
    asks_for_papers = (re.search(r"\b(which|what|list|any|how many)\b", text, re.I) or _ASKED_FOR.search(text)
                       or re.match(r"\W*papers\b", text, re.I))  # "papers with code?"
    # "I need the papers with code"; "How many papers do you have with code?" counts those that link code
    if CODE.search(text) and PAPERS.search(text) and asks_for_papers:
        return "code"
    if COUNT.search(text):
        return "count"
    if VENUES.search(text):
        return "venues"
    if _one_paper_asked(text):
        return "fact"
    text = _STUDIES_VERB.sub(r"\g<one> examines", text)  # "the paper that studies X": a verb, no body of work
    # ... read after a venue said first: "Among ICML papers, which deal with …?", "ICML - who uses GRPO?" (a second
    # review of session 42 had them answered from one paper)
    framed = VENUE_FIRST.match(text)  # ... "which" of the papers it names ("Among ICML papers, which deal with …?")
    text = _VENUE_DASH.sub("", text[framed.end():] if framed else text, count=1)
    of_papers = bool(framed) and bool(PAPERS.search(framed.group(0))) and bool(re.match(r"\W*which\s+(?!one\b)", text, re.I))
    text = _COMPARED_WITH.sub(" ", text)  # what a paper is compared against asks for no papers
    text = _CONTRIBUTIONS.sub("Which papers ", text)  # "Which contributions are concerned with …?" (qq053)
    return "list" if of_papers or _LIST.search(text) or _ASKED_FOR.search(last_question(text)) else "fact"


# "Which base model did the VideoKR authors post-train before comparing against earlier approaches?" asks one paper's
# model (read set EI, ei044 was answered as a list)
_CONTRIBUTIONS = re.compile(r"(?i)^\W*which\s+(?:contributions|submissions|entries)\s+(?=(?:are|deal|address|concern|tackle|"
                            r"study|focus|look|propose|use|work|analy[sz]|examin|investigat|treat|explor|present|introduc|"
                            r"develop|consider|evaluat|prov)\w*\b)")  # ("Which contributions analyse …": read set EL, el030)
_COMPARED_WITH = re.compile(r"(?i)\b(?:against|than|versus|vs\.?|(?:compared|relative)\s+(?:to|with))\s+(?:the\s+)?"
                            r"(?:(?:earlier|prior|previous|existing|other|competing|baseline|older|standard)\s+)+"
                            r"(?:methods|approaches|works|papers)\b")


# "studies" or "analyses" after one paper, a verb (a second review of session 45, qf116 was answered as a list)
_STUDIES_VERB = re.compile(r"(?i)(?P<one>\b(?:paper|work|study|article|one)(?:\s+(?:that|which))?)\s+(?:studies|analyses)\b")


_VENUE_DASH = re.compile(rf"^\W*(?i:{'|'.join(VENUE_ACRONYMS)})(?:\s+'?\d{{2,4}})?\s+-\s+(?=\w)")


# "work analysing Adam-DA through ODEs: what did they conclude about momentum?" describes one paper, then asks it a
# fact (fresh set W, w4021 was answered as a list of one); "papers on X: which ones use RL?" still asks for papers
_THEN_ASKED = re.compile(r"(?:[:—–]|\s-)\s+(?=(?:so\s+|and\s+|(?:besides|apart from|other than|beyond)\s[^?,]{1,30},\s*)?(?:what|which|how|why|where|when|who|does|do|did|is|are|was|"
                         r"were)\b)", re.I)
_REQUEST_FIRST = re.compile(r"^\W*(?:any|which|what|list|show|find|are there|is there|i need|i'm looking)\b", re.I)
_ONE_PAPER = re.compile(r"\b(?:they|their|them|it|its|the (?:paper|authors|method|model))\b", re.I)


def _one_paper_asked(text: str) -> bool:
    """Does the question describe a paper, then ask a fact of it with a pronoun, and ask for no papers after it?"""
    pieces = _THEN_ASKED.split(last_question(text), maxsplit=1)
    if len(pieces) != 2 or _REQUEST_FIRST.match(pieces[0]):  # "Any work on X - how much do they save?" asks all
        return _described_then_asked(text)
    return _asks_of_it(pieces[1])


def _asks_of_it(asked: str) -> bool:
    return bool(_ONE_PAPER.search(asked)) and not (_LIST.search(asked) or _ASKED_FOR.search(asked)
                                                   or PAPERS.search(asked))


# ... or in a sentence of its own first: "I'm after the work tracing where those enormous outlier values first show up.
# What do they name that layer …?" (read set BW, bw015 was answered as a list); "the work", one paper, not "any work"
_THE_ONE = re.compile(r"\b(?:the|that|this)\s+(?:[\w-]+\s+){0,2}?(?:paper|study|one|method|approach|benchmark|dataset|model|"
                      r"framework|analysis)\b(?![\w-])|\b(?:the|that|this)\s+work\s+(?:that|which|where|[\w-]+ing)\b", re.I)
# ... not a list asked for ("I want a list of the work on …", "every paper on … for the related work": second review)
_MANY = re.compile(r"\b(?:any|all|some|every|each|list|related|papers|works|studies|ones|methods|approaches|benchmarks)\b",
                   re.I)


def _described_then_asked(text: str) -> bool:
    sentences = [s for s in re.split(r"(?<=[.?!])\s+(?=[A-Z])", text.strip()) if s.strip()]  # "… show up. What …"
    if len(sentences) < 2 or not sentences[-1].rstrip().endswith("?"):
        return False
    before = " ".join(sentences[:-1])
    return bool(_THE_ONE.search(before)) and not _MANY.search(before) and _asks_of_it(sentences[-1])


def last_question(text: str) -> str:
    """The question's last sentence that asks ("… ? I'm mostly after Y." asks the first), or its last sentence."""
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s.strip()] or [text]
    asking = [s for s in sentences if s.rstrip().endswith("?")]
    return (asking or sentences)[-1]
