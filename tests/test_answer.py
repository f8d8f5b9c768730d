"""`rag.ask` / `rag.ask_stream` in extractive mode: what a user reads, and the citation invariants."""

from __future__ import annotations

import re

import pytest

import rag
from rag.answer.citations import find_markers
from rag.corpus.text import split_sentences


def check_invariants(answer: rag.Answer) -> None:
    """Every [n] has a citation, numbers run 1..m by first appearance, no uncited paper, verbatim quotes."""
    numbers = [n for m in find_markers(answer.text) for n in m.numbers]
    first_seen = list(dict.fromkeys(numbers))
    assert first_seen == list(range(1, len(answer.citations) + 1))
    assert [c.n for c in answer.citations] == list(range(1, len(answer.citations) + 1))
    assert len({c.paper.id for c in answer.citations}) == len(answer.citations)
    for c in answer.citations:
        sentences = split_sentences(c.paper.text)
        assert all(q in sentences for q in c.quotes)


@pytest.fixture
def s(built_settings):
    return built_settings


QUESTIONS = [
    ("What speedup does Veda report?", "Veda", ["5.1×"]),
    ("By how much does Video-BCI beat the previous best result on the MMVU benchmark?", "Video-BCI", ["3.8%"]),
    ("What module does FlowNar use to retain streaming visual history?", "FlowNar", ["CLAM"]),
    ("How many training samples does Video-MTR need?", "Video-MTR", ["8K"]),
    # a question word typed without its apostrophe is no topic word (read set EJ, ej019 abstained), and "fine-tuned" is the
    # abstract's "finetuning" (read set EI, ei006)
    ("someone asked whether it matters if you prune first or quantize first — whats the name of the rule they proposed",
     "Compression order", ["Progressive Intensity Hypothesis"]),
    ("In the investigation of so-called subliminal learning, where a student language model picks up a teacher's hidden "
     "preference, how much of the student must actually be fine-tuned for the preference to carry over?",
     "Language models can transfer hidden biases during distillation", ["a single such early layer"]),
]


@pytest.mark.parametrize(("question", "title", "facts"), QUESTIONS)
def test_fact_questions_are_answered_from_the_right_abstract(s, question, title, facts):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert not answer.abstained and answer.mode == "extractive"
    assert answer.citations[0].paper.title == title and "[1]" in answer.text
    assert all(f in answer.text for f in facts)
    assert answer.citations[0].quotes and len(answer.text.split()) <= 150


def test_which_papers_says_how_many_match_then_one_whole_sentence_each(s):
    answer = rag.ask("Which papers do streaming video with bounded memory?", settings=s)

    check_invariants(answer)
    count, *lines = answer.text.splitlines()
    lines = [line for line in lines if not line.startswith("Loosely related, not counted: ")]  # named apart, uncited
    assert count == f"{len(answer.citations)} papers match:" and len(lines) == len(answer.citations) >= 2
    # plain text, no Markdown: the page shows answers literally (issue 13)
    assert all(re.match(r"- .+ \(IC[LM][LR] 2026\): .+ \[\d+\]$", line) and "**" not in line for line in lines)
    assert {"ProtoKV", "FlowNar"} <= {c.paper.title for c in answer.citations}
    for line, citation in zip(lines, answer.citations):  # never cut mid-sentence
        sentence = re.sub(r"^- .+? \(IC[LM][LR] 2026\): | \[\d+\]$", "", line)
        assert "…" not in line and sentence in split_sentences(citation.paper.text)


@pytest.mark.parametrize("question", [
    "What's the best recipe for a chocolate cake?",
    "Which papers use AlphaFold for protein structure prediction?",
    "Which papers do weather or climate time-series forecasting?",
    # near-topic: a topic of the collection in a data domain no paper works on (rag/answer/domains.py)
    "sparse attention kernels for text-to-speech or audio diffusion models?",
    "continual learning for graph neural networks — anything?",
    "Which papers reconstruct surgical scenes with Gaussian splatting?",
    # a gloss names no paper, two verbs share their object, event cameras (fresh set EB, read in session 43)
    "which paper reports energy per query (joules) or per frame for a streaming video assistant?",
    "Is there a paper on recognising or translating sign language from video with multimodal large language models?",
    "anything on event cameras or spiking/neuromorphic hardware for video understanding?",
])
def test_out_of_scope_questions_abstain_and_say_what_the_collection_covers(s, question):
    answer = rag.ask(question, settings=s)

    assert answer.abstained and answer.citations == () and "[" not in answer.text
    assert "70 abstracts" in answer.text and "ICLR 2026" in answer.text


def test_a_follow_up_carries_the_previous_subject(s):
    first = rag.ask("What is FlowNar?", settings=s)
    history = [{"role": "user", "content": "What is FlowNar?"}, {"role": "assistant", "content": first.text}]

    answer = rag.ask("Which datasets was it evaluated on?", history=history, settings=s)

    check_invariants(answer)
    assert answer.citations[0].paper.title == "FlowNar"
    assert all(d in answer.text for d in ("Ego4D", "EgoExo4D", "EpicKitchens100"))


def test_a_follow_up_stays_with_its_paper_when_the_last_answer_quotes_a_look_alike_name(s):
    """SCOPE's answer quotes "Video-MME", which is no typo of the paper Video-MTR: the follow-up cites SCOPE alone (a
    probe of session 40 saw a Video-MTR sentence quoted beside it)."""
    first = rag.ask("what's SCOPE?", settings=s)
    history = [{"role": "user", "content": "what's SCOPE?"}, {"role": "assistant", "content": first.text}]

    answer = rag.ask("where did they evaluate it?", history=history, settings=s)

    check_invariants(answer)
    assert [c.paper.title for c in answer.citations] == ["SCOPE"]
    assert "Video-MME and LongVideoBench" in answer.text


@pytest.mark.parametrize(("question", "paper", "said", "unsaid"), [
    # "finding" asked in a generic word, and no release notice for it (probes of session 40)
    ("UrbanFeel and ParallelBench, what's the headline finding of each?", "UrbanFeel",
     "Gemini-2.5 Pro achieves the best overall performance", "publicly available"),
    # how each fixes a problem asks its method, not the problem
    ("compare MACD with the modality-mutual attention paper: how does each fix outputs that don't match the visual "
     "input?", "modality-mutual attention", "to enable image tokens to attend to text tokens", "\u0000"),
    # ... and what each does to fix a problem (a second review of session 43 quoted Video-BCI's problem)
    ("macd vs video-bci: what does each one feed back to the model to fix its mistakes?", "Video-BCI",
     "Self-Prior Hypotheses", "naive empiricists"),
])
def test_a_comparison_quotes_each_papers_sentence_on_the_asked_aspect(s, question, paper, said, unsaid):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    line = next(line for line in answer.text.splitlines() if line.startswith(paper))
    assert said in line and unsaid not in line


@pytest.mark.parametrize(("first", "follow_up", "said"), [
    # a verb or the experiments' setup is no detail to report (probes of session 40 said "does not report its gets rid")
    ("what's subliminal learning about?", "what gets rid of the effect?", "Masking out these tokens"),
    ("the MARS gamma-similarity paper", "what setup did their experiments use?", "GPT-style LLM pretraining"),
])
def test_a_follow_up_asking_no_detail_is_answered_not_said_unreported(s, first, follow_up, said):
    history = [{"role": "user", "content": first}, {"role": "assistant", "content": rag.ask(first, settings=s).text}]

    answer = rag.ask(follow_up, history=history, settings=s)

    assert not answer.abstained and said in answer.text and "does not report" not in answer.text


@pytest.mark.parametrize(("question", "said"), [
    # details typed as a list, a remark after the question, a memory measured (fresh sets EA, EB, session 43)
    ("smoothsa -- lr, batch size, # slots used?", "The SmoothSA abstract does not report its learning rate"),
    ("proact-vl: which base MLLM, and actual latency in ms?", "The Proact-VL abstract does not report its base MLLM"),
    ("In MetaTrans, which datasets exactly they use for the cross-domain action recognition? I need the names.",
     "The MetaTrans abstract does not report its datasets"),
    ("flownar peak GPU memory in GB on an hour-long stream?", "The FlowNar abstract does not report its peak GPU memory"),
    # a paper described without its article (a second review of session 43)
    ("In subliminal learning paper, what learning rate was used?", "does not report its learning rate"),
    # fresh sets EC, ED and second reviews of session 44: a restricted detail, a named kind of model, a remark after the
    # question, no auxiliary, a task's acronym in the closest sentence
    ("For CaReBench, what was the inter-annotator agreement on the detailed captions?",
     "does not report its inter-annotator agreement"),
    ("parallelbench - which dllms exactly did they evaluate? llada? dream?", "The ParallelBench abstract does not report"),
    ("Which GPU did Veda run on? Classic listener question.", "The Veda abstract does not report its GPU"),
    ("what learning rate the Veda distillation use?", "The Veda abstract does not report its learning rate"),
    ("What backbone network does MetaTrans use for action recognition?",
     "The MetaTrans abstract does not report its backbone network"),
    # read sets EI and EJ (session 47): an abbreviation's dot ends no sentence, a detail that names a domain is said as the
    # detail, a comparison's object asks for no papers, a possessive is said once
    ("flownar total param count incl. the CLAM module?", "The FlowNar abstract does not report its number of parameters"),
    ("Which base vision-language model did the VideoKR authors post-train with their corpus before comparing against "
     "earlier approaches?", "The VideoKR abstract does not report its base vision-language model"),
    ("For SGMD, what is the teacher and its parameter size?", "The SGMD abstract does not report its parameter size"),
    # a bare count after the sentence naming what is counted, the abstract's hedge quoted (second review qp of session 47)
    ("UPI needs 'a few' auxiliary forward passes. How many exactly?",
     "The UPI abstract does not report its number of auxiliary forward passes"),
    # the question held after what the asker needs it for, or in a "do we know", or a curious remark (held-out EM)
    ("For my methods section, I need to know what learning rate was used to fine-tune MotionChat on MotionVid-QA.",
     "does not report its learning rate"),
    ("Do we know how many people annotated the detailed captions in CaReBench?",
     "The CaReBench abstract does not report its number of people who annotated"),
    ("I'm curious which 11 cities the UrbanFeel street-view images come from. Are they listed?",
     "The UrbanFeel abstract does not report which 11 cities"),
])
def test_a_detail_the_abstract_lacks_is_said_unreported_in_any_shape_it_is_asked(s, question, said):
    answer = rag.ask(question, settings=s)

    assert answer.abstained and said in answer.text and answer.sources


@pytest.mark.parametrize(("question", "said"), [
    # an irregular verb or none after the counted thing, a benefit asked, a loss as an objective, a breakdown as a
    # decomposition (session 43: each said "does not report" above the sentence that does)
    ("How many training samples video-mtr needs for its RL post-training?", "~8K training samples"),
    ("UrbanFeel: number of cities chosen?", "11 representative cities"),
    ("what's the practical payoff of sgmd over plain DMD in terms of training speed?", "~3× training speedup"),
    ("in the in-context continual learning paper, what kind of error breakdown do they give",
     "bias–variance–interference decomposition"),
    ("Which model families does MACD get tested on?", "Qwen and InternVL"),
    # what the asker would use it for is no part of the question (a second review of session 43 abstained: "gait")
    ("I read about a model that understands motion-capture stick figures by drawing them as images for a multimodal "
     "model, which might suit gait assessment. What is the renderer called?", "DrAction"),
    ("what generation FID does MUSE reach?", "gFID 3.08"),  # a metric acronym with a letter before it
    # a mixed-case acronym typed in lower case; a paper described without its article (second reviews pr, pq)
    ("paper where a teacher passes 'likes owls' to the student thru number lists, which layers matter",
     "early layers are critical"),
    ("vitl on long-video QA: how much frame input do they save and what's the accuracy gain?", "50% less frame input"),
    # a delta as the improvement it is, a kind of a thing as the thing (read set EI, session 47: each said unreported)
    ("protokv vs token-retention baselines when the query lands long after the cue - how big is the acc delta?",
     "12.5 points"),
    ("With the KERN router proposed for mixtures of experts, which nonlinearity and which manner of normalisation do the "
     "authors advise one to adopt in practice?", "ReLU activation"),
    ("How large is the SpaceVista-1M collection? I am curious how many video scenes went into it, across how many scales "
     "of physical space, and how many distinct kinds of task the questions cover.", "19 diverse tasks"),
    # a kind noun after the asked thing, a verb after its object as Spanish orders it (a second review of session 49: qu010,
    # qu093 said "does not report" above the sentence that does)
    ("In KERN, which nonlinearity and which normalization scheme do the authors advocate for the router score function?",
     "ℓ_2-normalization"),
    ("how much improvment obtains segpvgs in mR@50?", "+5.9 mR@50"),
    ("which accuracy obtains motionchat in favor-bench?", "48.3% overall accuracy"),
])
def test_a_detail_the_abstract_states_is_answered_not_said_unreported(s, question, said):
    answer = rag.ask(question, settings=s)

    assert not answer.abstained and said in answer.text and "does not report" not in answer.text


@pytest.mark.parametrize(("question", "title"), [
    # one paper recalled is one paper quoted (probes of session 40 had a second and third quoted after it)
    ("i remember paper about vision language models failing on heavily compressed pictures. how much their adapter "
     "improve?", "High-bitrate compressed images"),
    ("the video segmentation paper where the target object isn't on screen and the agent has to go look for it. what "
     "does their baseline add for efficiency?", "LESA"),
])
def test_a_paper_recalled_by_its_content_is_the_only_one_quoted(s, question, title):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert [c.paper.title for c in answer.citations] == [title]


@pytest.mark.parametrize(("question", "said"), [
    # clips are counted as the videos they are (a probe of session 40 said "does not report its number of clips")
    ("paper that turns flat video into side-by-side 3D… how many clips are in the youtube collection?", "423 stereo videos"),
    ("how many clips does CaReBench contain?", "1,000"),
])
def test_a_count_asked_in_other_words_is_answered_by_the_abstracts_count(s, question, said):
    answer = rag.ask(question, settings=s)

    assert not answer.abstained and said in answer.text


@pytest.mark.parametrize(("question", "titles"), [
    # a description two papers fit quotes both (second review of session 40)
    ("I remember a paper on sparse attention for video, what was it called?", {"Veda", "ISA"}),
    ("there was a study on token pooling for video LLMs, what pooling did it use?", {"ST-GridPool", "PPLLaVA"}),
])
def test_a_paper_recalled_in_words_two_papers_fit_quotes_both(s, question, titles):
    answer = rag.ask(question, settings=s)

    assert {c.paper.title.split(":")[0] for c in answer.citations} == titles


@pytest.mark.parametrize("question", [
    # near-topic lists: the speed gain or first-person footage does not answer what no paper does (second review)
    "which works apply sparse attention speedups to audio or music diffusion models?",
    "which papers use wearable cameras for health monitoring?",
    "which papers do 3D reconstruction from egocentric video?",
])
def test_a_near_topic_list_with_a_role_or_footage_asked_abstains(s, question):
    assert rag.ask(question, settings=s).abstained


def test_papers_asked_for_a_speed_gain_are_those_stating_one(s):
    """Not those that merely work on the same models ("without sacrificing inference speed"): a probe of session 40."""
    answer = rag.ask("which papers try to make video diffusion models run or train faster?", settings=s)

    check_invariants(answer)
    titles = {c.paper.title for c in answer.citations}
    assert {"Veda", "SGMD: Score Gradient Matching Distillation"} <= titles
    assert not any(t.startswith(("Deep Forcing", "Pretraining on spatiotemporal")) for t in titles)


def test_a_first_question_pointing_back_at_a_paper_asks_for_its_name_and_cites_nothing(s):
    answer = rag.ask("Which datasets did they evaluate on?", settings=s)

    assert answer.abstained and answer.citations == () and answer.sources == ()
    assert answer.text.startswith("\u201cthey\u201d points back at a paper") and "paper's name" in answer.text


def test_the_same_question_after_a_turn_on_the_paper_answers_from_it(s):
    history = [{"role": "user", "content": "What is FlowNar?"},
               {"role": "assistant", "content": rag.ask("What is FlowNar?", settings=s).text}]

    answer = rag.ask("Which datasets did they evaluate on?", history=history, settings=s)

    check_invariants(answer)
    assert not answer.abstained and answer.citations[0].paper.title == "FlowNar"
    assert all(d in answer.text for d in ("Ego4D", "EgoExo4D", "EpicKitchens100"))


@pytest.mark.parametrize(("question", "venue"), [
    ("Which NeurIPS 2025 papers study layer pruning?", "NeurIPS 2025"),
    ("How many CVPR papers are indexed?", "CVPR"),  # a count too: none, not the whole collection's
])
def test_a_venue_the_collection_lacks_is_said_and_nothing_is_cited(s, question, venue):
    answer = rag.ask(question, settings=s)

    assert answer.abstained and answer.citations == () and "[" not in answer.text
    assert answer.text.startswith(f"The collection holds no {venue} papers: it has 70 abstracts (19 from ICLR 2026")


def test_a_venue_named_in_the_question_filters_the_sources(s):
    answer = rag.ask("Which ICLR 2026 papers study continual learning?", settings=s)

    check_invariants(answer)
    assert answer.citations and all(c.paper.venue == "ICLR" for c in answer.citations)
    assert all(h.paper.venue == "ICLR" for h in answer.sources)


def test_an_explicit_venue_wins_over_the_question(s):
    answer = rag.ask("Which ICLR 2026 papers study continual learning?", venue="ICML", settings=s)
    assert answer.citations and all(c.paper.venue == "ICML" for c in answer.citations)


@pytest.mark.parametrize(("question", "expected"), [
    ("How many papers are indexed?", "70 papers are indexed (ICLR 2026: 19, ICML 2026: 51)."),
    ("How many ICLR papers are there?", "19 papers are indexed (ICLR 2026: 19)."),
    ("Which venues does the collection cover?", "The collection covers 2 venue(s): ICLR 2026: 19, ICML 2026: 51."),
])
def test_questions_about_the_collection_are_answered_exactly(s, question, expected):
    assert rag.ask(question, settings=s).text == expected


def test_which_papers_link_to_code_lists_all_of_them_cited(s):
    answer = rag.ask("Which papers link to code?", settings=s)
    snapshot = rag.get_index(s).snapshot()
    with_code = [p for p in snapshot.papers if p.code_links]

    check_invariants(answer)
    assert answer.text.startswith(f"{len(with_code)} of 70 papers link to code:")
    assert [c.paper.id for c in answer.citations] == [p.id for p in with_code]
    assert all(c.paper.code_links[0].url in answer.text for c in answer.citations)


def test_ask_stream_yields_the_text_then_the_answer(s):
    pieces = list(rag.ask_stream("What speedup does Veda report?", settings=s))

    *texts, answer = pieces
    assert isinstance(answer, rag.Answer) and all(isinstance(p, str) for p in texts)
    assert "".join(texts) == answer.text and len(texts) >= 1


def test_an_empty_question_is_a_clear_error(s):
    with pytest.raises(ValueError, match="empty"):
        rag.ask("  ", settings=s)


def test_answers_cite_by_paper_not_by_chunk(s):
    answer = rag.ask("What is FlowNar?", settings=s)
    assert len(answer.citations) == 1 and set(re.findall(r"\[(\d+)\]", answer.text)) == {"1"}


def test_answer_settings_share_one_open_index_and_still_apply(s):
    short = s.replace(answer_words=40)
    assert rag.get_index(short) is rag.get_index(s)

    full = rag.ask("What is FlowNar?", settings=s)
    brief = rag.ask("What is FlowNar?", settings=short)

    assert len(brief.text.split()) < len(full.text.split())
    check_invariants(brief)


# The questions below are from the dev split (eval/questions/dev.jsonl): never from test.

def test_a_named_paper_the_filter_excludes_is_named_and_nothing_else_is_cited(s):
    answer = rag.ask("What end-to-end speedup does Veda report for 720P video generation?", venue="ICLR", settings=s)

    assert answer.text.startswith("Veda is ICML 2026, outside the ICLR filter.")
    assert answer.citations == () and answer.abstained


def test_a_comparison_whose_other_paper_the_filter_excludes_says_so_beside_the_answer(s):
    answer = rag.ask("How do Veda and KERN differ?", venue="ICLR", settings=s)

    assert [c.paper.title.split(":")[0] for c in answer.citations] == ["KERN"]  # Veda is ICML: not cited
    assert answer.notice == "Veda is ICML 2026, outside the ICLR filter. Clear the filter to ask about it."
    assert not answer.abstained
    check_invariants(answer)


def test_a_detail_the_named_abstract_lacks_is_said_to_be_missing_with_the_paper_as_source(s):
    answer = rag.ask("What batch size did the KERN router experiments use?", settings=s)

    check_invariants(answer)
    assert answer.text.startswith("The KERN abstract does not report its batch size.")
    assert answer.abstained and answer.sources[0].paper.title.startswith("KERN")
    assert all(c.paper.title.startswith("KERN") for c in answer.citations)


def test_a_detail_asked_as_a_bare_noun_phrase_is_said_to_be_missing_too(s):
    answer = rag.ask("batch size for KERN's router experiments?", settings=s)

    check_invariants(answer)
    assert answer.text.startswith("The KERN abstract does not report its batch size.")
    assert answer.abstained and answer.sources[0].paper.title.startswith("KERN")


def test_names_asked_in_words_that_read_as_no_detail_are_answered_from_the_sentence_giving_them(s):
    # the calibrated score is low for this wording; the closest sentence names the metrics all the same
    answer = rag.ask("which new metrics come with CaReBench?", settings=s)

    check_invariants(answer)
    assert not answer.abstained and "ReBias" in answer.text and "CapST" in answer.text
    assert answer.citations[0].paper.title == "CaReBench"


def test_a_list_whose_topic_has_slashed_alternatives_keeps_the_paper_writing_one_of_them(s):
    answer = rag.ask("papers that fight class imbalance / long-tail by generating synthetic video for rare classes",
                     settings=s)

    check_invariants(answer)
    assert not answer.abstained and "Surgical video datasets" in {c.paper.title for c in answer.citations}


def test_a_list_of_papers_that_introduce_a_dataset_shows_each_ones_announcing_sentence(s):
    answer = rag.ask("Which papers introduce a new dataset?", settings=s)

    check_invariants(answer)
    titles = {c.paper.title for c in answer.citations}
    assert {"ImmersePro", "VideoKR"} <= titles and "SPIKE" not in titles
    items = [line for line in answer.text.splitlines() if line.startswith("- ")]
    assert items and all(re.search(r"\b(?:dataset|benchmark|corpus)\b", line) for line in items)


def test_a_topic_most_papers_share_is_listed_as_at_least_the_papers_searched(s):
    answer = rag.ask("How many papers are about video?", settings=s)

    check_invariants(answer)
    assert answer.text.startswith(f"At least {len(answer.citations)} papers match;")


def test_a_follow_up_weighing_the_two_papers_just_discussed_compares_both(s):
    history = []
    for turn in ("What is ProtoKV?", "and what about FlowNar?"):
        history += [{"role": "user", "content": turn},
                    {"role": "assistant", "content": rag.ask(turn, history=history or None, settings=s).text}]

    answer = rag.ask("which one is more memory efficient?", history=history, settings=s)

    check_invariants(answer)
    assert {c.paper.title for c in answer.citations} == {"ProtoKV", "FlowNar"}


def test_which_one_after_a_list_of_several_stays_a_question_about_the_list(s):
    first = rag.ask("Which papers do streaming video?", settings=s)
    history = [{"role": "user", "content": "Which papers do streaming video?"},
               {"role": "assistant", "content": first.text}]

    from rag.answer.understand import understand

    question = understand("which one is best?", history, rag.get_index(s).snapshot())
    assert len(first.citations) > 2 and question.kind != "compare"  # which two of the list would be a guess


def test_a_follow_up_asking_whats_its_detail_is_told_the_abstract_lacks_it(s):
    first = rag.ask("What is SPIKE?", settings=s)
    history = [{"role": "user", "content": "What is SPIKE?"}, {"role": "assistant", "content": first.text}]

    answer = rag.ask("what's its learning rate?", history=history, settings=s)

    assert answer.abstained and answer.text.startswith("The SPIKE abstract does not report its learning rate.")


def test_a_question_with_no_english_words_says_how_to_enable_the_multilingual_embedder(s):
    answer = rag.ask("有一个面向第一人称视频流、以用户为中心的持续空间智能评测基准,它包含多少小时的观测数据?", settings=s)

    assert answer.abstained and "PAPERCHAT_EMBEDDER=multilingual" in answer.text
    assert "don't answer this" not in answer.text


def test_typos_are_corrected_against_the_index_before_searching(s):
    answer = rag.ask("By how much does Vidoe-BCI beat the previous best on the MMVU bencmark?", settings=s)

    assert not answer.abstained and answer.citations[0].paper.title == "Video-BCI" and "3.8%" in answer.text


def test_a_comparison_cites_both_named_papers_with_each_ones_sentence(s):
    answer = rag.ask("ProtoKV and FlowNar both keep memory bounded for streaming video. How does each one store "
                     "the older history?", settings=s)

    check_invariants(answer)
    assert {c.paper.title for c in answer.citations} == {"ProtoKV", "FlowNar"}
    assert "prototype bank" in answer.text and "CLAM" in answer.text


def test_a_follow_up_stays_with_the_paper_of_the_conversation(s):
    first = rag.ask("Which paper lets MLLMs understand skeleton sequences by rendering them as images?", settings=s)
    history = [{"role": "user", "content": "Which paper lets MLLMs understand skeleton sequences by rendering them "
                "as images?"}, {"role": "assistant", "content": first.text}]

    answer = rag.ask("Which MLLM backbone does it build on?", history=history, settings=s)

    assert answer.sources[0].paper.title == "SkeletonLLM"
    assert {c.paper.title for c in answer.citations} <= {"SkeletonLLM"}


def test_of_several_asked_details_the_missing_one_is_named(s):
    answer = rag.ask("What learning rate and optimizer were used for Video-MTR's RL post-training?", settings=s)

    check_invariants(answer)
    assert answer.text.startswith("The Video-MTR abstract does not report its learning rate.")
    assert answer.abstained and answer.sources[0].paper.title == "Video-MTR"


@pytest.mark.parametrize("question", [
    "How much faster does SMGD trian compared to distribution matchng distillation?",  # a typo in the name
    "How much faster does sgmd train compared to distribution matching distillation?",  # any case
])
def test_a_named_paper_is_found_however_its_name_is_written(s, question):
    answer = rag.ask(question, settings=s)

    assert not answer.abstained and answer.citations[0].paper.title.startswith("SGMD")
    assert "3×" in answer.text


def converse(s, *turns: str) -> rag.Answer:
    history: list[dict] = []
    for turn in turns:
        answer = rag.ask(turn, history=history or None, settings=s)
        history += [{"role": "user", "content": turn}, {"role": "assistant", "content": answer.text}]
    return answer


@pytest.mark.parametrize(("turns", "title", "says"), [
    # follow-ups with no pronoun: a continuation, or too short to stand alone (dev papers, dev-style questions)
    (("What is FlowNar?", "Which datasets?"), "FlowNar", "Ego4D"),
    (("What is Veda?", "And the speedup?"), "Veda", "5.1×"),
    (("Which paper makes video anomaly detection privacy-aware?", "What is the guided variant called?"),
     "OPL: Orthogonal Projection Layer", "G-OPL"),
    (("What is SkeletonLLM?", "What is the learning rate?"), "SkeletonLLM", "does not report its learning rate"),
    # every word a stop word is still an English question, about the paper of the conversation
    (("What is ProtoKV?", "And how does it do that?"), "ProtoKV", "prototype"),
])
def test_a_follow_up_without_a_pronoun_stays_with_the_paper(s, turns, title, says):
    answer = converse(s, *turns)

    check_invariants(answer)
    assert {c.paper.title for c in answer.citations} == {title} and says in answer.text


def test_a_detail_the_abstract_holds_with_its_value_is_answered_however_low_the_score(s):
    # it had said "does not report its module" above the sentence naming it (read set CY, cy075)
    answer = converse(s, "Anything on unsupervised domain adaptation for video?", "Is it a heavy method or a simple one?",
                      "And which module does the heavy lifting on the spatial and temporal gap?")

    check_invariants(answer)
    assert not answer.abstained and "does not report" not in answer.text
    assert "temporal-static subtraction module" in answer.text and answer.citations[0].paper.title == "MetaTrans"


def test_a_named_abstract_with_the_attributes_words_but_not_its_value_says_it_does_not_report_it(s):
    # Deep Forcing's abstract speaks of "autoregressive video diffusion models" and names none (dev w023)
    answer = rag.ask("Which autoregressive video generator does Deep Forcing extend in its experiments?", settings=s)

    check_invariants(answer)
    assert answer.text.startswith("The Deep Forcing abstract does not report which autoregressive video generator")
    assert answer.abstained and answer.sources[0].paper.title.startswith("Deep Forcing")
    assert [c.paper.title for c in answer.citations] == [answer.sources[0].paper.title]


@pytest.mark.parametrize(("question", "title", "says"), [
    # an attribute after a preposition, and "how long … take to train" (dev w803, w742)
    ("Under what licence will the MotionVid-QA data be released?", "MotionSight", "does not report its licence"),
    ("How long does DramaSR-LRM take to train?", "DramaSR-532K", "does not report its training time"),
    # a count must sit with the asked noun: "5 spatial scales" is no number of scale-aware experts (dev w809)
    ("How many scale-aware experts does SpaceVista-7B have?", "SpaceVista-7B",
     "does not report its number of scale-aware experts"),
    # a training recipe names no base model: "under a standard SFT→GRPO pipeline, models post-trained on VideoKR …"
    # (read sets AS, AU); an adverb that only insists is no part of the detail (AS)
    ("Which base model was post-trained on VideoKR?", "VideoKR", "does not report its base model"),
    ("SurgiFlowVid: which three surgical datasets exactly?", "Surgical video datasets",
     "does not report which three surgical datasets"),
    # a model named as typed, which spelling correction would read as one the index holds ("LLaDA" -> "llava")
    ("Did ParallelBench evaluate LLaDA?", "ParallelBench", "does not report anything about LLaDA"),
    # places are named, not counted: "11 representative cities" names none (read sets CH, CK, session 33)
    ("urbanfeel names of the 11 cities", "UrbanFeel", "does not report which cities"),
    ("UrbanFeel: which 11 cities exactly?", "UrbanFeel", "does not report which 11 cities"),
    ('UrbanFeel AND (cities OR city) -- which 11 cities exactly?', "UrbanFeel", "does not report which 11 cities"),
    # a remark on the asker's errand after the question is no part of it (read set CH)
    ("video-mtr: how many GPU-hours did the RL post-training take? Budgeting a reproduction.", "Video-MTR",
     "does not report its number of GPU-hours"),
    ("carebench license commercial use allowed", "CaReBench", "does not report its license"),  # a phone's (set CK)
    # a yes/no question offering the value it checks asks for that value (read set CM, session 33)
    ("Did Veda use 8 GPUs?", "Veda", "does not report its number of GPUs"),
    ("what licence is dramasr-532k released under? any restriction on commercial use?", "DramaSR-532K",
     "does not report its licence"),  # a question judging the answer after it (read set CN)
    ("Did Veda train with a learning rate of 1e-4?", "Veda", "does not report its learning rate"),
    ("Did the KERN experiments use MoE models with more than 64 experts?", "KERN", "does not report its number of experts"),
    ("Is UrbanFeel released under an MIT license?", "UrbanFeel", "does not report its license"),
    ("What's the total parameter count of the 4DPC²hat model?", "4DPC²hat", "does not report its number of parameters"),
])
def test_a_detail_asked_in_other_forms_is_said_to_be_missing(s, question, title, says):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert answer.text.startswith(f"The {title} abstract {says}")
    assert answer.abstained and answer.sources[0].paper.title.startswith(title)


@pytest.mark.parametrize(("question", "title", "quoted"), [
    # a theorist's noun for what a result rests on names no detail the abstract could lack (read set CI, session 33)
    ("kern router: which classical regression estimator do they show MoE is mathematically the same as?", "KERN",
     "Nadaraya–Watson regression"),
    ("What additional regularization term does OPGD put on top of the orthogonal projection of OGD+?", "OGD+",
     "gradient-norm penalization"),
    # a topic and the question on it typed with no comma: "they" is the paper described (read set CK)
    ("why transformers never learn parity geometry of random init paper what do they prove", "Sensitive functions",
     "low-sensitivity strings"),
    # a search string and the question after it (read set CH)
    ('transformer* AND (parity OR "bit flip*") -- the one arguing freshly initialised nets never land on such '
     "functions. What do init-time functions always contain?", "Sensitive functions", "low-sensitivity strings"),
])
def test_a_question_in_a_theorists_or_a_searchers_words_is_answered(s, question, title, quoted):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert not answer.abstained and quoted in answer.text
    assert answer.citations[0].paper.title.startswith(title)


@pytest.mark.parametrize(("question", "quoted"), [
    # ... and is answered where the abstract gives it (read set CM)
    ("Does Veda achieve a 5.1x speedup?", "5.1× end-to-end speedup"),
    ("Does FrameOracle reduce 16-frame inputs to 10.4 frames?", "10.4 frames"),
    ("With frameoracle, if you start from 64 candidate frames, what's the accuracy change?", "improving accuracy by 1.5%"),
    ("What's the actual latency figure of the ISA editing model?", "~60% reduction in latency"),  # read set CP
])
def test_a_value_checked_or_asked_as_a_change_is_answered_where_the_abstract_gives_it(s, question, quoted):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert not answer.abstained and quoted in answer.text


def test_a_list_question_with_the_papers_the_asker_recalls_lists_them_all(s):
    # the recollection after the question had narrowed the list to nothing (read set CK, session 33)
    answer = rag.ask("Which ones work on scene graphs? I vaguely remember a panoptic video one and maybe something "
                     "causal about out-of-distribution generalization.", settings=s)

    check_invariants(answer)
    assert {c.paper.title for c in answer.citations} == {"CURVE", "SegPVSG"}


def test_a_claim_naming_what_the_abstract_never_writes_is_corrected_not_abstained_on(s):
    # a reviewer checking a claim (read set BG, session 28): the abstract's own value answers, said to replace the claim's
    answer = rag.ask("Is it GPT-4o that comes out on top in UrbanFeel?", settings=s)

    check_invariants(answer)
    assert answer.text.startswith("The UrbanFeel abstract does not mention GPT-4o. What it does say:")
    assert not answer.abstained and "Gemini-2.5 Pro" in answer.text and answer.citations


def test_a_hostile_candidate_echoed_in_the_correction_carries_no_markup_or_control_character(s):
    answer = rag.ask("Is it <img src=x onerror=alert(1)>GPT-4o**\x1b[31m that comes out on top in UrbanFeel?", settings=s)

    check_invariants(answer)
    assert answer.text.startswith("The UrbanFeel abstract does not mention GPT-4o. What it does say:")
    assert not any(c in answer.text.split("What it does say:")[0] for c in "<>*\x1b")


@pytest.mark.parametrize("question", [
    # a method the paper is likened to, echoed in the note (session 33), with markup and a control character around it
    "Is Veda basically FlashAttention<script>alert(1)</script> for video?",
    "Is Veda basically **FlashAttention**\x1b[31m for video?",
])
def test_a_hostile_method_echoed_in_the_likening_note_carries_no_markup_or_control_character(s, question):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    said = answer.text.split("What it does say:")[0]
    assert "FlashAttention" in said and not any(c in said for c in "<>*\x1b")
    assert "script" not in said and answer.citations


def test_the_askers_framing_is_no_part_of_the_question_as_typed(s):
    # "CVPR" in the framing had read as a name the abstract lacks: "does not report its speedup" (second review)
    answer = rag.ask("What speedup does Veda report? I need the number for my CVPR slides.", settings=s)

    check_invariants(answer)
    assert not answer.abstained and "5.1×" in answer.text


def test_a_training_recipe_still_answers_which_algorithm(s):
    answer = rag.ask("What RL algorithm does VideoKR use?", settings=s)

    check_invariants(answer)
    assert not answer.abstained and "GRPO" in answer.text


@pytest.mark.parametrize(("question", "title", "says"), [
    # a paper described, not named, is held to the asked detail as a named one is (fresh set AL, session 19)
    ("How many raters scored the videos in the mobile video quality dataset gathered on hundreds of Android phones?",
     "Multi-screen quality assessment", "does not report its number of raters"),
    ("What learning rate did the paper explaining sudden collapse after layer pruning of LLMs use?", "Layer pruning",
     "does not report its learning rate"),
    # ... also when the asked detail drew the whole question away from every abstract (al032): the description
    # alone finds the paper
    ("How many GPUs did the paper that keeps attention sinks and prunes the KV cache to generate minute-long videos "
     "run on?", "Deep Forcing", "does not report its number of GPUs"),
])
def test_a_described_paper_lacking_the_asked_detail_is_said_to_lack_it(s, question, title, says):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert answer.text.startswith(f"The {title} abstract {says}")
    assert answer.abstained and answer.sources[0].paper.title.startswith(title)
    assert {c.paper.title for c in answer.citations} == {answer.sources[0].paper.title}


def test_a_named_method_carried_to_a_domain_its_abstract_never_mentions_is_said_to_lack_it(s):
    # dev an042: answered from MARS's theory sentences as if they spoke of ImageNet
    answer = rag.ask("How does the MARS optimizer perform on ImageNet classification with vision transformers?",
                     settings=s)

    check_invariants(answer)
    assert answer.text.startswith("The γ-similarity abstract does not report anything on vision or ImageNet.")
    assert answer.abstained and answer.sources[0].paper.title.startswith("γ-similarity")


def test_a_domain_in_the_description_of_the_other_paper_is_not_asked_of_the_named_one(s):
    # dev ai006: "surgical" describes the second paper, not MetaTrans
    answer = rag.ask("What is MetaTrans for, and what is that paper that synthesizes surgical videos of rare classes "
                     "trying to solve?", settings=s)

    assert "anything on surgical" not in answer.text


@pytest.mark.parametrize(("question", "title", "fact"), [
    ("How many Android phones was the mobile video quality dataset gathered on?", "Multi-screen", "300 Android devices"),
    ("What speedup does the paper on sparse attention for video diffusion transformers report?", "Veda", "5.1×"),
])
def test_a_described_paper_stating_the_asked_detail_answers_it(s, question, title, fact):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert not answer.abstained and fact in answer.text
    assert {c.paper.title.split(":")[0] for c in answer.citations} == {answer.citations[0].paper.title.split(":")[0]}
    assert answer.citations[0].paper.title.startswith(title)


@pytest.mark.parametrize(("question", "title", "fact"), [
    # the asked noun is not the abstract's ("algorithm" for "leveraging GRPO"): whatever the verdict, what the
    # paper does say quotes its runner-up sentence too (dev w612, w821)
    ("What reinforcement learning algorithm does SPIKE-RL rely on?", "SPIKE", "GRPO"),
    ("What classical assumption does γ-similarity collapse to when γ is zero?", "γ-similarity", "smoothness"),
])
def test_a_named_paper_quotes_what_it_says_on_a_detail_worded_unlike_the_question(s, question, title, fact):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert {c.paper.title.split(":")[0] for c in answer.citations} == {title} and fact in answer.text


@pytest.mark.parametrize(("question", "title", "fact"), [
    ("How many training samples does Video-MTR need compared with prior long-video approaches?", "Video-MTR", "8K"),
    # the abstract never writes "benchmarks": "temporal grounding (e.g., Charades-STA, …)" answers (dev w817)
    ("Which temporal grounding benchmarks does Video-in-the-Loop report results on?", "Video-in-the-Loop",
     "ActivityNet-Captions"),
    ("What accuracy does MotionChat reach on FAVOR-Bench, and how does it compare with Qwen2.5VL-72B?", "MotionSight",
     "48.3%"),
    # how a named paper does something, worded unlike its abstract: its closest sentence, not "does not report" (dev i055)
    ("How does VISTA decide at test time which stored adapter to apply?", "VISTA", "residual distance"),
    # a part named by the three-letter acronym its abstract defines (dev i058)
    ("What cue does NSP use to decide which spatial regions of a frame to keep when pooling?", "ST-GridPool",
     "token norms"),
])
def test_a_named_abstract_that_gives_the_value_still_answers(s, question, title, fact):
    answer = rag.ask(question, settings=s)  # dev d004, d012

    assert not answer.abstained and "does not report" not in answer.text
    assert answer.citations[0].paper.title.startswith(title) and fact in answer.text


@pytest.mark.parametrize(("question", "titles"), [
    ("How do MUSE and the information-theoretic adaptive video tokenizer differ in what they set out to fix?",
     {"MUSE", "Adaptive video tokenization"}),  # dev x001
    ("ViTL and the inversion-based temporal grounding framework both use temporal IoU: how does each one train its "
     "model?", {"Video-in-the-Loop", "Temporal Video Grounding"}),  # dev x002
])
def test_a_comparison_with_a_described_paper_finds_it_and_cites_both(s, question, titles):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert not answer.abstained and "does not report" not in answer.text
    assert {c.paper.title for c in answer.citations} == titles


@pytest.mark.parametrize(("turns", "fact", "absent"), [
    # the paper is named by a term of its abstract, and the question asks what the term is: its sentence answers
    (["Tell me about LSGQuant.", "What is its DRAQ component for?"], "Dynamic Range Adaptive Quantizer", ""),
    # the same shape asking a detail the abstract lacks still says so
    (["Tell me about LSGQuant.", "How many GPUs did DRAQ need?"], "does not report", "DRAQ) to fit"),
])
def test_a_question_on_a_term_of_the_paper_is_answered_by_its_sentence(s, turns, fact, absent):
    history = []
    for turn in turns:
        answer = rag.ask(turn, history=history, settings=s)
        history += [{"role": "user", "content": turn}, {"role": "assistant", "content": answer.text}]

    check_invariants(answer)
    assert answer.citations and answer.citations[0].paper.title == "LSGQuant"
    assert fact in answer.text and (not absent or absent not in answer.text)


def test_a_described_paper_the_filter_leaves_out_is_said_to_be_outside_it(s):
    answer = rag.ask("How does the streaming video memory with prototype banks keep a constant footprint?",
                     venue="ICLR", settings=s)

    assert answer.abstained and not answer.citations
    assert answer.text.startswith("ProtoKV is ICML 2026, outside the ICLR filter.")


def test_a_described_paper_the_filter_leaves_out_is_not_answered_from_a_weaker_paper_inside_it(s):
    # a probe of session 42: an ICLR paper's "Temporal Transition Module" answered for MetaTrans's module
    answer = rag.ask("what does the temporal-static subtraction module do", venue="ICLR", settings=s)

    assert answer.abstained and not answer.citations
    assert answer.text.startswith("MetaTrans is ICML 2026, outside the ICLR filter.")
    inside = rag.ask("what does the temporal-static subtraction module do", venue="ICML", settings=s)
    assert not inside.abstained and {c.paper.title for c in inside.citations} == {"MetaTrans"}


@pytest.mark.parametrize(("question", "said"), [
    ("sparse attention kernels for text-to-speech or audio diffusion models?", "“text-to-speech”"),
    ("continual learning for graph neural networks — anything?", "“graph neural networks”"),
    # a word set against another of its kind, which the paper on the other never writes (read sets DI, DK)
    ("Any work on hyperparameter transfer when scaling depth rather than width?", "“depth”"),
])
def test_a_near_topic_question_says_which_of_its_words_the_closest_papers_never_mention(s, question, said):
    answer = rag.ask(question, settings=s)
    assert answer.abstained and not answer.citations
    assert answer.text.startswith(f"The papers closest to this question never mention {said}, so they don't answer it.")


def test_the_word_a_contrast_echoes_is_a_plain_word_never_the_questions_markup(s):
    # the "never mention" reason quotes the question's own word: markup or control characters around it stay out
    answer = rag.ask("hyperparameter transfer scaling <b>depth</b>\x07 rather than width, or depth rather than width?",
                     settings=s)
    assert answer.abstained and "never mention “depth”" in answer.text
    assert "<b>" not in answer.text and "\x07" not in answer.text


def test_an_out_of_scope_question_under_a_filter_is_no_paper_outside_it(s):
    answer = rag.ask("What is the best recipe for sourdough bread?", venue="ICLR", settings=s)

    assert answer.abstained and not answer.citations and "outside" not in answer.text


@pytest.mark.parametrize(("question", "domain"), [
    # dev an029: "1 paper matches: Deep Forcing", whose abstract is about video alone
    ("Has anyone applied attention-sink style tricks like Deep Forcing to autoregressive music or audio generation?",
     "music"),
    # dev p020: a paper found by the description but off its domain (SmoothSA, never surgical) is not the one
    # described, so not said to lack "anything on surgical", as if asked about
    ("The paper that applies slot attention to surgical videos for object discovery — how many slots did it use per "
     "frame?", "surgical"),
])
def test_a_named_or_described_method_in_a_domain_no_abstract_pairs_it_with_abstains_naming_it(s, question, domain):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert answer.abstained and not answer.citations
    assert f"never mention “{domain}”" in answer.text


@pytest.mark.parametrize(("question", "says"), [
    # a request to list one paper's things, after its name (read set CZ, cz042)
    ("SurgiFlowVid: please list the names of the three surgical datasets used for validation.",
     "does not report which surgical datasets."),
    # "a few auxiliary forward passes" is no count (read set CZ, cz043)
    ("UPI: exactly how many of those auxiliary forward passes does it need?",
     "does not report its number of auxiliary forward passes."),
])
def test_a_detail_asked_in_a_request_or_of_those_is_said_not_reported(s, question, says):
    answer = rag.ask(question, settings=s)

    check_invariants(answer)
    assert answer.abstained and says in answer.text and "which which" not in answer.text


def test_how_much_longer_is_answered_by_the_ratio_the_abstract_gives(s):
    # read set DB, db001 said "does not report its amount of longer a stream" above "10× longer videos"
    answer = rag.ask("flownar: throughput gain in FPS vs the baselines, and how much longer a stream can it chew through?",
                     settings=s)

    check_invariants(answer)
    assert not answer.abstained and "10× longer videos" in answer.text


def test_a_short_claim_is_quoted_with_the_sentence_spelling_it_out(s):
    """"… subliminal learning is fragile." says little alone; "Even small changes, like paraphrasing prompts, are
    usually sufficient to suppress it." is what was asked (a probe of session 40)."""
    answer = rag.ask("that owl paper where the student picks up the teacher's favourite animal from just lists of "
                     "numbers — what makes it stop working?", settings=s)

    check_invariants(answer)
    assert "subliminal learning is fragile. [1] Even small changes, like paraphrasing prompts" in answer.text


@pytest.mark.parametrize("question", [
    "which papers use first-person / head-mounted camera video",
    "Which ICML papers work with egocentric (first-person) video?",
])
def test_a_list_of_first_person_video_keeps_every_paper_filming_or_testing_on_it(s, question):
    """Ego4D / EgoExo4D and "ego, exo" footage count (probes of session 40 listed one paper of three); a paper only
    evaluating on the EgoSchema QA benchmark does not."""
    answer = rag.ask(question, venue="ICML" if "ICML" in question else None, settings=s)

    check_invariants(answer)
    titles = {c.paper.title.split(":")[0] for c in answer.citations}
    assert titles == {"UCS-Bench", "FlowNar", "VISTA"}


def test_a_part_of_the_named_paper_with_a_second_clause_is_no_second_paper(s):
    # "the network architecture in ImmersePro" is ImmersePro's (a second review of session 47, qq015, was answered as a
    # comparison with an unrelated paper, and the clause after "and" went unanswered)
    answer = rag.ask("Of which kind is the network architecture in ImmersePro, and does the method require explicit "
                     "disparity maps as input?", settings=s)

    check_invariants(answer)
    assert [c.paper.title for c in answer.citations] == ["ImmersePro"]
    assert "dual-branch architecture" in answer.text and "explicit disparity maps" in answer.text


def test_a_thing_the_question_ties_back_to_the_named_paper_is_no_second_paper(s):
    # "the teacher model it started from" is MUSE's (a second review of session 48, qr012 quoted a robust-teacher paper)
    answer = rag.ask("In the MUSE paper, how did its linear probing accuracy compare with the teacher model it started "
                     "from?", settings=s)

    check_invariants(answer)
    assert [c.paper.title for c in answer.citations] == ["MUSE"] and "InternViT-300M" in answer.text


def test_a_laypersons_ai_and_how_well_are_no_topic_words(s):
    # "AI" and "how well" are how a journalist puts a question, not what it is about (a second review of session 47,
    # qp062 abstained, holding words no abstract uses)
    answer = rag.ask("Which ICLR papers introduce a new test or benchmark for measuring how well AI models do?", settings=s)

    check_invariants(answer)
    assert not answer.abstained and "CaReBench" in [c.paper.title for c in answer.citations]


@pytest.mark.parametrize(("text", "kind"), [
    # a topic alone after its venue asks for the papers (read set EK, ek037; dev bx036 was answered as one paper's fact)
    ("ICLR only: RL post-training (GRPO or similar) for video LLMs?", "list"),
    ("ICLR: methods reducing or compressing the visual tokens of video", "list"),
    # ... not a named paper's detail, nor a question of its own after the venue
    ("ICML only: Veda speedup on 720P videos?", "fact"),
    ("ICLR 2026: how does VISTA route between its task-specific adapters?", "fact"),
])
def test_a_topic_after_its_venue_asks_for_the_papers(s, text, kind):
    from rag.answer.understand import understand

    assert understand(text, [], rag.get_index(s).snapshot()).kind == kind


@pytest.mark.parametrize(("text", "quoted"), [
    # a part's role is answered in other words (second review qs of session 48: "does not report its role" above it)
    ("In the Massive Emergence Layer paper, what role does the FFN play?", "FFN parameters jointly contribute"),
    # the paper's own benchmark, presented by name, is the benchmark asked for (qr025 said "does not report which benchmark")
    ("that work showing diffusion LLMs lose quality with parallel decoding - what's the benchmark they released?",
     "we propose ParallelBench, the first benchmark"),
])
def test_a_detail_the_abstract_gives_in_its_own_way_is_never_said_to_be_missing(s, text, quoted):
    answer = rag.ask(text, settings=s)

    assert quoted in answer.text and "does not report" not in answer.text and not answer.abstained
