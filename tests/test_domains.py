"""A paper off the data domain a question names (speech, molecules, 3D, surgery …) answers nothing of it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rag.answer.before_search import off_domain
from rag.answer.domains import DOMAINS, asked_domains, in_domain, lacks_domain, staples
from rag.types import Hit, Paper


def _paper(n: int, text: str) -> Paper:
    return Paper(id=f"p{n}", title=f"Paper {n}", venue="ICML", year=2026, abstract=text, text=text,
                 source="list.txt", position=n)


class _Snapshot:  # the part of index.store.Snapshot the domain check reads
    def __init__(self, texts: list[str]):
        self.papers = [_paper(n, t) for n, t in enumerate(texts)]


SPARSE_VIDEO = "We accelerate video diffusion transformers with sparse attention, a 5.1x speedup on 720P videos."
STEREO = "We convert monocular videos into stereo videos with a depth-aware diffusion model."
SURGICAL = "We generate synthetic surgical videos for rare classes in the operating room."
TTS = "We propose a sparse attention kernel for text-to-speech diffusion models."
# a collection mostly about video, as the shipped ICML/ICLR lists are
VIDEO_COLLECTION = _Snapshot([SPARSE_VIDEO, STEREO, SURGICAL] + [f"A video model number {i}." for i in range(5)])


@pytest.mark.parametrize(("question", "domains"), [
    ("Sparse attention kernels for text-to-speech or audio diffusion models?", ["audio"]),
    ("Continual learning for graph neural networks — anything?", ["graphs", "continual learning"]),
    ("Which papers reconstruct surgical scenes with Gaussian splatting?", ["medicine", "3D"]),
    ("Has anyone applied Mamba context extension to protein or DNA sequence models?", ["molecules"]),
    # the collection's own subject tells no paper apart (video, said plainly, is tested below)
    ("Which papers accelerate video diffusion?", []),
    # one alternative of an "or" is no requirement: "in videos or in 3D scenes" is answered by either
    ("I'm looking for papers about segmenting objects, in videos or in 3D scenes.", []),
    # ... but a modifier two heads share is asked either way (fresh set AD)
    ("which papers apply video llms to sign language recognition or translation?", ["sign language", "language models"]),
    ("Which papers speed up attention?", []),
    # a word of a domain used otherwise: an expert's recommendations, air traffic (PubMedQA, SciFact)
    ("Are experts' recommendations implemented in routine clinical practice?", ["medicine"]),
    ("Air traffic between cities drives the spread of dengue.", []),
    ("Video understanding models for short-video recommendation?", ["recommendation"]),
    # the settings and paradigms a method is bound to
    ("Any papers on speculative decoding with a draft model for diffusion LLMs?", ["speculative decoding", "diffusion language models"]),
    # "or" between two verbs of the question's frame joins no alternatives (fresh set U)
    ("Which papers build or evaluate on egocentric (first-person) video?", ["egocentric video"]),
    # ... nor between two verbs sharing what follows them (read set DX, dx026)
    ("Which papers are about understanding or reacting to video while it is still arriving (streaming) live?",
     ["streaming video"]),
    ("KV cache compression for diffusion language models — who did that?", ["diffusion language models", "KV cache"]),
    ("Which papers quantize video LLMs to 4-bit so they can run on mobile phones?",
     ["language models", "on-device", "quantization"]),
    ("Is there work using spiking neural networks for streaming video?", ["spiking networks", "streaming video"]),
    # ... and the tasks and method families of the field at large
    ("Which papers use Mamba state-space models for video anomaly detection?",
     ["state-space models", "anomaly detection"]),
    ("kv cache quantization for long-context LLM inference", ["language models", "quantization", "KV cache"]),
    # "3D" only inside text-to-3D's longer name is no domain of its own (a paper holding the one holds the other)
    ("Could you point me to work on generating 3D objects from text prompts?", ["text-to-3D"]),
    ("Any paper that merges similar tokens to accelerate video diffusion transformers?", ["token merging"]),
    # a slashed synonym is no alternative to the domain (fresh set S, s057); a slash offers only the words beside
    # it, so the task the datasets are for is asked too (fresh set X, x6064)
    ("dataset distillation / condensation for action recognition datasets", ["dataset distillation", "action recognition"]),
    ("which papers use 3D gaussian splatting for autonomous driving simulation / world models?", ["driving", "3D"]),
    ("Which paper proposes an anomaly detection method for traffic accident videos?", ["driving", "anomaly detection"]),  # (qr098)
    ("making video generation/editing models cheaper to run — distillation, sparse attention, low-bit quantization?", []),
    ("we need an unusual-event detector for CCTV video but legal says we can't keep identities", []),  # no law
    ("speech recognition on a phone call transcript", ["speech recognition"]),  # a telephone call runs on no device
    ("MoE routers inside vision transformers for ImageNet classification?",
     ["vision", "image classification", "mixture of experts"]),
    # their words in another sense name no task: a challenge a method faces, trading off, a student model
    ("What challenge does the paper on sparse attention face, and how does it trade off speed?", ["sparse attention"]),
    ("What does the student model learn from its teacher?", []),
    # session 20's vocabulary (dev's near-topic misses): a bracketed "CT" is medicine too, not an alternative to it
    ("anything on continual learning for medical imaging (radiology, CT)?", ["medicine", "medical scans", "continual learning"]),
    ("any papers on anomaly detection in surgical / endoscopic video?", ["medicine", "anomaly detection"]),
    ("Any work on machine unlearning, i.e. removing one training example's influence?", ["machine unlearning"]),
    ("3D gaussian splatting for real-time SLAM on a drone — any papers?", ["robots", "3D"]),
    ("converting stereo video into multi-view light field video, is there a paper on that?", ["light fields"]),
    ("Which papers use sparse attention, and what are they trading off?", ["sparse attention"]),
    # a hyphenated compound names its domain as the open one does; a phone; abnormal events (read sets AZ, BB)
    ("Is there a paper that feeds sign-language skeleton sequences into an LLM?", ["sign language", "language models"]),
    ("a paper that quantizes a video LLM to 4-bit weights so it can run on a phone?",
     ["language models", "on-device", "quantization"]),
    ("which papers deal with spotting abnormal events in videos?", ["anomaly detection"]),
    # one domain in two wordings is no alternative to it (read set BR, session 30)
    ("Do any papers caption sign-language videos or translate signing into text for deaf users?", ["sign language"]),
    ("anyone using mamba / state-space backbones for text-to-video generation?", ["state-space models"]),
    # language models, but not when named only inside a longer domain's name
    ("Which papers quantize video LLMs to 4 bits?", ["language models", "quantization"]),
    ("any benchmarks targeting diffusion language models specifically?", ["diffusion language models"]),
    ("papers on 4D gaussian splatting for dynamic scene reconstruction", ["3D", "4D"]),
    # text alone, set against the collection's pictures (read set BD), unless the question names them too (dev au040)
    ("anything on compressing KV cache for plain text LLM serving?", ["text only", "language models", "KV cache"]),
    ("When video generators and text-only LLMs were given adapters, which learned from fewer examples?",
     ["language models"]),    # thermal cameras and policy-gradient control (read set BF)
    ("Is there work on video anomaly detection with thermal or infrared cameras?", ["thermal imaging"]),
    ("convergence guarantees for Adam in policy-gradient reinforcement learning?", ["RL control", "Adam optimizers", "reinforcement learning"]),
    ("Which papers here deal with diffusion-based language models?", ["diffusion language models"]),
    # text alone is still asked when the pictures are what it is set against (second review)
    ("KV cache compression for text-only LLMs, as opposed to video LLMs?", ["text only", "language models", "KV cache"]),
    # session 32 (read sets BZ, CD): number formats, devices, the KV cache, experts pruned, differential privacy, RL
    ("Is there any work on FP8 training kernels for Mixture-of-Experts models?", ["quantization", "mixture of experts"]),
    ("Which paper runs 3D Gaussian Splatting in real time on mobile hardware?", ["3D", "on-device"]),
    ("Which papers prune or merge experts in Mixture-of-Experts LLMs?", ["expert pruning"]),
    ("Which paper is using GRPO for 3D Gaussian Splatting scene understanding?", ["3D", "GRPO"]),
    # two domains either side of one "or" ask one of them; an enumeration's items need not (dev bb031)
    ("Does any paper apply differential privacy or federated learning to video anomaly detection?",
     ["federated learning or differential privacy"]),
    ("speaker recognition in podcasts or meeting recordings, any paper?", ["podcasts or meetings"]),
    ("Which papers plug a new input (skeletons, point clouds, audio, other sensors) into an MLLM?", []),
    ("Adam-DA in cooperative multi-agent RL — convergence results?", ["multi-agent learning"]),
    ("Veda sounds like FlashAttention for video: what speedup does it get?", []),  # how it seems (read set CQ)
    ("Does any paper generate sounds for silent videos?", ["audio generation"]),
    ("Which paper predicts what a video sounds like?", ["audio"]),  # the sound itself (second review)
    ("ngl flownar sounds cool, how much longer can the videos get?", []),  # how it seems (second review, session 44)
    # motion-capture data is asked as such, not as motion generation (read set DB, db022)
    ("Which paper lets chat models read motion-capture skeleton data?", ["motion capture"]),
    ("Any text-to-motion generation of 3D human motion sequences?", ["human motion generation"]),
    # sound made for a video, and fairness across groups of people (read sets DD, DE, session 36)
    ("any paper that auto-generates a soundtrack or sound effects for a silent clip?", ["audio generation"]),
    ("Do video anomaly detectors treat people of different skin tones fairly?", ["fairness", "anomaly detection"]),
    ("Is the comparison in Veda fair?", []),  # a fair comparison is no fairness
    ("For fairness, does Veda compare against the same baselines?", []),  # (second review)
    ("Which router treats all experts fairly?", []),
    ("Which paper identifies which character produced the speech in TV dramas?", ["audio"]),  # no sound made
    ("Which papers attribute generated speech to a speaker?", ["audio"]),
    # "or other" widens, no alternative; a head-mounted camera is no VR (read set DG)
    ("continual learning with electronic health records or other tabular patient data?",
     ["medicine", "tabular data", "continual learning"]),
    ("Which papers use head-mounted camera video?", ["egocentric video"]),  # first-person footage (session 40)
    # "old-school" is an idiom, no school (read set DQ, dq016: "the closest papers never mention school")
    ("someone argued MoE gating is really just old-school kernel regression?", ["mixture of experts"]),
    ("Which papers tutor students at school?", ["education"]),
    # translation into other languages, networks pruned, levels made by procedure (read sets DP, DQ, session 39: each
    # answered from a paper on the other half of the question)
    ("Any work on translating live commentary into other languages in real time?", ["machine translation"]),
    ("layer pruning for mamba / state-space models - any paper?", ["pruning", "state-space models"]),
    ("any papers using LLMs for procedural level generation?", ["language models", "procedural generation"]),
    ("Which papers prune redundant tokens?", []),  # tokens, no network's parts
    ("work on pruning or quantization (incl. layer pruning)?", []),  # an example, no must (dev c028)
    # two verbs sharing their object after a preposition offer no alternative to it; two modifiers do (session 43:
    # fresh set EB, eb052; dev j011); event cameras are the spiking networks' (eb057)
    ("Is there a paper on recognizing or translating sign language from video with multimodal large language models?",
     ["sign language", "language models"]),
    ("Which papers make video generation, editing or upscaling models cheaper/faster to run or train?", []),
    ("anything on event cameras or spiking/neuromorphic hardware for video understanding?", ["spiking networks"]),
    # an "or" inside a clause after the domain offers no alternative to it (second review po042, session 43)
    ("Please list papers that process streaming video online where latency or memory must stay bounded.",
     ["streaming video"]),
    # statistical tools and tracking no paper uses (second review qq of session 47: each was answered)
    ("Is there a Gaussian process model for anomaly detection in videos?", ["Gaussian processes", "anomaly detection"]),
    ("Is there a work which builds conformal prediction sets for video question answering?", ["conformal prediction"]),
    ("Kalman filtering for multi-object tracking in videos?", ["object tracking"]),
    # translating between languages, laboratory physics (read set EI, session 47: ei056, ei058 were answered)
    ("Has anyone employed the diffusion-style language models for translating text between languages?",
     ["language models", "machine translation"]),
    ("Is there work on detecting anomalies in footage of physical experiments, for instance irregular turbulence in "
     "wind-tunnel films?", ["experimental physics", "anomaly detection"]),
])
def test_the_domains_a_question_names_beyond_the_collections_own(question, domains):
    assert [d.name for d in asked_domains(question, VIDEO_COLLECTION) if d.name != "video"] == domains


@pytest.mark.parametrize(("question", "asked"), [
    ("Has anyone shown subliminal learning when distilling video LLMs?", True),
    ("Which papers accelerate video diffusion?", True),
    # set aside, or one alternative of a bracketed "or" (dev v111, ai060)
    ("I'm looking for papers that plug new kinds of input, beyond images and video, into multimodal LLMs.", False),
    ("Which papers feed audio rather than video into multimodal LLMs?", False),
    ("Which papers look at what specific layers inside language models (or video LLMs) are responsible for?", False),
])
def test_video_is_asked_even_as_the_collections_own_subject(question, asked):
    """Every video abstract says so (videos, frames, clips, footage): a text-only paper answers no video question."""
    assert ("video" in [d.name for d in asked_domains(question, VIDEO_COLLECTION)]) is asked
    text_only = _paper(9, "A teacher language model passes hidden biases to its student through number sequences.")
    assert lacks_domain(text_only, asked_domains("subliminal learning when distilling video LLMs?", VIDEO_COLLECTION))


def test_language_models_are_asked_even_as_the_collections_own_subject():
    """An abstract on a language model names one (LLM, VLM, GPT …) or its long context or KV cache: a video
    super-resolution quantizer answers no question on quantizing video LLMs (dev x7019, z9054)."""
    asked = asked_domains("post-training quantization of video LLMs for video QA?", VIDEO_COLLECTION)
    asked = tuple(d for d in asked if d.name == "language models")
    assert asked
    vsr = _paper(9, "We quantize one-step diffusion transformers for video super-resolution to low bit-widths.")
    context = _paper(10, "A training-free method extends the context window of hybrid Mamba models.")
    assert lacks_domain(vsr, asked) and not lacks_domain(context, asked)


def test_vision_is_asked_even_as_the_collections_own_subject():
    """Every vision abstract says so (images, visual, video, scenes, an MRI …): a text-only paper answers no question
    on vision-language models (dev x7021, ak058), nor a static 3D paper one on 4D scenes (dev ak060)."""
    asked = asked_domains("Which papers study hidden bias transfer when distilling vision-language models?",
                          VIDEO_COLLECTION)
    assert [d.name for d in asked] == ["vision", "language models"]
    text_only = _paper(9, "A teacher language model passes hidden biases to its student through number sequences.")
    scans = _paper(10, "Our vision-language model reads chest MRI scans.")
    assert lacks_domain(text_only, asked) and not lacks_domain(scans, asked)
    four_d = asked_domains("Is there a paper on 4D Gaussian splatting for reconstructing dynamic scenes?", VIDEO_COLLECTION)
    static = _paper(11, "We lift 2D features into 3D Gaussian Splatting with a consistency loss.")
    assert lacks_domain(static, four_d)


def test_text_alone_is_no_video_or_image_paper():
    """A question on plain-text LLMs is not answered from a video paper that shares its method (read set BD, bd054:
    KV cache compression for a text chatbot, answered from two video KV-cache papers); one that names pictures too
    sets the two side by side and asks neither alone (dev au040)."""
    asked = asked_domains("anything on compressing KV cache for plain text LLM serving?", VIDEO_COLLECTION)
    asked = tuple(d for d in asked if d.name == "text only")
    assert asked
    video = _paper(9, "Our memory compresses the KV cache of streaming video LLMs into fixed prototypes.")
    text = _paper(10, "We compress the KV cache of language models during long multi-turn chats.")
    assert lacks_domain(video, asked) and not lacks_domain(text, asked)
    assert "text only" not in [d.name for d in asked_domains("Do text-only LLMs learn puzzles faster than video models?",
                                                              VIDEO_COLLECTION)]


def test_generating_videos_is_no_video_captioning():
    """Read set BB, bb037: "Which ICLR papers are about generating videos?" listed a captioning benchmark."""
    understanding = _Snapshot(["A video LLM answers questions about clips."] * 6 + [SPARSE_VIDEO])
    asked = asked_domains("Which papers are about generating videos?", understanding)
    assert [d.name for d in asked] == ["video generation"]  # "videos" only inside its name
    assert lacks_domain(_paper(9, "Our video LLM can generate detailed video captions."), asked)
    assert not lacks_domain(_paper(10, "We distill a few-step video diffusion model."), asked)
    assert lacks_domain(_paper(11, "Our video LLM generates captions for videos."), asked)
    assert lacks_domain(_paper(12, "We train a text-to-image diffusion model."), asked)
    # ... in the singular too (read set BL, bl036), but not generating a video's captions
    assert [d.name for d in asked_domains("Which papers are about generating video?", understanding)] == \
        ["video generation"]
    assert "video generation" not in [d.name for d in asked_domains("Which papers are about generating video captions?",
                                                                    understanding)]
    # where video generation is the collection's own subject, the video inside its name is still asked
    assert [d.name for d in asked_domains("Which papers are about generating videos?", VIDEO_COLLECTION)] == ["video"]


def test_a_domain_a_quarter_of_the_collection_works_in_is_its_own_subject():
    # two of its eight abstracts: a quarter
    assert staples(VIDEO_COLLECTION) == {"video", "vision", "diffusion models", "video generation"}
    speech = _Snapshot([TTS, "Speech recognition with transformers.", SPARSE_VIDEO, STEREO])
    assert "audio" in staples(speech)
    assert not asked_domains("Which papers use sparse attention for speech?", speech)


@pytest.mark.parametrize(("question", "paper", "lacks"), [
    ("Sparse attention kernels for text-to-speech?", SPARSE_VIDEO, True),
    ("Sparse attention kernels for text-to-speech?", TTS, False),
    # an abstract may name the domain in other words than a question does: "stereo", "depth" for "3D"
    ("Which work turns ordinary clips into 3D footage?", STEREO, False),
    ("Which papers reconstruct surgical scenes with Gaussian splatting?", SURGICAL, True),  # surgery, but no 3D
    ("Which papers quantize video models to run on edge hardware?", SPARSE_VIDEO, True),
    ("Which papers quantize video models to run on edge hardware?",
     "We quantize video models for deployment on mobile devices.", False),
    # a task or method family named in the abstract's own words: "abnormal events", "state space model"
    ("Which papers use Mamba for video anomaly detection?", SPARSE_VIDEO, True),
    ("Which papers use Mamba for video anomaly detection?",
     "We detect abnormal events in surveillance video with a selective state space model.", False),
    # still images and headsets (fresh set AI, session 18): a video super-resolution paper is no text-to-image work
    ("post-training quantization of diffusion transformers for text-to-image generation?",
     "We quantize one-step diffusion models for real-world video super-resolution.", True),
    ("post-training quantization of diffusion transformers for text-to-image generation?",
     "We quantize diffusion transformers that generate images and videos.", False),
    ("video quality assessment for VR headsets?", "We assess video quality on mobile screens.", True),
    ("video quality assessment for VR headsets?", "We convert videos into stereo pairs for immersive viewing.", False),
    # a model distilled is no dataset distilled (dev w036): a dataset condensed into synthetic images is
    ("Is there a paper on dataset distillation into a handful of synthetic images?",
     "We distill a robust teacher into a compact student under adversarial training.", True),
    ("Is there a paper on dataset distillation into a handful of synthetic images?",
     "We condense ImageNet into 10 synthetic images per class.", False),
    # a domain's own words, not another sense of them: a maze's route is no router, ground-truth no grounding,
    # forgetting no forgery (session 26)
    ("papers that use mixture-of-experts routing inside video diffusion transformers?",
     "We pretrain a video model on mazes, predicting the route frame by frame.", True),
    ("papers that use mixture-of-experts routing inside video diffusion transformers?",
     "A learned router sends each video token of a diffusion transformer to two experts.", False),
    ("Which papers do temporal grounding of video queries?", "We compare video captions with ground-truth labels.", True),
    ("Any work on deepfake detection in videos?", "Our video model avoids forgetting earlier tasks.", True),
    # an agent of its own is no robot (a second review of session 43: Video-MTR's "agent … selects key segments")
    ("multi-turn RL for robot arm manipulation?", "The agent iteratively selects key video segments.", True),
    ("multi-turn RL for robot arm manipulation?", "An embodied agent grasps objects from video demonstrations.", False),
    # video gaming is no sport (read set CT, ct058); a sports game is
    ("Did anyone build an AI that does live commentary for real soccer matches on TV?",
     "We introduce the Live Gaming Benchmark for real-time commentary of video streams.", True),
    ("Did anyone build an AI that does live commentary for real soccer matches on TV?",
     "We narrate broadcast video of basketball games in real time.", False),
    # a masked verb predicted is no picture filled in (a second review of session 44)
    ("Which paper uses reinforcement learning to train a video inpainting model?",
     "Verb Completion, predicting masked verbs, is integrated within a reinforcement learning framework.", True),
    ("Which paper uses reinforcement learning to train a video inpainting model?",
     "We fill in the missing regions of each frame with a policy trained by reinforcement learning.", False),
])
def test_a_paper_lacks_a_domain_when_its_abstract_never_mentions_it(question, paper, lacks):
    assert lacks_domain(_paper(9, paper), asked_domains(question, VIDEO_COLLECTION)) is lacks


def test_a_question_naming_no_domain_never_reads_the_collection():
    class Untouchable:  # the answer to most questions must not pay for reading every abstract
        @property
        def papers(self):
            raise AssertionError("read the collection")

    assert asked_domains("Which papers study why deeper networks generalize?", Untouchable()) == ()


def test_a_large_collections_subject_is_read_from_a_sample_of_it():
    shuffled = random.Random(0)
    asked = "Which papers use sparse attention for speech?"
    third = [TTS if shuffled.random() < 1 / 3 else SPARSE_VIDEO for _ in range(6000)]  # a third on speech
    assert not asked_domains(asked, _Snapshot(third))
    tenth = [TTS if shuffled.random() < 0.1 else SPARSE_VIDEO for _ in range(6000)]  # a tenth: a near-topic turn
    assert [d.name for d in asked_domains(asked, _Snapshot(tenth))] == ["audio"]


def test_the_words_an_abstention_echoes_are_the_domain_words_alone_never_the_questions_markup():
    question = "sparse attention for <b>text-to-speech<b> **[link](javascript:x)** \x1b[31m models?"
    asked = asked_domains(question, VIDEO_COLLECTION)
    hits = [Hit(paper=_paper(1, SPARSE_VIDEO), score=1.0), Hit(paper=_paper(2, STEREO), score=0.5)]
    kept, said = in_domain(np.array([0.9, 0.1]), hits, asked, 0.37, question)
    assert kept.tolist() == [0.0, 0.0] and said == ("text-to-speech",)
    reason = off_domain(said)
    assert reason == "The papers closest to this question never mention “text-to-speech”, so they don't answer it."


def test_a_domain_the_spelling_correction_rewrote_is_read_from_the_question_as_typed():
    from rag.answer.domains import question_domains
    from rag.answer.understand import Question

    corrected = "Which papers do video summary?"  # the index writes "summary", never "summarization"
    question = Question(text=corrected, standalone=corrected, venue=None, year=None, kind="list",
                        typed="Which papers do video summarization?")
    asked, text = question_domains(question, VIDEO_COLLECTION)
    assert [d.name for d in asked] == ["video", "summarization"] and "summarization" in text
    # ... but a follow-up searched with the conversation's words keeps to them
    follow = Question(text=corrected, standalone=f"Veda: {corrected}", venue=None, year=None, kind="fact",
                      typed="Which papers do video summarization?")
    assert [d.name for d in question_domains(follow, VIDEO_COLLECTION)[0]] == ["video"]


def test_a_domain_asked_of_lists_only_is_no_domain_of_a_fact_question():
    from rag.answer.domains import question_domains
    from rag.answer.understand import Question

    text = "Which particular layers does LSGQuant quantize?"  # asks of LSGQuant, which need not locate a layer
    fact = Question(text=text, standalone=text, venue=None, year=None, kind="fact")
    listed = Question(text="Which papers study what particular layers do?",
                      standalone="Which papers study what particular layers do?", venue=None, year=None, kind="list")
    assert "layer analysis" not in [d.name for d in question_domains(fact, VIDEO_COLLECTION)[0]]
    assert "layer analysis" in [d.name for d in question_domains(listed, VIDEO_COLLECTION)[0]]


@pytest.mark.parametrize(("question", "domains"), [
    # the third review of session 36: a fact question's words for these topics ask of its paper (lists only)
    ("How does SegPVSG select salient segments before recognizing relations?", []),
    ("Which paper studies motion that is not faithful to physics?", []),
    # a qualifier after "streaming" is a domain of its own; what a list sets aside is no domain of it
    ("Which papers do streaming egocentric video?", ["streaming video", "egocentric video"]),
    ("Which token compression papers offer an alternative to keyframe selection?", []),
    # an "or" that only swaps the domain's head word asks it either way (read set DI, di027); examples after a typed
    # hyphen are alternatives, none of which the papers must all hold (di028)
    ("Which papers choose which frames or segments a video LLM looks at?", ["frame selection"]),
    ("Which papers pick smarter frames or clips for video QA?", ["frame selection"]),
    ("Which papers choose which frames or audio a video LLM hears?", ["audio with video or frame selection"]),
    ("Which papers make video generation cheaper to run - fewer steps, sparse attention, quantization, that kind of thing?",
     []),
    # what a list only lets in is no domain it asks (read set DK, dk034); an "or" within what follows the domain's words
    # offers those either way (read set DI, di030); video that keeps streaming in (dk025)
    ("Which papers do layer-by-layer analysis of language models, video LLMs included?", ["language models", "layer analysis"]),
    ("Which papers dig into what specific layers inside LLMs or video LLMs are doing?", ["language models", "layer analysis"]),
    ("Which papers give a model memory while the video keeps streaming in live?", ["streaming video"]),
    # (second review) an "or" offering the word the domain's words qualify is a real alternative; segments and clips
    # chosen for another task's step are no frame selection
    ("Which papers do audio-visual captioning or video captioning?", ["captioning"]),  # no audio (nor vision)
    ("Which papers select salient segments before recognizing relations?", []),
    ("Which papers choose which clips to interleave in training data?", []),
    # the Adam family asked of a list; an "or" joining two modifiers far after the domain's words leaves it asked (dev)
    # (and, of lists, the optimizers they are: a second review of session 42)
    ("Which papers analyse Adam or Adam-style optimizers?", ["Adam optimizers", "optimizers"]),
    ("Which papers process streaming video with some kind of bounded or structured memory?", ["streaming video"]),
    ("Which papers handle facial or surgical video?", ["medicine or faces"]),  # the domain's own word before "or"
    # an "or" inside an aside after the domain's words offers no alternative to it (dev cf030)
    ("Which papers study Adam-style optimizers (theory or per-example analysis)?", ["Adam optimizers", "optimizers"]),
    ("Which papers analyse optimization algorithms (gradient descent, Adam, and so on)?", ["optimizers"]),
    # two comparatives joined by "or", and examples after a dash, are no alternatives to the domain before them (read
    # sets DY, DZ: video generation went unasked)
    ("Which papers make point cloud models faster or cheaper at inference time?", ["3D"]),
    ("Which papers make point cloud models cheaper to run — less compute, lower latency, smaller footprint?", ["3D"]),
    # data imbalance, by its name or glossed (plain_words.py); "rare or under-represented" words it twice (read set DN)
    ("Which papers fix class imbalance in training videos?", ["data imbalance"]),
    ("Which papers fix class imbalance in text classification?", []),  # of video data only (second review)
    ("Which papers synthesize videos for rare or under-represented classes (data imbalance)?", ["data imbalance"]),
    ("What does the paper do about class imbalance?", []),  # of lists only
    # domain adaptation by its names, of lists only
    ("Which papers do sim-to-real transfer or adapt to an unlabeled target domain?", ["domain adaptation"]),
    ("What does the paper do about domain shift?", []),
    # audio asked beside the video's pictures is a list's own domain; audio alone, or with no video, is audio's; hate
    # speech is text; a fact question asks audio (dev b412)
    ("Which papers bring the sound track / audio into video models?", ["audio with video"]),
    ("Which papers use sound or speech, not only the visual stream?", ["audio with video"]),
    ("Which papers do text-to-speech synthesis?", ["audio"]),
    ("Which papers tell who is speaking from phone audio alone, with no video?", ["audio"]),
    ("Which papers detect hate speech in social media videos?", ["audio"]),
    ("Which method lets a video LLM take in new sensors such as audio without a heavy encoder?",
     ["audio", "language models"]),
    # degraded footage cleaned up is a domain, a generator's denoising steps are not (read set EE, ee061)
    ("Which papers do low-light video enhancement or video denoising?", ["low-level restoration"]),
    ("Which papers jointly denoise video frames and optical flow?", ["optical flow"]),
    ("Which papers do video denoising with fewer diffusion steps?", []),
    # a modifier shared by two heads, the second restricted; two verbs after a modal; a simile (session 45)
    ("Which papers do sign language recognition or translation from skeleton or pose sequences?", ["sign language"]),
    ("Which papers address models that must respond or maintain memory while the video is still arriving (streaming)?",
     ["streaming video"]),
    ("Which papers understand live streaming video, where the model has to answer or comment while frames keep arriving - "
     "like a sports commentator?", ["streaming video"]),
    # a simile after a comma with "almost like" (fresh set EH, read in session 46)
    ("Which paper shows a student inherits a teacher's odd preferences from digits alone, almost like an epigenetic mark "
     "passed on without the gene?", []),
    # two verbs, one of them the domain, sharing a pronoun (fresh set EH): quantization is one alternative
    ("Which papers make models smaller by pruning or quantizing them?", []),
    # "RL" as the setting of the work asked (a second review of session 45, qi092)
    ("Which papers do continual learning for robot control policies in RL?",
     ["robots", "reinforcement learning", "continual learning"]),
])
def test_the_domains_of_a_fact_question_and_of_a_list(question, domains):
    from rag.answer.domains import question_domains
    from rag.answer.understand import Question

    kind = "list" if question.startswith("Which papers") or "papers offer" in question else "fact"
    asked, _ = question_domains(Question(text=question, standalone=question, venue=None, year=None, kind=kind),
                                VIDEO_COLLECTION)
    assert [d.name for d in asked if d.name != "video"] == domains


def test_audio_with_video_keeps_a_paper_writing_video_too():
    # in a medical collection "speech" is a therapist's (PubMedQA's index listed nine such abstracts for an audio list)
    audio = next(d for d in DOMAINS if d.name == "audio with video")
    assert audio.kept_by.search("Long-form TV dramas challenge video understanding; we propose speaker recognition.")
    assert audio.kept_by.search("Benchmarks span audio-visual QA and 3D reasoning.")
    assert not audio.kept_by.search("Bedside assessment by a speech and language therapist gave a sensitivity of 47%.")


def test_a_word_two_domains_share_is_said_once_and_a_scan_is_no_surgical_video():
    # a third review of session 44: "never mention “MRI” or “MRI”", and SurgiFlowVid answered a question on MRI
    assert off_domain(("MRI", "MRI")) == "The papers closest to this question never mention “MRI”, so they don't answer it."
    question = "Are there papers applying video diffusion models to MRI or CT volumes?"
    assert lacks_domain(_paper(9, "We generate surgical videos with a video diffusion model."),
                        asked_domains(question, VIDEO_COLLECTION))


def test_a_clinical_abstract_holds_a_scan_in_its_own_words():
    # "ultrasound-scored synovitis" / "power Doppler US": two PubMedQA tune questions abstained (session 44)
    question = "Does ultrasound-scored synovitis depend on the pharmacokinetics of anti-TNF agents?"
    assert not lacks_domain(_paper(9, "Synovitis was scored by power Doppler US in 40 patients."),
                            asked_domains(question, VIDEO_COLLECTION))
