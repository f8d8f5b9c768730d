"""Understanding a question against the collection: papers named the way people write their names."""

from __future__ import annotations

import pytest

import rag
from rag.answer.descriptions import (described_phrase, described_phrases, describes_one_paper, one_paper_description,
                                     titled_phrases)
from rag.answer.described import searched_description
from rag.answer.names import TitleIndex, named_papers
from rag.answer.conversation import dangling_reference
from rag.answer.understand import absent_venue, follows_on, understand
from rag.types import Paper


def paper(title: str, n: int, derived: bool = False) -> Paper:
    return Paper(id=f"p{n}", title=title, venue="ICML", year=2026, abstract="x", text="x", source="f", position=n,
                 title_derived=derived)


GIVEN = ["Veda", "Video-BCI: decoding video from brain signals", "MACD", "Flow Matching Nets",
         "A long descriptive title of a paper that is no name", "ab", "C++Net", "Veda",
         "Vitamin D: the sunshine vitamin", "Cell death: the significance of apoptosis",
         "BERT: pre-training of deep bidirectional transformers", "Mitochondria: dynamic organelles"]
DERIVED = ["ST-GridPool", "ISA: In-context Sparse Attention", "SpaceVista-7B", "Layer pruning",
           "Temporal Video Grounding", "SCOPE", "Slot Attention (SA) lies at the heart of mainstream Object-Centric "
           "Learning (OCL)", "OGD+", "Deep Forcing: a training-free extension of video diffusion models", "4DPC²hat",
           "UPI: Universal Position Interpolation"]
PAPERS = [paper(t, i) for i, t in enumerate(GIVEN)] + [paper(t, 100 + i, True) for i, t in enumerate(DERIVED)]


@pytest.mark.parametrize("question, expected", [
    ("What speedup does Veda report?", ["Veda", "Veda"]),  # two papers of one name: both
    ("what speedup does VEDA report?", ["Veda", "Veda"]),  # a name no dictionary has: any case
    ("What does the veda paper propose?", ["Veda", "Veda"]),
    ("What is Veda's speedup?", ["Veda", "Veda"]),  # possessive
    ("How does video-bci decode signals?", ["Video-BCI: decoding video from brain signals"]),
    ("How does Video BCI decode signals?", ["Video-BCI: decoding video from brain signals"]),  # hyphen as space
    ("Is Video-BCIXYZ a thing?", []),  # not at a word boundary, nor a typo of the name
    ("Compare MACD and flow matching nets", ["MACD", "Flow Matching Nets"]),
    ("Is flow matching better than nets?", []),  # every word, but not the name itself
    ("What does C++Net add?", ["C++Net"]),
    ("What does ab stand for?", []),  # names of one or two characters are never matched
    ("Is there a long descriptive title of a paper that is no name?", [GIVEN[4]]),  # a given title, quoted whole
    ("How does STGridPool pool tokens?", ["ST-GridPool"]),
    ("How does st gridpool pool tokens?", ["ST-GridPool"]),
    ("What does In-context Sparse Attention prune?", ["ISA: In-context Sparse Attention"]),  # the expansion
    ("What does the ISA paper prune?", ["ISA: In-context Sparse Attention"]),
    ("What does the isa of a CPU do?", []),  # a short acronym keeps its case
    # ... but not across "vs" from another paper's name, nor across "and" when it is no English word
    ("veda vs isa — how much faster does each one get?", ["Veda", "Veda", "ISA: In-context Sparse Attention"]),
    ("is scope vs macd faster?", ["MACD", "SCOPE"]),
    ("macd and scope", ["MACD"]),  # "scope" is a word: "and" joins anything ...
    # ... but not after "compare", nor a comparison in words, nor before "each" (a second review of session 43)
    ("compare macd and scope", ["MACD", "SCOPE"]),
    ("whats the speedup of macd compared to scope?", ["MACD", "SCOPE"]),
    ("how do macd and scope each decode?", ["MACD", "SCOPE"]),
    ("does macd widen the scope and depth of decoding?", ["MACD"]),
    ("and the scope paper?", ["SCOPE"]),  # a word between "the" and "paper" is a name (second review, session 43)
    ("what is the scope of the paper?", []),
    ("between scope and macd, which one is faster?", ["MACD", "SCOPE"]),  # ... but "between" names both sides
    ("both veda and isa skip attention work. how does each decide?", ["Veda", "Veda", "ISA: In-context Sparse Attention"]),
    ("macd and scope both decode: how?", ["MACD", "SCOPE"]),  # ... as does "both" after them
    ("which is faster, macd or scope?", ["MACD", "SCOPE"]),  # ... and the "or" a "which" offers to choose from
    ("is macd or scope in the list?", ["MACD"]),  # ... but not any "or"
    ("scope vs the adaptive video tokenizer paper - headline numbers?", ["SCOPE"]),  # across "vs" from a description
    ("speed vs the quality of answers", []),
    ("what is the isa and macd", ["MACD"]),
    ("the isa vs the cpu", []),  # no name opposite it
    ("upi: exact number of forward passes?", ["UPI: Universal Position Interpolation"]),  # no word: any case
    ("What does SpaceVista find?", ["SpaceVista-7B"]),  # the size suffix dropped
    ("Which papers study layer pruning?", []),  # a descriptive derived title is a topic, not a name
    ("Which papers do temporal video grounding?", []),
    ("What is the scope of SCOPE?", ["SCOPE"]),  # an English word as a name: only as written
    ("What is the scope of this work?", []),
    # ... or before a word of its title, in any case (read set BL, bl042: "kern router, how many experts …")
    ("isa sparse attention: what speedup?", ["ISA: In-context Sparse Attention"]),
    ("the isa instruction set", []),
    ("How does OGD+ avoid forgetting?", ["OGD+"]),
    ("What is Deep Forcing?", ["Deep Forcing: a training-free extension of video diffusion models"]),
    ("Slot attention lies at the heart of it", []),
    ("How fast is Vdea?", ["Veda", "Veda"]),  # a typo in a capitalised name (rapidfuzz, one edit)
    ("How does SGridPool work?", ["ST-GridPool"]),
    ("Is Vega a star?", []),  # an English word is no typo of a name
    ("Vitamin D deficiency affects birth weight.", []),  # a given title's head of dictionary words is a topic
    ("Immune complexes trigger cell death.", []),
    ("What does BERT pre-train?", ["BERT: pre-training of deep bidirectional transformers"]),  # a coined head names it
    ("Mitochondria play a role in apoptosis.", ["Mitochondria: dynamic organelles"]),  # one word no dictionary has
    # a second name with a typo, or with a suffix of the question's own, beside one written right
    ("Compare MACD and Vdea", ["Veda", "MACD", "Veda"]),
    ("How does MACD differ from ST-GridPool-XL?", ["MACD", "ST-GridPool"]),
    ("What does MACD-style decoding change?", ["MACD"]),
    ("Is Video-LLMs a name?", []),  # the part before the hyphen names no paper
    ("What does 4DPC2hat build?", ["4DPC²hat"]),  # a superscript typed as a digit
    ("How big is 4DPC²hat-200K?", ["4DPC²hat"]),
    # ... or as the label a message opens with (read set DE, session 36: "kern — total param count …")
    ("scope — which benchmarks?", ["SCOPE"]),
    ("scope: which benchmarks?", ["SCOPE"]),
    ("scope of the work: which benchmarks?", []),  # a label of its own
    ("note: which papers do streaming video?", []),
    ("scope: which papers are about streaming video narration?", []),  # papers asked for (second review)
    ("Curve: which papers study learning dynamics?", []),  # an English word, capitalised
    ("spike: what's the peak memory of Veda?", ["Veda", "Veda"]),  # another paper named
])
def test_papers_named_in_a_question(question, expected):
    titles = TitleIndex.build(PAPERS)

    found = named_papers(question, PAPERS, titles)

    assert [p.title for p in found] == expected
    assert found == named_papers(question, PAPERS)  # the same without a prebuilt index


def test_a_paper_called_by_its_topic_or_a_phrase_of_its_abstract(built_settings):
    snapshot = rag.get_index(built_settings).snapshot()
    title = {p.id: p.title for p in snapshot.papers}
    cases = {  # dev questions (eval/questions/dev.jsonl) and their shapes
        "What do LSGQuant and the compression-order paper each contribute on quantization?":
            ("compare", {"LSGQuant", "Compression order"}),
        "KERN versus the ME Layer paper: which part of the model does each one change?":
            ("compare", {"KERN: Kernel Inspired Router with Normalization", "Emergence of massive activations"}),
        "How do SegPVSG and SurgiFlowVid each deal with rare classes?": ("compare", {"SegPVSG", "Surgical video datasets"}),
        # a descriptive title with "framework" after it, in a question that reads like a list ("approaches"): dev x004
        "What does the adaptive video tokenization framework optimise that MUSE does not, and how do the two "
        "approaches differ?": ("compare", {"MUSE", "Adaptive video tokenization"}),
        "What separates OGD+ from the video continual learning method with subspace-routed adapters?":
            ("compare", {"OGD+"}),  # "separates" compares; the described paper is found by search (dev w367)
        "Which is faster, Veda or ISA?": ("compare", {"Veda", "ISA: In-context Sparse Attention"}),  # dev w376
        # lower case, as dictated: "each" asks of both sides of the "or" (read set BW, bw068)
        "veda or isa: what speedup does each one actually report?": ("compare", {"Veda", "ISA: In-context Sparse Attention"}),
        # ... but a word of a phrase is no name there (second review)
        "Does ProtoKV show a latency spike or FlowNar a memory spike for each long video?": ("compare", {"ProtoKV", "FlowNar"}),
        "Is ProtoKV's memory similar to FlowNar's CLAM?": ("compare", {"ProtoKV", "FlowNar"}),
        # two papers named by title are compared whatever joins them ("differently from", "over")
        "How does Deep Forcing keep long videos stable differently from Veda?":
            ("compare", {"Deep Forcing: a training-free extension of autoregressive video diffusion models", "Veda"}),
        "Does ProtoKV beat FlowNar on streaming memory?": ("compare", {"ProtoKV", "FlowNar"}),
        "Which papers study layer pruning?": ("list", set()),
        # one paper named, the other set against it in words only: the rest of the question is searched for it
        "Does the finding on layer-pruning collapse agree with what the subliminal learning paper says about early "
        "layers?": ("compare", {"Language models can transfer hidden biases during distillation"}),
        # set against its baselines, no other paper: a question on the one paper
        "How does Veda differ from prior sparse attention methods?": ("fact", {"Veda"}),
        "Is Veda faster than full attention?": ("fact", {"Veda"}),
        "Is Veda faster than the baseline method?": ("fact", {"Veda"}),
        # "the sparse attention paper" is in two abstracts: the words going on to describe it tell them apart
        "How does the sparse attention paper for in-context video editing compare with the distilled tile-selection "
        "method for video diffusion?": ("compare", {"ISA: In-context Sparse Attention"}),
        "What does the proposed framework do?": ("fact", set()),  # a phrase in many abstracts names no paper
        "What did the first paper say?": ("fact", set()),
    }
    for question, (kind, named) in cases.items():
        found = understand(question, [], snapshot)
        assert (found.kind, {title[i] for i in found.named}) == (kind, named), question
        assert bool(found.described) == (kind == "compare" and len(named) == 1), question  # the other is searched


@pytest.mark.parametrize(("question", "kind", "follows"), [
    ("Which datasets was it evaluated on?", "fact", True),  # a pronoun for the paper
    ("And the speedup?", "fact", True),  # a continuation
    ("What about the datasets?", "fact", True),
    ("Which datasets?", "fact", True),  # too short to stand alone
    ("What is the learning rate?", "fact", True),
    ("training cost saving?", "fact", True),  # a result's change, of the conversation's paper (session 26 probe)
    ("downstream tasks evaluated", "fact", True),  # what was done with them is how it is asked (read set CK)
    ("anomaly detection datasets evaluated", "fact", False),  # three words of its own
    ("Why does accuracy drop with quantization?", "fact", False),  # "drop" is a verb of a question of its own
    ("What is the guided variant called?", "fact", True),  # "called", "variant": how it is asked
    ("How does the guided variant remove faces?", "fact", True),  # a part of the conversation's method
    ("What does the second training stage add over the first?", "fact", True),
    ("Which paper proposes the guided variant of orthogonal projection?", "fact", False),  # a paper asked anew
    ("Is there work where the lightweight module removes faces?", "fact", False),
    ("How do diffusion transformers generate long videos?", "fact", False),  # a question of its own
    ("Which datasets does the proposed method evaluate long-video reasoning on?", "fact", True),  # "the proposed …"
    ("How does the presented architecture fuse audio with the frozen vision encoder?", "fact", True),
    ("How does the diffusion model generate long videos?", "fact", False),  # a described model, not "the proposed"
    ("Which papers study continual learning?", "list", False),
    ("Which papers?", "list", False),  # a short list question is about the collection
    # what a theory paper's turn left to ask of (a second review of session 43)
    ("what experiments back up the theory?", "fact", True),
    ("what experiments back up the bound?", "fact", True),
    ("data/code url?", "fact", True),  # where to find it (a second review of session 45)
])
def test_a_follow_up_is_a_pronoun_a_continuation_or_too_short_to_stand_alone(question, kind, follows):
    assert follows_on(question, kind) is follows



@pytest.mark.parametrize(("question", "pointer"), [
    ("Which datasets did they evaluate on, and how large are they?", "they"),  # the subject of its first clause
    ("How is it trained?", "it"),
    ("And what does its first module add?", "its"),
    ("How does their memory module compress old frames?", "their"),
    ("Which activation do the authors recommend for it?", "the authors"),
    ("What about its results?", "its"),
    ("Does it use LoRA?", "it"),
    ("How big is it?", "it"),
    ("And the evaluation benchmark?", "the evaluation benchmark"),  # the rest of a question asked before
    ("And which papers study pruning?", ""),
    ("Is it safe to prune first?", ""),  # "is it" + an adjective: an expletive
    ("Is it time to reconsider pruning?", ""),
    ("Is it known why linear models approximate the Kalman filter?", ""),
    ("Does it help to add inversion tasks when training grounding models?", ""),
    ("Is it trained end to end?", "it"),
    ("How many GPU hours did it take to train TimeChat-Captioner-7B?", ""),  # an expletive "it"
    ("Does it matter whether you prune first and quantize later?", ""),
    ("Which quantity do the authors of the adversarial distillation paper propose?", ""),  # "the authors of …"
    ("How far can hybrid Mamba models have their context stretched?", ""),  # "their": the models, said before
    ("What is an attention sink, and why does it matter?", ""),  # "it": what the first clause asked about
    ("Which paper proposes ProtoKV, and what speedup does it report?", ""),
    # a topic typed with no comma before the question on it (read set CK, session 33)
    ("why transformers never learn parity geometry of random init paper what do they prove", ""),
    # the question goes on to describe the paper it means (read set CT, session 34)
    ("What did they compare against human reactions in the paper about an AI that notices surprising moments?", ""),
    ("Which tasks do they evaluate in the study that distils video models?", ""),
    ("What did they compare against human reactions in the paper?", "they"),  # which paper, it does not say
    ("How many GPUs did they use in the paper that we discussed?", "they"),  # one the conversation had (second review)
])
def test_a_first_question_pointing_back_at_a_paper_is_found(question, pointer):
    assert dangling_reference(question) == pointer


@pytest.mark.parametrize(("question", "written", "phrase"), [
    ("How do MUSE and the information-theoretic adaptive video tokenizer differ in what they set out to fix?",
     ("MUSE",), "information-theoretic adaptive video tokenizer"),  # dev x001
    ("ViTL and the inversion-based temporal grounding framework both use temporal IoU: how does each one train "
     "its model?", ("ViTL",), "inversion-based temporal grounding framework"),  # dev x002
    ("Compare Veda with the decision-representation method for layer pruning: how does each one make the model "
     "cheaper?", ("Veda",), "decision-representation method for layer pruning"),  # dev x003
    ("KERN versus the ME Layer paper: which part of the model does each one change?", ("KERN", "ME Layer"), ""),
    ("How do ST-GridPool and PPLLaVA differ in the way they compress video tokens?", ("ST-GridPool", "PPLLaVA"), ""),
    ("How does Veda compare to the model?", ("Veda",), ""),  # one word describes no paper
    ("How does Veda compare with the baseline?", ("Veda",), ""),
    # any kind of thing, up to where the question goes on (dev w369, w370)
    ("Veda and the training-free extension of autoregressive video diffusion: how does each one deal with long "
     "videos?", ("Veda",), "training-free extension of autoregressive video diffusion"),
    ("How does SCOPE compare with the frame selection module that predicts how many frames are needed?", ("SCOPE",),
     "frame selection module"),
    # "compare the … from the paper that … with the one …": the clause ends before "with the one" (fresh set AL, al018)
    ("compare the dataset from the paper that turns single-view videos into stereo with the one released by SCOPE",
     ("SCOPE",), "turns single-view videos into stereo"),
    # a description going on in a clause of its own ends where the clause does, not at its verb (read set AX, ax069)
    ("Compare OGD+ with the theory paper on whether LLMs do continual learning inside a single prompt: what does "
     "each blame forgetting on?", ("OGD+",), "theory paper on whether LLMs do continual learning inside a single prompt"),
    ("Veda and the study of how layers are pruned: what does each find?", ("Veda",), "study of how layers are pruned"),
    # a described paper's clause ends where both papers are said to do something, or at "differ?" (read set AZ, az071)
    ("MotionSight and the paper that aligns diffusion features to a motion subspace both care about motion. What does "
     "each use?", ("MotionSight",), "aligns diffusion features to a motion subspace"),
    ("How do MotionSight and the paper that aligns diffusion features to a motion subspace differ?", ("MotionSight",),
     "aligns diffusion features to a motion subspace"),
    # "with" joins a first described paper only to a paper, a name or "the …" (read set BO, session 30)
    ("Video-MTR trains the video model with reinforcement learning only. Which base model did they start from?",
     ("Video-MTR",), ""),
    ("Video-MTR trains the video model with GRPO only. What reward does it use?", ("Video-MTR",), ""),  # second review
    ("Contrast the mobile video quality study with UrbanFeel: what do they measure?", ("UrbanFeel",),
     "mobile video quality study"),
    # "Both X and the …" runs to its clause's end, at most 12 words (read set DJ, dj070); a gloss in brackets may
    # stand before "both" (read set DK, dk070)
    ("Both OGD+ and the theory paper on continual learning inside a single prompt explain where forgetting comes from.",
     ("OGD+",), "theory paper on continual learning inside a single prompt explain where forgetting"),
    # ... and after a kind with an adjective before it (held-out EN, en069 compared nothing)
    ("Both OGD+ and the theoretical study of continual learning inside a single prompt analyse forgetting. Which "
     "mathematical framework does each one use?", ("OGD+",),
     "theoretical study of continual learning inside a single prompt analyse forgetting"),
    ("SegPVSG and the surgical video generator (video diffusion models) both make new video. How does each?",
     ("SegPVSG",), "surgical video generator"),
    ("Both Veda and ISA speed up attention. How?", ("Veda", "ISA"), ""),
    # "the same model" says which thing, not what a paper does (read set CI, session 33)
    ("we're stacking pruning and quantization on the same model and the team keeps arguing about which to apply first",
     (), ""),
    # "with the …" after no comparison's word is what the asked thing goes with (a second review of session 49, qu014)
    ("ISA: which quantity is shown to correlate with the approximation error, and what Taylor order is used?", ("ISA",), ""),
])
def test_a_compared_paper_described_rather_than_named_is_found_in_the_question(question, written, phrase):
    assert described_phrase(question, written) == phrase


@pytest.mark.parametrize(("question", "phrases"), [
    ("What rates do the halfspaces convergence paper and the perceptron reduction paper prove?",
     ["halfspaces convergence paper", "perceptron reduction paper"]),  # two papers, both described
    ("How do MUSE and the information-theoretic adaptive video tokenizer differ?",
     ["information-theoretic adaptive video tokenizer"]),
    ("How do ST-GridPool and PPLLaVA differ in the way they compress video tokens?", []),
    # a paper described by a clause after "the paper" or "the one" (dev r094, h006)
    ("MUSE vs the paper that lets image tokens attend to text tokens: how does each fight errors?",
     ["lets image tokens attend to text tokens"]),
    ("The paper comparing video diffusion models against LLMs on data efficiency, and MUSE: which benchmarks?",
     ["comparing video diffusion models against LLMs on data efficiency"]),
    # "… and by the …" (fresh set AI, ai010)
    ("efficiency gains reported by MUSE and by the information-theoretic adaptive video tokenizer?",
     ["information-theoretic adaptive video tokenizer"]),
    # a comma before the "and" that joins the two (dev h031)
    ("In what setting does each work: the halfspaces convergence paper, and the perceptron reduction paper?",
     ["halfspaces convergence paper", "perceptron reduction paper"]),
    # the first opening the question with no article, words joined by a slash (fresh set AI, session 18)
    ("halfspaces convergence paper vs the perceptron reduction paper: what does each blame?",
     ["halfspaces convergence paper", "perceptron reduction paper"]),
    ("The halfspaces/perceptron theory paper and the tokenizer compression study: how do they differ?",
     ["halfspaces/perceptron theory paper", "tokenizer compression study"]),
    # words in quotation marks are part of the description (fresh set AO, ao021); an apostrophe is kept
    ("Both the subliminal learning paper and the adversarial distillation 'robust teacher' paper say the teacher can "
     "pass bad stuff to the student. What does each blame it on?",
     ["subliminal learning paper", "adversarial distillation robust teacher paper"]),
    ("How do Veda's tiles and the 'layer pruning' paper compare?", ["layer pruning paper"]),
    # "one" after a description, not after a position (fresh set EC, session 44)
    ("the subliminal learning one and the adversarial distillation one: what does each point to as the culprit?",
     ["subliminal learning one", "adversarial distillation one"]),
    ("the first one and the other one: what does each point to as the culprit?", []),
    ("Video-MTR and that surprise-detection frame sampler both use RL — what reward does each one train with?",
     ["surprise-detection frame sampler"]),
    # a part of the one described is no second paper (read set EL, el044 was answered as a comparison)
    ("How many human observers took part in the subjective study of the mobile multi-device video quality dataset, and how "
     "many ratings per video were collected?", ["mobile multi-device video quality dataset"]),
])
def test_a_comparison_may_describe_both_its_papers(question, phrases):
    assert described_phrases(question, ()) == phrases


def test_two_described_papers_are_both_found_and_compared(built_settings):
    answer = rag.ask("How do the adaptive video tokenization framework and the frame selection module differ in what "
                     "they cut?", settings=built_settings)

    assert [c.paper.title for c in answer.citations] == ["Adaptive video tokenization", "FrameOracle"]
    assert not answer.abstained


def test_a_comparison_with_a_described_paper_is_a_comparison_and_keeps_the_description(built_settings):
    snapshot = rag.api.get_index(built_settings).snapshot()
    question = understand("How do MUSE and the information-theoretic adaptive video tokenizer differ in what they "
                          "set out to fix?", None, snapshot)

    assert question.kind == "compare" and question.described == "information-theoretic adaptive video tokenizer"
    assert [snapshot.papers[snapshot.by_id[i]].title for i in question.named] == ["MUSE"]


def test_a_follow_up_comparing_with_another_paper_compares_the_conversation_paper_with_it(built_settings):
    snapshot = rag.api.get_index(built_settings).snapshot()
    history = [{"role": "user", "content": "What is MACD?"}, {"role": "assistant", "content": "MACD is a decoding trick."}]

    question = understand("How does that compare with Video-BCI?", history, snapshot)

    assert question.kind == "compare"
    assert [snapshot.papers[snapshot.by_id[i]].title for i in question.named] == ["MACD", "Video-BCI"]


@pytest.mark.parametrize(("text", "phrases"), [
    ("What is the Progressive Intensity Hypothesis?", ["Progressive Intensity Hypothesis"]),
    ("How does Norm-based Spatial Pooling decide which regions to keep?", ["Norm-based Spatial Pooling"]),
    ("Does Slot Attention need cold-start queries?", ["Slot Attention"]),  # the question's opening word is no part
    ("What is the learning rate?", []),
])
def test_coined_title_case_terms_are_found_in_a_question(text, phrases):
    assert titled_phrases(text) == phrases


def test_a_coined_term_names_its_paper_only_to_say_the_filter_leaves_it_out(built_settings):
    snapshot = rag.api.get_index(built_settings).snapshot()
    title = {p.id: p.title for p in snapshot.papers}
    text = "What is the Progressive Intensity Hypothesis?"

    assert [title[i] for i in understand(text, [], snapshot, venue="ICML").named] == ["Compression order"]
    assert understand(text, [], snapshot).named == ()  # in the filters: search finds it, as any topic


LISTED = ("2 papers match:\n- ProtoKV (ICML 2026): Streaming video understanding must answer queries. [1]\n"
          "- Multi-screen quality assessment (ICML 2026): Our results demonstrate better quality prediction. [2]\n"
          "Loosely related, not counted: Proact-VL (ICML 2026); LESA (ICML 2026).")
COMPARED = "ISA: In this work, we propose ISA. [1]\nVeda: We propose Veda. [2]"


@pytest.mark.parametrize(("turns", "question", "expected"), [
    # a list answer's items in its order, by their titles (descriptive ones too), not its loosely related papers
    (["Which papers work on streaming video?", LISTED], "What does the first one propose?", ["ProtoKV"]),
    (["Which papers work on streaming video?", LISTED], "And the second one?", ["Multi-screen quality assessment"]),
    (["Which papers work on streaming video?", LISTED], "What about them?", ["ProtoKV", "Multi-screen quality assessment"]),
    # counted in the order the user named them, not the answer's
    (["Compare Veda and ISA.", COMPARED], "What speedup does the former report?", ["Veda"]),
    (["Compare Veda and ISA.", COMPARED], "Which model did the latter train?", ["ISA: In-context Sparse Attention"]),
    # ... one per turn too, in the order they came up (a probe of session 41 took the last)
    (["What is Veda?", "Veda: We propose Veda. [1]", "And ISA?", "ISA: In this work, we propose ISA. [1]"],
     "which model did the first one use?", ["Veda"]),
    # "the other one": not the paper just talked about
    (["Compare Veda and ISA.", COMPARED, "What speedup does the former report?", "Veda: We propose Veda. [1]"],
     "And the other one?", ["ISA: In-context Sparse Attention"]),
    # by what it is about, when only one of them is (fresh set AC)
    (["Which papers work on streaming video?", LISTED], "the quality one - what does it predict?",
     ["Multi-screen quality assessment"]),
    (["Which papers work on streaming video?", LISTED], "the video one - what does it propose?",
     ["ProtoKV", "Multi-screen quality assessment"]),  # both are: still both
])
def test_a_follow_up_pointing_at_one_of_several_papers_is_about_that_one(built_settings, turns, question, expected):
    snapshot = rag.api.get_index(built_settings).snapshot()
    history = [{"role": "user" if n % 2 == 0 else "assistant", "content": t} for n, t in enumerate(turns)]

    found = understand(question, history, snapshot)

    assert [snapshot.papers[snapshot.by_id[i]].title for i in found.named or found.subject] == expected


@pytest.mark.parametrize(("question", "expected"), [
    # no pronoun, but that paper's own words: it stays with the conversation's paper
    ("Which benchmarks show state-of-the-art results?", ["PPLLaVA"]),
    ("How does the prompt-guided pooling compress the visual sequence?", ["PPLLaVA"]),
    # a new topic, or a paper asked for anew: the conversation's paper is not the subject
    ("How do sensitive functions relate to transformer initialization?", []),
    ("Which method converts single-view videos into stereo?", []),
    ("What tasks does the CE4L continual learning benchmark span?", []),
])
def test_a_follow_up_without_a_pronoun_keeps_the_paper_only_when_it_is_about_its_words(built_settings, question,
                                                                                       expected):
    snapshot = rag.api.get_index(built_settings).snapshot()
    history = [{"role": "user", "content": "Tell me about PPLLaVA."},
               {"role": "assistant", "content": "PPLLaVA is a video LLM. [1]"}]

    found = understand(question, history, snapshot)

    assert [snapshot.papers[snapshot.by_id[i]].title for i in found.named or found.subject] == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a three-letter acronym one abstract defines for a part of its method names that paper
    ("What cue does NSP use to decide which spatial regions of a frame to keep?", ["ST-GridPool"]),
    # ... or as "our proposed modality-mutual attention (MMA)"
    ("MACD vs MMA", ["MACD", "Multimodal Large Language Models"]),
    # ... one an abstract defines in passing names none ("… mainstream Object-Centric Learning (OCL)"), nor a field's
    # acronym, nor one no abstract defines
    ("Which models does OCL use?", []),
    ("What does the GPU do?", []),
    ("What does XQZ stand for?", []),
])
def test_an_acronym_an_abstract_defines_names_its_paper(built_settings, text, expected):
    snapshot = rag.api.get_index(built_settings).snapshot()

    named = understand(text, [], snapshot).named

    assert [snapshot.papers[snapshot.by_id[i]].title for i in named] == expected


@pytest.mark.parametrize(("text", "expected"), [
    # "the ideal method" describes no paper, though one abstract writes "ideal" (a PubMedQA question named it)
    ("Is transurethral catheterisation the ideal method of bladder drainage?", []),
    ("What does the compression-order paper conclude?", ["Compression order"]),
])
def test_one_plain_word_before_paper_or_method_describes_no_paper(built_settings, text, expected):
    snapshot = rag.api.get_index(built_settings).snapshot()

    named = understand(text, [], snapshot).named

    assert [snapshot.papers[snapshot.by_id[i]].title for i in named] == expected


@pytest.mark.parametrize(("question", "absent"), [
    ("Which NeurIPS 2025 papers study pruning?", "NeurIPS 2025"),  # a venue the collection lacks
    ("Are there CVPR papers on video generation?", "CVPR"),
    ("Anything on token merging at NeurIPS?", "NeurIPS"),
    ("Which ICLR 2025 papers study continual learning?", "ICLR 2025"),  # a venue it has, in a year it lacks
    ("Which ICLR '25 papers use reinforcement learning?", "ICLR 2025"),
    ("Which ICML 2026 papers study pruning?", ""),  # the collection's own
    ("Which ICLR papers use reinforcement learning?", ""),
    ("Does anterior laxity influence outcomes of ACL reconstruction?", ""),  # the ligament, no venue
    ("Which papers beat CVPR-style detectors?", ""),
    ("Any papers at CVPR on video super-resolution?", "CVPR"),
    ("Which method beats the CVPR 2024 state of the art on scene graphs?", ""),  # said in passing
    ("I'm preparing a NeurIPS submission on KV caches: which papers should I cite?", ""),
])
def test_a_venue_the_collection_lacks_is_found_in_the_question(built_settings, question, absent):
    assert absent_venue(question, rag.get_index(built_settings).snapshot()) == absent


def test_a_year_is_not_ruled_out_for_a_venue_whose_papers_have_none():
    class Listed:  # a list that names the venue but gives no year
        papers = [Paper(id=f"icml-{i}", title=f"Paper {i}", venue="ICML", year=None, abstract="A method.",
                        text="A method.", source="list.txt", position=i) for i in range(3)]

    assert absent_venue("Which ICML 2025 papers study pruning?", Listed()) == ""
    assert absent_venue("Which NeurIPS 2025 papers study pruning?", Listed()) == "NeurIPS 2025"


@pytest.mark.parametrize(("text", "kind", "code_only", "standalone"), [
    ("which streaming video understanding papers release code?", "list", True,
     "which streaming video understanding papers ?"),
    ("any layer pruning papers w/ code?", "list", True, "any layer pruning papers ?"),
    ("Which papers have code?", "code", False, "Which papers have code?"),  # the collection's, no topic
    ("Which ICLR 2026 papers link to code?", "code", False, "Which ICLR 2026 papers link to code?"),
    ("How many papers do you have with code on GitHub?", "code", False,
     "How many papers do you have with code on GitHub?"),
])
def test_a_topic_asked_with_code_is_a_list_of_the_topics_papers_that_link_it(built_settings, text, kind, code_only,
                                                                             standalone):
    snapshot = rag.get_index(built_settings).snapshot()

    question = understand(text, None, snapshot)

    assert (question.kind, question.code_only, question.standalone) == (kind, code_only, standalone)


@pytest.mark.parametrize(("text", "description"), [
    ("how many GPUs did the paper that keeps sink tokens and prunes the KV cache use?",
     "paper that keeps sink tokens and prunes the KV cache use"),
    ("How many viewers rated the clips in the smartphone video quality dataset collected on Android phones?",
     "smartphone video quality dataset collected on Android phones"),
    ("The paper on sparse attention, what speedup does it get?", "paper on sparse attention"),
    # its article dropped after the preposition opening the question (a second review of session 43)
    ("In subliminal learning paper, what learning rate was used?", "subliminal learning paper"),
    # ... or a label before a colon (a second review of session 48, qs062)
    ("halfspaces uniform convergence paper: what is the batch size?", "halfspaces uniform convergence paper"),
    ("Veda: what speedup does it get?", ""),
    ("Which papers study sparse attention?", ""),  # papers at large, not one
    ("What speedup does Veda report?", ""),
])
def test_a_single_paper_question_describes_its_paper_by_a_kind_and_a_clause(text, description):
    assert one_paper_description(text) == description
    assert describes_one_paper(text) == bool(description)


@pytest.mark.parametrize(("text", "description"), [
    # read set DZ (dz014): the description said first, not the thing asked of the paper ("the dataset they released")
    ("I remember a paper where a chat model commentates live games. What's the dataset they released for that called?",
     "I remember a paper where a chat model commentates live games."),
    ("how many GPUs did the paper that keeps sink tokens and prunes the KV cache use?",
     "paper that keeps sink tokens and prunes the KV cache use"),
    ("What speedup does Veda report?", ""),
])
def test_the_description_searched_is_the_one_said_before_the_question(text, description):
    assert searched_description(text) == description


def _abstract(title: str, n: int, text: str) -> Paper:
    return Paper(id=f"p{n}", title=title, venue="ICML", year=2026, abstract=text, text=text, source="f", position=n)


def test_a_name_an_abstract_writes_is_no_typo_of_a_papers_name():
    """"Video-MME", a benchmark SCOPE's abstract writes, is not "Video-MTR" misspelt (a probe of session 40 had "what
    does SCOPE score on Video-MME?" answered as a comparison of the two); a real typo still names the paper."""
    mtr = _abstract("Video-MTR", 0, "We propose Video-MTR, a multi-turn reasoning framework.")
    scope = _abstract("SCOPE", 1, "Experiments on Video-MME and LongVideoBench show that SCOPE works.")
    titles = TitleIndex.build([mtr, scope])
    assert [row for row, _ in titles.mentions("what does SCOPE score on Video-MME?")] == [1]
    assert [row for row, _ in titles.mentions("what does Vidoe-MTR do?")] == [0]
    # without the benchmark in any abstract, the look-alike is read as the typo it may be
    alone = TitleIndex.build([mtr, _abstract("SCOPE", 1, "SCOPE works.")])
    assert 0 in [row for row, _ in alone.mentions("what does SCOPE score on Video-MME?")]
    assert [row for row, _ in alone.mentions("what does SCOPE score on Video-MME?", typos=False)] == [1]


def test_a_coined_name_typed_in_lower_case_opposite_a_named_paper_is_compared(built_settings):
    # SurgiFlowVid is no title (its paper's is derived): a probe of session 41 was told SegPVSG "does not report
    # anything on surgiflowvid"
    import rag
    answer = rag.ask("surgiflowvid and segpvsg both synthesize video for rare classes - how does each one generate it?",
                     settings=built_settings)
    assert not answer.abstained
    assert {c.paper.id for c in answer.citations} == {"icml2026-a2ff05627b", "icml2026-f0566d3371"}


def test_an_acronym_that_is_an_english_word_typed_in_lower_case_opposite_a_named_paper_is_compared(built_settings):
    # "isa" is a word of the English list, but ISA is an acronym an abstract writes (second review qq of session 47:
    # Veda alone was cited); "all" is none
    import rag
    compared = rag.ask("veda or isa — which gives the bigger speed win, and what are the headline numbers for each?",
                       settings=built_settings)
    alone = rag.ask("veda and all the others: speedups?", settings=built_settings)
    assert {c.paper.title for c in compared.citations} >= {"Veda"} and len(compared.citations) == 2
    assert [c.paper.title for c in alone.citations] == ["Veda"]


def test_a_coined_name_typed_in_lower_case_names_its_paper(built_settings):
    # TimeChat-Captioner is no title: a second review of session 44 was quoted the sentences repeating the name
    import rag
    answer = rag.ask("Okay, the timechat-captioner folks — what's the new metric they proposed and what's their training "
                     "set called?", settings=built_settings)
    assert [c.paper.id for c in answer.citations] == ["icml2026-9a840132db"]
    assert "TimeChatCap-42K" in answer.text


def test_a_follow_up_carries_the_subject_words_in_the_order_they_are_written():
    # "video" and "videos" are first found at the same place: their order was the set's, which changes from run to run
    # (sealed set CE answered one follow-up differently across runs, session 41)
    from rag.answer.conversation import made_standalone
    history = [{"role": "user", "content": "Which videos and video models compress tokens?"},
               {"role": "assistant", "content": "…"}]
    carried = made_standalone("And the datasets?", history).removeprefix("And the datasets?").split()
    assert carried.index("videos") < carried.index("video") < carried.index("tokens")


@pytest.mark.parametrize(("question", "one"), [
    ("the paper that pools visual tokens: which grid does it use?", True),
    # the one benchmark a paper built, recalled as such (a second review of session 45, qk036 added a runner-up)
    ("the benchmark on how VLMs cope with compressed images — how much does their module help?", True),
    ("Which benchmarks test compressed images?", False),
    ("How does Veda do on the benchmark?", False),
])
def test_a_question_recalling_one_paper_is_told_apart(question, one):
    from rag.answer.descriptions import recalls_one_paper

    assert recalls_one_paper(question) is one
