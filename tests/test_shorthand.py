"""rag/answer/shorthand.py: a chat message's shorthand written out, its asides dropped."""

from __future__ import annotations

import pytest

from rag.answer.shorthand import written_out


@pytest.mark.parametrize(("typed", "written"), [
    ("papers that handle audio + video together, ppl doing audio-visual stuff",
     "papers that handle audio + video together, people doing audio-visual stuff"),
    ("video diffusion vs llms on arc-style puzzles w/ small adapters — who wins on data efficiency tbh",
     "video diffusion vs llms on arc-style puzzles with small adapters — who wins on data efficiency"),
    ("anything w/o training?", "anything without training?"),
    ("U-Net w/skip connections, how many prev layers", "U-Net with skip connections, how many previous layers"),
    ("what, iirc, is the lr", "what is the lr"),  # an aside between commas takes both
    ("yo which paper made the live gaming benchmark", "which paper made the live gaming benchmark"),  # (session 44)
    ("egocentric video papers??", "egocentric video papers?"),  # repeated marks (a third review of session 44)
    # an arrow between a label and what is asked, as a colon; not one inside what is said (session 44 review)
    ("veda → which GPU was the kernel benchmarked on?", "veda: which GPU was the kernel benchmarked on?"),
    ("kern -> # experts in their MoE runs?", "kern: # experts in their MoE runs?"),
    ("an SFT→GRPO pipeline from 2D → 3D video?", "an SFT→GRPO pipeline from 2D → 3D video?"),
    ("upi needs how many passes exactly, iirc just a few", "upi needs how many passes exactly, just a few"),
    ("(imo the best) which ones", "(the best) which ones"),
    ("did u see ur results b/c of the prompt", "did you see your results because of the prompt"),
    ("ST-GridPool vs PPLLaVA, w.r.t. memory", "ST-GridPool vs PPLLaVA, with respect to memory"),
    ("kern router paper howmany experts per layer", "kern router paper how many experts per layer"),  # read set CS
    ("anyone messing with RoPE?", "anyone working on RoPE?"),  # slang (fresh set CW)
    ("icml stuff on streaming video?", "icml papers on streaming video?"),
    ("icml stuff that actually uses the audio track of videos", "icml papers that actually uses the audio track of videos"),
    ("any stuff using optical flow?", "any papers using optical flow?"),
    ("ucs-bench: how many hrs of video and # of qs?", "ucs-bench: how many hours of video and # of questions?"),  # qf013
    ("which benches did they eval on?", "which benchmarks did they eval on?"),  # read set DD, session 36
    ("adam-ish optimizer analysis papers?", "adam optimizer analysis papers?"),  # read set DG
])
def test_shorthand_is_written_out_and_asides_dropped(typed, written):
    assert written_out(typed) == written


@pytest.mark.parametrize("text", [
    "What does UR5 do?",  # a name in capitals is no shorthand
    "How does U-Net compare?",
    "Which papers use BC (behaviour cloning)?",
    "What speedup does Veda report?",
    "tbh",  # nothing would be left
    # the second review's over-matches: perplexity, the olympiad, diffusion
    "Which papers report PPL on PG-19?",
    "what ppl does UPI get on PG-19?",
    "Do any papers evaluate on IMO problems?",
    "Do any papers evaluate on imo problems?",
    "Which papers make video diff models faster?",
    "Which papers study the stuff models memorise?",  # "stuff" not before "on"/"about"
    "Which papers study the stuff that models memorise?",  # nor after "the"
    "Is there some stuff that LSGQuant keeps in high precision?",  # a detail of a paper (second review)
    "More stuff that Deep Forcing does besides Deep Sink?",
    "care bench how many annotators wrote the captions?",  # CaReBench: "bench" alone is a name's part (dev bu041)
    "Which papers test on MME Benches?",  # in capitals, a name
])
def test_names_and_plain_questions_are_left_as_they_are(text):
    assert written_out(text) == text


def test_an_asked_shorthand_is_answered_as_written(built_settings):
    import rag

    typed = rag.ask("iirc veda had a speedup, how big tbh?", settings=built_settings)
    written = rag.ask("veda had a speedup, how big?", settings=built_settings)

    assert typed.text == written.text and not typed.abstained
