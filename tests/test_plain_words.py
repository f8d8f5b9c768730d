"""rag/answer/plain_words.py: the field's term is written after a plain description of it."""

from __future__ import annotations

import pytest

import rag
from rag.answer.plain_words import with_field_terms


@pytest.mark.parametrize(("text", "expected"), [
    ("Which papers make LLMs smaller?", "Which papers make LLMs smaller (model compression)?"),
    ("Which papers distill a big model into a small one?",
     "Which papers distill a big model into a small (knowledge distillation) one?"),
    ("That benchmark of first-person video streams", "That benchmark of first-person (egocentric) video streams"),
    ("models describing things that aren't really in the picture",
     "models describing things that aren't really in the picture (hallucination)"),
    ("models that forget earlier tasks", "models that forget earlier tasks (catastrophic forgetting)"),
    ("inputs longer than what they saw during training",
     "inputs longer than what they saw (length extrapolation) during training"),
    # video that is still coming in, a view for each eye (read set DX, session 41)
    ("reacting to video while it is still arriving live", "reacting to video while it is still arriving (streaming) live"),
    ("answering over live camera feeds", "answering over live camera feeds (streaming)"),
    ("turns ordinary video into left/right-eye footage", "turns ordinary video into left/right-eye footage (stereo video)"),
    ("models that answer questions about live video", "models that answer questions about live video (streaming)"),
    ("Which papers use fewer bits for the weights?", "Which papers use fewer bits (quantization) for the weights?"),
    # where a model runs, what films it, what it takes in and keeps (second reviews qp and qq of session 47)
    ("a split with the big model in the datacenter and the on-device part",
     "a split with the big model in the datacenter (cloud) and the on-device part (edge)"),
    ("turning normal single-camera footage into 3D", "turning normal single-camera (single-view) footage into 3D (stereo video)"),
    ("models that read body-joint data", "models that read body-joint data (skeleton)"),
    ("the latents have a huge value range", "the latents have a huge value range (dynamic range)"),
    ("limiting how much it has to remember", "limiting how much it has to remember (bounded memory)"),
    # a rival network catching the generator out, numbers stored with less precision (read set EK, session 48)
    ("one network generates content while a rival network tries to catch it out",
     "one network generates content while a rival network (GANs) tries to catch it out"),
    ("storing its numbers with less precision", "storing its numbers with less precision (quantization)"),
    # an engineer's and a mathematician's words (second reviews qr and qs of session 48)
    ("cheap devices near the camera", "cheap devices near the camera (edge)"),
    ("what's the eval suite they released?", "what's the eval suite (benchmark) they released?"),
    ("which model turned out to learn from fewer examples?", "which model turned out to learn from fewer examples (data efficiency)?"),
    ("hyperparameters tuned on narrow networks carry over to wide ones",
     "hyperparameters tuned on narrow networks carry over to wide (transfer) ones"),
    # a physicist's plain words (read set EI, session 47: ei015 and ei021 abstained)
    ("why the best tuning knobs found on narrow networks carry over so well to much wider ones",
     "why the best tuning knobs (hyperparameters) found on narrow networks carry over so well to much wider (transfer) ones"),
    ("a paper on linear separators passing through the origin",
     "a paper on linear separators (halfspaces) passing through the origin (homogeneous)"),
    ("What do the authors split apart?", "What do the authors split apart (decomposition)?"),
    # the sound a few words from the pictures (read set EI, ei034 abstained)
    ("Which papers bring the sound track, the audio, into play together with the pictures when they model video?",
     "Which papers bring the sound track, the audio, into play together with the pictures (audio-visual) when they model "
     "video?"),
    ("papers on skipping layers in LLMs", "papers on skipping layers (layer pruning) in LLMs"),
    ("tokens that soak up most attention", "tokens that soak up most attention (attention sink)"),
    ("why ripping layers out of an LLM tanks it", "why ripping layers (layer pruning) out of an LLM tanks it"),
    ("removing whole sections of a large language model",
     "removing whole sections of a large language model (layer pruning)"),
    ("anything on spotting weird events in footage?", "anything on spotting weird events (anomaly detection) in footage?"),
    ("a paper on flagging unusual events in camera footage?", "a paper on flagging unusual events (anomaly detection) in camera "
     "footage?"),  # (fresh set EH, read in session 46)
    ("the enormous values that show up in a few hidden units",
     "the enormous values (massive activations) that show up in a few hidden units"),  # dev b411
    ("those enormous outlier values in hidden states", "those enormous outlier values (massive activations) in hidden states"),
    ("stops vision chatbots from lying", "stops vision chatbots (multimodal large language models) from lying"),
    ("a video chatbot that watches", "a video chatbot (Video-LLMs) that watches"),
    ("text generators that write many words at once", "text generators that write many words at once (parallel decoding)"),
    ("the work that synthesises operating-room footage", "the work that synthesises operating-room footage (surgical video)"),
    ("people rated streamed video quality on phones", "people rated streamed video quality (quality assessment) on phones"),
    ("a model that scrubs out people's faces", "a model that scrubs out people's faces (privacy)"),
    ("run past the sequence length it was trained on", "run past the sequence length it was trained on (length extrapolation)"),
    ("papers that open up a language model's 'brain'",  # read set CT, ct031
     "papers that open up a language model's 'brain' (interpretability)"),
    ("which look layer by layer at it", "which look layer by layer (interpretability) at it"),
    ("make artificial videos to give a model practice", "make artificial videos (synthetic data) to give a model practice"),
    ("understand heavily squished, low-quality pictures", "understand heavily squished, low-quality pictures (compressed images)"),
    ("linear classifiers through the origin", "linear classifiers (halfspaces) through the origin"),  # read set CS, cs015
    ("linear classifications through the origin", "linear classifications (halfspaces) through the origin"),  # spelt as indexed
    ("which model topped the leaderboard?", "which model topped the leaderboard (best performance)?"),  # session 44
    ("how many handsets did they use", "how many handsets (mobile devices) did they use"),  # session 44
    ("papers making video diffusion models cheaper or faster to run?",
     "papers making video diffusion models cheaper or faster to run (inference acceleration)?"),  # fresh sets EC, ED
    ("extend a model past its training length without retraining",
     "extend a model past its training length (length extrapolation or context extension) without retraining "
     "(training-free)"),  # session 44
    ("iclr papers that cut down the number of visual tokens",
     "iclr papers that cut down the number of visual tokens (token compression)"),  # session 44 review
    ("in the noiseless case", "in the noiseless case (realizable)"),
    ("turns stick-figure body-movement recordings into pictures",
     "turns stick-figure body-movement (skeleton) recordings into pictures"),
    ("generalize to sequences much longer than the model was trained on",  # read set CT, ct028
     "generalize to sequences much longer than the model was trained on (length extrapolation)"),
    ("models that learn a sequence of tasks one after another",
     "models that learn a sequence of tasks one after another (continual learning)"),
    ("a student model ends up sharing its teacher's taste", "a student model ends up sharing its teacher's (knowledge distillation) taste"),
    ("handle a live camera feed?", "handle a live camera feed (streaming)?"),
    ("sound in addition to the pictures in a video", "sound in addition to the pictures (audio-visual) in a video"),
    ("the popular method for adjusting a model's internal numbers", "the popular method for adjusting a model's internal numbers (optimizer)"),
    ("anything that pokes inside LLM layers?", "anything that pokes inside LLM layers (interpretability)?"),
    ("the model compares only a selected portion of the video pieces",
     "the model compares only a selected portion of the video pieces (sparse attention)"),
    ("turns regular 2D videos into side-by-side 3D", "turns regular 2D videos into side-by-side 3D (stereo video)"),
    ("the model decides which frames of a video to look at", "the model decides which frames of a video to look at (frame selection)"),
    ("rather than sampling at even intervals", "rather than sampling at even (frame selection) intervals"),
    ("Patients confabulate. The model version of that?", "Patients confabulate (hallucination). The model version of that?"),
    ("answers not grounded in the image", "answers not grounded in the image (hallucination)"),
    # session 32 (read sets BZ, CA)
    ("papers that handle audio + video together", "papers that handle audio + video (audio-visual) together"),
    ("get AI to use what it hears, not just what it sees", "get AI to use what it hears, not just what it sees (audio-visual)"),
    ("why cutting layers out of an llm tanks it", "why cutting layers (layer pruning) out of an llm tanks it"),
    ("a teacher AI passed a preference on to its student", "a teacher AI passed a preference on to its student (knowledge distillation)"),
    ("huge outliers inside chatbots", "huge outliers (massive activations) inside chatbots (large language models)"),
    ("which learns from fewer examples?", "which learns from fewer examples (data efficiency)?"),
    ("Which video chatbots answer?", "Which video chatbots (Video-LLMs) answer?"),  # not large language models
    ("detecting or understanding abnormal events in video", "detecting or understanding abnormal events (anomaly detection) in video"),
    ("answers that aren't supported by the image", "answers that aren't supported by the image (hallucination)"),
    ("look inside (video) language models layer by layer", "look inside (video) language models (interpretability) layer by layer"),
    ("combine the audio track with the video frames", "combine the audio track with the video (audio-visual) frames"),
    # a word of the term is no term ("models" in "shrinking models")
    ("papers about shrinking models so they're cheaper", "papers about shrinking models (model compression) so they're cheaper"),
    ("describing things that aren't actually present in the image",
     "describing things that aren't actually present (hallucination) in the image"),  # read set DB, db025
    ("run a model past the seq length / horizon it was trained on",
     "run a model past the seq length / horizon it was trained on (length extrapolation)"),  # read set DB, db033
    # a video generator is a video diffusion model (read sets CY, DC)
    ("a pretrained video generator against an LLM", "a pretrained video generator (video diffusion models) against an LLM"),
    # read sets DD, DE (session 36): audio beside the frames, systems that make new video, answers not backed by what
    # is in the image, parity and initialization in everyday words
    ("which take the audio track as input too, not just frames?",
     "which take the audio track as input too, not just frames (audio-visual)?"),
    ("not just the frames but also the audio", "not just the frames but also the audio (audio-visual)"),
    ("AI systems that create new video", "AI systems that create new video (video generation)"),
    ("answers that aren't backed by what's actually in the image",
     "answers that aren't backed by what's actually in the image (hallucination)"),
    ("tasks like 'is the number of 1s odd or even'", "tasks like 'is the number of 1s odd or even (parity)'"),
    ("something about where training starts", "something about where training starts (initialization)"),
    # read sets DG, DH: joints over time, surprise, robustness, imbalance, synthetic data, a head-mounted camera
    ("converted motion-capture joint sequences into pictures",
     "converted motion-capture joint sequences (skeleton) into pictures"),
    ("chooses frames by how unexpected a moment is", "chooses frames by how unexpected a moment (surprise) is"),
    ("a more attack-resistant teacher", "a more attack-resistant (adversarially robust) teacher"),
    ("to rebalance the training data", "to rebalance the training data (data imbalance)"),
    ("footage from a head-mounted camera", "footage from a head-mounted camera (egocentric)"),
    # hallucination and continual learning in more everyday words (dev p049, bn004, bd030, bn006: such lists abstained)
    ("stop LLMs from saying things not supported by what they're shown",
     "stop LLMs from saying things not supported (hallucination) by what they're shown"),
    ("saying things the picture or video doesn't back up", "saying things the picture or video doesn't back (hallucination) up"),
    ("we keep adding new tasks to a model and it gets worse at the old ones",
     "we keep adding new tasks to a model and it gets worse at the old (continual learning) ones"),
    ("transferring models across environments", "transferring models across environments (domain adaptation)"),
    ("lowering numerical precision", "lowering numerical precision (quantization)"),  # dev bj030
    ("papers localizing when something happens in a video given a text query",
     "papers localizing when something happens (temporal grounding) in a video given a text query"),
    # classes too rare in the data (dev w402, bq029: such lists abstained)
    ("papers that synthesize examples for rare classes", "papers that synthesize examples for rare classes (data imbalance)"),
    ("our labels are long-tailed", "our labels are long-tailed (data imbalance)"),
    # (session 36 left this unglossed; glossed, its list is the scene-graph paper alone, no longer with another beside it)
    ("Which scene graph papers address the lack of examples for rare classes?",
     "Which scene graph papers address the lack of examples for rare classes (data imbalance)?"),
    # a film archive's words (read set DQ, session 39: its list abstained)
    ("repairing old footage - filling in missing bits of the picture or making blurry, low-resolution video sharper?",
     "repairing old footage - filling in missing bits (inpainting) of the picture or making blurry, low-resolution video "
     "sharper (super-resolution)?"),
    ("models that upscale video", "models that upscale video (super-resolution)"),
    ("video generation / editing / upscaling models", "video generation / editing / upscaling (super-resolution) models"),
    ("Which papers turn 2D films into 3D?", "Which papers turn 2D films into 3D (stereo video)?"),
    ("Which papers fill in missing or damaged parts of video frames?",
     "Which papers fill in missing or damaged parts (inpainting) of video frames?"),
    # a game developer's and an archivist's words for what the abstracts name (read sets DP, DQ, session 39: each
    # described paper abstained)
    ("a detector that strips out faces", "a detector that strips out faces (privacy)"),
    ("turns ordinary single-camera video into left/right-eye 3D clips",
     "turns ordinary single-camera (single-view) video into left/right-eye 3D (stereo video) clips"),
    ("when the images have been heavily squashed to save storage",
     "when the images have been heavily squashed (compressed images) to save storage"),
    ("why ripping certain layers out of an LLM breaks it", "why ripping certain layers (layer pruning) out of an LLM breaks it"),
    ("how much the model has to revise what it thought was going on",
     "how much the model has to revise what it thought (surprise) was going on"),
    ("a teacher's quirky preference (favourite animal) leaks into the student",
     "a teacher's quirky preference (favourite animal) leaks into the student (knowledge distillation)"),
    ("finds the stretch of a video matching a written sentence",
     "finds the stretch of a video matching a written sentence (temporal grounding)"),
    ("should you prune before you quantize?", "should you prune before you quantize (compression order)?"),
    ("home movies shot from the camera operator's own point of view",
     "home movies shot from the camera operator's own point of view (egocentric)"),
    ("missing or damaged patches in the frames. Anything on filling those in without the patch wobbling from frame to frame?",
     "missing or damaged patches in the frames. Anything on filling those in (inpainting) without the patch wobbling from "
     "frame to frame (temporal consistency)?"),
    ("Which papers use the sound together with the picture?",
     "Which papers use the sound together with the picture (audio-visual)?"),
    # read sets EE and EF (session 45)
    ("Why does an LLM break when you cut out some of its layers?",
     "Why does an LLM break when you cut out some of its layers (layer pruning)?"),
    ("Is there a study on removing certain blocks of an LLM?", "Is there a study on removing certain blocks of an LLM "
     "(layer pruning)?"),
    ("which methods handle longer sequences or videos than it was trained on?", "which methods handle longer sequences "
     "or videos than it was trained on (length extrapolation or context extension)?"),
    ("Which works tackle LLMs producing text that is not grounded in the visual input?", "Which works tackle LLMs "
     "producing text that is not grounded in the visual input (hallucination)?"),
    ("Which papers tackle models making up content?", "Which papers tackle models making up content (hallucination)?"),
    # a second review of session 49 (qu049 lost SPIKE, which names GRPO only; qt046 abstained)
    ("which iclr papers use reinforcement learning for the video models?",
     "which iclr papers use reinforcement learning (GRPO) for the video models?"),
    ("Which papers get models to keep working on sequences far longer than the ones they were trained on?",
     "Which papers get models to keep working on sequences far longer than the ones they were trained on (length "
     "extrapolation)?"),
])
def test_a_plain_description_gets_the_fields_term(text, expected):
    assert with_field_terms(text) == expected


@pytest.mark.parametrize("text", [
    "Which papers do model compression to make LLMs smaller?",  # the term is there already
    "What speedup does Veda report?",
    "Which papers use egocentric video?",
    "Do these papers have smaller models?",  # no description of compressing one
    "Which papers do anomaly detection on weird events?",  # the term is there already
    "Which papers look at only a few frames of each video?",  # frame selection's words, not sparse attention's
    "Where does the model fail, in rare cases?",
    "Which papers say things about video that are not supported by experiments?",  # no thing said of an image
    "Which papers add new tasks to the benchmark?",  # nothing old lost
    # the second review's (session 38): what text models say, the precision of a metric, hyperparameters transferring
    "Which papers address LLMs saying things not supported by their sources?",
    "Which papers lower the precision of the evaluation metric?",
    "Which papers show hyperparameters transfer across settings like model width?",
    "token pooling inside video LLMs, not choosing which frames to keep?",  # frame selection set aside (dev br030)
    # the second review's over-matches
    "Which papers train on huge numbers of videos?",
    "Which papers use extreme values for the learning rate?",
    "Which papers spot strange behaviour in distilled students?",
    "Which papers strip out blocks of the KV cache?",
    "Which papers delete blocks of video tokens?",
    "Which papers study methods for updating the network's parameters during inference?",
    "Which methods compare to only a few baselines?",
    "Which papers trade off frame rate and video quality?",
    "Does SCOPE score well on video quality?",  # a score on it, no assessment of it
    "Which papers compress video and audio quality?",  # no audio-visual understanding
    "What does the model see when it watches the clip?",
    "Which papers report audio and video compression rates?",
    "I hear SCOPE is good at watching long videos.",  # I'm told (second review)
    "Which papers compress audio and video streams for transmission?",
    "Which papers handle documents much longer than the model saw during training in retrieval?",  # (second review)
    "what metric did the paper on hallucinations in text-to-video generators propose?",  # a near topic's words (z9064)
    "Which video generative models use adversarial training?",  # no diffusion's (second review)
    "Which paper builds a stereo video generation model from single-view video?",
    "models that generate new video captions",  # made from a video, not a video made (session 36)
    "Which papers create new video data for training MLLMs?",  # (second review)
    "Which paper creates new video QA pairs for training?",
    "Which papers make original videos shorter by dropping redundant frames?",
    "Which papers use speech recognition, not only lip reading?",  # no frames set beside the sound
    "gets video models to notice the unexpected moments",  # (dev db020 fell under the cut with it)
    # the second review's (session 36): joints of no body, cameras worn elsewhere
    "Which papers track joint trajectories of the camera and objects?",
    "Which papers use helmet-mounted cameras for cycling safety?",
    "Which papers upscale the training compute?",  # (session 39) no picture made sharper
    "Which papers fill in missing values of a time series?",
    "Which papers strip out redundant tokens?",  # no faces
    # the second review's (session 39): text, images and speech have no stretch of a video; a story plays out; a fixed
    # aspect ratio is no compression; a 3D scene is no stereo video; pictures made clearer for a model or a reader, a
    # learning rate, a context upscaled; a model's answers flickering; distilling before pruning
    "Which papers find the span of text in a document that answers a query?",
    "Which papers locate the portion of an image described by a caption?",
    "Which papers find the segment of speech matching a text transcript?",
    "Which papers track how characters develop as the movie plays out?",
    "Which papers study what happens when images are squashed to a fixed aspect ratio?",
    "Which papers turn ordinary phone video into 3D scene reconstructions?",
    "Which papers make images clearer for the model by adding visual prompts?",
    "Which papers upscale the learning rate with model width?",
    "which papers upscale their context to 64K tokens?",
    "Which papers keep the model's answers from flickering from frame to frame?",
    "does anyone distill before they prune?",
    "Which papers quantize the weights after training?",  # one compression, no order
])
def test_a_question_without_a_plain_description_is_left_as_it_is(text):
    assert with_field_terms(text) == text


def test_a_list_in_plain_words_finds_the_papers_of_its_term(built_settings):
    # dev b413 and read set BQ, bq028 abstained on such lists
    answer = rag.ask("Which papers distill a big model into a small one?", settings=built_settings)
    assert not answer.abstained
    assert answer.citations and all("distill" in c.paper.text.lower() for c in answer.citations)


def test_the_words_of_a_plain_description_are_known():
    # "huge outlier values" no abstract writes, its field term stands for them (read set CA, ca015)
    from rag.answer.plain_words import described_terms

    assert {"huge", "outlier", "valu"} <= described_terms("where the huge outlier values inside chatbots first appear")
    assert described_terms("What speedup does Veda report?") == frozenset()


def test_the_glosses_come_out_again_for_the_model():
    from rag.answer.plain_words import without_field_terms

    question = "Which work turns ordinary monocular videos into side-by-side 3D video?"
    glossed = with_field_terms(question)
    assert glossed != question and without_field_terms(glossed) == question
