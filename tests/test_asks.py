"""What a question asks for: the final clause, the kind of detail, the attribute it names."""

from __future__ import annotations

import pytest

from rag.answer.asks import ask_part, asked_clauses, asks
from rag.answer.wanted import wanted_detail
from rag.answer.attribute import attribute
from rag.answer.understand import Question


def question(text: str, venue=None, year=None) -> Question:
    return Question(text=text, standalone=text, venue=venue, year=year, kind="fact")


@pytest.mark.parametrize(("text", "wants"), [
    # a name asked as what they call it; a result typed with its participle (second review, session 43)
    ("there was a paper about where the giant activations inside llms first show up, what did they call that layer",
     "names"),
    ("UPI vs Deep Forcing — length extrapolation achieved?", "number"),
    # where each gets its saving, and the trick after it, ask the means (fresh set EB, eb066)
    ("veda vs isa: where does each one actually get its wall-clock saving, what's the kernel or approximation trick?",
     "method"),
    ("what is the main trick and how much speedup?", "number"),
    ("What speedup does Veda report?", "number"),
    ("What does each save us on the training side?", "number"),  # read set CH, session 33
    ("What saves memory in ProtoKV?", ""),  # what does it, not how much (second review)
    ("How much faster does SGMD train?", "number"),
    ("By how much does Video-BCI beat the previous best?", "number"),
    ("Which datasets was FlowNar evaluated on?", "names"),
    ("What are the two intrinsic learning signals?", "names"),
    ("How does ProtoKV keep a constant memory footprint?", "method"),
    ("Why do LLMs collapse when layers are removed?", ""),
    ("What speed-up figures do SGMD and FlowNar report?", "number"),  # hyphenated
    ("Which is faster, Veda or ISA?", "number"),
    ("Veda vs ISA on speed?", "number"),  # a comparison "on speed" is settled by quantities
    ("How does Veda make generation faster?", "method"),
    ("ok and how does it compare to baselines", "number"),  # by its results (fresh set AC)
    ("How does it compare with prior work?", "number"),
    ("How does it compare to its teacher?", "method"),  # not to baselines: how it works
    ("Could you state its memory footprint in gigabytes?", "number"),  # a unit asked for (session 27 probe)
    ("Which datasets is it evaluated in?", "names"),
    ("deep forcing vs upi: what max extension does each report?", "number"),  # an extreme (second review, session 42)
    ("How do VideoKR and Video-MTR compare in terms of the amount of training data?", "number"),  # (session 44)
])
def test_wanted_detail(text, wants):
    assert wanted_detail(text) == wants


@pytest.mark.parametrize(("text", "problem"), [
    ("What problem does SCOPE address?", True),
    ("What flaw in existing approaches does SCOPE point to?", True),
    ("What do MUSE and CURVE each set out to fix?", True),
    ("What's wrong with existing work according to SCOPE?", True),  # dev h019
    ("How does SCOPE decompose queries?", False),
    # how it fixes or solves one asks its method (a probe of session 40 quoted MMA's problem sentences)
    ("How does SCOPE fix outputs that don't match the visual input?", False),
    ("how does each one solve the misalignment problem?", False),
    # which things are responsible asks them by name, not the trouble (read set DL, dl013); what is responsible, a cause
    ("Which tokens are responsible for this?", False),
    ("What is responsible for the forgetting in SCOPE?", True),
    ("Which assumption is responsible for quality degradation in SCOPE?", True),  # second review
    # a failure asks the trouble; an assumption the paper defines is its contribution (a second review of session 45)
    ("segpvsg vs curve: which scene-graph failure does each target?", True),
    ("SegPVSG and CURVE — how differs the difficulty that each one addresses?", True),  # a French "challenge" (qs098)
    ("what new assumption do they define?", False),
])
def test_a_question_about_what_a_paper_fixes_asks_for_its_problem(text, problem):
    assert asks(question(text), "SCOPE").problem is problem


@pytest.mark.parametrize(("text", "last"), [
    ("I remember a paper on X. What property did they focus on?", "What property did they focus on?"),
    ("Which paper does X, and what module do they design?", "what module do they design?"),
    ("What speedup does Veda report?", "What speedup does Veda report?"),
    # a request after the question is what it asks, or a memory of the paper (a remark on why it is asked is taken
    # out before: test_framing)
    ("Why does pruning layers hurt? I think someone explained it with decision margins.",
     "I think someone explained it with decision margins."),
    ("Which models did ParallelBench test? I'd like to know if LLaDA was in there.",
     "I'd like to know if LLaDA was in there."),
    ("What is KERN? I want to know its activation.", "I want to know its activation."),
    # ... but a remark after it asks nothing (a second review of session 44)
    ("Which base model did the videokr folks post-train? Classic listener question.",
     "Which base model did the videokr folks post-train?"),
    ("Which optimizer does KERN use? Want a scalable default.", "Which optimizer does KERN use?"),
    # ... one opening with a quoted word too (read set EK, ek043)
    ("Video-MTR — which base MLLM and what param count? 'Data-efficient' means little without that.",
     "Video-MTR — which base MLLM and what param count?"),
    # ... nor what the asker expects the abstract to say (a second review of session 46, qn069)
    ("What MLLM backbone does SkeletonLLM use? The abstract should say which model the skeletons are fed to.",
     "What MLLM backbone does SkeletonLLM use?"),
    ("What batch size does MUSE use? The paper must state it somewhere.", "What batch size does MUSE use?"),
    ("What is KERN? Just curious if it beats softmax.", "Just curious if it beats softmax."),
    ("What is KERN? Thanks, but does it report FID scores.", "Thanks, but does it report FID scores."),
    ("What is KERN? I'm trying to understand its normalization.", "I'm trying to understand its normalization."),
    # ... and a question or a request after it, whoever it names
    ("Does Veda work on Wan2.1? what speedup would we get", "what speedup would we get"),
    ("What does Veda do? Tell us its speedup", "Tell us its speedup"),
    ("Which optimizer did Veda use? We would also like the learning rate.", "We would also like the learning rate."),
    # a last question carrying on the one before asks both (read set BF, bf003)
    ("frameoracle keeps how many frames of 16? and when starting from 64 candidates?",
     "frameoracle keeps how many frames of 16? and when starting from 64 candidates?"),
    # ... as does one judging its answer (read set CN, session 33)
    ("how many parameters does the SCOPE edge model have? is it small enough for real devices?",
     "how many parameters does the SCOPE edge model have? is it small enough for real devices?"),
    ("what licence is dramasr-532k released under? any restriction on commercial use?",
     "what licence is dramasr-532k released under? any restriction on commercial use?"),
    ("What licence is the UCS-Bench data released under? Can we use it commercially?",  # read set DZ, dz041
     "What licence is the UCS-Bench data released under? Can we use it commercially?"),
    ("What is KERN? Can we use it commercially?", "What is KERN? Can we use it commercially?"),
    ("What is KERN? Can you tell me its speedup?", "Can you tell me its speedup?"),  # a request of its own
    ("What is KERN? Is Veda faster?", "Is Veda faster?"),  # a question of its own
    # a paper or result described before a spaced hyphen (probes of session 41 quoted the description's sentences)
    ("the paper explaining why MARS's scaled correction helps - what did they run experiments on",
     "what did they run experiments on"),
    ("That odd result where a student picks up a teacher's preference - what breaks it?", "what breaks it?"),
    ("paper on why hyperparams tuned on small nets carry over - whats the key idea", "whats the key idea"),
    # ... a preposition before the question word (held-out EN, en016: the description's words chose the sentences)
    ("the paper about a teacher passing a liking for owls through digits — in what way do they explain it?",
     "in what way do they explain it?"),
])
def test_ask_part(text, last):
    assert ask_part(text) == last


@pytest.mark.parametrize(("text", "names", "phrase"), [
    ("What is the learning rate used by Veda?", "Veda", "learning rate"),
    ("What batch size did the KERN router experiments use?", "KERN", "batch size"),
    ("Which GPU was Veda's tile-skipping kernel benchmarked on?", "Veda", "GPU"),
    ("How many parameters does the FrameOracle module have?", "FrameOracle", "number of parameters"),
    ("How much training data does Video-MTR need?", "Video-MTR", "amount of training data"),
    ("Which base model was SpaceVista-7B fine-tuned from?", "SpaceVista-7B", "base model"),
    ("Why?", "", ""),
    ("Exactly how many auxiliary forward passes does UPI need?", "UPI", "number of auxiliary forward passes"),
    ("How much faster does FlowNar run than baselines?", "FlowNar", "how much faster it is"),
    # a preposition first, a future tense, "how long … take to …" (dev w347, w742; fresh w803)
    ("Under what licence will the MotionVid-QA data be released?", "MotionVid-QA", "licence"),
    ("At how many frames per second does ViTL run its first skim?", "ViTL", "number of frames per second"),
    ("On which GPU was ISA's latency measured?", "ISA", "GPU"),
    ("With what batch size was KERN trained?", "KERN", "batch size"),
    ("How long does DramaSR-LRM take to train?", "DramaSR-LRM", "training time"),
    ("How long are the videos Veda generates?", "Veda", ""),
    # the asked thing as the subject of a past-tense verb (dev w077)
    ("How many annotators labelled the questions in UCS-Bench?", "UCS-Bench", "number of annotators"),
    ("How many annotated frames does Veda have?", "Veda", "number of annotated frames"),
    # "who": the people asked for, which an abstract does not give (dev v554)
    ("Who are the authors?", "", "authors"),
    ("Who were the annotators of UrbanFeel?", "UrbanFeel", "annotators"),
    # ... and ending the question, no auxiliary verb (dev w1003)
    ("How many annotators labelled UrbanFeel?", "UrbanFeel", "number of annotators"),
    ("How many human observers took part in the UrbanFeel study?", "UrbanFeel", "number of human observers"),  # (EL, el044)
    ("What limitations remain?", "", ""),
    # an aside in brackets, a dash or a frame before the question word, a verb after the asked noun (fresh set N)
    ("Which specific reasoning model (name and parameter count) is DramaSR-LRM built on?", "DramaSR-LRM",
     "specific reasoning model"),
    ("VideoKR — which base model did they post-train", "VideoKR", "base model"),
    ("kern router experiments — how many experts in the MoE models tested?", "kern", "number of experts"),  # set AG
    ("KERN router: how many experts per layer in their MoE experiments?", "KERN", "number of experts per layer"),  # AK
    ("In the MMA paper, which three LLM backbones were used exactly?", "MMA", "three LLM backbones"),
    ("For the SmoothSA method, what feature backbone is used?", "SmoothSA", "feature backbone"),
    ("In the UrbanFeel benchmark, which MLLM came out on top overall?", "UrbanFeel", "MLLM"),
    ("FrameOracle: how many frames remain out of 16?", "FrameOracle", "number of frames"),
    ("In which city was UrbanFeel collected?", "UrbanFeel", "city"),
    # "what's" is "what is" (a follow-up "what's its learning rate?" answered other sentences)
    ("what's its learning rate?", "", "learning rate"),
    ("Whats the licence of UrbanFeel", "UrbanFeel", "licence"),  # typed without the apostrophe (session 26 probe)
    ("What's the batch size of SPIKE?", "SPIKE", "batch size"),
    # a question typed as a noun phrase asking a detail (fresh set R, r050); other short fragments ask none
    ("batch size for Video-MTR's RL training?", "Video-MTR", "batch size"),
    ("learning rate of Veda?", "Veda", "learning rate"),
    ("Veda batch size?", "Veda", "batch size"),
    ("SmoothSA batch size and training steps?", "SmoothSA", "batch size and training steps"),  # fresh set U
    # ... the second a count (read set AX, ax046: no attribute, so a number sentence was quoted as the answer)
    ("Video-MTR learning rate and number of GPUs used for the RL training?", "Video-MTR",
     "learning rate and number of GPUs"),
    ("Video-MTR learning rate and GPU count?", "Video-MTR", "learning rate and GPU count"),
    ("number of GPUs used by Veda", "Veda", "number of GPUs"),
    ("gpu type used to train Video-MTR", "Video-MTR", "gpu type"),
    ("which GPUs", "FrameOracle", "GPUs"),  # the clause of "FrameOracle training hardware? which GPUs" (fresh set T)
    ("FlowNar throughput gain?", "FlowNar", ""),
    # a count asked as a noun phrase, a bit width, a backbone network, a question in brackets (fresh set AB)
    ("upi: exact number of auxiliary forward passes needed?", "UPI", "number of auxiliary forward passes"),
    ("lsgquant bit width", "LSGQuant", "bit width"),
    ("metatrans backbone network", "MetaTrans", "backbone network"),
    # ... the model family under it, the stage asked of, a label before the question (read set DJ: dj044, dj046, dj042)
    ("flownar backbone llm?", "FlowNar", "backbone llm"),
    ("metatrans gpu hours to train?", "MetaTrans", "gpu hours"),
    ("kern router: what lr and batch size did they train with", "KERN", "learning rate and batch size"),
    # a label the question counts; what is responsible, or new, names no detail (second review of session 37)
    ("GPU hours: how many does SGMD need?", "SGMD", "number of GPU hours"),
    ("What is responsible for quality degradation in SGMD?", "SGMD", ""),
    ("What is new in SGMD?", "SGMD", ""),
    ("What was SGMD tested on?", "SGMD", "evaluation datasets"),
    ("What was SGMD evaluated on?", "SGMD", "evaluation datasets"),
    ("What was SGMD run on?", "SGMD", ""),
    ("Quick question: how many does SGMD save?", "SGMD", ""),  # a label that is no count (second review)
    # a second language's word orders (probes of session 27: each was answered from other sentences)
    ("What optimizer use the KERN authors?", "KERN", "optimizer"),
    ("Veda paper, the batch size is how much?", "Veda", "batch size"),
    ("In the work of MetaTrans, how long is taking the training in hours?", "MetaTrans", "training time"),
    ("How much time does the training take?", "", "training time"),
    ("The ParallelBench, how many annotators they have employed?", "ParallelBench", "number of annotators"),
    ("Veda paper, it is how much?", "Veda", ""),
    # ... and a professor's: a frame before a colon, an aside between commas, a polite request, a count's noun, a
    # yes-or-no question on whether a detail is reported (not whether a thing is included)
    ("For my reading group: what computational overhead, in wall-clock terms, does the preheating in SmoothSA "
     "introduce?", "SmoothSA", "computational overhead"),
    ("With respect to ProtoKV, could you state the dimensionality of each prototype vector?", "ProtoKV",
     "dimensionality"),
    ("Regarding the Veda framework, what is the precise number of training iterations used to distil the scorer?",
     "Veda", "number of training iterations"),
    ("Does the UrbanFeel benchmark report inter-rater reliability, for instance a Cohen's kappa, for its annotations?",
     "UrbanFeel", "inter-rater reliability"),
    ("Does ParallelBench include autoregressive LLMs?", "ParallelBench", ""),
    ("The learning rate of Veda, please.", "Veda", "learning rate"),  # no article in "does not report its …"
    # ... and read set BF's: a topic before a comma, a count behind "report", a detail said of its use, a request
    # holding a question, the subject after the asked noun
    ("Veda speedup numbers, on which GPU they are measured?", "Veda", "GPU"),
    ("In the distillation paper, do the authors report how many random seeds were run?", "", "number of random seeds"),
    ("KERN router, the learning rate and batch size used in the MoE experiments is how much?", "KERN",
     "learning rate and batch size"),
    ("Could you state under which licence the UrbanFeel street-view images are to be released?", "UrbanFeel", "licence"),
    ("Do the FrameOracle authors identify by name the five backbones used, and if so, which are they?", "FrameOracle",
     "five backbones"),
    ("Which dataset is the model trained on?", "", "dataset"),
    # ... none where the request or the question asks no detail (second review)
    ("Could you provide an explanation of the Veda router?", "Veda", ""),
    ("Could you state the main contribution of Veda?", "Veda", ""),
    ("Does Veda provide a theoretical analysis?", "Veda", ""),
    ("What fraction of the visual tokens is pruned by Veda?", "Veda", "fraction"),
    ("Number of GPUs in Veda, how many?", "Veda", "Number of GPUs"),
    ("Learning rate of Veda, what is the value?", "Veda", "Learning rate"),
    ("protokv prototype bank capacity (how many prototypes)?", "ProtoKV", "number of prototypes"),
    ("how much memory", "", "amount of memory"),
    # a chat's shorthand for a detail (fresh set AC)
    ("veda lr?", "Veda", "learning rate"),
    ("lsgquant bit width — w4a4, w8a8, something lower?", "LSGQuant", "bit width"),  # values after a dash
    ("frameoracle param count?", "FrameOracle", "number of parameters"),  # a count of them (session 33)
    # a count of each of two things, not the second one's names (a test answer, q029, session 33; disclosed)
    ("How many questions and cities does UrbanFeel include?", "UrbanFeel", "number of questions and number of cities"),
    ("#params of veda?", "Veda", "number of parameters"),
    ("exact number of auxiliary forward passes upi needs?", "UPI", "number of auxiliary forward passes"),
    ("SegPVSG vs FlowNar", "SegPVSG\nFlowNar", ""),
    # the asked thing as the subject of a verb with an object (fresh set AN, an024, an026)
    ("UCS-Bench: how many human annotators wrote or checked the questions?", "UCS-Bench", "number of human annotators"),
    ("which exact teacher model supplies the distilled reasoning chains?", "", "teacher model"),
    ("Which works decide which frames a video model should look at?", "", ""),  # "frames" is no verb
    ("what does it say predicts the best place to apply the sign step?", "", ""),
    # the paper described before a comma, however long (fresh set AN, an027, an026)
    ("that mono-to-stereo video conversion paper with the youtube side-by-side dataset, what resolution and frame "
     "rate are the clips?", "", "resolution and frame rate"),
    ("For the work that renders skeleton sequences into images through a differentiable renderer so an MLLM can "
     "read them, which teacher model is used?", "", "teacher model"),
    # "how big" asks a size, the amount itself, or nothing a dataset's count would not answer (fresh set AO, session 20)
    ("like how big are the tiles in the tile-wise mask", "Veda", "tile size"),  # the clause of "veda tile size? like …"
    ("how big is it", "", "size"),
    ("how big is the accuracy gain", "", "accuracy gain"),
    ("how big is the YouTube dataset", "", ""),
    ("which surgical datasets they validate on", "", "surgical datasets"),  # a relative clause without "that"
    # a bare "how many" counts the plural before it, not its quantifier (fresh set AO, ao033)
    ("UPI says it needs 'a few' auxiliary forward passes — exactly how many?", "UPI",
     "number of auxiliary forward passes"),
    ("it uses several experts, how many?", "", "number of experts"),
    # ... and a bare "which ones" names the plural before it (read set BJ, bj040)
    ("FrameOracle was tried with five different models — which ones exactly?", "FrameOracle", "models"),
    # an adverb that only insists is no part of the attribute (fresh set AS, session 22)
    ("SurgiFlowVid: which surgical datasets exactly?", "SurgiFlowVid", "surgical datasets"),
    ("Which datasets, precisely, does StreamMem use?", "StreamMem", "datasets"),
    # a reviewer asking whether the paper said it, a professor's request with the question inside (session 28)
    ("Did Veda say which GPUs they measured the speedup on?", "Veda", "GPUs"),
    ("Did the KERN paper report how many parameters their MoE models had?", "KERN", "number of parameters"),
    ("ProtoKV advertises a fixed memory — did they say how many prototypes the bank holds?", "ProtoKV",
     "number of prototypes"),
    ("Could you state which specific vision encoder is kept frozen in V-LynX?", "V-LynX", "specific vision encoder"),
    ("Would you state how many videos the RVAS dataset released alongside LESA contains?", "LESA", "number of videos"),
    ("which base video model served as the teacher in SGMD's distillation?", "SGMD", "base video model"),
    ("Does Veda provide a theoretical analysis?", "Veda", ""),  # "provide", "give" ask no detail of their own
    ("Does ProtoKV say what the prototype bank stores?", "ProtoKV", ""),  # its verb is no detail (second review)
    ("What were the GPU hours for ProtoKV training?", "ProtoKV", "GPU hours"),  # no unit taken off
    ("Could you tell me which commercial model Sparr outperforms?", "Sparr", ""),  # dev ad13036: named otherwise
    ("Deep Forcing: how many times longer than its training clip length can it roll out?", "Deep Forcing", ""),  # ax006
    # the question word where the asked thing stands, as a second language puts it (read set BL, session 29) ...
    ("protokv use how many GB of GPU memory exactly?", "protokv", "number of GB"),
    ("smoothsa code is released under what license?", "smoothsa", "license"),
    ("veda tested on which gpu?", "veda", "gpu"),
    ("Veda gets what speedup?", "Veda", "speedup"),
    # ... not a relative clause, two question words, a request, or a clause after "and" (dev p031, s008, bj002)
    ("that image tokenizer which tries to be good at reconstruction — what accuracy vs. the ViT?", "", ""),
    ("UPI context extension - from what length to what length on PG-19?", "UPI", ""),
    ("Tell me which GPU veda used", "veda", ""),
    ("on which test", "", ""),
    # a topic before a comma, then how many of a thing (read set BL, bl042), not a condition (dev g035)
    ("kern router, how many experts in their moe experiment?", "kern", "number of experts"),
    ("Starting from 16-frame inputs, how many frames does FrameOracle keep on average?", "FrameOracle", ""),
    # the paper named before a comma with an aside saying what it is (read set BO, session 30)
    ("For OGD+ and OPGD, the continual learning methods that use orthogonal gradients, which datasets did they run "
     "their experiments on?", "OGD+\nOPGD", "datasets"),
    ("For Veda, the learning rate, what is it?", "Veda", ""),  # the aside is what is asked (second review)
    # "under / with / using which X" asks X (a probe of session 30); "on which test" stays no detail (dev bj002)
    ("and under which license?", "UPI", "license"),
    ("and with which optimizer?", "UPI", "optimizer"),
    ("In FrameOracle, the VLMs, which ones are used?", "FrameOracle", ""),
    # an agent's keyword queries and a topic before a colon (read set BX, session 31)
    ("KERN router: number of experts and total parameter count in the MoE experiments", "KERN",
     "number of experts and total parameter count"),
    ("veda: GPU model used for the tile-skipping kernel benchmarks", "Veda", "GPU model"),
    ("flownar: base LMM / backbone name", "FlowNar", "base LMM or backbone name"),
    ("For the ImmersePro YouTube-SBS collection: what resolution and frame rate are the stereo clips delivered at?",
     "ImmersePro", "resolution and frame rate"),
    ("In SkeletonLLM, which teacher model provides the step-by-step reasoning?", "SkeletonLLM", "teacher model"),
    ("veda: tile-skipping kernel", "Veda", ""),  # a topic, no detail
    ("PPLLaVA: video large language models", "PPLLaVA", ""),  # a topic (second review)
    ("How many images / second does PPLLaVA process?", "PPLLaVA", "number of images / second"),  # a unit, no "or"
    # "how many" after "tell me" when its verb follows the noun; not a declarative order (second review)
    ("Could you tell me how many graphics processors were used to train SmoothSA?", "SmoothSA", "number of graphics processors"),
    # session 32 (read sets BZ, CA): no auxiliary after a second language's which-phrase, a question word left in
    # place after "of", a claim then a dash before the question
    ("For SmoothSA, on which datasets they make the object discovery experiments?", "SmoothSA", "datasets"),
    ("Which models they compare against?", "", "models"),
    ("what extra cost appears when they combine the risk bands?", "", ""),  # no noun phrase before "they"
    ("Proact-VL is built on top of which multimodal language model backbone?", "Proact-VL",
     "multimodal language model backbone"),
    ("Veda claims a 5.1x end-to-end speedup — on which GPU hardware was that measured?", "Veda", "GPU hardware"),
    # the paper's possessive read as "its": the asked thing's verb has an object (read set CD, cd043)
    ("How many human annotators produced UrbanFeel's human-expert baseline", "UrbanFeel", "number of human annotators"),
    ("Veda hits 5.1x end-to-end — at what resolution?", "Veda", "resolution"),  # (second review)
    ("LIVEditor-14B (ISA paper): # GPUs / training compute?", "ISA\nLIVEditor-14B",
     "number of GPUs and training compute"),  # two details a table wants (read set CF)
    ("FlowNar learning rate / batch size?", "FlowNar", "learning rate and batch size"),  # (a probe of session 32)
    ("SGMD — # parameters of the student?", "SGMD", "number of parameters"),  # "# params" as spelling correction leaves it
    # the paper as the subject of a last clause, and a particle after the noun (probes and read set CS, session 34)
    ("What is the maximum video length Deep Forcing generates?", "Deep Forcing", "maximum video length"),
    ("upi context extension, from what length up to what length did they push the models", "upi", "length"),
    ("kern router paper how many experts per layer in their moe experiments", "kern", "number of experts per layer"),
    # read sets DD, DE (session 36): a verb taking "to" is no thing asked; a cost (not one in a unit); details joined by
    # a slash, each a detail; a clause with its subject after a fragment
    ("What seems to shut it down?", "", ""),
    ("What appears to drive the gain?", "", ""),
    ("Video-MTR reward design / number of turns?", "Video-MTR", ""),  # a part no detail (second review)
    ("How much did it cost in training samples for Video-MTR?", "Video-MTR", ""),
    ("How much did it cost to have the experts annotate the VideoKR-Eval benchmark?", "VideoKR-Eval", "cost"),
    ("kern — total param count / number of experts in the MoE they tested?", "kern",
     "total param count and number of experts"),
    ("veda: tile size they use for the sparse mask?", "veda", "tile size"),
    # read sets DG, DH: a plus joins details, "#" counts, a dash after a topic, a comparison's "relative" left over
    ("proact-vl which base mllm + param count?", "proact-vl", "base mllm and param count"),
    ("kern router - # experts and model size in the moe experiments?", "kern", "number of experts and model size"),
    ("In the SGMD scheme, what training speedup relative to DMD is claimed?", "SGMD", "training speedup"),
    # probes of session 40: a verb is no thing asked ("does not report its gets rid"); the paper before a verb ending
    # in a preposition is its subject, in any case
    ("what gets rid of the effect?", "", ""),
    ("What causes the transfer?", "", ""),
    ("what are the five downstream benchmarks spike improves on?", "SPIKE", "five downstream benchmarks"),
    # second reviews of session 42: a count's subject before a base-form verb or "behind", two plurals slashed, a
    # relative clause after a preposition, a time as the fragment asked, "specific" before the detail
    ("UrbanFeel: how many human experts form the human baseline?", "UrbanFeel", "number of human experts"),
    ("How many human subjects gave ratings?", "", "number of human subjects"),
    ("video-bci: how many seeds / runs behind the 3.8% on MMVU?", "video-bci", "number of seeds or runs"),
    ("Please indicate the licence under which the DramaSR benchmark is distributed.", "DramaSR", "licence"),
    ("immersepro inference time per frame?", "immersepro", "inference time"),
    ("In SGMD, which specific pretrained video diffusion model serves as the teacher?", "SGMD",
     "pretrained video diffusion model"),
    ("Which GPUs did Veda run on?", "Veda", "GPUs"),
    # fresh sets EA, EB and a second review (session 43): details typed as a list, their "which" and units left out; a
    # verb without its auxiliary, or irregular, after the counted thing; a list holding a number the answer quotes
    ("smoothsa -- lr, batch size, # slots used?", "smoothsa", "learning rate, batch size, number of slots"),
    ("proact-vl: which base MLLM, and actual latency in ms?", "proact-vl", "base MLLM, latency"),
    ("Veda: speedup, resolution, GPU?", "Veda", ""),
    ("How many training samples video-mtr needs for its RL post-training?", "video-mtr", "number of training samples"),
    ("FrameOracle: avg # frames kept when starting from 16-frame input?", "FrameOracle", "number of frames"),
    ("UrbanFeel: number of cities chosen?", "UrbanFeel", "number of cities"),
    ("Which language model, and of what size, serves as the backbone of PPLLaVA?", "PPLLaVA", "language model"),
    # a hedge before the question word, a preposition after a label (a second review of session 45)
    ("Could you tell me roughly how much faster SGMD trains?", "SGMD", ""),
    ("I used to work with 8-bit converters, so I am curious: to what bit width does LSGQuant quantize the weights?",
     "LSGQuant", "bit width"),
    ("macd decoding latency overhead?", "MACD", "decoding latency overhead"),  # a terse detail (session 45)
    ("kern: largest model size tested, param count?", "KERN", "largest model size tested, param count"),
    # ... a routing detail among them, after a remark and a dash (read set EK, ek044)
    ("KERN: largest MoE they actually train — total params, #experts, top-k?", "KERN",
     "total params, number of experts, top-k"),
    ("what did the UrbanFeel annotation cost them, in dollars?", "UrbanFeel", "cost"),  # the detail as a verb (qh073)
    # a question held in a statement's order, its verb one of origin; people who did something (held-out EM)
    ("which 11 cities the UrbanFeel street-view images come from? Are they listed?", "UrbanFeel", "11 cities"),
    ("how many people annotated the detailed captions in CaReBench?", "CaReBench",
     "number of people who annotated the detailed captions"),
    # a verb after its object, as Spanish orders it (a second review of session 49, qu093: "does not report its accuracy obtains")
    ("which accuracy obtains MotionChat in FAVOR-Bench?", "MotionChat", "accuracy"),
    ("how much memory saves ProtoKV?", "ProtoKV", "amount of memory"),
    ("What is the asymptotic time complexity, in sequence length, of computing UPI's scaling?", "UPI",
     "asymptotic time complexity"),  # what it is measured in, between commas (qu067)
])
def test_attribute_is_the_asked_thing_in_the_question_words(text, names, phrase):
    assert attribute(text, names) == phrase


@pytest.mark.parametrize(("text", "name", "wants"), [
    ("What scale is UrbanFeel?", "UrbanFeel", "number"),  # a size noun alone asks for a quantity
    ("How much footage does UCS-Bench contain?", "UCS-Bench", "number"),
    ("What is the total duration of footage in UCS-Bench?", "UCS-Bench", "number"),  # dev w360 quoted no number
    ("What are the parts of SegPVSG?", "SegPVSG", ""),
    ("What scale of reasoning does UrbanFeel test?", "UrbanFeel", ""),  # a size noun among other asked words
    # ... but a measure asked as the detail wants one, whatever other words come with it (diagnostic set BI, bi049)
    ("Could you state the total duration of egocentric footage in UCS-Bench?", "UCS-Bench", "number"),
])
def test_a_size_alone_wants_a_quantity(text, name, wants):
    assert asks(question(text), name).wants == wants


def test_named_papers_and_filters_are_no_focus():
    found = asks(question("Which ICLR 2026 results does Veda report on video diffusion?", "ICLR", 2026), "Veda")

    assert "veda" not in found.focus and "iclr" not in found.focus and "2026" not in found.focus
    assert {"video", "diffus"} <= found.focus


def test_abbreviations_typed_inside_a_topic_are_no_focus():
    found = asks(question("Which papers compress weights by pruning, esp. layer pruning (incl. LLMs), etc.?"))
    assert {"prune", "layer", "compress", "weight"} <= found.focus
    assert not {"incl", "esp", "etc"} & found.focus


def test_a_question_on_the_paper_alone_asks_for_its_gist():
    assert asks(question("What is FlowNar?"), "FlowNar").gist
    assert asks(question("Tell me about FlowNar."), "FlowNar").gist  # "me" asks nothing
    assert asks(question("Can you give me an overview of FlowNar?"), "FlowNar").gist
    assert not asks(question("What module does FlowNar use?"), "FlowNar").gist


@pytest.mark.parametrize(("text", "gist"), [
    # its gist in other words, or with a chat's courtesy before it: nothing the abstract could lack
    ("What is the main contribution?", True),
    ("What are the key findings?", True),
    ("What's the core idea?", True),
    ("Thanks! What is MotionSight?", True),
    ("Ok, tell me about MotionSight.", True),
    ("One-line takeaway of MotionSight?", True),  # a takeaway is no word an abstract could lack (read set BG)
    # a detail, however it is put
    ("What are the key components?", False),
    ("What is the main dataset?", False),
])
def test_a_question_for_the_main_idea_asks_for_the_gist(text, gist):
    assert asks(question(text), "MotionSight").gist is gist


@pytest.mark.parametrize(("text", "clauses"), [
    # an abbreviation's dot ends no sentence
    ("What bit-width do LSGQuant's weights use, e.g. W4A4 or W8A8?",
     ["What bit-width do LSGQuant's weights use, e.g. W4A4 or W8A8?"]),
    ("What does DRAQ stand for in LSGQuant, and what other components does the method include?",
     ["What does DRAQ stand for in LSGQuant", "what other components does the method include?"]),
    ("Which paper does X, and what module do they design?", ["what module do they design?"]),
    ("Is there a paper on X and what does it use?", ["what does it use?"]),
    ("How many does it keep and what happens to accuracy?", ["How many does it keep", "what happens to accuracy?"]),
    # a paper described before a comma, then what is asked of it (a probe of session 30); not after a colon (dev w638)
    ("that benchmark of city street view images over time, which model did best?", ["which model did best?"]),
    ("The paper pitting a video generator against an LLM: besides puzzles, which tasks were in it?",
     ["The paper pitting a video generator against an LLM: besides puzzles, which tasks were in it?"]),
    ("For Veda, which GPUs did they use?", ["For Veda, which GPUs did they use?"]),
    # "and under / with which …" asks a clause of its own (a probe of session 30)
    ("did UPI release weights, and under which license?", ["did UPI release weights", "under which license?"]),
    # a count asked after a preposition is asked too; "in what kind of …" is not cut off (dev bd010)
    ("How much does it help, and on how many datasets?", ["How much does it help", "on how many datasets?"]),
    ("Which LLMs was it tried on, and in what kind of scenes does it help most?",
     ["Which LLMs was it tried on, and in what kind of scenes does it help most?"]),
    # what a described paper found about something asks that thing (read set BJ, bj021)
    ("What did the paper on Adam for two-player games find about its momentum knobs?",
     ["What did they find about its momentum knobs?"]),
    # "is that right" asks whether the sentence before is (read set BG, bg021)
    ("I read that X found momentum reverses. Is that right, and how did they test it?",
     ["I read that X found momentum reverses.", "how did they test it?"]),
    # a description of the paper, then what is asked of it
    ("The paper that compresses KV caches for streaming video: how much memory does it save?",
     ["how much memory does it save?"]),
    ("The theory paper explaining why MARS helps — which variant did they run?", ["which variant did they run?"]),
    ("What does the ratio 3:1 mean?", ["What does the ratio 3:1 mean?"]),  # a colon inside the question stays
    # a last sentence that only offers answers asks nothing of its own
    ("what exact bit width does lsgquant quantize the DiT to? W4A4, W8A8?",
     ["what exact bit width does lsgquant quantize the DiT to?"]),
    ("Which bit width does LSGQuant use? 4-bit or 8-bit?", ["Which bit width does LSGQuant use?"]),
    ("Is Veda fast? And what speedup?", ["Is Veda fast?", "what speedup?"]),  # carried on: both asked (set BF)
    # ... nor a run of one-word questions offering names, the first after a dash (fresh set AD)
    ("which hybrid models did they test — jamba? zamba? samba?", ["which hybrid models did they test?"]),
    ("What is Veda? Why?", ["Why?"]),
    # ... nor whether the asker may use it (a second review of session 45, qc070)
    ("What license is ImmersePro's dataset released under? Can my students use it?",
     ["What license is ImmersePro's dataset released under?"]),
    # a topic before the colon is what is asked about, not a description of a paper
    ("Cycloplegic refraction in young adults: is it mandatory?", ["Cycloplegic refraction in young adults: is it mandatory?"]),
    # ... after a preposition too (a second review of session 45, qe024)
    ("In the theory work about why a scaled correction term helps, what does the new condition give back at zero?",
     ["what does the new condition give back at zero?"]),
    # ... but not one asking a count itself (a second review of session 46, qo018)
    ("In the UrbanFeel benchmark, from how many cities were the photographs gathered, and which model came out on top?",
     ["In the UrbanFeel benchmark, from how many cities were the photographs gathered", "which model came out on top?"]),
    # a yes-or-no clause in the past asks too (read set EI, ei004)
    ("For UPI, to what length were the models stretched, and did the procedure require any further training?",
     ["For UPI, to what length were the models stretched", "did the procedure require any further training?"]),
])
def test_every_asked_clause_counts_but_the_one_that_picks_out_the_paper(text, clauses):
    assert asked_clauses(text) == clauses


@pytest.mark.parametrize(("text", "names", "details"), [
    ("What learning rate and optimizer were used for Video-MTR's RL post-training?", "Video-MTR",
     ["learning rate", "optimizer"]),
    ("What batch size did the KERN router experiments use?", "KERN", ["batch size"]),
    # words for the kind of answer are no detail an abstract would spell out
    ("What quantity do they suggest for picking a good teacher?", "", []),
    ("How much faster does SGMD train?", "SGMD", []),
    ("What does DRAQ stand for in LSGQuant, and what other components does the method include?", "LSGQuant", []),
    # a role noun heads no detail: the abstract states the thing in its own words (dev w612, w996)
    ("What reinforcement learning algorithm does SPIKE-RL rely on?", "SPIKE-RL", []),
    ("Which modelling simplification does ParallelBench blame?", "ParallelBench", []),
    ("Which model families does MACD get tested on?", "MACD", []),
    ("Which reinforcement learning optimizer does SPIKE-RL use?", "SPIKE-RL", ["reinforcement learning optimizer"]),
    # ... nor does what a paper sets out to fix (a probe of session 28: "does not report its problem")
    ("What problem does FrameOracle solve?", "FrameOracle", []),
    ("What's the main limitation of attention that the theory exposes?", "", []),
    # ... as written: a limit is no limitation, a named challenge no trouble (second review)
    ("What is the maximum context length limit in Proact-VL?", "Proact-VL", ["maximum context length limit"]),
    ("4DPC2hat: what model sits at the core of it?", "4DPC2hat", []),  # the verb is no detail (session 44 review)
    ("video-bci: how many self-prior hypotheses sampled per question?", "Video-BCI", ["number of self-prior hypotheses"]),
    ("how many distinct characters appear in dramasr-532k?", "DramaSR-532K", ["number of distinct characters"]),
    ("Which Kaggle challenge did UrbanFeel's data come from?", "UrbanFeel", ["Kaggle challenge"]),
])
def test_details_are_the_asked_attributes_an_abstract_would_name(text, names, details):
    assert [phrase for phrase, _, _ in asks(question(text), names).details] == details


def test_a_noun_for_the_sort_of_thing_is_no_head_of_its_own():
    # "GPU hardware" is headed by "GPU": an abstract's "hardware-efficient" states no GPU (read set CA, ca039)
    (_, _, head), = asks(question("On which GPU hardware was Veda's speedup measured?"), "Veda").details
    assert head == {"gpu"}


def test_the_question_own_spelling_of_a_name_is_no_focus():
    q = Question(text="How much faster does Video MTR train?", standalone="", venue=None, year=None, kind="fact",
                 written=("Video MTR",))
    assert not {"video", "mtr"} & asks(q, "Video-MTR").focus


@pytest.mark.parametrize(("text", "content"), [
    ("What has been done on choosing which frames a video model should look at?", {"choos", "frame", "video"}),
    ("Which papers build some kind of memory so a model can keep up with a live video stream?",
     {"build", "memori", "keep", "live", "video", "stream"}),
    ("Is there work on reading lips from silent video?", {"read", "lip", "silent", "video"}),  # "reading" is content
    ("I'm curious whether anyone cuts down the visual tokens of video LLMs", {"cut", "visual", "token", "video", "llms"}),
    ("One-line takeaway: the paper on why pruned LLMs collapse?", {"prune", "llms", "collaps"}),  # read set BG, bg016    # a reader's idioms (diagnostic set BS, session 30)
    ("Which paper asks whether it matters if you prune before you quantize or the other way round?",
     {"ask", "prune", "quantiz"}),
    ("What hypothesis did they put forward on pruning (or vice versa)?", {"hypothesi", "prune"}),
    ("How does FrameOracle treat data points out of distribution?", {"frameoracl", "treat", "data", "point", "distribut"}),
    ("Which papers prune in either setting?", {"prune", "set"}),  # a closed-class word (a review of session 45, qk066)
])
def test_function_words_and_request_words_are_no_focus(text, content):
    # "some", "so", "up", "done" are in no abstract: as focus they counted as content the collection lacks
    assert asks(question(text)).focus == content


def test_a_question_asking_several_things_keeps_each_clause_apart():
    found = asks(question("How many hours of footage are in UCS-Bench, and what is the proposed framework called?"),
                 "UCS-Bench")

    assert [p.wants for p in found.parts] == ["number", "names"]
    assert "hour" in found.parts[0].ask and "framework" in found.parts[1].ask
    assert not asks(question("How many hours of footage are in UCS-Bench?"), "UCS-Bench").parts


def test_a_described_paper_is_no_problem_asked():
    # "explaining why" describes the paper; what is asked follows the colon
    assert not asks(question("The paper explaining why MARS helps: which optimizer variant did they run?"), "").problem


@pytest.mark.parametrize(("text", "identify"), [
    ("Is there a benchmark for assistants that remember where things are?", True),
    ("Which work builds an assistant that comments on live games?", True),
    ("I'm looking for an approach that makes scene graphs robust. What's the method?", True),
    ("What is the method called?", True),
    ("Which datasets was it evaluated on?", False),  # a detail, not the paper
    ("Is there a relationship between sleep and memory?", False),
    ("How much faster is it than full attention?", False),
])
def test_a_question_asking_for_a_described_paper_wants_it_named(text, identify):
    assert asks(question(text)).identify is identify


def test_a_question_naming_its_paper_does_not_ask_which_one_it_is():
    named = Question(text="Which work is FlowNar compared with?", standalone="", venue=None, year=None, kind="fact",
                     written=("FlowNar",))
    assert not asks(named, "FlowNar").identify


def test_a_plural_written_as_optional_is_read_as_the_plural():
    written = asks(question("Which base VLM(s) were post-trained on VideoKR?"), "VideoKR")
    assert written.attribute == "base VLMs"
    assert written.details == asks(question("Which base VLMs were post-trained on VideoKR?"), "VideoKR").details


def test_a_request_to_name_the_thing_asks_as_which_does():
    named = asks(question("Name the three benchmarks VideoKR was evaluated on."), "VideoKR")
    asked = asks(question("Which three benchmarks was VideoKR evaluated on?"), "VideoKR")
    assert named.wants == asked.wants == "names"
    assert [d[0] for d in named.details] == ["three benchmarks"]


@pytest.mark.parametrize("request_", ["Need the speedup of Sparr.", "Tell me the speedup of Sparr",
                                      "I need the speedup of Sparr", "give me the speedup of Sparr"])
def test_an_imperative_request_for_a_detail_asks_it(request_):
    assert asks(question(request_), "Sparr").attribute == "speedup"


@pytest.mark.parametrize(("request_", "attribute"), [
    ("Tell me Sparr's learning rate", "learning rate"),
    ("Give me the number of GPUs Sparr was trained on", "number of GPUs"),
    ("Tell me about Sparr", ""),  # the paper itself, no detail of it
    ("Tell me what's new in Sparr", ""),  # "what's" is no name with its "'s"
])
def test_an_imperative_without_the_or_asking_a_count_asks_its_detail(request_, attribute):
    assert asks(question(request_), "Sparr").attribute == attribute


def test_the_names_of_things_are_asked_as_which_things():
    # fresh set AO, ao035: "We validate our approach on three surgical datasets" names none of them
    found = asks(question("SurgiFlowVid: what are the names of the three surgical datasets they validate on?"),
                 "SurgiFlowVid")

    assert found.attribute == "surgical datasets" and found.wants == "names"


@pytest.mark.parametrize("request_", [
    # a request after the paper's name and a colon (read set CZ, cz042), once "which", never "which which"
    "SurgiFlowVid: please list the names of the three surgical datasets used for validation.",
    "Please list the names of the three surgical datasets SurgiFlowVid used for validation.",
])
def test_a_request_to_list_the_names_of_things_asks_which_things(request_):
    found = asks(question(request_), "SurgiFlowVid")

    assert found.attribute.removeprefix("which ") == "surgical datasets" and found.wants == "names"


@pytest.mark.parametrize(("text", "attribute"), [
    # "exactly how many of those …" counts them (read set CZ, cz043)
    ("UPI exactly how many of those auxiliary forward passes does it need", "number of auxiliary forward passes"),
    # "how much of the network" is a share, no amount of a thing (dev d011)
    ("In the UPI paper, how much of the network needs to be fine-tuned?", ""),
])
def test_how_many_of_those_things_counts_them(text, attribute):
    assert asks(question(text), "UPI").attribute == attribute


@pytest.mark.parametrize(("text", "of_listed"), [
    ("Is there work on stacking pruning and quantization? What ordering rule do they propose?", {"order", "rule"}),
    ("Which work argues that the order of pruning and quantization matters, and what rule does it put forward?",
     {"rule"}),  # "put forward" is an idiom for propose, no content (session 30)
    ("Which papers stack pruning and quantization?", None),  # asks for the papers alone
    ("Which papers stack pruning and quantization? Any with code?", None),  # nothing of "them" in particular
])
def test_a_list_that_goes_on_to_ask_something_of_its_papers_asks_it_of_each(text, of_listed):
    found = asks(Question(text=text, standalone=text, venue=None, year=None, kind="list")).of_listed
    assert (found.ask & of_listed == of_listed if of_listed else found is None)


@pytest.mark.parametrize(("text", "kept"), [
    # a gloss before the question says which paper: its words are not asked (read set CZ, cz065)
    ("SCOPE (cloud-edge long video understanding): what failure mode do the authors identify?", False),
    # ... but brackets at the end are asked (dev s009)
    ("How big is the YouTube-SBS dataset from SCOPE (videos / stereo pairs)?", True),
])
def test_a_gloss_after_a_name_before_the_question_is_not_asked(text, kept):
    named = Question(text=text, standalone=text, venue=None, year=None, kind="fact", written=("SCOPE",))
    read = asks(named, "SCOPE")
    assert ("cloud" in read.ask or "stereo" in read.ask) is kept


@pytest.mark.parametrize(("text", "trouble"), [
    ("What failure mode of similarity-based filtering does SCOPE identify?", True),  # read set CZ, cz065
    ("What failure modes does SCOPE name?", True),
    ("What mode does SCOPE run in?", False),
])
def test_a_failure_mode_is_a_trouble_the_abstract_states_in_its_words(text, trouble):
    read = asks(question(text), "SCOPE")
    assert read.trouble is trouble and not (trouble and read.details)


def test_the_pieces_of_a_method_are_answered_in_other_words():
    # "two complementary mechanisms: Deep Sink … Participative Compression" (read set CZ, cz072)
    assert not asks(question("What are the two pieces of Deep Forcing called?"), "Deep Forcing").details


@pytest.mark.parametrize(("text", "attribute"), [
    # "which one?" after the thing asks which it is (read set DC, dc045)
    ("DramaSR-LRM is 'built on a large reasoning model' — okay, which one?", "large reasoning model"),
    # rough sizes offered after the question are no question of their own (read set DC, dc044)
    ("How many tasks are actually in ParallelBench? A handful or hundreds?", "number of tasks"),
])
def test_a_skeptics_follow_up_words_ask_the_thing_before_them(text, attribute):
    assert asks(question(text), "DramaSR-LRM\nParallelBench").attribute == attribute


def test_how_much_longer_asks_a_ratio_not_an_amount_of_a_thing():
    # "10x longer videos" answers it (read set DB, db001 said "does not report its amount of longer a stream")
    read = asks(question("flownar: how much longer a stream can it chew through?"), "flownar")
    assert read.attribute == "how much longer a stream it is"


@pytest.mark.parametrize(("text", "wants"), [
    ("Veda vs ISA: what's the trick each uses to actually get the speedup?", "method"),
    # a number asked in a clause of its own after the trick is still asked (second review)
    ("Veda vs ISA: what's the trick and how much speedup does each get?", "number"),
    # a field's word before the trick; how a paper gets the result it is known for (read set DJ: dj071, dj067)
    ("video-mtr vs vidbridge-r1, what's the RL trick in each", "method"),
    ("veda vs isa — how does each one actually get the attention speedup?", "method"),
    ("How does Veda get its attention speedup?", "method"),
    ("How much speedup does Veda get?", "number"),
    ("How does Veda get to 5x?", "method"),
])
def test_a_trick_asked_wants_the_method_unless_a_number_is_asked_after_it(text, wants):
    assert wanted_detail(text) == wants


def test_a_gloss_naming_something_is_kept():
    # "(the YouTube-SBS dataset)" says what is counted (second review)
    text = "ImmersePro (the YouTube-SBS dataset): how many stereo videos does it have?"
    named = Question(text=text, standalone=text, venue=None, year=None, kind="fact", written=("ImmersePro",))
    assert "youtub" in asks(named, "ImmersePro").focus


def test_an_interjection_before_a_colon_is_no_paper_name():
    # "Quick: give me the main finding …" is no request after a name (second review)
    assert asks(question("Quick: give me the main finding of the layer pruning paper.")).attribute != "main finding of"


def test_how_much_less_of_a_thing_asks_an_amount_of_it():
    # "how much less memory" may be lacking (second review); "how much longer a stream" is a ratio
    assert asks(question("How much less memory does ProtoKV use?"), "ProtoKV").attribute == "amount of less memory"


def test_a_trick_asked_is_answered_in_other_words_never_lacking():
    # "what's the RL trick in VidBridge-R1?" said "does not report its RL trick" (second review of session 37)
    assert asks(question("what's the RL trick in VidBridge-R1?"), "VidBridge-R1").details == ()
    # ... but a detail's trick is that detail (second review)
    assert asks(question("What's the learning rate trick in KERN?"), "KERN").details != ()


@pytest.mark.parametrize(("text", "names", "details"), [
    # a family of models asks the models by name (second review, session 43: "does not report" never said)
    ("Which backbone family does SGMD use?", "SGMD", ["backbones"]),
    ("macd: which video llm families was it tested with?", "MACD", ["video llms"]),
    # ... and what a paper is worth is said in its result sentences, no detail it could lack
    ("what's the practical payoff of sgmd over plain DMD in terms of training speed?", "SGMD", []),
    ("what's the impact of veda?", "Veda", []),
    ("Tell me about SurgiFlowVid — what's actually new there?", "SurgiFlowVid", []),  # its contribution (qh113)
])
def test_the_details_a_question_asks(text, names, details):
    assert [phrase for phrase, _, _ in asks(question(text), names).details] == details


@pytest.mark.parametrize(("text", "names", "head"), [
    # the head comes before what restricts it (fresh set ED, session 44: "captions" made the agreement stated) ...
    ("For CaReBench, what was the inter-annotator agreement on the detailed captions?", "CaReBench", "agreement"),
    ("What learning rate did Veda use for the video data?", "Veda", "rate"),
    # ... "of" leads to it, a unit is one phrase, and what a quantity is measured over is values.py's
    ("How many layers of the backbone does ViTL skip?", "ViTL", "layers"),
    ("What's the frames-per-second gain over the baselines in FlowNar?", "FlowNar", "baselines"),
])
def test_a_details_head_is_the_noun_it_asks_for(text, names, head):
    from rag.corpus.terms import terms
    assert asks(question(text), names).details[0][2] == terms(head)
