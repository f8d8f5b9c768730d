"""rag/answer/spoken.py: a dictated or politely framed question is read as the question it holds."""

from __future__ import annotations

import pytest

import rag
from rag.answer.spoken import as_written


@pytest.mark.parametrize(("said", "written"), [
    # fillers and a start that only takes the floor
    ("um so what learning rate did veda use", "so what learning rate did veda use"),
    ("okay so who trains with g r p o", "so who trains with grpo"),
    ("um which papers report results on charades s t a?", "which papers report results on charades sta?"),
    ("care bench how many annotators wrote the captions and like what was the agreement between them?",
     "care bench: how many annotators wrote the captions and what was the agreement between them?"),
    ("what papers stop models from like saying stuff that isnt there", "what papers stop models from saying stuff that isnt there"),
    ("Hey, which papers use GRPO?", "which papers use GRPO?"),
    # a name's "+" and a number said as words
    ("ogd plus and vista: how does each keep old tasks?", "ogd+ and vista: how does each keep old tasks?"),
    ("video quality for three sixty degree video", "video quality for 360 degree video"),
    # an agent's request: its label, what to return, an order for papers
    ("Task: collect papers that make video models cheaper. Return ids.", "Which papers make video models cheaper?"),
    ("Query: retrieve papers on streaming video.", "Which papers on streaming video?"),
    ("Task: identify datasets used by MetaTrans. Return names.", "identify datasets used by MetaTrans."),
    # a topic said first with no pause before the question
    ("kern router um how many experts did they use in the moe experiments",
     "kern router: how many experts did they use in the moe experiments"),
    ("UPI how does it extend context?", "UPI: how does it extend context?"),
    # a polite frame around the question it holds
    ("I would like to know which specific collections of action footage MetaTrans was evaluated on, if you could tell me.",
     "which specific collections of action footage MetaTrans was evaluated on?"),
    ("Could you clarify what kind of physical equipment the SCOPE authors used?",
     "what kind of physical equipment the SCOPE authors used?"),
    ("I would be grateful if you could name the models on which UPI was tried out.",
     "Could you name the models on which UPI was tried out."),
    ("I would appreciate a list of the papers that lower the computing cost.",
     "Give me a list of the papers that lower the computing cost."),
    ("Do you happen to know whether Veda reports its batch size?", "whether Veda reports its batch size?"),
    # an opener in the asker's first language, "their" dictated for "there", open compounds (second review, session 42)
    ("Bonjour, which paper generates surgical videos?", "which paper generates surgical videos?"),
    ("Du coup, for Veda, how many GPUs they used?", "for Veda, how many GPUs they used?"),
    ("Hola, o sea, which is the dataset of FlowNar?", "which is the dataset of FlowNar?"),
    ("is their a paper on point clouds", "is there a paper on point clouds"),
    ("which data sets and back bone did they use", "which datasets and backbone did they use"),
    ("was it fine tuned on qwen", "was it fine-tuned on qwen"),
    # a paper described first in a run-on question, then what is asked of it (a second review of session 44)
    ("that moment retrieval paper that adds side tasks like guessing the hidden verb in the query what gain did it get "
     "on charades", "that moment retrieval paper that adds side tasks like guessing the hidden verb in the query. What "
     "gain did it get on charades"),
    ("proact-vl: what frame rate / how many ms latency does it run at?",  # two questions slashed (session 44)
     "proact-vl: what frame rate, and how many ms latency does it run at?"),
    ("that paper on why a more robust teacher doesnt always make the student more robust what signal do they say "
     "predicts it", "that paper on why a more robust teacher doesnt always make the student more robust. What signal do "
     "they say predicts it"),
    # a letter's greeting and closing (a second review of session 45)
    ("Dear paperchat, which papers deal with attention sinks?", "which papers deal with attention sinks?"),
    ("Good morning. Which papers use GANs? Kind regards, Harold", "Which papers use GANs?"),
    ("Dear sir or madam, how many videos are in it? Many thanks.", "how many videos are in it?"),
    # what the asker likens it to, and a hedge on their own words (a second review of session 49: qt030 abstained on
    # "hippocampal", qt052/qt053's lists lost papers to the likeness's words, qt062 read no count)
    ("a running map of objects, a bit like hippocampal place memory - how large is their dataset?",
     "a running map of objects - how large is their dataset?"),
    ("ICML papers on spatial reasoning, the kind of thing place and grid cells do?", "ICML papers on spatial reasoning?"),
    ("Which ICLR papers are about how models perceive motion, the way area MT handles movement?",
     "Which ICLR papers are about how models perceive motion?"),
    ("How many slots, if you like, does SmoothSA use per scene?", "How many slots, does SmoothSA use per scene?"),
    ("the owls paper — in what consists the mechanism they identify?", "the owls paper — what is the mechanism they identify?"),  # (EN)
    # where to get the data asks whether it is available (a second review of session 46, ql119)
    # what the asker needs it for, a need or a "do we know" before the question it holds, which is then asked (held-out
    # EM, em043-em045: no detail was read, and sentences were quoted as if they answered)
    ("For my methods section, I need to know what learning rate was used to fine-tune MotionChat on MotionVid-QA.",
     "what learning rate was used to fine-tune MotionChat on MotionVid-QA?"),
    ("Do we know how many people annotated the detailed captions in CaReBench?",
     "how many people annotated the detailed captions in CaReBench?"),
    ("I'm curious which 11 cities the UrbanFeel street-view images come from. Are they listed?",
     "which 11 cities the UrbanFeel street-view images come from? Are they listed?"),
    ("where can I get the data?", "Is the data available?"),
    ("Where do I download the weights", "Is the weights available?"),
])
def test_how_it_was_said_is_taken_out(said, written):
    assert as_written(said) == written


@pytest.mark.parametrize("text", [
    "Which papers like ProtoKV use a memory bank?",  # "like" compares here
    "So how should one pick a teacher, according to them?",  # a follow-up's "so" goes on from the turn before
    "Does veda report how many GPUs it used?",  # the question starts at once
    "the streaming paper which dataset did they use",  # "paper" names what is asked about, no topic said first
    "Well-known papers on video tokenizers?",
    "What is the A/B split in UrbanFeel?",
    "I'd like to know more about ProtoKV.",  # no question held in the frame
    "Does GPU plus CPU offloading help?",  # a field's acronym before "plus"
    "Is speed plus memory reported?",
    "What should I return ids for?",  # "return" asked about, not an order
    # the second review's over-matches
    "Which papers compare against an HMM baseline?",  # the field's acronym, no filler
    "What do models learn under ERM?",
    "Is there a method that works just like the human visual system?",  # "like" compares
    "can the adaptive tokenizer output json",  # no order to return anything
    "Yes or no: does Veda use distillation?",
    "Which papers use RL, like GRPO or PPO?",  # examples, not a likeness
    "Which papers work on video the way we would want for monitoring?",  # the asker's own way (asides.py)
    "By how much does Veda speed up attention?",
    "At what resolution does SkeletonLLM render skeletons?",
    "Exactly how many frames does FrameOracle keep?",
    "Well known methods for video tokenizers?",
    "Find papers that use GRPO.",  # an order the routing reads already
    "are their results public?",  # a possessive "their"
    "Also, what about Veda?",  # English "also", not German
    "Does it back points up?",  # no compound
    "the paper on how transformers learn",  # a "how" the description holds
    "that paper about what transformers can learn",
])
def test_a_question_said_plainly_is_left_as_it_is(text):
    assert as_written(text) == text


@pytest.mark.parametrize("question", [
    "kern router um how many experts did they use in the moe experiments",
    "Could you tell me how many graphics processors were used to train SmoothSA, and for how long?",
])
def test_a_detail_asked_in_spoken_or_polite_words_is_said_to_be_missing(built_settings, question):
    # read set BU (bu039, bu040): both quoted other sentences as if they answered
    answer = rag.ask(question, settings=built_settings)
    assert answer.abstained and "abstract does not report its number of" in answer.text
