"""The chat page's behaviour: one `ChatPage` per served app, its handlers as methods that call `rag`.

Gradio wires these methods to the components (ui/app.py); tests call them directly.
"""

from __future__ import annotations

import atexit
import hashlib
import logging
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import gradio as gr

import rag
from rag.safety import html_text, markdown_text, terminal_text
from ui.render import (SOURCES_PLACEHOLDER, render_answer, render_failure, render_hits, render_question,
                       render_sources, render_streaming)

__all__ = ["ChatPage", "Answered", "header", "venue_filter", "year_filter"]

log = logging.getLogger("paperchat.ui")
EXPORTS = {"bib": "paperchat-citations.bib", "csv": "paperchat-citations.csv", "ris": "paperchat-citations.ris",
           "csl": "paperchat-citations.json"}


@dataclass(frozen=True)
class Answered:
    """One finished answer of the conversation: where it sits in the chat, and what it answered."""

    index: int  # position of the reply in the chatbot's messages (what like and select events name)
    question: str
    answer: rag.Answer
    turn: int  # numbers its source cards (`#pc-src-<turn>-<n>`), which its `[n]` links point at


def header(settings: rag.Settings, stats: rag.Stats) -> str:
    """The page title: what is indexed and how answers are made."""
    # venue names come from the paper lists: shown as text, never as Markdown or HTML
    per_venue = markdown_text(", ".join(f"{venue} {year}: {n}" if year else f"{venue}: {n}"
                                        for venue, years in stats.venues.items() for year, n in years.items())
                              or "none")
    label = rag.llm_label(settings)
    if label:
        mode = f"Answers by **{markdown_text(label)}**."
    else:
        mode = ("Answers: **extractive — no LLM configured** (sentences quoted from the abstracts).  \n"
                "For written answers set `OPENAI_API_KEY` (and `OPENAI_BASE_URL` for a local "
                "OpenAI-compatible server such as vLLM or Ollama), then restart.")
    return f"# paperchat\n{stats.papers} papers indexed from {len(stats.venues)} venues ({per_venue}).  \n{mode}"


def venue_filter(chosen: list[str] | str | None) -> list[str] | None:
    """The chosen venues (several mean papers of any of them); none chosen means every venue."""
    if isinstance(chosen, str):
        chosen = [chosen]
    picked = [v for v in chosen or () if v]
    return picked or None


def year_filter(value) -> int | None:
    """A year box's value as a filter: empty (or 0, a cleared number box) means every year."""
    return int(value) if value not in (None, "", 0) else None


def _failure(exc: Exception) -> str:
    if isinstance(exc, rag.PaperchatError) and not isinstance(exc, rag.BadQuery):
        return f"Sorry, answering failed: {exc}"
    return str(exc)  # an empty or unusable question (BadQuery, ValueError), already phrased for the user


def _ensure_index(settings: rag.Settings) -> None:
    """First start: build the index from the data folder, saying so, with a progress bar in the terminal."""
    if rag.get_index(settings, build=False).exists():
        return
    log.warning("Building the index from %s … (first start only)", settings.index.data_dir)
    report = rag.ingest(settings=settings, progress=True)
    for warning in report.warnings:
        log.warning("%s", terminal_text(warning))  # warnings quote paper text
    log.warning("Indexed %d papers in %.1f s", report.papers, report.seconds)


class ChatPage:
    """What one served page knows (settings, the counts it was built with, examples) and does (its handlers)."""

    def __init__(self, settings: rag.Settings):
        self.settings = settings
        _ensure_index(settings)
        rag.warm_up(settings)  # the index and the LLM client now, not in the first user's answer time
        self.stats = rag.stats(settings)
        self.examples = rag.example_questions(settings)
        self.exports = Path(tempfile.mkdtemp(prefix="paperchat-exports-"))
        atexit.register(shutil.rmtree, self.exports, ignore_errors=True)  # downloads are only for this run

    # ---- what the filters offer

    def choices(self, stats: rag.Stats | None = None) -> tuple[list[str], list[int]]:
        """Venue names and years for the filters."""
        stats = stats or self.stats
        return list(stats.venues), stats.years

    def refreshed(self, stats: rag.Stats) -> tuple:
        """The header and the venue and year choices (chat venues, chat year, search venue, search year)."""
        venues, years = self.choices(stats)
        return (header(self.settings, stats), gr.Dropdown(choices=venues), gr.Dropdown(choices=years),
                gr.Dropdown(choices=venues), gr.Dropdown(choices=years))

    def refresh_now(self) -> tuple:
        """The header and filters for what the index holds now (after an upload or a removal)."""
        return self.refreshed(rag.stats(self.settings))

    def load(self):
        """A page (re)loaded after an upload shows the papers as they are now."""
        now = rag.stats(self.settings)
        if now == self.stats:  # as built: nothing to send, and no update racing the user's first clicks
            return (gr.skip(),) * 5
        return self.refreshed(now)

    # ---- the conversation

    def chat(self, message, chat, plain, answered, chosen, year, k, words):
        """Show the question at once, stream the reply, then the cited answer and its sources."""
        turn = len(plain) // 2 + 1
        chat = [*chat, {"role": "user", "content": render_question(message)}, {"role": "assistant", "content": ""}]
        yield "", chat, plain, answered, gr.skip()
        streamed, answer = "", None
        try:
            for piece in rag.ask_stream(message, history=plain, venue=venue_filter(chosen), year=year_filter(year),
                                        k=int(k), settings=self.settings.replace(answer_words=int(words))):
                if isinstance(piece, str):
                    streamed += piece
                    chat[-1] = {"role": "assistant", "content": render_streaming(streamed)}
                    yield "", chat, plain, answered, gr.skip()
                else:
                    answer = piece
        except (ValueError, rag.PaperchatError) as exc:
            chat[-1] = {"role": "assistant", "content": render_failure(_failure(exc))}
            yield message, chat, plain, answered, gr.skip()
            return
        chat[-1] = {"role": "assistant", "content": render_answer(answer, turn)}
        plain = [*plain, {"role": "user", "content": message}, {"role": "assistant", "content": answer.text}]
        answered = [*answered, Answered(index=len(chat) - 1, question=message, answer=answer, turn=turn)]
        yield "", chat, plain, answered, render_sources(answer, turn)

    def new_chat(self):
        """Start over: an empty chat, nothing remembered, the sources placeholder back, nothing saved."""
        return [], [], [], SOURCES_PLACEHOLDER, []

    def save(self, answered: list[Answered]) -> list[dict]:
        """The conversation as the browser keeps it across reloads: each question and its answer as JSON."""
        return [{"question": a.question, "answer": a.answer.to_dict()} for a in answered]

    def restore(self, saved: list[dict] | None):
        """The conversation a reloaded page kept, rebuilt from the index (a removed paper loses its card)."""
        chat, plain, answered = [], [], []
        for turn, item in enumerate(saved or (), start=1):
            try:
                question, answer = str(item["question"]), _revive(item["answer"], self.settings)
            except (KeyError, TypeError, ValueError, rag.PaperchatError):
                continue  # saved by another version of the page: skip it rather than fail the load
            chat += [{"role": "user", "content": render_question(question)},
                     {"role": "assistant", "content": render_answer(answer, len(answered) + 1)}]
            plain += [{"role": "user", "content": question}, {"role": "assistant", "content": answer.text}]
            answered.append(Answered(index=len(chat) - 1, question=question, answer=answer, turn=len(answered) + 1))
        if not answered:
            return gr.skip(), gr.skip(), gr.skip(), gr.skip()
        last = answered[-1]
        return chat, plain, answered, render_sources(last.answer, last.turn)

    def select(self, answered: list[Answered], data: gr.SelectData):
        """Clicking an earlier answer, or one of its `[n]`, shows that answer's sources beside the chat."""
        done = _answered_at(answered, data.index)
        return render_sources(done.answer, done.turn) if done else gr.skip()

    def like(self, answered: list[Answered], data: gr.LikeData) -> None:
        """Thumbs up/down on an answer, appended to the feedback file."""
        done = _answered_at(answered, data.index)
        if done is None:
            gr.Warning("Only finished answers can be rated.")
            return
        liked = data.liked if isinstance(data.liked, bool) else None  # "" = the vote was withdrawn
        try:
            rag.record_feedback(done.question, done.answer, liked, self.settings)
        except rag.PaperchatError as exc:
            gr.Warning(f"Feedback not saved: {exc}")

    def export(self, answered: list[Answered]):
        """The download buttons (BibTeX, CSV, RIS, CSL-JSON) hold the conversation's cited papers (disabled while none)."""
        from rag.serve.references import to_csl_json, to_ris

        papers = rag.cited_papers(a.answer for a in answered)
        if not papers:
            return tuple(gr.DownloadButton(value=None, interactive=False) for _ in EXPORTS)
        texts = {"bib": rag.to_bibtex(papers), "csv": rag.to_csv(papers), "ris": to_ris(papers),
                 "csl": to_csl_json(papers)}
        return tuple(gr.DownloadButton(value=self._write_export(kind, texts[kind]), interactive=True)
                     for kind in EXPORTS)

    def _write_export(self, kind: str, text: str) -> str:
        """The export as a file to download; named by its content, so repeated exports reuse one file."""
        target = self.exports / hashlib.sha256(text.encode("utf-8")).hexdigest()[:16] / EXPORTS[kind]
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return str(target)

    # ---- the other tabs

    def search(self, query: str, venue: str | None, year: int | None, k: float) -> str:
        """The Search tab: ranked papers with their best sentences."""
        try:
            hits = rag.search(query, k=int(k), venue=venue or None, year=year_filter(year), settings=self.settings)
        except ValueError as exc:  # BadQuery included: an unusable query, phrased for the user
            return f"<p>{html_text(str(exc))}</p>"
        except rag.PaperchatError as exc:
            return f"<p>Search failed: {html_text(str(exc))}</p>"
        return render_hits(hits)


def _answered_at(answered: list[Answered], index) -> Answered | None:
    """The finished answer at the chat position an event names (Gradio gives an int or a (row, col) pair)."""
    index = index[0] if isinstance(index, (list, tuple)) else index
    return next((a for a in answered if a.index == index), None)


def _revive(saved: dict, settings: rag.Settings) -> rag.Answer:
    """An `Answer.to_dict()` back as an `Answer`, its papers read from the index by id."""
    citations = []
    for c in saved.get("citations", ()):
        try:
            citations.append(rag.Citation(n=int(c["n"]), paper=rag.get_paper(str(c["id"]), settings=settings),
                                          quotes=tuple(str(q) for q in c.get("quotes", ()))))
        except rag.BadQuery:
            continue  # the paper has left the index since
    return rag.Answer(text=str(saved["text"]), citations=tuple(citations), abstained=bool(saved.get("abstained")),
                      mode=str(saved.get("mode", "extractive")), notice=str(saved.get("notice", "")),
                      unsupported=tuple(str(u) for u in saved.get("unsupported", ())))
