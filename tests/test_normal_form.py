"""rag/answer/normal_form.py: a question in the form the attribute patterns read."""

from __future__ import annotations

import pytest

from rag.answer.normal_form import normal_form


@pytest.mark.parametrize(("question", "normal"), [
    ("what's its learning rate?", "what is its learning rate"),
    ("whats the licence of UrbanFeel", "what is the licence of UrbanFeel"),  # no apostrophe (session 26)
    ("veda lr?", "veda learning rate"),
    ("frameoracle #params?", "frameoracle number of parameters"),
    # the question word first, as a second language leaves it in place (read set BL, session 29)
    ("protokv use how many GB of GPU memory exactly?", "how many GB of GPU memory exactly did protokv use"),
    ("smoothsa is released under what license?", "under what license did smoothsa is released"),
    # ... not a relative clause, a request, a question already first, or "how much" with a comparative (second review)
    ("Outline the ProtoKV module which stores old frames", "Outline the ProtoKV module which stores old frames"),
    ("Tell me which GPU veda used", "Tell me which GPU veda used"),
    ("Which GPU did Veda use?", "Which GPU did Veda use"),
    ("Veda runs how much faster than FlashAttention?", "Veda runs how much faster than FlashAttention"),
    ("deep forcing can make video how many times longer than it trained on?",
     "deep forcing can make video how many times longer than it trained on"),
    ("upi stretch context from which length until which length?",
     "upi stretch context from which length until which length"),
    # a yes/no question offering the value it checks asks for it (read set CM, session 33)
    ("Did Veda use 8 GPUs?", "how many GPUs Did Veda use"),
    ("Does KERN use more than 64 experts?", "how many experts Does KERN use"),
    ("Did Veda train with a learning rate of 1e-4?", "what learning rate Did Veda train"),
    ("Is UrbanFeel released under an MIT license?", "under what license Is UrbanFeel released"),
    # ... not one offering no value, nor a question for the value
    ("Does Veda achieve a speedup?", "Does Veda achieve a speedup"),
    ("How many GPUs did Veda use?", "How many GPUs did Veda use"),
    ("Does Veda beat 3 baselines?", "how many baselines Does Veda beat"),
    # ... only a value that ends the question, and only a training setting's (second review)
    ("Did the 20 MLLMs in UrbanFeel include GPT-4o?", "Did the 20 MLLMs in UrbanFeel include GPT-4o"),
    ("Is SGMD about 3 times faster to train than DMD?", "Is SGMD about 3 times faster to train than DMD"),
    ("Was UPI evaluated at a context length of 64K?", "Was UPI evaluated at a context length of 64K"),
    ("Is OmniDCBench built with 6 dimensions?", "Is OmniDCBench built with 6 dimensions"),
    # an adverb of emphasis names no part of the detail (fresh set ED, session 44)
    ("What was actually added to each model?", "What was added to each model"),
    # a question with no auxiliary and the trailing adverb of a count (a second review of session 44)
    ("what learning rate the Veda distillation use?", "what learning rate did the Veda distillation use"),
    ("which GPU the FlowNar training use?", "which GPU did the FlowNar training use"),
    ("what does the model use?", "what does the model use"),
    ("UCS-Bench has how many questions inside?", "how many questions did UCS-Bench has"),
    ("how many cities inside UrbanFeel?", "how many cities in UrbanFeel"),
    ("how many questions altogether in UCS-Bench?", "how many questions in UCS-Bench"),
    # the detail after what the paper gives for it; a bare count after its statement (second review, session 45)
    ("What does Veda report for its learning rate?", "What learning rate does Veda use"),
    ("What figures does Veda give for its batch size?", "What batch size does Veda use"),
    ("UPI needs a few extra forward passes - how many exactly?", "UPI needs a few extra forward passes - how many exactly"),
    ("Which batch size uses ProtoKV?", "Which batch size does ProtoKV use"),  # the verb before the name (qh072)
    ('what "batch size" did they train LESA with?', "what batch size did they train LESA with"),  # quoted (qg068)
    ("which ‘optimizer’ did Veda use?", "which optimizer did Veda use"),
    # the part it is used as; an aside after the question word's phrase; "which one" in place (session 46)
    ("Which base model uses video-mtr as backbone?", "Which backbone does video-mtr use"),
    ("What model does Veda use as its teacher?", "What teacher does Veda use"),
    ("To what bit-width, for weights and for activations, does LSGQuant quantise the model?",
     "To what bit-width does LSGQuant quantise the model"),
    ("SmoothSA, backbone feature encoder is which one?", "SmoothSA, backbone feature encoder is which"),
    # what it is meant for is what it is used for; an aside on how to answer (second reviews of session 46)
    ("What is Proact-VL meant for?", "What is Proact-VL used for"),
    ("What was UCS-Bench built for?", "What was UCS-Bench used for"),
    ("Which diffusion LLMs — by name — were evaluated?", "Which diffusion LLMs were evaluated"),
    ("Which learning rate, exactly, did Veda use?", "Which learning rate did Veda use"),
    # what a detail takes in, a kind of a thing, a form or way asked (read set EI, second review qq of session 47)
    ("flownar total param count incl. the CLAM module?", "flownar total param count"),
    ("Which manner of normalisation do they advise?", "Which normalisation do they advise"),
    ("How many distinct kinds of task do the questions cover?", "How many task do the questions cover"),
    ("In which form is the module integrated into GANs?", "how is the module integrated into GANs"),
])
def test_a_question_is_put_in_the_form_the_patterns_read(question, normal):
    assert normal_form(question) == normal
