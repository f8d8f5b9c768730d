"""Collection questions (counts, venues, code links) are recognised only when they ask about the collection."""

from __future__ import annotations

import pytest

from rag.answer.routing import route

COLLECTION = [
    ("How many papers are there?", "count"),
    ("How many papers are indexed?", "count"),
    ("how many papers are in the collection?", "count"),
    ("How many papers are there per venue?", "count"),
    ("How many papers are from ICLR?", "count"),
    ("How many abstracts do you have?", "count"),
    ("How many papers per conference?", "count"),
    ("How many papers?", "count"),
    ("What is the number of papers in the index?", "count"),
    ("How big is the collection?", "count"),
    ("How many papers are in ICML 2026?", "count"),
    ("How many works are listed?", "count"),
    ("Which venues are covered?", "venues"),
    ("Which venues does the collection cover?", "venues"),
    ("What conferences are indexed?", "venues"),
    ("Which years are in the index?", "venues"),
    ("What venues does it include?", "venues"),
    ("Which papers link to code?", "code"),
    ("Which papers have GitHub links?", "code"),
    ("Which papers release their code?", "code"),
    ("List the papers with code", "code"),
    ("papers w/ code?", "code"),
    ("How many papers do you have with code?", "code"),  # counts those that link code, not the collection
    ("which streaming video papers release code?", "code"),  # and of a topic (understand.py makes it a list)
    ("papers with code", "code"),
    ("What papers provide an implementation?", "code"),
    ("Which papers have a public repository?", "code"),
    ("Which papers share their code?", "code"),
    ("Any papers with open-source code?", "code"),
    ("Which ICLR papers have code available?", "code"),
    ("Which works come with code?", "code"),
    ("Which papers include a GitHub repository?", "code"),
    ("What papers have code links?", "code"),
    ("How many papers link to code?", "code"),
    ("Which papers open-source their implementation?", "code"),
    ("I need the papers with code.", "code"),
    ("Could you point me to papers with GitHub links?", "code"),
    ("Are there papers with code?", "code"),
]

TOPICAL = [
    # a topic asked of the collection, not its code links: a list, which abstains when nothing matches (dev d046)
    ("Is there anything on quantum error correction with surface codes?", "list"),
    ("who reports results on charades-sta?", "list"),  # the papers that do (fresh set AC)
    ("Papers evaluated on Video-MME", "list"),  # a participle after "papers" asks for them too (session 23)
    ("Need every paper that evaluates on Ego4D", "list"),  # every paper, in the singular (session 26)
    ("Identify every paper whose stated aim is to make video diffusion cheaper.", "list"),  # (set EG, session 46)
    ("anything doing sim-to-real transfer?", "list"),  # (a second review of session 46, ql058)
    ("papers: token pruning for video llms", "list"),
    ("model compression papers? pruning, quantization that kind of thing", "list"),  # examples after (fresh set EC)
    ("video restoration papers like super resolution or inpainting", "list"),  # examples (second review, session 44)
    ("What does each paper use?", "fact"),
    ("continual learning / catastrophic forgetting papers (any setting, incl. theory)", "list"),  # fresh set AD
    ("continual learning / forgetting papers in the set?", "list"),  # fresh set AG
    ("Looking for benchmarks that evaluate detailed, fine-grained video captioning.", "list"),  # fresh set AG
    ("I need datasets of egocentric video.", "list"),
    ("who else uses Mamba?", "list"),
    ("Who wrote ProtoKV?", "fact"),  # its authors
    # a paper's collection of videos is its dataset (fresh set EC, session 44)
    ("How big is the collection of 3D side-by-side videos that the ImmersePro authors pulled together?", "fact"),
    # any verb of what papers do, in the present (read set CY, cy032); not a pronoun's paper
    ("Who trains with GRPO or some other group-relative policy objective?", "list"),
    ("who distills video diffusion models?", "list"),
    ("Who funds this?", "fact"),
    # a person's verb, or a paper named in mixed case, asks a fact (second review)
    ("Who annotates the CaReBench captions?", "fact"),
    ("Who benefits most from FrameOracle?", "fact"),
    ("Who is behind Veda?", "fact"),
    # "list the names of …", "list the three …" ask one paper's things (read set CZ, cz042)
    ("SurgiFlowVid: please list the names of the three surgical datasets used for validation.", "fact"),
    ("list all streaming video work", "list"),
    ("List the names of datasets introduced for video reasoning.", "list"),  # no count: the collection (second review)
    ("who annotated UrbanFeel?", "fact"),
    # the papers that bring a benchmark or dataset, unless one named paper is asked after (dev b413, n038)
    ("any benchmarks targeting diffusion language models specifically?", "list"),
    ("Are there any datasets of egocentric video?", "list"),
    ("Does Veda use any benchmarks for evaluation?", "fact"),
    ("Which papers propose LLMs for repository-level code generation or program repair?", "list"),
    ("Which papers study code generation?", "list"),
    ("How many layers does LaTER prune?", "fact"),
    ("How many frames does FrameOracle keep on average?", "fact"),
    ("How many training samples does Video-MTR need?", "fact"),
    # "ones" is papers only as "which ones": "randomly initialized ones" are networks (fresh set S, s087)
    ("what do randomly initialized ones almost surely compute, according to them?", "fact"),
    # one paper described in a sentence of its own, then asked of (read set BW, bw015); not "any work"
    ("I'm after the work tracing where huge activations first show up. What do they name that layer?", "fact"),
    ("I'm after any work on huge activations. What do they name that layer?", "list"),
    ("I want a list of the work on streaming video. What memory do they use?", "list"),  # second review
    ("I need every paper on streaming video for the related work. What memory do they use?", "list"),
    ("Which ones are trained with RL?", "list"),
    ("How many parameters does the FrameOracle module have?", "fact"),
    ("How many GPUs were used to train LIVEditor-14B?", "fact"),
    ("How many papers study continual learning?", "list"),
    ("How many papers use reinforcement learning for video?", "list"),
    ("Which papers learn a codebook for video tokens?", "list"),
    ("What is the code length used by the tokenizer?", "fact"),
    ("Does Veda release a CUDA kernel?", "fact"),
    ("Which papers use LLMs with code interpreters as tools?", "list"),
    ("What coding scheme does the video codec paper use?", "fact"),
    ("Which papers improve low-bitrate compressed images for VLMs?", "list"),
    ("What speedup does Veda report?", "fact"),
    ("Which datasets was FlowNar evaluated on?", "fact"),
    ("How many dialogue lines and characters does DramaSR-532K cover?", "fact"),
    ("How many reasoning examples are in the VideoKR training corpus?", "fact"),
    ("Which papers work on scene graphs?", "list"),
    ("Which papers propose sparse attention to speed up video diffusion?", "list"),
    ("What venue-specific tricks does UPI use?", "fact"),
    ("How many stereo pairs are in the YouTube dataset released alongside ImmersePro?", "fact"),
    ("Which papers with error-correcting codes are there?", "list"),
    ("How does the model handle code-switched speech?", "fact"),
    ("Is there work on program synthesis from code examples?", "list"),  # a topic asked of the whole collection
    ("Any work on streaming video understanding?", "list"),
    ("Anything on few-step or one-step diffusion models?", "list"),
    ("Is anyone working on privacy?", "list"),
    ("What work does Veda build on?", "fact"),
    ("How does Veda work on long videos?", "fact"),
    ("What years of data does the benchmark span?", "fact"),
    ("How many tasks does the SpaceVista dataset cover?", "fact"),
    ("Which papers compare with open-source models like Qwen2.5-VL?", "list"),
    ("How many hours of observations does the egocentric benchmark contain?", "fact"),
    ("What is the number of prototypes in ProtoKV's bank?", "fact"),
]


@pytest.mark.parametrize(("question", "kind"), COLLECTION)
def test_questions_about_the_collection_are_routed_to_it(question, kind):
    assert route(question) == kind


@pytest.mark.parametrize(("question", "kind"), TOPICAL)
def test_topic_questions_with_trap_words_are_not_collection_questions(question, kind):
    assert route(question) == kind


# a topic asked of the whole collection, in the many ways people ask for papers
LIST_REQUESTS = [
    # contributions that do a thing, anything built on one (second reviews qq, qp of session 47)
    "Which contributions are concerned with forgetting in continual learning?",
    "Anything built on Mamba / SSM components?",
    "icml stuff built on video diffusion models?",  # what the papers are built on (read set EI, ei035)
    # a chat line's work "in this batch", a venue's track, contributions that analyse (read sets EK and EL, session 48)
    "Any SSM / Mamba-based work in this batch?",
    "ICML track: VAD / VAU papers?",
    "Which contributions analyse optimisers of the Adam family or momentum-based variance reduction?",
    "Could you suggest readings on pooling or squeezing visual tokens for video LLMs?",  # a reader's word (qi043)
    # any research verb going on, of two letters too (a second review of session 43 had these answered as one paper's)
    "who is pooling visual tokens to make video LLMs cheaper?",
    "is anyone using GRPO?",
    "is anyone doing new theory on Adam or Adam-style optimizers?",
    # a topic typed as a chat line (second review pq, session 43)
    "mamba / state space stuff?",
    "anything w/ GRPO?",
    "any streaming video work?",
    "who does sparse attention for video diffusion?",
    "Could you point me to work on video diffusion acceleration?",
    "Can you point me to papers about scene graphs?",
    "Point me at research on continual learning.",
    "Any pointers to papers on Mamba?",
    "I need papers that use optical flow for video generation.",
    "I'm looking for work on attention sinks.",
    "Looking for papers that prove generalization bounds.",
    "I want studies of hallucination in video LLMs.",
    "Show me the scene graph papers.",
    "Give me some recent work on token pruning.",
    "Do you know of research on egocentric video?",
    "Are you aware of any work on privacy in anomaly detection?",
    "Anything on quantisation of diffusion transformers?",
    "anything involving video games?",
    "Is there anything about slot attention?",
    "Got anything related to mixture-of-experts routing?",
    "What's been done on video generation?",
    "What has been published about streaming video understanding?",
    "What have people tried for long-context extrapolation?",
    "What do you have on temporal grounding?",
    "What is out there on surgical video?",
    "Has anyone tried diffusion for text generation?",
    "Has anybody looked into per-example gradients?",
    "Is anyone studying Kalman filtering with transformers?",
    "Did anyone combine reinforcement learning with video captioning?",
    "Who works on video anomaly detection?",
    "Does any paper use GRPO?",
    "Do any of the papers study layer pruning?",
    "Papers where a model keeps a memory of the video stream?",
    "Papers dealing with stereo video?",
    "Studies on video quality assessment?",
    "Can you recommend papers on 3D Gaussian splatting?",
    "Could you suggest reading on knowledge distillation?",
    "Give me an overview of the work on video tokenizers.",
    "What should I read on video reasoning with reinforcement learning?",
    "What ICLR 2026 work is there on video generation?",
    "I'm interested in streaming video. Which papers address it?",
    "Could you point me to work on X? I'm mostly after the theory.",
    "Can you summarize the research on video tokenizers?",
    "Tell me about the research on hallucination in MLLMs.",
    "Do we have anything on knowledge distillation?",
    "List everything about Mamba.",
    "What literature covers optical flow?",
    "I'd love to read about attention sinks.",
    "Please find work that uses Lipschitz constants.",
    "What has the community done on video quality assessment?",
    "Have any papers looked at massive activations?",
    "Which submissions propose new benchmarks?",
    "I'm researching video captioning; what should I look at?",
    "Who else is working on KV cache compression for video?",
    "Which entries are about point clouds?",
    "What exists in the collection about diffusion language models?",
    "Any recent advances in video super-resolution?",
    # the papers asked for first, or the request in other words (own wordings, issue 11)
    "Work on state-space or Mamba models?",
    "Papers proving generalization bounds?",
    # chat shorthand and a bare topic with "papers" (fresh set N, n032; dev e035, j005)
    "papers w/ egocentric (first-person) video, either as training data or for evaluation",
    "papers with egocentric video",
    "work w/ video captioning as a main task",
    "scene graph papers?",
    "Research on video tokenizers?",
    "I'd like work on per-example gradients.",
    "I'm looking for theoretical analyses of momentum methods.",
    "Has anyone compared video and language pretraining?",
    "Has there been work on attention sinks?",
    "Is video anomaly detection covered by any paper?",
    "What's out there on Gaussian splatting?",
    "What does the collection have on point clouds?",
    "I'm interested in video games. Anything?",
    "I'm curious whether anyone has studied privacy.",
    "Looking for anything related to scene graphs.",
    "Which ones study continual learning?",
    "Who has tried to prove generalization bounds?",
    # a venue in the request (read set AU, session 22: au035, au036 were answered from one paper)
    "Any ICML work that compresses video tokens?",
    "sparse attention papers at ICLR",
    "streaming video papers from ICLR 2026?",
    # the need first, then a bare request for what the collection has (read set BD, session 27)
    "our VLM keeps describing stuff that isn't in the clip. anything here that helps with that?",
    "want to run a model on inputs longer than it saw in training, without retraining. what's here?",
    "we sell CCTV incident detection. anything relevant for detecting bad events in footage?",
    "our KV cache blows up. anything here that helps with that?",
    # every paper of a venue, or "here"; who here does it (read set BG, session 28)
    "I need every ICLR paper that is about generating videos.",
    "I want a slide listing every paper here that keeps a memory of a live video stream.",
    "Who here reports results on Charades-STA?",
    # "which ones" with something said of them (second review)
    "Of the quantization papers, which ones go below 4 bits?",
    "Besides Veda, which ones use sparse attention?",
    "Several papers compress the KV cache. Which ones are training-free?",
    # a conference attendee's phone typing (read set BO, list diagnostic BQ, session 30)
    "who's training with GRPO or some other group-relative RL objective?",
    "Who's working on transferring models across environments?",
    "who is compressing visual tokens in video LLMs by pooling them",
    "Is anyone keeping people's identities out of surveillance-style video models?",
    "ICLR stuff on cutting down how many visual tokens a video turns into?",
    "ICML work that digs into LLM layers to explain their behaviour?",
    "anything theoretical on generalization error?",
    "anything working on egocentric first person video",  # read set CF
    "any posters on memory modules for streaming video?",
    "Which ICML talks are about video anomalies?",
    # "which paper" with its verb in the plural form, as a second language writes it (read set BL, session 29)
    "which paper make video generation or video editing model faster or cheaper to run?",
    "which work use optical flow?",
    "which paper do quantization of model?",
    "iclr, which paper train video model with reinforcement learning?",
    "which paper address hallucination in video LLMs?",
    # read set DE (session 36): the papers after a venue and a verb in -ing, and "in here"
    "icml papers reporting charades-sta?",
    "continual learning / forgetting papers in here?",
    # probes of session 41: "please" after the papers, benchmarks asked for a topic
    "icml video diffusion papers pls",
    "benchmarks for super detailed video captions?",
    # a second review of session 42: the works after a request, then a verb in -ing
    "Could you identify the works reporting results on Charades-STA?",
    "Please locate the studies presenting new video benchmarks.",
    # ... after a venue said first, of the papers it names (a second review of session 42)
    "Among ICML papers, which deal with watching live streaming video?",

    # "What benchmarks exist here for …?" (a second review of session 44)
    "What benchmarks exist here for detailed, fine-grained video captioning?",
    "which datasets are out there for egocentric video?",
    "streaming video: which ones?",  # a topic labelled, then the papers asked for (session 44 review)
    "kv cache compression: papers?",  # (an arrow is written as a colon first: test_shorthand)
    "ICML - who uses GRPO?",
]

# one paper's fact, or its follow-up, though worded near a request for papers
SINGLE_PAPER = [
    "I'm reading about the paper on how vision-language models handle compressed images.",  # one paper read (qr120)
    "Which contributions does Veda make?",  # one paper's
    # "Which work" with its verb in the singular asks for one, as "Which paper …" does (a second review of session 49, qu029)
    "Which work explains why a more robust teacher can hurt the student in robust distillation?",
    # what a paper is compared against asks for no papers (read set EI, ei044)
    "Which base model did the VideoKR authors post-train before comparing against earlier approaches?",
    "who is funding Veda?",  # a person's verb (session 43)
    "who does better, Veda or ISA?",
    "what other stuff?",
    "anything with the learning rate?",
    "Who is annotating the CaReBench captions?",
    "benchmarks for veda?",  # a paper's, not a topic's (a probe of session 41)
    # "which ones" of the things just named (read sets BG, BJ)
    "FrameOracle was tried with five different models — which ones exactly?",
    "Is it driven by a handful of specific tokens? Which ones, and which layers matter?",
    "Could you point me to the paper that introduces FlowNar?",
    "Which paper proposes In-context Sparse Attention?",
    # ... one paper's verb: its singular, its past, an auxiliary with its subject, an adverb
    "which paper discusses audio-visual fusion?",
    "Which paper proposed a constant-footprint memory?",
    "Which paper made video generation faster?",
    "which paper do they build on?",
    "Which paper first showed that layers can be pruned?",
    # ... a participle, a name, an irregular past, an adverb (second review)
    "Which paper using optical flow reports the best accuracy?",
    "which paper Veda builds on?",
    "Which paper taught a model to narrate video?",
    "Which paper overall has the best results?",
    "which paper so far gives the biggest speedup?",
    "Is there a paper that reports a 5.1x speedup?",
    "What work does Veda build on?",
    "What research does DramaSR-532K build on?",
    "I need the learning rate of Veda.",
    "I want to know how Veda's tiles are chosen.",
    "Show me how ProtoKV keeps its memory bounded.",
    "What has Veda achieved on Waver-T2V-12B?",
    "Does the Veda abstract say anything about its learning rate?",
    "Does Video-MTR need supervised fine-tuning?",
    "Has anyone used Shannon-style arguments so a video tokenizer spends fewer tokens? What objective do they optimise?",
    "What is the key insight behind Veda?",
    "How does FlowNar keep its memory bounded?",
    "What does the paper on panoptic video scene graphs propose?",
    "Which datasets does MACD evaluate on?",
    "What speedup does the sparse attention paper for video editing report?",
    "How many frames does FrameOracle keep on average?",
    "What are the two components of SegPVSG?",
    "Tell me what LSGQuant's DRAQ does.",
    "Which benchmark does Video-BCI improve by 3.8%?",
    "What is the point of the Orthogonal Projection Layer?",
    "Who proposed the Progressive Intensity Hypothesis?",
    "Where does the ME Layer appear?",
    "Is the code for SegPVSG on GitHub?",
    "What method is used to mitigate attention sinks in the ME Layer paper?",
    "What does it need at query time?",
    "And how much faster is it?",
    "Why does DMD-style training need a fake score?",
    "What is Deep Sink?",
    "What contributions does Veda make?",
    "What advances does ProtoKV make over token retention?",
    "Summarize Veda.",
    "What ICLR work does Veda build on?",
    "Is there anything for the learning rate of Veda?",  # "anything for" only after "here", "relevant", "useful"
    "What is here in Veda?",
    "I read Veda. anything about its memory footprint?",  # a pronoun: the paper just named (second review)
    "Is there anything relevant for Veda's speedup?",
    "Who is the first author of Veda?",  # "who is" with no verb going on (session 30)
    "is anyone going to present Veda?",
    "Work that Veda builds on?",  # "work that" opens a list only after a venue
    "Is there anything else about Veda?",
    # second review (session 30): a paper's own groups, "talks about", who does one thing, an adjective of the paper,
    # "people calling", a paper name before "research"
    "How many groups are there in the KERN router?",
    "Which section of the Veda paper talks about memory?",
    "What groups does the MLVU benchmark divide its questions into?",
    "Who is missing from the baselines in Veda?",
    "Who is annotating the videos in UrbanFeel?",
    "Is there anything unusual about the training data of Veda?",
    "Is there anything specific in the Veda paper about latency?",
    "What are people calling the failure mode SCOPE identifies?",
    "VISTA talks about subspace routing. How many adapters does it use?",
    "KERN research that I saw uses FFN-style routers. What does the normalization do?",
    "And what sort of synthetic tasks did they use for the analytically tractable case studies?",  # read set BF
    # "studies" after one paper is its verb (a second review of session 45, qf116)
    "Tell me about the paper that studies the Adam optimizer when it is used for two-player zero-sum games.",
    # a sentence reporting what the asker read ends at a name too (a second review of session 45, qd011)
    "I was delighted to read about ImmersePro. How many stereo pairs are in its YouTube dataset?",
    # the papers doing something, then one paper asked (second review, session 36)
    "Among the papers introducing benchmarks, how many cities does UrbanFeel cover?",
    "Of the papers evaluating on Ego4D, what throughput does FlowNar report?",
]


@pytest.mark.parametrize("question", LIST_REQUESTS)
def test_requests_for_papers_on_a_topic_are_lists(question):
    assert route(question) == "list"


@pytest.mark.parametrize("question", SINGLE_PAPER)
def test_questions_about_one_paper_are_not_lists(question):
    assert route(question) == "fact"
