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
]

TOPICAL = [
    ("Is there anything on quantum error correction with surface codes?", "fact"),
    ("Which papers propose LLMs for repository-level code generation or program repair?", "list"),
    ("Which papers study code generation?", "list"),
    ("How many layers does LaTER prune?", "fact"),
    ("How many frames does FrameOracle keep on average?", "fact"),
    ("How many training samples does Video-MTR need?", "fact"),
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
