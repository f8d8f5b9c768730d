"""Comparisons of named papers: each paper's sentence on the asked aspect (results, the data it makes, its gist,
its mechanism), cited, with the comparison ranker's likeliest sentences after the rules'. Abstracts here are
invented; the rules were found on eval/questions/fresh_named.jsonl."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answer.asks import Asks, asks as question_asks
from rag.answer.compare import asked_of_each, aspect_sentences, compare_answer, with_ranked
from rag.answer.evidence import Sentence
from rag.answer.extractive import Source
from rag.answer.understand import Question
from rag.types import Hit, Paper

STEREO = ("Stereo video is costly to film. We propose Stereon, a dual-branch framework for stereo conversion. "
          "Stereon uses implicit disparity guidance. Our experiments demonstrate the effectiveness of Stereon. "
          "Compared to the best competitor we improve the results by 11.76% (L1).")
CORPUS = ("We introduce Reasonix, the first large-scale training corpus for video reasoning. It comprises 315K "
          "examples over 145K videos. We develop a generation pipeline for examples. We also curate Reasonix-Eval, "
          "a new benchmark. Our experiments show that models trained on Reasonix outperform prior data designs.")
TWO_METHODS = ("Continual learning forgets. Building on these insights, we propose Orthon, which projects the gradient "
               "onto the orthogonal complement of earlier gradients. We further introduce Orthon-P, which augments "
               "Orthon with gradient-norm penalization to reduce forgetting.")
POOLING = ("Video LLMs waste tokens. To bridge this gap, we propose Gridder, a training-free token method. Our approach "
           "integrates Pyramid Temporal Gridding to capture spatiotemporal interactions of visual tokens. Extensive "
           "experiments show that Gridder enhances Video LLMs. Our method offers an efficient plug-and-play solution "
           "for improving visual token representations.")

TRAITS = ("Students copy hidden traits from their teachers, and prior work blames logit leakage for it. We study when the "
          "transfer happens in distilled students with controlled experiments on many prompts and many teachers. "
          "Instead, it comes down to a few pivot tokens where teachers disagree. Masking them removes the transfer. "
          "Our experiments on four models of distilled students confirm this across prompts. Code is at https://x.y.")
TRAINED = ("Grounding models lose track of actions. We propose Grounder, a framework that adds inversion tasks as "
           "auxiliary objectives. We introduce three inversion tasks built from the original annotations. These tasks "
           "are mixed with the original ones within a reinforcement learning framework. Experiments show Grounder "
           "outperforms prior work with 30% less training data.")
BOUNDS = ("We study halfspaces beyond worst-case bounds. Homogeneous halfspaces behave differently. In the realizable "
          "case, every consistent hypothesis has error O(1/n). In the agnostic case we prove a log-free deviation "
          "bound. These results give a nearly complete picture.")
EVALUATED = ("Routers in mixture-of-experts models use Softmax. We propose Kerner, a kernel router. Based on empirical "
             "observations, we recommend ReLU activation and GELU-free scoring in the router. Comprehensive experiments "
             "in MoE and LLM validate the effectiveness of Kerner.")


def source(title: str, text: str) -> Source:
    paper = Paper(id=title.lower(), title=title, venue="ICML", year=2026, abstract=text, text=text, source="f",
                  position=1)
    return Source(1, Hit(paper=paper, score=1.0))


def asks(ask: set[str], wants: str = "") -> Asks:
    return Asks(frozenset(ask), frozenset(ask), wants, "", wanted=frozenset(ask))


@pytest.mark.parametrize(("title", "text", "ask", "wants", "expected", "absent"), [
    # results asked: the sentence reporting them opens, a number first; not the background
    ("Stereon", STEREO, {"gain", "report", "prior"}, "", "Stereon: Compared to the best competitor", "costly"),
    # the data a paper makes: the sentence presenting its corpus, with the one going on ("It comprises 315K …")
    ("Reasonix", CORPUS, {"data", "contribut"}, "", "Reasonix: We introduce Reasonix", "generation pipeline"),
    # "what does each propose": the first sentence presenting its work, not a later variant of it
    ("Orthon", TWO_METHODS, {"vs"}, "", "Orthon: Building on these insights, we propose Orthon", "forgets"),
    # a mechanism: the method's own sentence before the results, not a closing summary sharing the question's words
    ("Gridder", POOLING, {"compress", "visual", "token"}, "method", "Pyramid Temporal Gridding", "waste tokens"),
    # a cause asked ("what do they blame it on"): the sentence stating what the paper found, not prior work's view
    # holding the asked word (dev w861 and eval/questions/fresh_compare2.jsonl)
    ("Traiter", TRAITS, {"blame", "student", "teacher"}, "", "it comes down to a few pivot tokens", "https"),
])
def test_each_compared_paper_quotes_its_sentence_on_the_aspect(title, text, ask, wants, expected, absent):
    line = compare_answer([source(title, text)], asks(ask, wants), {}, 120)

    assert line.startswith(f"{title}: ") and line.endswith("[1]")
    assert expected in line and absent not in line


@pytest.mark.parametrize(("title", "text", "ask", "first", "absent"), [
    # how each trains: its sentences on the training signal, not its results that mention training data
    ("Grounder", TRAINED, {"train", "model"}, "We propose Grounder", "30% less"),
    # the rates a theory paper proves: the sentence stating one in asymptotic notation, not its summing up
    ("Halfer", BOUNDS, {"rate", "prove"}, "In the realizable case, every consistent hypothesis has error O(1/n).",
     "nearly complete picture"),
])
def test_the_rules_quote_the_sentences_on_the_asked_aspect(title, text, ask, first, absent):
    quoted = " ".join(s.text for s in aspect_sentences(source(title, text), asks(ask), {}))

    assert quoted.startswith(first) and absent not in quoted


def test_the_benchmarks_asked_are_in_the_sentence_on_its_experiments():
    # the question's vector is closest to a finding that names things ("we recommend ReLU activation")
    kerner = Source(1, source("Kerner", EVALUATED).hit, np.array([0.1, 0.2, 0.6, 0.3]))

    quoted = " ".join(s.text for s in aspect_sentences(kerner, asks({"evalu", "same", "benchmark"}), {}))

    assert quoted.startswith("Comprehensive experiments in MoE and LLM")


REWARDED = ("Long videos are hard. In this paper, we propose Segmenter, a multi-turn framework trained by pure RL that "
            "selects key video segments. Segmenter reformulates video understanding as a decision process over segments. "
            "To ensure stable training, we introduce a gated bi-level reward system. "
            "Segmenter needs only 8K samples.")


def test_the_rewards_asked_are_its_sentences_on_the_training_signal():
    # "how do X and Y design their RL rewards for selecting video segments" (fresh set AG, ag16078)
    found = asks({"design", "rl", "reward", "select", "segment"}, "method")

    quoted = " ".join(s.text for s in aspect_sentences(source("Segmenter", REWARDED), found, {}))

    assert "gated bi-level reward" in quoted and "8K samples" not in quoted


def test_the_mechanism_asked_is_the_method_it_presents_not_its_sentences_on_the_goal():
    # "OGD+ vs VISTA: what mechanism does each use to limit forgetting?" (fresh set AG, ag16080)
    found = Asks(frozenset({"mechan", "forget", "limit"}), frozenset({"mechan", "forget", "limit"}), "names",
                 "mechanism", wanted=frozenset({"mechan", "forget", "limit"}))

    line = compare_answer([source("Orthon", TWO_METHODS)], found, {}, 120)

    assert line.startswith("Orthon: Building on these insights, we propose Orthon")


SURPRISED = ("Videos hold surprising events. Most models sample frames uniformly. We introduce Surpriser, an "
             "inference-time framework that quantifies Bayesian Surprise as the belief update of new evidence. "
             "It localizes surprise in videos, correlated with humans. Surpriser-RL refines its beliefs with GRPO. "
             "Surpriser guides query-agnostic surprise-weighted frame sampling for video models. We achieve gains on "
             "five benchmarks.")


@pytest.mark.parametrize(("clause", "presented"), [
    # how it does it: the presenting sentence says what drives it, beside the one on the asked words (dev e088)
    ("SPIKE and FrameOracle both choose frames for video LLMs — what drives the selection in each?", True),
    ("what frame sampling does each use?", False),  # what, not how: the best sentence on it
])
def test_how_each_does_it_adds_the_sentence_presenting_its_method(clause, presented):
    ask = {"frame", "sampl", "select", "drive"}
    found = Asks(frozenset(ask), frozenset(ask), "", "", wanted=frozenset(ask), clause=clause)

    quoted = " ".join(s.text for s in aspect_sentences(source("Surpriser", SURPRISED), found, {}))

    assert "frame sampling" in quoted and ("Bayesian Surprise" in quoted) == presented


HEADLINED = ("We propose Bayer, a reasoning framework. Extensive experiments on six mainstream benchmarks show that Bayer "
             "achieves new state-of-the-art (SOTA) results. For example, it surpasses the previous best on the MMVU "
             "benchmark by 3.8%.")


def test_the_benchmarks_asked_are_the_sentence_naming_one_not_a_fields_acronym():
    # "macd vs video-bci, eval benchmarks?": "SOTA" names no benchmark (dev ad13041, u052, s078)
    quoted = " ".join(s.text for s in aspect_sentences(source("Bayer", HEADLINED), asks({"eval", "benchmark"}), {}))

    assert quoted.startswith("For example, it surpasses the previous best on the MMVU benchmark")


def test_how_each_trains_quotes_every_sentence_on_its_training_signal():
    quoted = " ".join(s.text for s in aspect_sentences(source("Grounder", TRAINED), asks({"train", "model"}), {}))

    assert "auxiliary objectives" in quoted and "within a reinforcement learning framework" in quoted


FLAWED = ("Long video understanding is costly. Current collaborative approaches bridge this gap by similarity, yet they treat "
          "queries as flat vectors. We identify this as a fundamental flaw leading to Semantic Submergence. We propose "
          "Scoper, which plans what to look at.")


def test_a_second_sentence_holds_the_asked_word_the_first_lacks():
    found = Asks(frozenset({"flaw", "approach"}), frozenset({"flaw", "approach"}), "", "", problem=True,
                 wanted=frozenset({"flaw", "approach"}))

    scoper = source("Scoper", FLAWED)  # the question's vector is close to both the approaches and the flaw sentence
    scoper = Source(1, scoper.hit, np.array([0.1, 0.6, 0.55, 0.1]))

    line = compare_answer([scoper], found, {"flaw": 3.0, "approach": 2.0}, 120)

    assert "flat vectors" in line and "Semantic Submergence" in line and "plans what" not in line


def at(*positions: int) -> list[Sentence]:
    return [Sentence(i, f"s{i}", 1.0) for i in positions]


@pytest.mark.parametrize(("picked", "ranked", "expected"), [
    ([4], [1, 2, 4, 0], [4, 1, 2]),  # the rules' sentence first, then the ranker's first two, in abstract order
    ([2, 5], [5, 0, 3], [2, 5, 0]),  # three at most: the ranker's first not taken
    ([1], [1, 3, 0], [1, 3]),  # the ranker's first two, one already taken: only one more
    ([0, 1, 2, 3], [5], [0, 1, 2]),  # never more than three
    ([], [3, 1], [1, 3]),
    ([2, 2, 4], [2, 0], [2, 4, 0]),  # a sentence two rules both picked is quoted once
])
def test_the_ranker_adds_its_first_sentences_after_the_rules(picked, ranked, expected):
    assert [s.position for s in with_ranked(at(*picked), at(*ranked))] == expected


STEREO_FOR = ("We introduce Stereon, a framework designed to turn single-view videos into stereo videos. Stereon uses "
              "implicit disparity guidance to generate the second view. We also release a dataset of 7 million generated stereo "
              "pairs.")
SURGERY = ("Surgical video data is scarce for rare classes. We address this with Surgen, a sparse video diffusion "
           "framework for generating surgical videos of rare classes. A sparse encoder conditions the generation.")


def test_each_paper_is_asked_its_own_clause():
    # "what is it for" asks Stereon's purpose; "what does it generate" is Surgen's question, not Stereon's (dev
    # h034 quoted Stereon's dataset sentence for "generate")
    question = Question("What is Stereon for, and what does Surgen generate?", "", None, None, "compare",
                        written=("Stereon", "Surgen"))
    found = question_asks(question, "Stereon\nSurgen")
    pair = [source("Stereon", STEREO_FOR), source("Surgen", SURGERY)]

    own = asked_of_each(pair, found)

    assert [a.clause for a in own] == ["What is Stereon for", "what does Surgen generate?"]
    stereon = compare_answer(pair, found, {}, 120).splitlines()[0]
    assert "into stereo videos" in stereon and "7 million" not in stereon


def test_one_question_of_both_when_its_clauses_do_not_each_name_one():
    question = Question("How do Stereon and Surgen work, and what data do they use?", "", None, None, "compare",
                        written=("Stereon", "Surgen"))
    found = question_asks(question, "Stereon\nSurgen")

    assert asked_of_each([source("Stereon", STEREO_FOR), source("Surgen", SURGERY)], found) == [found, found]


TASKED = ("Interactive companions must react in real time, yet face three challenges. In this work, we instantiate "
          "companions through two gaming scenarios, commentator and guide, selected for their automatic evaluation. "
          "We present Companio, a framework that shapes language models into real-time agents. Extensive experiments "
          "show Companio achieves superior latency.")


def test_the_task_asked_is_the_sentence_stating_it():
    # "what task is it built for": the sentence naming its scenarios (dev v309, h033 quoted the method's)
    question = Question("What task is Companio built for?", "", None, None, "compare", written=("Companio",))
    quoted = " ".join(s.text for s in aspect_sentences(source("Companio", TASKED), question_asks(question, "Companio"),
                                                       {}))

    assert "commentator and guide" in quoted and "superior latency" not in quoted


STREAMER = ("Streaming video understanding must answer queries that arrive while frames keep streaming under a memory "
            "budget. Existing caches grow with the stream. We propose Streamer, a constant-footprint memory that keeps "
            "a summary state. Streamer keeps an exact near-window cache. Streamer improves accuracy by 12.5 points.")
STEREO_FIRST = ("We introduce Stereon, an innovative framework specifically designed to transform single-view videos into "
                "stereo videos. Stereon uses implicit disparity guidance. Our experiments demonstrate the effectiveness of "
                "Stereon, offering significant improvements over existing methods.")


@pytest.mark.parametrize(("question", "title", "text", "expected", "absent"), [
    # the purpose is stated in the opening (fresh set AI, ai001: "What is each of FlowNar and ProtoKV for?")
    ("What is each of Streamer and Stereon for?", "Streamer", STREAMER, "answer queries that arrive", "12.5 points"),
    # ... or in the sentence presenting the method (ai002: "what problem does each tackle?")
    ("Streamer and Stereon — what problem does each tackle?", "Stereon", STEREO_FIRST, "designed to transform",
     "significant improvements"),
    ("Streamer vs Stereon: what is each one actually meant to do?", "Streamer", STREAMER, "We propose Streamer",
     "12.5 points"),
    # what a benchmark is meant to evaluate is its purpose, not what it is evaluated on (fresh set AL, al019)
    ("What is each of Streamer and Stereon meant to evaluate?", "Streamer", STREAMER, "answer queries that arrive",
     "12.5 points"),
    # ... asked as a second language words it (read set BZ, bz068)
    ("Streamer and Stereon both are about video, but for what each of them is made?", "Streamer", STREAMER,
     "answer queries that arrive", "12.5 points"),
])
def test_what_each_paper_is_for_is_its_opening_and_presenting_sentences(question, title, text, expected, absent):
    asked = question_asks(Question(question, "", None, None, "compare", written=("Streamer", "Stereon")),
                          "Streamer Stereon")
    quoted = " ".join(s.text for s in aspect_sentences(source(title, text), asked, {}))

    assert expected in quoted and absent not in quoted



def test_the_main_result_asked_is_the_sentence_reporting_it():
    # "result" is a generic word, no asked term, but asked all the same (read set BZ, bz070)
    question = "Streamer and Stereon are both for video, but which main result each one is reporting?"
    asked = question_asks(Question(question, "", None, None, "compare", written=("Streamer", "Stereon")),
                          "Streamer Stereon")
    quoted = " ".join(s.text for s in aspect_sentences(source("Streamer", STREAMER), asked, {}))

    assert "12.5 points" in quoted


TILED = ("Long video generation is costly. Quality depends on how the mask aligns with the tiles. Based on this insight, "
         "we propose Tiler, a sparse attention framework that formulates tile selection as reconstruction. Tiler "
         "integrates tile scoring with head-aware tiling. A hardware-efficient tile-skipping kernel turns sparsity into "
         "speedups. Experiments on large video models show a 5.1x end-to-end speedup.")
INSIGHTS = ("Editing costs grow quadratically. In this work, we propose Editer, a sparse framework for editing. Our design "
            "rests on two insights; we theoretically prove and empirically validate that sharpness predicts error. "
            "Motivated by this, Editer routes high-error queries to full attention with a dynamic query grouping "
            "mechanism. Extensive experiments demonstrate a 60% latency reduction.")


@pytest.mark.parametrize(("title", "text", "part", "absent"), [
    # the trick asked is a part the presenting sentence does not name: the method laid out, up to its results (read
    # set CY, cy066 quoted the speedups asked "to get")
    ("Tiler", TILED, "tile-skipping kernel", "5.1x"),
    # an insight "empirically validated" is no result ending the method (ISA's second sentence)
    ("Editer", INSIGHTS, "dynamic query grouping mechanism", "60%"),
])
def test_the_trick_asked_of_each_is_the_method_laid_out_in_order(title, text, part, absent):
    question = Question(text=f"Tiler vs Editer: what's the trick each uses to actually get the speedup?", standalone="",
                        venue=None, year=None, kind="compare", written=("Tiler", "Editer"))
    found = question_asks(question, "Tiler\nEditer")

    line = compare_answer([source(title, text)], found, {}, 120)

    assert found.wants == "method" and part in line and absent not in line


def test_what_drives_each_is_the_sentence_stating_its_finding():
    # "What do each say is really driving what the student picks up?" (read set CY, cy068)
    line = compare_answer([source("Traiter", TRAITS)], asks({"drive", "pick", "student"}, "names"), {}, 120)

    assert "it comes down to a few pivot tokens" in line


FORGETTER = ("Continual learning enables models to acquire new tasks. However, most theoretical analyses focus on "
             "converged models and fail to capture forgetting in more general settings. To address these challenges, "
             "we analyze the dynamics of forgetting within the Neural Tangent Kernel (NTK) regime. We further introduce "
             "Forgetter-P, which adds gradient-norm penalization. Experiments on many benchmarks corroborate it.")


def test_the_setting_asked_of_each_is_the_sentence_stating_its_regime():
    # "What theoretical setting does each one work in?" (read sets DD, DE, session 36; dev w856, u054 quoted the
    # problem sentence on others' settings and the presenting one)
    question = Question("What theoretical setting does each one work in?", "", None, None, "compare",
                        written=("Forgetter",))
    quoted = [s.text for s in aspect_sentences(source("Forgetter", FORGETTER), question_asks(question, "Forgetter"), {})]

    assert any("(NTK) regime" in q for q in quoted) and not any("fail to capture" in q for q in quoted)


FORCER = ("Long rollouts drift. We introduce Forcer, a training-free extension that stabilizes generation through two "
          "complementary mechanisms. Sinker keeps half of the window as persistent sink tokens. Pruner drops tokens "
          "that no longer take part in attention. Our results match training-based methods.")


def test_a_quoted_sentence_announcing_items_brings_them_past_the_papers_quota():
    from rag.answer.quoting import with_announced
    announcing, closing = Sentence(1, "… through two complementary mechanisms.", 1.0), Sentence(4, "Our results …", 1.0)
    quoted = with_announced(source("Forcer", FORCER), [Sentence(0, "Long rollouts drift.", 1.0), announcing, closing])
    assert [s.position for s in quoted] == [0, 1, 2, 3, 4]  # each item right after its announcement, none dropped
    assert with_announced(source("Forcer", FORCER), [closing]) == [closing]  # nothing announced, nothing added
    # and so in a comparison's answer: both mechanisms are named (read set DN, dn068)
    line = compare_answer([source("Forcer", FORCER)], question_asks(Question(
        "What mechanism does Forcer rely on?", "What mechanism does Forcer rely on?", None, None, "compare",
        written=("Forcer",)), "Forcer"), {}, 200)
    assert "Sinker" in line and "Pruner" in line
