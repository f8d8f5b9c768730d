"""rag/answer/list_topic.py: a list question's topic is the question without its request or filters."""

from __future__ import annotations

import pytest

from rag.answer.list_topic import topic


@pytest.mark.parametrize(("question", "venue", "year", "expected"), [
    ("Which papers work on streaming video understanding?", None, None, "streaming video understanding"),
    # what is set aside has no words to match (read set DB, db038); "not just" adds, it sets nothing aside
    ("ICML stuff on understanding live/streaming video input (not offline clips)?", "ICML", None,
     "understanding live/streaming video input"),
    ("papers on memory for live video, not generation?", None, None, "memory for live video"),
    ("Which papers use the soundtrack, not just the frames?", None, None, "use the soundtrack, not just the frames"),
    # ... but what the topic has anyway, closing the question, is set aside (read set DX, dx033); not "but also Y"
    ("Which papers make use of the soundtrack of a video, not only the pixels?", None, None,
     "make use of the soundtrack of a video"),
    ("Which papers use not only pixels but also sound?", None, None, "use not only pixels but also sound"),
    # the asker's remark after a whole question is no topic (read set DX, dx025)
    ("Which papers study mixture of experts? I need them for my thesis.", None, None, "mixture of experts"),
    ("Which papers work with first-person footage? I'm collecting anything relevant to headset video.", None, None,
     "first-person footage"),
    ("Any work on streaming video understanding?", None, None, "streaming video understanding"),
    # the collection pointed at is no topic, and "any X papers" asks for X (probes of session 40: "any GAN papers in
    # here?" searched for "here" and abstained)
    ("any GAN papers in here?", None, None, "GAN"),
    ("any GAN papers?", None, None, "GAN"),
    ("are there any world-model works?", None, None, "world-model"),
    ("are there papers on pruning in this collection?", None, None, "pruning"),
    ("anything about video inpainting here?", None, None, "video inpainting"),
    ("What work is there on video anomaly detection or anomaly understanding?", None, None,
     "video anomaly detection or anomaly understanding"),
    ("Which ICLR 2026 papers study continual learning?", "ICLR", 2026, "continual learning"),
    ("Are there papers about KV cache compression?", None, None, "KV cache compression"),
    ("Is anyone working on privacy?", None, None, "privacy"),
    ("Anything on few-step or one-step diffusion models?", None, None, "few-step or one-step diffusion models"),
    # what the papers do is the topic: only the frame goes
    ("Which papers compress visual tokens in video LLMs using pooling?", None, None,
     "compress visual tokens in video LLMs using pooling"),
    # a frame without "which", and its filler words (dev w015, w072, w016)
    ("Papers that do something with rotary position embeddings (RoPE)?", None, None,
     "rotary position embeddings (RoPE)"),
    ("Papers on dense or highly detailed video captioning?", None, None, "dense or highly detailed video captioning"),
    ("What work tries to reduce hallucinations in multimodal LLMs?", None, None,
     "reduce hallucinations in multimodal LLMs"),
    # a request before the frame, a clause that only asks for the papers, determiners between (own wordings)
    ("Can you list the papers that study continual learning?", None, None, "continual learning"),
    ("Tell me which papers focus on few-step diffusion.", None, None, "few-step diffusion"),
    ("Find me all papers about token pruning in video LLMs.", None, None, "token pruning in video LLMs"),
    ("I'm looking for papers that make video diffusion faster. Which ones do that?", None, None,
     "make video diffusion faster"),
    ("I am interested in hallucination in multimodal LLMs: which papers address it?", None, None,
     "hallucination in multimodal LLMs"),
    ("Reducing hallucinations in multimodal LLMs - which papers work on this?", None, None,
     "Reducing hallucinations in multimodal LLMs"),
    ("Do any of these papers use Mamba?", None, None, "use Mamba"),
    ("Which papers in the collection are about reinforcement learning?", None, None, "reinforcement learning"),
    ("What research exists on domain adaptation?", None, None, "domain adaptation"),
    ("What are some papers on video anomaly detection?", None, None, "video anomaly detection"),
    ("Which papers, if any, study federated learning?", None, None, "federated learning"),
    ("What kinds of papers address hallucination in MLLMs?", None, None, "hallucination in MLLMs"),
    ("Which papers have something to do with rotary embeddings?", None, None, "rotary embeddings"),
    ("Which papers talk about reinforcement learning for video?", None, None, "reinforcement learning for video"),
    # requests for papers worded as people ask them (issue 11's "Routing": "Could you point me to work on X?")
    ("Could you point me to work on attention sinks?", None, None, "attention sinks"),
    ("I need papers that use optical flow for video generation.", None, None, "use optical flow for video generation"),
    ("Looking for papers that prove generalization bounds.", None, None, "prove generalization bounds"),
    ("anything involving video games?", None, None, "video games"),
    ("Is there anything on transferring hyperparameters to bigger models?", None, None,
     "transferring hyperparameters to bigger models"),
    ("What's been done on video generation?", None, None, "video generation"),
    ("What do you have on temporal grounding?", None, None, "temporal grounding"),
    ("Has anyone tried diffusion for text generation?", None, None, "diffusion for text generation"),
    ("Who works on video anomaly detection?", None, None, "video anomaly detection"),
    ("Papers where a model keeps a memory of the video stream?", None, None, "a model keeps a memory of the video stream"),
    ("Show me the scene graph papers.", None, None, "scene graph"),
    ("Do you know of research on egocentric video?", None, None, "egocentric video"),
    ("Can you recommend papers on Gaussian splatting?", None, None, "Gaussian splatting"),
    # a word before the paper noun is the topic's, not a venue's (only a capitalised word can be a venue)
    ("I'd like theory papers on sensitive functions.", None, None, "theory on sensitive functions"),
    ("What ICLR 2026 work is there on video generation?", "ICLR", 2026, "video generation"),
    ("Tell me about papers using GRPO.", None, None, "GRPO"),
    ("Are there any approaches for long-context extrapolation?", None, None, "long-context extrapolation"),
    ("Give me a list of papers on distillation.", None, None, "distillation"),
    ("How many papers deal with continual learning?", None, None, "continual learning"),
    ("Where should I start reading on video diffusion acceleration?", None, None, "video diffusion acceleration"),
    ("I'm researching video captioning; what should I look at?", None, None, "video captioning"),
    ("What has the community done on video quality assessment?", None, None, "video quality assessment"),
    ("Papers about RoPE, please.", None, None, "RoPE"),
    ("Is there a paper on dataset distillation?", None, None, "dataset distillation"),
    # wordings with no pattern of their own: the request's words at the topic's edges go (own wordings, issue 11)
    ("Is video anomaly detection covered by any paper?", None, None, "video anomaly detection"),
    ("Can you tell me what papers there are on scene graphs?", None, None, "scene graphs"),
    ("Has there been work on attention sinks?", None, None, "attention sinks"),
    ("What does the collection have on point clouds?", None, None, "point clouds"),
    ("I'm interested in video games. Anything?", None, None, "video games"),
    ("I want to learn about privacy - which papers should I read?", None, None, "privacy"),
    ("Is there anything in here about sparse attention?", None, None, "sparse attention"),
    ("Which papers in here are concerned with continual learning?", None, None, "continual learning"),
    ("Which theory papers explain grokking?", None, None, "theory explain grokking"),
    ("Has anyone compared video models with language models?", None, None, "video models with language models"),
    ("Who has tried to prove generalization bounds?", None, None, "prove generalization bounds"),
    # a context sentence, then a clause pointing back at it (read set AZ: "tackle that setting" was searched too)
    ("I'm starting a project on streaming video with bounded memory. Which papers here tackle that setting?",
     None, None, "streaming video with bounded memory"),
    ("Streaming video with bounded memory. Which papers solve this problem?", None, None,
     "Streaming video with bounded memory"),
    ("I'm reviewing model compression. Which papers work on that?", None, None, "model compression"),
    ("Which papers solve this problem: reward hacking in RLHF?", None, None, "reward hacking in RLHF"),
    # a busy researcher's imperative (session 26 probes)
    ("Need every paper that evaluates on Ego4D", None, None, "evaluates on Ego4D"),
    ("Want the papers on streaming video", None, None, "streaming video"),
    # a clause that only sets the filter goes; a framing clause after the context is searched first (read set BB)
    ("Looking at ICML only: which papers deal with spotting abnormal events in videos?", "ICML", None,
     "spotting abnormal events in videos"),
    ("Which papers do long video QA? Looking at MLVU only.", None, None, "long video QA? Looking at MLVU only"),  # no venue
    ("Which papers use token pruning? Show results on MVBench.", None, None,  # the frame already first: nothing moved
     "use token pruning? Show results on MVBench"),
    ("Trying to make a model smaller for deployment — which papers here deal with shrinking the model itself?", None,
     None, "shrinking the model itself Trying to make a model smaller for deployment"),
    # a conference attendee's phone typing (read set BO, list diagnostic BQ, session 30)
    ("who's training with GRPO?", None, None, "training with GRPO"),
    ("Who's working on sim-to-real transfer?", None, None, "sim-to-real transfer"),
    ("Is anyone keeping identities out of surveillance video models?", None, None,
     "keeping identities out of surveillance video models"),
    ("Is anybody trying sparse attention for audio?", None, None, "sparse attention for audio"),
    ("ICLR stuff on visual token pruning?", "ICLR", None, "visual token pruning"),
    ("any posters on streaming video memory?", None, None, "streaming video memory"),
    # ... but a topic's own words stay, at its edges too
    ("Which papers use Mamba for long videos?", None, None, "use Mamba for long videos"),
    ("Which papers study how the attention of video LLMs works?", None, None, "how the attention of video LLMs"),
    # a product manager's words (read set BR, session 30): where the papers are, teams for papers, a quoted term
    ("In the ICLR batch, which teams trained their video models with RL?", "ICLR", None, "trained their video models with RL"),
    ("From ICML, what is there on hallucination?", "ICML", None, "hallucination"),
    ("From MLVU, which papers score best?", None, None, "From MLVU, which papers score best?"),  # a benchmark is no venue
    ("Our CTO keeps bringing up 'optical flow' — which of these papers actually use it in their approach?", None, None,
     "optical flow"),
    ("Which papers use \"optical flow\"?", None, None, 'use "optical flow"'),  # nothing points back at it
    # second review: a quoted word of a longer phrase, a relative "that"; groups, labs and talks as topics
    ('"Streaming" video LLMs: which papers handle them?', None, None, '"Streaming" video LLMs'),
    ("Which papers study fairness across demographic groups?", None, None, "fairness across demographic groups"),
    ("Papers on Lie groups?", None, None, "Lie groups"),
    ("Which papers analyse conference talks?", None, None, "analyse conference talks"),
    # what the papers contribute, a venue typed in lower case (fresh set EC, session 44)
    ("iclr papers where the main contribution is a new eval benchmark", "ICLR", None, "a new eval benchmark"),
    ("ICLR papers whose main contribution includes a new evaluation benchmark?", "ICLR", None, "a new evaluation benchmark"),  # (qu049)
    ("papers whose main contribution is a new benchmark", None, None, "a new benchmark"),
    # ... or their aim (fresh set EG, read in session 46)
    ("Identify every paper whose stated aim is to make video diffusion models cheaper.", None, None,
     "make video diffusion models cheaper"),
    # ... or names its kind, restates it, likens it (a second review of session 46, in a physicist's voice)
    ("Which papers report results on Charades-STA, the dataset for locating a described moment in a video?", None, None,
     "report results on Charades-STA"),
    ("Which papers use optical flow — the per-pixel apparent velocity field — to generate video?", None, None,
     "use optical flow to generate video"),
    ("Which papers reduce hallucination, that is, misalignment with the image?", None, None,
     "reduce hallucination, that is, misalignment with the image"),  # the field's words may follow (dev pu056)
    ("Which papers contribute a benchmark, much like a certified reference material?", None, None, "contribute a benchmark"),
    # a verb of building on a thing as its use, a hedge on how loosely (a second review of session 44)
    ("Which papers build upon Mamba or state-space models in some fashion?", None, None, "use Mamba or state-space models"),
    ("Which of the papers concern themselves with Adam?", None, None, "Adam"),
    ("Which ICML papers do theory specifically about transformers?", "ICML", None, "theory about transformers"),
    ("GANs: any papers?", None, None, "GANs"),  # a label before a bare request is the topic (session 44), a venue is not
    ("ICML: anything on pruning?", None, None, "pruning"),
    # a statement after the question that narrows nothing (a second review of session 44); one that narrows stays
    ("Which papers involve quantization? Thinking about cost-efficient serving.", None, None, "quantization"),
    ("Which papers use GRPO? Preferably with code.", None, None, "use GRPO? Preferably with code"),
    # no frame to strip: the question is searched whole
    ("streaming video understanding", None, None, "streaming video understanding"),
    # the asker's own story before a frame with a topic of its own (a second review of session 45)
    ("I keep seeing the term. Which papers deal with attention sinks?", None, None, "attention sinks"),
    ("Back in my day generative adversarial networks were all the rage. Are there papers here that involve GANs?", None,
     None, "GANs"),
    ("I am trying to make a model smaller. Which papers help?", None, None, "help I am trying to make a model smaller"),
    # a leading "point" of a point cloud, a verb after its modal, a definition after a comma (second review, session 45)
    ("point cloud or gaussian splatting papers?", None, None, "point cloud or gaussian splatting"),
    ("ICML theory papers on what transformers can or can't learn?", "ICML", None,
     "theory on what transformers can or can't learn"),
    ("Which papers use optical flow, the measure of how pixels move between frames?", None, None, "use optical flow"),
    ("which papers involve video games?", None, None, "video games"),  # a verb only relating them (qg059)
    # ... or building on it (fresh set EG, read in session 46)
    ("papers that lean on optical flow?", None, None, "optical flow"),
    ("Which papers rely on optical flow?", None, None, "optical flow"),
])
def test_topic_is_the_question_without_its_frame_or_filters(question, venue, year, expected):
    assert topic(question, venue, year) == expected
