"""The words an abstract says a question's noun in: "licence" as "CC-licensed", "data" as "samples", "phones" as
"devices". A detail whose words the abstract holds in any of them is not lacking (values.py)."""

from __future__ import annotations

import re

from rag.corpus.terms import terms
from rag.retrieval.wordlists import english_words


def spelled(words: frozenset[str], have: frozenset[str]) -> frozenset[str]:
    """Those of `words` that `have` holds, or holds in another spelling: a stem of six letters or more that
    differs in its last letter only ("licenc" / "licens", "normalis" / "normaliz"), or an acronym's plural, which
    the stemmer keeps ("mllms" for the question's "MLLM": UrbanFeel "does not report its MLLM", dev v555)."""
    return frozenset(w for w in words if w in have or f"{w}s" in have or len(w) >= 6 and any(
        len(h) == len(w) and h[:-1] == w[:-1] for h in have) or bool(COUNTED_AS.get(w, frozenset()) & have)
        or _prefixed(w, have))


_MODEL_KINDS = frozenset(("llm", "vlm", "lmm", "llms", "vlms", "lmms"))


def _prefixed(acronym: str, have: frozenset[str]) -> bool:
    """Does `have` hold the metric acronym with a letter before it ("FID" as "gFID", generation FID: a second review of
    session 43 said MUSE "does not report its generation FID" above "gFID 3.08")? Not an English word ("rate"/"crate"),
    nor a kind of model, whose prefixed form is another kind ("LLM"/"MLLM": dev w743)."""
    return len(acronym) >= 3 and acronym not in english_words() and acronym not in _MODEL_KINDS and any(
        len(h) == len(acronym) + 1 and h.endswith(acronym) for h in have)


# data is counted in samples: "how much data do the competing methods need" is answered by "… approaches that
# require 257K to 4.4M examples" (dev x6006); phones by the devices they are ("how many phones …" / "across more
# than 300 Android devices": dev a435, v204, ai031, ad13017 said "does not report its number of phones")
# ... and a network's depth in its layers ("at what depth does the cross-frame interaction kick in?" / "… in
# early-to-middle layers": dev x6027 said "does not report its depth")
COUNTED_AS = {"data": frozenset(terms("samples examples instances")),
               **dict.fromkeys(terms("phones smartphones handsets"), frozenset(terms("devices handsets"))),
               # ... and clips in videos ("how many clips are in the youtube collection?" / "423 stereo videos": a probe
               # of session 40 said "does not report its number of clips")
               **dict.fromkeys(terms("clips"), frozenset(terms("videos"))),
               **dict.fromkeys(terms("depth"), frozenset(terms("layers"))),
               # ... and questions in QAs ("how many spatial questions" / "1M spatial QAs": read set DE, de063), a cut
               # as a reduction ("what latency cut" / "a ~60% reduction in latency": read set DH, dh007)
               **dict.fromkeys(terms("questions pairs"), frozenset(terms("QAs QA"))),  # "qa pairs" too (session 42)
               **dict.fromkeys(terms("cut cuts"), frozenset(terms("reduction reductions"))),
               # ... and a norm as the normalization it is, a nonlinearity as the activation ("which nonlinearity and
               # which norm do they go with?" / "ReLU activation and ℓ_2-normalization": dev s014, cq005)
               **dict.fromkeys(terms("norm norms"), frozenset(terms("normalization normalizations"))),
               **dict.fromkeys(terms("nonlinearity nonlinearities"), frozenset(terms("activation activations"))),
               # ... and a paper's parts in the words it uses ("the three modules in PPLLaVA" / "three core components":
               # second review, session 39)
               **dict.fromkeys(terms("module modules"), frozenset(terms("components component"))),
               **dict.fromkeys(terms("step steps"), frozenset(terms("stages stage phases"))),
               **dict.fromkeys(terms("trick tricks"), frozenset(terms("mechanisms techniques strategies"))),
               # ... and language models as the acronyms abstracts count them in ("how many multimodal models were put
               # through the benchmark" / "evaluation of 20 state-of-the-art MLLMs": read set DX, dx009), lag as latency
               # ("how much lag does it take off" / "a ~60% reduction in latency": dx008)
               **dict.fromkeys(terms("model models"), frozenset(terms("LLMs MLLMs VLMs LMMs LLM MLLM VLM LMM"))),
               **dict.fromkeys(terms("lag lags"), frozenset(terms("latency latencies"))),
               # ... and a competing method as the competitor an abstract names ("which competing method was the strongest
               # baseline?" / "the best competitor stereo-from-mono": a second review of session 46, qo098), a rival too
               **dict.fromkeys(terms("competing rival rivals"), frozenset(terms("competitor competitors"))),
               # ... a score as accuracy or points, an eval as an evaluation ("what score … on FAVOR-Bench" / "48.3%
               # overall accuracy on FAVOR-Bench": read sets DY, DZ said "does not report its score / eval")
               **dict.fromkeys(terms("score scores"), frozenset(terms("accuracy accuracies points metric metrics"))),
               # ... and datasets as the benchmarks abstracts test on, metrics as the scores they report ("what datasets
               # did SPIKE compare against people on?" / "on … (FunQA) and … (Oops!) surprise benchmarks", "what scores"
               # / "two metrics": a second review of session 45 said "does not report its datasets")
               **dict.fromkeys(terms("dataset datasets"), frozenset(terms("benchmark benchmarks"))),
               **dict.fromkeys(terms("benchmark benchmarks"), frozenset(terms("dataset datasets"))),
               **dict.fromkeys(terms("metric metrics"), frozenset(terms("score scores measure measures"))),
               **dict.fromkeys(terms("eval evals"), frozenset(terms("evaluation evaluations benchmarks benchmark"))),
               # ... and a speedup as the acceleration a theory paper proves ("what speedup does the nonlinear model get"
               # / "a faster iteration complexity … the implicit acceleration": dev ab11012)
               **dict.fromkeys(terms("speedup speedups"), frozenset(terms("acceleration faster"))),
               # ... a delta as the improvement or gain it is ("how big is the acc delta?" / "improves accuracy by up to
               # 12.5 points": read set EI, ei003 said "does not report its accuracy delta")
               **dict.fromkeys(terms("delta deltas"), frozenset(terms("improves improvement gains gain difference"))),
               # ... and a baseline as what the paper is compared to or beats ("how much faster … relative to DMD? what's
               # the baseline exactly" / "compared to DMD, SGMD achieves …": second review, session 42)
               **dict.fromkeys(terms("baseline baselines"), frozenset(terms("compared outperforms surpasses"))),
               # ... and a length in what it counts ("what is the maximum context length UPI reaches?" / "from 4K to up
               # to 64K tokens": a probe of session 42 said "does not report its maximum context length")
               **dict.fromkeys(terms("length lengths"), frozenset(terms("tokens frames seconds minutes"))),
               # ... a loss as the objective it is, collections as the benchmarks or datasets they are ("which kind of
               # loss" / "a Riemannian Huber objective", "on which collections was that assessed" / "(FunQA) and (Oops!)
               # surprise benchmarks": fresh sets EA, EB, read in session 43)
               **dict.fromkeys(terms("loss losses"), frozenset(terms("objective objectives"))),
               # ... a breakdown as the decomposition it is ("what kind of error breakdown do they give" / "a bias–variance–
               # interference decomposition": a second review of session 43)
               **dict.fromkeys(terms("breakdown breakdowns"), frozenset(terms("decomposition decompositions decomposes"))),
               **dict.fromkeys(terms("collection collections"), frozenset(terms("benchmarks benchmark datasets dataset"))),
               # ... and what is added to a model as what it is equipped with ("what was added to each model" / "both …
               # are equipped with lightweight adapters": fresh set ED, read in session 44)
               **dict.fromkeys(terms("added add adds"), frozenset(terms("equipped augmented attached")))}


# a theory paper states a rate as an order of growth: "what's the error rate?" / "every hypothesis … has error $O(1/n)$"
# (dev s090 said "does not report its error rate")
ORDER = re.compile(r"(?:\\(?:Theta|Omega|mathcal\{O\})|(?<![\w\\-])O)\}?\s*\(")
RATES = frozenset(terms("rate rates"))


# the words abstracts use for testing a method on data, the experiments first: "evaluated on which tasks" is answered by
# "We validate our approach on three surgical datasets across tasks including …" (read set DL, dl008 quoted three other
# sentences), "How is FrameOracle evaluated?" by "Extensive experiments across five VLMs …", not by its "validated
# keyframe annotations" (second review). The field's usage, not tuned
AS_ABSTRACTS_SAY = {"evalu": ("experi", "valid", "test", "assess"), "test": ("experi", "evalu", "valid", "assess"),
                     "valid": ("experi", "evalu", "test"), "assess": ("experi", "evalu", "valid"),
                     # ... and a chat's "check it on" ("which downstream tasks did they check the synthetic data on?": a second
                     # review of session 44 quoted the method sentences)
                     "check": ("experi", "evalu", "valid", "test", "assess"),
                     # ... and an asker's word for choosing ("what signal … for picking the teacher" / "… robust teacher
                     # selection": a second review of session 44 quoted other sentences)
                     "pick": ("select", "choos"), "choos": ("select",), "select": ("choos",),
                     # ... and evidence asked for as the experiments that give it (a third review of session 44)
                     "evid": ("experi", "valid", "evalu"), "empir": ("experi", "valid", "evalu"),
                     # ... and the models "they run on" as those their experiments use (a second review of session 45, qe103)
                     "run": ("experi", "evalu"),
                     # ... and datasets as the benchmarks it tests on (a second review of session 45, qc035)
                     "dataset": ("benchmark",), "benchmark": ("dataset",),
                     # ... and a theory's assumption as the condition it states (qc030)
                     "assumpt": ("condit",),
                     # ... and a release asked for as what the abstract makes available ("did they release the data?" /
                     # "We made the dataset and the code available at …": a second review of session 45, qg119)
                     "releas": ("avail",), "download": ("avail",),
                     # ... and data as the dataset an abstract names, put together as it is collected ("What data did they
                     # put together to train it?" / "we introduce the YouTube-SBS dataset, a comprehensive collection of 423
                     # stereo videos": fresh set EH, read in session 46, quoted the method sentences)
                     "data": ("dataset",), "togeth": ("collect", "construct", "curat"),
                     "assembl": ("collect", "construct", "curat"), "compil": ("collect", "construct", "curat")}
