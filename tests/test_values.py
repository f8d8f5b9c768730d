"""rag/answer/values.py: does a sentence hold the value asked for, or only the attribute's words?"""

from __future__ import annotations

import pytest

from rag.answer.asks import asks
from rag.answer.understand import Question
from rag.answer.closest_answer import named_in_answer
from rag.answer.stated import stated_details
from rag.answer.values import (_initials, holds_value, missing_details, unnamed, unvalued_details,
                               value_kind)
from rag.corpus.terms import terms
from rag.types import Hit, Paper

QUESTION = "Which three LLM backbones were used to test modality-mutual attention?"


@pytest.mark.parametrize(("phrase", "kind"), [
    ("number of stereo pairs", "number"),
    ("amount of latency reduction", "number"),
    ("speedup", "number"),
    ("three LLM backbones", "names"),
    ("video anomaly detection datasets", "names"),
    ("autoregressive video generator", "names"),
    ("proposed framework called", ""),
    ("two main components", ""),
    ("learning rate", "number"),  # a rate is a quantity (fresh set AL, al035)
    ("share", "number"),  # ... and so is a share of something (dev c017)
    ("training time", "number"),
    # what a quantity is measured against leaves it a quantity (read set DD, dd001); a gain alone is no quantity
    ("fps gain vs the baselines", "number"),
    ("speedup over FlashAttention", "number"),
    # ... nor what it is measured against ("the frames-per-second gain over the baselines" asks no baselines' names:
    # fresh set EB, eb003); a memory measured is a quantity (eb043)
    ("gain over the baselines", ""),
    ("frames-per-second gain over the baselines", ""),
    ("peak GPU memory", "number"),
    ("GAN", "names"),  # a kind of model by its acronym (fresh set EG, read in session 46)
    ("memory footprint", "number"),
])
def test_the_kind_of_value_a_detail_wants(phrase, kind):
    assert value_kind(phrase) == kind


@pytest.mark.parametrize(("sentence", "wants", "holds"), [
    ("We validate on three surgical datasets.", "names", False),  # words, no dataset named
    ("MMA reaches +6.2% on average across 3 LLMs backbones.", "names", False),  # its acronym and the asked word
    ("We fine-tune LLaMA-2 and Qwen2.5 backbones.", "names", True),
    ("We evaluate on UCF-Crime and XD-Violence.", "names", True),
    ("It is a plug-in for GANs.", "names", False),  # the question's own word "GAN"
    ("Most MLLMs are built on decoder-only LLMs.", "names", False),  # an acronym around the question's "LLM"
    ("across 3 LLMs backbones", "number", True),
    ("featuring over 7 million stereo pairs", "number", True),
    ("We validate on three surgical datasets.", "number", True),
    ("Our method speeds up decoding markedly.", "number", False),
])
def test_a_value_is_a_name_beyond_the_questions_own_words_or_a_quantity(sentence, wants, holds):
    question = f"{QUESTION} Which GAN does it plug into?"
    assert holds_value(sentence, wants, ["mma"], terms(question), _initials(question)) is holds


BENCH_OWN = "We present Benchy-Bench, a test of video captioning. Models fail on it."
TOKENIZER = ("We present Tokr, an adaptive video tokenizer. Empirical results show state-of-the-art compression, "
             "achieving 2.3× compression rates. We also train Tokr-7B, a video language model on its tokens.")
SCOPER = "We introduce Scoper, a cloud-edge system. Experiments on Video-MME and LongVideoBench show that it is accurate."
SPARSE = "We propose Sparr, a sparse attention method. On Waver-T2V-12B it reaches a 5.1× speedup."


def _asks(text: str, name: str):
    return asks(Question(text=text, standalone=text, venue=None, year=None, kind="fact", written=(name,)), name)


def _hit(title: str, text: str) -> Hit:
    return Hit(paper=Paper(id=title.lower(), title=title, venue="ICML", year=2026, abstract=text, text=text,
                           source="f", position=1, title_derived=True), score=1.0)


@pytest.mark.parametrize(("title", "text", "question", "stated"), [
    # the quantity noun is not written ("rates" for "ratio"): the detail's other word beside a quantity states it
    ("Tokr", TOKENIZER, "What compression ratio does Tokr reach?", {"compression ratio"}),
    # a model named with its size states its parameter count; another model's size ("Waver-T2V-12B") does not
    ("Tokr", TOKENIZER, "How many parameters does Tokr have?", {"number of parameters"}),
    ("Sparr", SPARSE, "How many parameters does Sparr have?", set()),
    # a specific quantity noun ("GPU hours") must be written: no sentence states it
    ("Sparr", SPARSE, "How many GPU hours did Sparr take?", set()),
    ("Sparr", SPARSE, "What learning rate does Sparr use?", set()),
    # evaluation data named by an experiments sentence, without the word "benchmark"
    ("Scoper", SCOPER, "Which benchmarks was Scoper tested on?", {"benchmarks", "which benchmarks"}),
    ("Sparr", SPARSE, "Which benchmarks was Sparr tested on?", set()),  # "Waver-T2V-12B" is a model, no experiments
    # a benchmark's name says what it is, with no "experiments … on" beside it
    ("Editr", "We propose Editr. Editr cuts latency by 60% while surpassing prior methods across EditVerseBench and "
     "IVE-Bench.", "Which benchmarks does Editr beat?", {"benchmarks", "which benchmarks"}),
    ("Benchy", BENCH_OWN, "Which benchmarks was Benchy-Bench evaluated on?", set()),  # its own name is no answer
    # a score never written as "score": a number beside the benchmark asked about (fresh set S, s010)
    ("Mochat", "We fine-tune Mochat on video QA. Mochat achieves 48.1% on FAVOR-Bench.",
     "What score does Mochat get on FAVOR-Bench?", {"score"}),
    # an accuracy written as a percentage beside the task's words (dev o036)
    ("Muse", "We propose Muse. Muse beats its teacher in linear probing (85.2% vs. 82.5%).",
     "What linear probing accuracy does Muse get?", {"linear probing accuracy"}),
    # a share written as a percentage beside the asked words (dev c017, p037)
    ("Pathr", "We present Pathr. Models keep their accuracy while suppressing 58% of attention edges.",
     "What share of attention edges can Pathr suppress?", {"share"}),
    # a speed-up given as a cut in latency (a probe of session 26, ISA); a speed word with no figure states none
    ("Editr", "We propose Editr. Editr achieves a ~60% reduction in latency across EditVerseBench.",
     "What speedup does Editr report?", {"speedup"}),
    ("Editr", "We propose Editr. Editr delivers lossless acceleration. It beats 3 baselines on quality.",
     "What speedup does Editr report?", set()),
    ("Editr", "We propose Editr. Editr reaches 82.5% accuracy. It has lower latency.", "What speedup does Editr report?",
     set()),  # the figure and the speed word in different sentences
    ("Editr", "We propose Editr. Editr runs in real time at 30 fps with low latency.", "What speedup does Editr report?",
     set()),  # a rate, no speed-up    # a margin given by the figure it wins by (read set BF, bf065: "does not report its margin" above "… by 3.8%")
    ("Bayes", "We propose Bayes. It surpasses the previous best on the MMVU benchmark by 3.8%.",
     "By what margin does Bayes surpass the previous best on MMVU?", {"margin"}),
    ("Bayes", "We propose Bayes. It surpasses the previous best on the MMVU benchmark.",
     "By what margin does Bayes surpass the previous best on MMVU?", set()),
    # a corpus named in an evaluation (read set DH, session 36: dh006), not one trained on (second review)
    ("Interp", "We propose Interp. Evaluation shows that Interp extends models to 64K tokens on PG-19 perplexity and "
     "LongBench.", "On which long-book corpus was Interp's perplexity measured?", {"long-book corpus", "which long-book corpus"}),
    # the quantity noun as written, a kind word ("gain", "figure") or one an abstract never writes beside its figure
    # ("advantage", "degree", "saving"): fresh sets DN and DO of session 37 had said "does not report" above the figure
    ("Flowr", "We propose Flowr. It improves narration over strong baselines, achieving 3× higher throughput (FPS).",
     "Does Flowr quantify its throughput advantage over the baselines?", {"throughput advantage"}),
    ("Forcer", "We propose Forcer. Together, these components enable over 12× length extrapolation.",
     "What degree of length extrapolation does Forcer claim?", {"degree"}),
    ("Synth", "We propose Synth. Its synthetic data yields consistent gains of 10–20% over competitive baselines.",
     "What performence gain does Synth yield?", {"performence gain"}),
    ("Sparr", SPARSE.replace("5.1× speedup", "5.1× end-to-end speedup"), "What's Sparr's end-to-end figure?",
     {"end-to-end figure"}),
    ("Distl", "We propose Distl. Compared to DMD, Distl achieves an approximately ~3× training speedup.",
     "What's the reported saving in training cost for Distl?", {"reported saving"}),
    # ... but never without a figure beside those words
    ("Flowr", "We propose Flowr. It improves narration over strong baselines with a higher throughput.",
     "Does Flowr quantify its throughput advantage over the baselines?", set()),
    ("Synth", "We propose Synth. Its synthetic data yields consistent gains over competitive baselines.",
     "What performance gain does Synth yield?", set()),
    # a dataset's size is counted in its samples (dev w356)
    ("Turner", "Turner achieves strong results using only ~8K training samples.", "What dataset size did Turner train on?",
     {"dataset size"}),
    # the model a paper beats, where it says so (dev c061, bl065), not a paper beating none
    ("Captioner", "Captioner achieves state-of-the-art performance, surpassing Gemini-2.5-Pro, on dense captioning.",
     "Which closed-source model does Captioner beat?", {"closed-source model", "which closed-source model"}),
    ("Captioner", "Captioner achieves state-of-the-art performance on dense captioning.",
     "Which closed-source model does Captioner beat?", set()),
    ("Hypo", "Hypo first samples a set of hypotheses and refines them on six benchmarks.",
     "What dataset size does Hypo train on?", set()),  # a verb, no count of samples (second review)
])
def test_a_quantity_is_stated_beside_the_details_other_words(title, text, question, stated):
    assert stated_details(_hit(title, text), _asks(question, title), question) == stated


LOOPER = ("We present Looper, a long-video QA framework. Looper attains up to 8.6% with 50% less frame input on "
          "temporal grounding (e.g., Charades-STA, ActivityNet-Captions).")


@pytest.mark.parametrize(("title", "text", "question", "stated"), [
    # the head noun ("benchmarks") never written: the detail's other words beside a name state it (fresh w817)
    ("Looper", LOOPER, "Which temporal grounding benchmarks does Looper report results on?",
     {"temporal grounding benchmarks", "which temporal grounding benchmarks"}),
    # ... but not a number: "50% less frame input" gives no frame rate (dev w347)
    ("Looper", LOOPER, "At how many frames per second does Looper skim?", set()),
    ("Looper", LOOPER, "Which vision backbone does Looper use?", set()),  # no word of it, no name beside it
    # ... a name far from those words names no such thing (fresh set N, n045)
    # which tasks an experiments sentence names, but not how many: "realistic tasks" counts none (fresh set U)
    ("Parbench", "We propose Parbench, a benchmark featuring realistic tasks. Experiments on Parbench show dLLMs fail.",
     "How many tasks does Parbench contain?", set()),
    ("Smoothy", "We propose Smoothy. To smooth slot iterations, we preheat cold-start queries with rich input-feature "
     "information, by a tiny module self-distilled inside OCL.",
     "What feature backbone does Smoothy use to extract image features?", set()),
    # data it builds, introduced by a name that is not the paper's own, though "dataset" is never written (read set
    # AV, av072); asked what data it evaluates on, or when it introduces only itself, no
    ("Looper", "We propose Looper for long videos. We also introduce GroundQA, which turns event graphs into QA.",
     "What dataset does Looper build alongside it?", {"dataset", "which dataset"}),
    ("Looper", "We propose Looper for long videos. We also introduce GroundQA, which turns event graphs into QA.",
     "Which dataset is Looper trained on?", set()),
    ("Looper", "We introduce Looper, a grounding model for long videos.", "What dataset does Looper build?", set()),
    # an acronym the sentence defines is those words again, no dataset of them (read set CC, cc042)
    ("Looper", "Video anomaly detection (VAD) systems overlook privacy. We propose Looper.",
     "Which anomaly detection datasets was Looper evaluated on?", set()),
    ("Looper", "We propose Looper. It helps anomaly detection on UCF-Crime and XD-Violence.",
     "Which anomaly detection datasets was Looper evaluated on?",
     {"anomaly detection datasets", "which anomaly detection datasets"}),
    # a model fine-tuned on another names its backbone without the word (second review of session 37); a model
    # fine-tuned on data names none
    ("Looper", "We propose Looper. Using our data, we fine-tuned LoopChat on Qwen2.5VL-7B.", "Which backbone does Looper use?",
     {"backbone", "which backbone"}),
    ("Looper", "We propose Looper. We fine-tuned LoopChat on our new data.", "Which backbone does Looper use?", set()),
])
def test_a_detail_in_other_words_is_stated_by_its_other_words_beside_a_name(title, text, question, stated):
    assert stated_details(_hit(title, text), _asks(question, title), question) == stated


BENCHY = "We present Benchy, a benchmark for video captioning with 1,000 annotated clips. Models fail on it."
CORPO = ("We introduce Corpo, a training corpus for video reasoning. It comprises 315K examples over 145K videos. "
         "Models trained on Corpo improve.")
PARTSY = "We propose Partsy, a framework consisting of two key components: FocusNet and AugNet. It beats baselines by 3.5%."


@pytest.mark.parametrize(("title", "text", "question", "stated"), [
    # a size never written as "size": a count of things in a sentence naming the paper, or one opening with "It"
    ("Benchy", BENCHY, "How big is Benchy?", {"it"}),
    ("Corpo", CORPO, "What is the size of Corpo?", {"size", "which size"}),
    ("Benchy", BENCHY, "What scale is Benchy?", {"scale", "which scale"}),
    ("Corpo", CORPO, "How much footage does Corpo contain?", {"amount of footage", "which amount of footage"}),
    # ... a gain is no size ("by 3.5%", "5.1× speedup"), and the size of something else is not the paper's
    ("Partsy", PARTSY, "How big is Partsy?", set()),
    ("Sparr", SPARSE, "What is the size of Sparr?", set()),
    ("Corpo", CORPO, "What is the size of Corpo's vocabulary?", set()),
    # ... or a dataset named with its size ("TimeChatCap-42K", dev w361), not a model's parameter count
    ("Capper", "We train Capper on TimeChatCap-42K, our new captioning data.", "What is the size of the training set "
     "used for Capper?", {"size"}),
    ("Capper", "We train Capper-14B on our captioning data.", "What is the size of the training set used for Capper?",
     set()),
    # ... nor a batch of anything ("what batch size did MUSE train with" / "InternViT-300M": a review of session 45)
    ("Muser", "Muser beats its teacher InternViT-300M in linear probing.", "What batch size did Muser train with?", set()),
    # its parts: a sentence naming it that says what it consists of
    ("Partsy", PARTSY, "What are the parts of Partsy?", {"parts"}),
    ("Sparr", SPARSE, "What are the parts of Sparr?", set()),
])
def test_a_papers_own_size_or_make_up_is_stated_in_other_words(title, text, question, stated):
    assert stated_details(_hit(title, text), _asks(question, title), question) == stated


DATASET = "We release Clipset, 40K CC-licensed clips. Clipset trains a model on them."
SCALER = ("We build Scaler, a spatial reasoner, over 38K scenes across 5 spatial scales. Scaler uses scale as an anchor "
          "for scale-aware experts.")
TRAINER = "We present Trainer, a data-efficient learner. It needs only ~8K training samples."


CITIES = ("We build Cities, a benchmark. We collect images from 11 representative cities, and generate questions "
          "through manual annotation.")
EDGER = "We study Edger. Models keep their accuracy while suppressing attention edges, e.g., 58% in LLaVA."
LAGGY = ("Real-time agents face three challenges: (1) achieving low-latency inference and (2) deciding when to speak. "
         "We present Laggy, with superior response latency.")
DISTIL = ("Distribution Matching Distillation (DMD) is a widely used paradigm for accelerating inference in few-step "
          "video diffusion models. We propose Distil, which optimizes the fake score toward the teacher.")
TEACHER = "We propose Muse. Muse outperforms its own teacher InternViT-300M in linear probing (85.2% vs. 82.5%)."
PHONES = "We introduce Phonebench, a subjective dataset collected across more than 300 Android devices."
TIMED = "We present Timed, a streaming decoder. Its decoding latency is 35 ms per token."


@pytest.mark.parametrize(("title", "text", "question", "missing"), [
    ("Clipset", DATASET, "Under what licence is Clipset released?", []),  # written "CC-licensed"
    ("Clipset", DATASET, "What batch size does Clipset train with?", ["batch size"]),
    # the count must sit with the asked noun ("experts"), not beside one of its other words ("5 spatial scales")
    ("Scaler", SCALER, "How many scale-aware experts does Scaler have?", ["number of scale-aware experts"]),
    # ... or with all its other words: "~8K training samples" answers "how much training data" (dev w604)
    ("Trainer", TRAINER, "How much training data does Trainer need?", []),
    # data is counted in samples or examples, whatever sentence holds the word "data" (dev x6006)
    ("Trainer", TRAINER + " Others need far more data.", "How much data do the competing methods need?", []),
    ("Trainer", "We present Trainer, a data-efficient learner. It converges fast.", "How much data does Trainer need?",
     ["amount of data"]),
    # a count must stand with the asked noun, not anywhere in a sentence holding it (dev w1003)
    ("Cities", CITIES, "How many annotators labelled Cities?", ["number of annotators"]),
    ("Cities", CITIES, "How many cities do the Cities images come from?", []),
    ("Edger", EDGER, "How many attention edges can Edger drop?", []),  # the count just after its noun
    # an answer asked in a unit needs a quantity in that unit's dimension beside the detail (dev v437)
    ("Laggy", LAGGY, "What is Laggy's response latency in milliseconds?", ["response latency"]),
    ("Timed", TIMED, "What is Timed's decoding latency in milliseconds?", []),
    # a name must stand beside the detail's words, not anywhere in a sentence holding them (dev w024)
    ("Distil", DISTIL, "Which teacher video diffusion model does Distil distil from?",
     ["which teacher video diffusion model"]),
    ("Muse", TEACHER, "Which teacher does Muse beat in linear probing?", []),
    # "a teacher model" names none, though a name comes a few words later (diagnostic set BI, bi022)
    ("Skel", "We propose Skel. Distillation transfers reasoning from a teacher model, while Discriminative Finetuning "
     "sharpens boundaries.", "Which teacher model does Skel distill from?", ["which teacher model"]),
    ("Skel", "We propose Skel. Skel distills from a teacher model (InternViT-300M).",
     "Which teacher model does Skel distill from?", []),
    # ... but within its phrase, or after "namely" / "such as" (second review)
    ("Skel", "We propose Skel. Skel is distilled from a strong InternVL2-8B teacher.",
     "Which teacher does Skel distill from?", []),
    ("Skel", "We propose Skel. Skel uses a large teacher model, namely InternViT-6B, for this.",
     "Which teacher model does Skel distill from?", []),
    # phones are counted as the devices they are (dev v204, a435)
    ("Phonebench", PHONES, "How many phones was Phonebench collected on?", []),
    ("Phonebench", PHONES, "How many participants rated Phonebench?", ["number of participants"]),
    # the abstract's "VLMs" holds the question's "VLM", and neither it nor its spelled-out words name one; nor does a
    # training recipe (read set CT, ct042)
    ("Turner", "Others rely on external Visual-Language Models (VLMs). Turner uses pure RL post-training.",
     "Which base VLM was Turner post-trained from?", ["which base VLM"]),
    ("Turner", "Turner post-trains the Qwen2.5-VL-7B VLM with pure RL.", "Which base VLM was Turner post-trained from?",
     []),
    ("Turner", "Turner fine-tunes the Video-LLaVA VLM.", "Which base VLM does Turner fine-tune?", []),
    # an LMM is named, and "Recent Large Multimodal Models" spells one out (read set DD, dd039); questions are counted
    # in QAs (read set DE, de063)
    ("Narr", "Recent Large Multimodal Models (LMMs) are ill-suited for streams. We propose Narr.",
     "Which base LMM does Narr sit on?", ["which base LMM"]),
    ("Narr", "Narr builds on the LLaVA-OneVision LMM.", "Which base LMM does Narr sit on?", []),
    ("Vista", "We curate 38K video scenes to create Vista-1M, a dataset comprising 1M spatial QAs.",
     "How many spatial questions does Vista have?", []),
    # a cut is written as a reduction (read set DH, dh007); a claim with no figure gives none (second review)
    ("Editr", "We propose Editr. Editr achieves a ~60% reduction in latency.", "What latency cut does Editr claim?", []),
    ("Companion", "We propose Companion. It achieves superior response latency.", "What latency cut does Companion claim?",
     ["latency cut"]),
    # a class written as a name is no member of it: "a Multimodal Language Model (MLLM)", "diffusion LLMs (dLLMs)"
    # (read sets DG, DH, session 36); a model described around a field's acronym still answers (dev r011)
    ("Caper", "We develop a simple baseline based on a Multimodal Language Model (MLLM).",
     "Which underlying language model did Caper fine-tune?", ["which underlying language model"]),
    ("Parbench", "Diffusion language models (dLLMs) promise parallel decoding. We analyze dLLMs under it.",
     "Which diffusion language models does Parbench test?", ["which diffusion language models"]),
    ("Pointer", "At its core, we introduce a Mamba-enhanced temporal reasoning MLLM.",
     "What kind of temporal model sits at the core of Pointer?", []),
    # footage is written as videos or hours (read sets DP, DQ, session 39), beside what it was for when that is asked
    ("Egobench", "We introduce Egobench, a dataset spanning 170+ hours of egocentric visual observations.",
     "How much footage is in Egobench?", []),
    ("Narr", "We propose Narr. It supports processing of 10× longer videos.", "How much longer footage can Narr take?", []),
    ("Narr", "We propose Narr. It supports processing of 10× longer videos.",
     "How much footage does Narr use for training?", ["amount of footage"]),
    # a norm is written as the normalization it is, a nonlinearity as its activation (dev s014, cq005)
    ("Kern", "We recommend the use of ReLU activation and L2-normalization in the Kern router.",
     "Which nonlinearity and which norm does Kern use?", []),
    # a paper's parts in its own words: modules are its components (second review, session 39)
    ("Pooler", "Specifically, Pooler consists of three core components: an aligner, a pooler and a cache.",
     "What are the three modules in Pooler?", []),
    # footage is counted in videos or hours, not any mention of video (second review, session 39)
    ("Gamer", "We introduce the Gamer Benchmark, a large-scale dataset of live game videos.",
     "How much footage is in the Gamer Benchmark?", ["amount of footage"]),
    # a name apposed before the detail names it; language models are counted in their acronyms; lag is latency (read
    # sets DW, DX, session 41: each said "does not report" above the sentence that does)
    ("Pro", "We introduce the Live Gaming Benchmark, a large-scale dataset with three scenarios, and present Pro.",
     "What dataset does Pro introduce?", []),
    ("Pro", "We present Pro, a framework, and evaluate it on a large-scale dataset.", "What dataset does Pro introduce?",
     ["which dataset"]),
    ("Urban", "Urban tests multimodal models. Through evaluation of 20 state-of-the-art MLLMs, we find Gemini best.",
     "How many multimodal models were put through Urban?", []),
    ("Urban", "Urban tests multimodal models. Through evaluation of the best MLLMs, we find Gemini best.",
     "How many multimodal models were put through Urban?", ["number of multimodal models"]),
    ("Editr", "We propose Editr. Editr achieves a ~60% reduction in latency.", "How much lag does Editr take off?", []),
    # a name five words from the detail's word (a probe of session 41: "does not report which benchmarks" above it)
    ("Spiker", "Spiker is correlated with humans on positive (FunQA) and negative (Oops!) surprise benchmarks.",
     "Which benchmarks does Spiker correlate with humans on?", []),
    # ... but not named things a modifier tells apart (dev pa103)
    ("Spiker", "Spiker is correlated with humans on positive (FunQA) and negative (Oops!) surprise benchmarks. "
     "With it, we achieve gains on five downstream benchmarks.", "What are the five downstream benchmarks Spiker improves on?",
     ["which five downstream benchmarks"]),
    # a score as accuracy, an eval as evaluation, a rate as an order of growth; asked after a remark and a dash, or with
    # another asking between dashes (read sets DY, DZ, session 42)
    ("Chat", "Chat attains 48.3% overall accuracy on FAVOR-Bench.", "What score did Chat get on FAVOR-Bench?", []),
    ("Vista", "We create Vista-1M, a dataset comprising 1M spatial QAs.", "How many qa pairs does Vista have?", []),
    ("Halves", "In the realizable case, every hypothesis has error $O(1/n)$.", "realizable case — what's the error rate?",
     []),
    ("Halves", "In the realizable case, every hypothesis has a small error.", "realizable case — what's the error rate?",
     ["error rate"]),
    ("Upi", "Upi extends Mamba to 64K tokens with only a few auxiliary forward passes.",
     "Upi needs few auxiliary forward passes — what is exact number of passes?", ["number of passes"]),
    ("Veda", "A hardware-efficient kernel converts sparsity into speedups.",
     "What hardware — which GPUs — did the Veda team use?", ["GPUs"]),
    ("Narr", "Narr streams narration of egocentric video.", "Narr training hyperparameters: which learning rate and "
     "batch size they use?", ["learning rate", "batch size"]),
    # hardware of a place is still hardware; a bare count after its statement (read set EE; a review of session 45)
    ("Scoper", "Scoper thinks in the cloud and looks at edges.", "What edge hardware does Scoper run on?",
     ["edge hardware"]),
    ("Veda", "A hardware-efficient kernel converts sparsity into speedups.", "What GPU hardware does Veda use?",
     ["GPU hardware"]),
    ("Upi", "Upi extends Mamba to 64K tokens with only a few auxiliary forward passes.",
     "Upi needs a few auxiliary forward passes - how many exactly?", ["number of auxiliary forward passes"]),
    ("Veda", "Veda distills sparse attention.", "What does Veda report for its learning rate?", ["learning rate"]),
    # datasets as the benchmarks an abstract tests on: named or not (a second review of session 45)
    ("Ogd", "Experiments on multiple benchmarks corroborate our predictions.", "Which datasets did Ogd run on?",
     ["which datasets"]),
    ("Spiker", "Spiker is correlated with humans on positive (FunQA) and negative (Oops!) surprise benchmarks.",
     "Which datasets did Spiker compare against people on?", []),
])
def test_a_detail_is_missing_without_its_words_or_beside_them_without_its_value(title, text, question, missing):
    hit, found = _hit(title, text), _asks(question, title)
    assert (missing_details(hit, found) or unvalued_details(hit, found, question)) == missing


FOOTAGE = "We introduce Egobench, a dataset spanning 170+ hours of egocentric video. Models trained on it improve."
SINKS = "We present Sinker. It enables 12x length extrapolation (e.g., 5s clips → 60s+) at the same speed."


@pytest.mark.parametrize(("title", "text", "question", "stated"), [
    # a duration asked by its noun is stated by a quantity of time, in whatever words (dev w360)
    ("Egobench", FOOTAGE, "What is the total duration of footage in Egobench?", {"total duration"}),
    # ... with the detail's other words beside it: a video length is no training time
    ("Sinker", SINKS, "What is Sinker's inference latency?", set()),
    ("Egobench", FOOTAGE, "What is Egobench's inference latency?", set()),
])
def test_a_duration_or_memory_is_stated_by_a_quantity_of_its_dimension(title, text, question, stated):
    found = stated_details(_hit(title, text), _asks(question, title), question)
    # "total duration" asked alone wants a quantity, and a size asked of the paper itself is stated in both forms
    # the lacking lists use ("total duration", "which total duration")
    assert {s.removeprefix("which ") for s in found} == stated


@pytest.mark.parametrize(("text", "question", "missing"), [
    # a benchmark the question names that the abstract never writes: it does not report anything about it
    ("V-LynX excels at audio-visual QA and 3D reasoning.", "What does it score on Charades-STA?",
     ["anything about Charades-STA"]),
    ("ViTL attains 8.6% on temporal grounding (e.g., Charades-STA).", "What does it score on charades-sta?", []),
    ("ViTL attains 8.6% on temporal grounding (e.g., Charades STA).", "What does it score on Charades-STA?", []),
    # the abstract's own name with a typo, a plural acronym, the paper's own name, a venue: none is missing
    ("We further introduce OPGD, which adds a penalty.", "What does OPDG add?", []),
    ("We test three LLM backbones.", "Which LLMs does it use?", []),
    ("We propose a method.", "What does V-LynX score at ICML?", []),
    # a compound is its name-like part's; a question in capitals names nothing by its capitals
    ("Infants given IgM‐enriched immunoglobulins.", "Are IgM-enriched immunoglobulins effective?", []),
    ("It follows UNICEF guidance.", "Are UNICEF-recommended milks appropriate?", []),
    ("We test on Charades and ActivityNet.", "What does it score on Charades-STA?", ["anything about Charades-STA"]),
    ("The prevalence in pregnant women.", "PREVALENCE OF STREPTOCOCUS AGALACTIAE IN PREGNANT WOMEN?", []),
    # a field's acronym names no benchmark or model ("beat SOTA")
    ("It surpasses state-of-the-art methods.", "Which benchmarks does it beat SOTA on?", []),
    # software named in lower case as people type it (dev ab11057, ad13005), and held when the abstract writes it
    ("A tile-skipping kernel converts sparsity into speed.", "kernel written in triton or cuda?",
     ["anything about triton", "anything about cuda"]),
    ("We show that staged languages like JAX enable generic manipulations.", "is it jax or pytorch?",
     ["anything about pytorch"]),
])
def test_a_name_the_question_writes_is_missing_when_the_abstract_never_writes_it(text, question, missing):
    assert unnamed(_hit("V-LynX", text), question, ("V-LynX",), frozenset({"icml"})) == missing


def test_a_typo_of_a_name_only_the_title_writes_is_no_other_name():
    # the question is checked as typed (a model's name spelling correction would turn into another): a typo of
    # the paper's own name, which only its title holds, still names the paper (review of read set AZ's change)
    hit = _hit("ParallelBench: parallel decoding", "We analyse diffusion LLMs under parallel decoding.")
    assert unnamed(hit, "What does ParalelBench find?", ("ParallelBench",)) == []
    assert unnamed(hit, "Did ParalelBench evaluate LLaDA?", ("ParallelBench",)) == ["anything about LLaDA"]
    # ... and so does a typo of the name the question gives it, which only the title writes (read set DE, de063)
    vista = _hit("SpaceVista-7B", "We curate over 38K video scenes and 1M spatial QAs.")
    assert unnamed(vista, "What did the SpaceVsta team put together?", ("spacevista",)) == []


CHATTER = ("Motion is hard for video models. We curate Chatter-QA, a motion question set. Using Chatter-QA, we fine-tuned "
           "Chatter on Qwen2.5VL-7B, which attains 48.3% accuracy. Traditionally, models rely on Softmax routing. "
           "Experiments show Chatter is the best, surpassing Gemini-2.5-Pro.")


def _closest(text: str, position: int) -> list[float]:
    """Sentence cosines whose best is the sentence at `position` (0-based)."""
    from rag.corpus.terms import analyse
    return [1.0 if i == position else 0.1 for i in range(len(analyse(text).sentences))]


@pytest.mark.parametrize(("question", "closest", "stated"), [
    # the class asked ("base model") is written as its member's name, beside an asked word ("fine-tuned")
    ("What base model was Chatter fine-tuned from?", 2, {"base model", "which base model"}),
    # the closest sentence shares no asked word besides the paper's: no evidence it answers
    ("What base model does Chatter use?", 2, set()),
    # a background sentence is no report of the paper's own choice ("Traditionally, … Softmax")
    ("Which routing model does Chatter rely on?", 3, set()),
    # the closest sentence holds no name: nothing stated
    ("Which base model is Chatter's question set curated with?", 1, set()),
    # a quantity asked is not answered by this rule
    ("How many parameters does the fine-tuned Chatter have?", 2, set()),
    # verbs that set it above another are one word: "beat" is answered by "surpassing"
    ("Which closed-source model does Chatter beat?", 4, {"closed-source model", "which closed-source model"}),
])
def test_a_named_class_is_stated_by_a_name_in_the_sentence_closest_to_what_is_asked(question, closest, stated):
    hit = _hit("Chatter", CHATTER)
    assert named_in_answer(hit, _asks(question, "Chatter"), question, _closest(CHATTER, closest)) == stated


TUTOR = ("Reasoning is hard for skeleton models. Causal Reasoning Distillation transfers step-by-step reasoning from a "
         "teacher model, while Discriminative Finetuning sharpens decisions. We introduce the Skeleton Gaming Benchmark, a "
         "large-scale dataset of game skeletons.")


RANKED = ("We build Ranker, a benchmark of city images. Most models perform well on perception tasks. We observe that "
          "Gemini-2.5 Pro achieves the best overall performance. Code will be public.")


def _near(text: str, order: list[int]) -> list[float]:
    """Sentence cosines ranking the sentences in `order` first, nearest first."""
    from rag.corpus.terms import analyse
    n = len(analyse(text).sentences)
    return [1.0 - 0.1 * order.index(i) if i in order else 0.05 for i in range(n)]


@pytest.mark.parametrize(("question", "order", "stated"), [
    # a ranking asked is answered by the nearest sentence that ranks, not one on how models do at large (read set CT)
    ("Which AI model came out on top in Ranker?", [1, 2], {"AI model", "which AI model"}),
    ("Which AI model is best on Ranker?", [1, 3, 0, 2], set()),  # ... among the nearest three only
    ("Which AI model does Ranker evaluate?", [1, 2], set()),  # no ranking asked: the nearest sentence names none
])
def test_a_ranking_is_answered_by_the_nearest_sentence_that_ranks(question, order, stated):
    hit = _hit("Ranker", RANKED)
    assert named_in_answer(hit, _asks(question, "Ranker"), question, _near(RANKED, order)) == stated


@pytest.mark.parametrize(("question", "closest", "stated"), [
    # "from a teacher model" leaves the teacher unnamed: the names beside it are other things (read set BX, bx044)
    ("Which teacher model provides the reasoning Tutor distills?", 1, set()),
    # a name the detail is put in apposition to names it (dev w4052)
    ("Which dataset did Tutor introduce?", 2, {"dataset", "which dataset"}),
])
def test_a_detail_written_with_a_or_an_is_named_only_beside_it(question, closest, stated):
    hit = _hit("Tutor", TUTOR)
    assert named_in_answer(hit, _asks(question, "Tutor"), question, _closest(TUTOR, closest)) == stated


@pytest.mark.parametrize(("text", "stated"), [
    # tasks are named in plain words: an experiments sentence states them
    ("We present Smoother. Comprehensive experiments on object discovery and visual reasoning show gains.",
     {"tasks", "which tasks"}),
    ("We present Smoother. It smooths slot attention over frames.", set()),  # no experiments sentence
])
def test_tasks_are_stated_by_an_experiments_sentence(text, stated):
    question = "What tasks was Smoother evaluated on?"
    assert stated_details(_hit("Smoother", text), _asks(question, "Smoother"), question) == stated

@pytest.mark.parametrize(("text", "stated"), [
    # a range asked is stated by a range of sizes (read set CS, cs009), not by a range of shares
    ("We present Stretch. It extends models from 4K to up to 64K tokens.", {"length", "which length"}),
    ("We present Stretch. It cuts attention overhead from 92% to 50%.", set()),
])
def test_a_range_asked_is_stated_by_a_range_of_sizes(text, stated):
    question = "From what length up to what length does Stretch extend models?"
    assert stated_details(_hit("Stretch", text), _asks(question, "Stretch"), question) == stated



def test_a_sentence_holding_every_asked_word_the_index_knows_answers_in_the_questions_words():
    from rag.answer.closest_answer import worded
    from rag.index.keyword import KeywordIndex
    text = "We present Quanto. It uses a Dynamic Range Quantizer to fit video token activations. Code is public."
    keyword = KeywordIndex.build([text, "A paper on video diffusion with token pruning."])
    hit = _hit("Quanto", text)
    # "meant" and "cope" no abstract has: the rest (video, token, activations) stand in one sentence
    assert worded(hit, _asks("Which component of Quanto is meant to cope with video token activations?", "Quanto"),
                  keyword)
    assert not worded(hit, _asks("Which component of Quanto prunes video token activations?", "Quanto"), keyword)
    assert not worded(hit, _asks("What is Quanto meant to cope with?", "Quanto"), keyword)  # fewer than two words
