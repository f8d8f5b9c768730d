"""The answerer that needs no LLM: it composes the reply from the abstracts' own sentences, cited.

Drafts cite sources as `[n]`, n the 1-based position of the paper in the hit list; `citations.resolve`
renumbers them. Every sentence shown is a whole sentence of its abstract, never cut.
"""

from __future__ import annotations

import re

from rag.answer.asks import Asks
from rag.answer.citations import strip_markers
from rag.answer.evidence import Sentence
from rag.answer.names import names_in, names_of, short_name
from rag.answer.quoting import MOST_SENTENCES, Source, best_sentences
from rag.answer.roles import asked_role, introducing
from rag.answer.understand import LOOSELY_RELATED
from rag.answer.wording import GIST_WORDS
from rag.safety import terminal_text
from rag.corpus.terms import analyse, terms
from rag.types import Hit, Paper

# sentences quoted from each paper of a several-paper answer (a claim supported by 2-3 abstracts). Tuned on
# SciFact train claims: a gold rationale quoted, of the answers citing a gold abstract, 0.656 with 1 each
# (several-paper answers 0.38-0.51, single-paper ones 0.74-0.80)
MOST_EACH = 2


def fact_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int) -> str:
    """The answering sentences of one paper (or of each of several papers), each cited. Within the word budget
    every paper's best sentence comes before any paper's second, so no paper chosen goes unquoted."""
    most = MOST_SENTENCES if len(sources) == 1 else MOST_EACH
    picked = [(s.n, _naming(s, asks, _gist_first(s, asks, best_sentences(s, asks, idf, most)))) for s in sources[:3]]
    ranked = [(rank, order, n, sentence) for order, (n, chosen) in enumerate(picked)
              for rank, sentence in enumerate(chosen)]
    kept = _within_words([(n, sentence) for _, _, n, sentence in sorted(ranked, key=lambda r: r[:2])], max_words)
    shown = {id(sentence) for _, sentence in kept}
    return " ".join(f"{clean(sentence.text)} [{n}]" for _, _, n, sentence in sorted(ranked, key=lambda r: (r[1], r[0]))
                    if id(sentence) in shown)


def _naming(source: Source, asks: Asks, best: list[Sentence]) -> list[Sentence]:
    """"Is there a benchmark that …?": when no quoted sentence names the paper, the one presenting it comes second
    (its name is the answer; the best sentence shows it matches)."""
    names = names_of(source.hit.paper)
    holds = (lambda t: names_in(t, names)) if names else (lambda t: bool(PRESENTS.search(t)))
    if not asks.identify or not best or any(holds(s.text) for s in best):
        return best
    sentences = analyse(source.hit.paper.text).sentences
    naming = [i for i, t in enumerate(sentences) if holds(t)]
    at = next((i for i in naming if PRESENTS.search(sentences[i])), naming[0] if naming else None)
    if at is None:
        return best
    return ([best[0], Sentence(at, sentences[at], best[0].score)] + best[1:])[:max(len(best), 2)]


def _gist_first(source: Source, asks: Asks, best: list[Sentence]) -> list[Sentence]:
    """"What is X?", "Tell me about X": the sentence presenting the paper's work opens the answer (the ranker,
    asked for nothing in particular, put results sentences first: "Experiments on Ego4D … show that FlowNar …")."""
    # the whole question asks nothing but the paper (not just its last clause: "Does MUSE beat its teacher? What
    # are the numbers?" asks the numbers, dev d005)
    if not asks.gist or asks.wants or asks.focus - terms(" ".join(asks.written)) - GIST_WORDS or not best:
        return best
    presenting = next(((i, t) for i, t in enumerate(analyse(source.hit.paper.text).sentences) if PRESENTS.search(t)),
                      None)
    if presenting is None:
        return best
    i, text = presenting
    return [Sentence(i, text, best[0].score)] + [b for b in best if b.position != i][:len(best) - 1]


PRESENTS = re.compile(r"\b(?:we|this (?:paper|work))\b[^.;]{0,60}?\b(?:propose|introduce|present|develop|design|devise)s?\b",
                       re.I)


def list_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int,
                related: list[Hit] = (), more: bool = False, code_only: bool = False) -> str:
    """"N papers match", then one line per paper: its name and its most relevant whole sentence, cited; then
    the loosely related papers by name alone, apart and uncited (they are not counted as matching). `more`: every
    paper searched matched, so the count is a floor, and the answer says so rather than claim N is all.
    `code_only`: the question asked for the matching papers that link code; those are listed with their link, and
    the others that match named apart ("which streaming video papers release code?")."""
    listed = [s for s in sources if s.hit.paper.code_links] if code_only else sources
    lines = [_list_item(s, asks, idf, code_only) for s in listed or sources]  # none links code: all, to say so
    papers = f"{len(sources)} paper{'s' if len(sources) != 1 else ''}"
    count = f"{papers} match{'es' if len(sources) == 1 else ''}:"
    if more and len(sources) > 1:
        count = (f"At least {len(sources)} papers match; these are the {len(sources)} closest (a narrower topic, or "
                 "the Search tab, finds the rest):")
    if code_only:
        count = f"{len(listed)} of the {papers} that match link{'s' if len(listed) == 1 else ''} to code:" if listed \
            else f"None of the {papers} that match links to code:" if len(sources) > 1 \
            else "The one paper that matches links no code:"
        without = [s.hit for s in sources if not s.hit.paper.code_links]
        if listed and without:
            lines.append("These match too but link no code: " +
                         "; ".join(f"{h.paper.title} ({h.paper.venue_year})" for h in without) + ".")
        related = [h for h in related if h.paper.code_links]
    if related:
        lines.append(f"{LOOSELY_RELATED} " +
                     "; ".join(f"{h.paper.title} ({h.paper.venue_year})" for h in related) + ".")
    return "\n".join([count, *lines])


def _list_item(source: Source, asks: Asks, idf: dict[str, float], code: bool) -> str:
    """A list's line for one paper: its name, its code link when asked for, and the sentence that shows it matches."""
    role = asked_role(asks.clause)  # "Which papers propose new benchmarks?": each item's sentence announcing one
    paper = source.hit.paper
    announced = introducing(analyse(paper.text).sentences, role[0]) if role else None
    best = [announced] if announced else [b.text for b in best_sentences(source, asks, idf, most=1)]
    if asks.of_listed and best:  # "… ? What ordering rule do they propose?": its sentence on that too, if it has one
        answers = best_sentences(source, asks.of_listed, idf, most=1)
        if answers and answers[0].text not in best and terms(answers[0].text) & asks.of_listed.ask:
            best.append(answers[0].text)
    link = f", code at {paper.code_links[0].url}" if code and paper.code_links else ""
    body = f": {' '.join(clean(b) for b in best)}" if best else ""
    return f"- {paper.title} ({paper.venue_year}){link}{body} [{source.n}]"  # plain text (issue 13)


def not_reported_answer(source: Source, asks: Asks, idf: dict[str, float]) -> str:
    """"The Veda abstract does not report its learning rate", then what it does report, cited: its best sentence
    and a runner-up that comes close (the verdict rests on words; when the abstract gives the detail in other
    words, one of the two is often it: dev facts 0.903 -> 0.919, fresh w801-w830 0.889 -> 1.000)."""
    paper = source.hit.paper
    what = asks.attribute if asks.attribute.startswith(("which ", "how ", "anything ")) else f"its {asks.attribute}" \
        if asks.attribute else "this"
    gist = best_sentences(source, asks, idf, most=2)
    text = f"The {short_name(paper)} abstract does not report {what}."
    if gist:
        text += " What it does say: " + " ".join(f"{clean(g.text)} [{source.n}]" for g in gist)
    return text


def unmentioned_note(paper: Paper, names: tuple[str, ...]) -> str:
    """"The V-LynX abstract does not mention Charades-STA. What it does say:", before the sentences that answer."""
    return f"The {short_name(paper)} abstract does not mention {' or '.join(names)}. What it does say:"


def filter_name(venue, year) -> str:
    """The filters as a reader says them: "ICLR 2026", "ICML or ICLR"."""
    venues = [venue] if isinstance(venue, str) else list(venue or ())
    chosen = " or ".join(venues) if venues else ""
    # the filter is the caller's text, echoed: no control character of it reaches the answer (a hostile `venue=`)
    return terminal_text(" ".join(x for x in (chosen, str(year) if year else "") if x))


def excluded_answer(papers: list[Paper], venue, year) -> str:
    """"Veda is ICML 2026, outside the ICLR 2026 filter." for each named paper the filters leave out."""
    wanted = filter_name(venue, year)
    return " ".join(f"{p.title} is {p.venue_year}, outside the {wanted} filter." for p in papers) + \
        f" Clear the filter to ask about {'them' if len(papers) > 1 else 'it'}."


def paper_label(paper: Paper, asks: Asks) -> str:
    """A compared paper's name: its own, or the question's name for it when its title is a description."""
    if names_of(paper):
        return short_name(paper)
    return next((w for w in asks.written if w in paper.text), short_name(paper))


def clean(sentence: str) -> str:
    return strip_markers(sentence)  # an abstract's own "[12]" must not read as our citation


def _within_words(lines: list[tuple[int, Sentence]], max_words: int) -> list[tuple[int, Sentence]]:
    kept, words = [], 0
    for n, sentence in lines:
        count = len(sentence.text.split())
        if kept and words + count > max_words:
            break
        kept.append((n, sentence))
        words += count
    return kept
