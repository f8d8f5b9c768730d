"""How a comparison finds the paper it sets against a named one when it does not name it."""

from __future__ import annotations

import pytest

from rag.answer.against import compared_description

VEDA = [(0, "Veda")]  # the question names Veda by its title


@pytest.mark.parametrize(("question", "described"), [
    # the other paper described by a noun phrase: that phrase is searched
    ("How does Veda compare with the decision-representation method for layer pruning?",
     "decision-representation method for layer pruning"),
    # set against it in words only: the rest of the question, without Veda's name, is searched
    ("Is the layer-pruning collapse finding consistent with Veda's claim about attention?",
     "Is the layer-pruning collapse finding consistent with claim about attention?"),
    ("Is Veda in line with what the subliminal learning study found about early layers?",
     "Is in line with what the subliminal learning study found about early layers?"),
    # ... up to where the question goes on to ask its question, which stays the question's (read set AV, av068)
    ("Veda vs the theory paper on in-context continual learning in transformers — what does each say drives "
     "forgetting?", "vs the theory paper on in-context continual learning in transformers"),
    # ... a typed double hyphen too (read set DB, db071)
    ("Veda vs that training-free add-on that keeps sink tokens around -- how much length extension does each claim?",
     "vs that training-free add-on that keeps sink tokens around"),
    ("Is Veda in line with what the subliminal learning study found: which layers matter?",
     "Is in line with what the subliminal learning study found"),
    # set against its baselines, or against nothing that could be a paper: no other paper
    ("How does Veda differ from prior sparse attention methods?", ""),
    ("How does Veda compare with the baseline method?", ""),
    ("Is Veda consistent with full attention?", ""),
    ("How much does Veda slow down generation compared with normal decoding?", ""),  # read set BL, bl045
    # ... but "default" elsewhere describes (second review)
    ("How does Veda differ from streaming video narration with a memory of past frames, with default settings?",
     "How does differ from streaming video narration with a memory of past frames, with default settings?"),
    ("How does Veda differ?", ""),  # nothing left to describe a paper
    # ... nor the paper's own thing, pointed back at (a second review of session 44)
    ("How does Veda do compared with the InternViT teacher it was distilled from?", ""),
    # ... or its own role said alone (a second review of session 46, qn006)
    ("MUSE, what is the linear probing score compared to its teacher?", ""),
    # "differentiated" compares nothing
    ("Do differentiated Veda tiles keep their speedup on long videos?", ""),
    # a second clause asks its own question of a paper it describes (fresh comparisons, set L: l017)
    ("What does Veda's kernel skip, and what module does the Controllable Video GAN paper design?",
     "Controllable Video GAN"),
    ("What does Veda's kernel skip, and how fast is it?", ""),  # a second clause about Veda itself
    # "that …" paper, and up to five words after "of" (read sets CY, CZ: cy071, cz068 compared nothing)
    ("How big is Veda compared with the data from that all-scale spatial reasoning paper (the 7B model)?",
     "all-scale spatial reasoning paper"),
    ("Compare Veda with the theoretical study of in-context continual learning in transformers: what does each "
     "identify?", "theoretical study of in-context continual learning in transformers"),
])
def test_the_other_compared_paper_is_described_by_a_phrase_or_the_rest_of_the_question(question, described):
    assert compared_description(question, VEDA, 1, ("p0",), ("Veda",), "fact") == described


def test_a_phrase_naming_the_paper_found_by_its_words_is_not_the_other_one():
    found = [(3, "subliminal learning")]  # named by a phrase of its abstract, not its title
    question = "How do the subliminal learning paper and the adversarial distillation teacher paper differ?"

    assert compared_description(question, found, 0, ("p3",), ("subliminal learning",), "fact") == \
        "adversarial distillation teacher paper"


def test_a_topic_before_and_the_paper_names_a_paper_when_few_abstracts_hold_it(built_settings):
    # "subliminal learning and the robust-teacher paper": the noun serves both (read set CY, cy068)
    import rag
    from rag.answer.against import described_rows
    from rag.answer.facts import snapshot_facts

    snapshot = rag.get_index(built_settings).snapshot()
    titles = snapshot_facts(snapshot).titles
    text = "Two distillation stories — subliminal learning and the robust-teacher paper. What drives each?"

    found = described_rows(text, snapshot, titles, [])

    assert "subliminal learning" in {words for _, words in found}
    # a topic many abstracts hold names none
    crowded = described_rows("Two stories — video generation and the robust-teacher paper.", snapshot, titles, [])
    assert "video generation" not in {words for _, words in crowded}


def test_a_paper_called_by_its_people_is_named_as_by_the_paper(built_settings):
    # "the subliminal learning researchers" (read set DK, dk046): as "the subliminal learning paper" would
    import rag
    from rag.answer.against import described_rows
    from rag.answer.facts import snapshot_facts

    snapshot = rag.get_index(built_settings).snapshot()
    titles = snapshot_facts(snapshot).titles

    found = described_rows("Which models did the subliminal learning researchers use?", snapshot, titles, [])

    assert "subliminal learning" in {words for _, words in found}
    assert not described_rows("What did the video generation researchers find?", snapshot, titles, [])
    # ... not a model's or a topic's people (second review)
    assert not described_rows("Did the Waver team publish a sparse attention paper?", snapshot, titles, [])
