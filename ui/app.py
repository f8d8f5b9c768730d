"""The paperchat web page (Gradio). Thin: every handler calls the public `rag` functions."""

from __future__ import annotations

import atexit
import functools
import hashlib
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")  # no phone-home from an offline tool

import gradio as gr  # noqa: E402

import rag  # noqa: E402
from rag.serve.cli import answer_json  # noqa: E402
from rag.serve.examples import COUNT_QUESTION, example_questions  # noqa: E402
from rag.serve.export import cited_papers, to_bibtex, to_csv  # noqa: E402
from rag.answer.llm import llm_configured, load_client, model_label  # noqa: E402
from rag.safety import html_text, markdown_text  # noqa: E402
from rag.settings import Settings  # noqa: E402
from ui.guard import GuardPolicy, guard_middleware  # noqa: E402
from ui.library import LibraryPage, library_tab  # noqa: E402
from ui.render import render_answer, render_hits, render_sources, render_streaming  # noqa: E402

__all__ = ["build_app", "header", "launch_options", "parse_auth", "main", "render_hits", "Answered"]

log = logging.getLogger("paperchat.ui")
# Requests each event serves at once (Gradio's default is 1): answers waiting on an LLM endpoint overlap.
# eval/load.py, 10 clients, an endpoint taking 0.35 s an answer: 2.4 answers/s one at a time, 8.5 with 8.
ANSWERS_AT_ONCE = 8

CSS = """
.pc-src { border-left: 3px solid #999; padding: 0 .6em; margin-bottom: .8em; }
.pc-src:target { border-left-color: #e8a200; background: rgba(232, 162, 0, .08); }
.pc-unsupported { opacity: .75; font-size: .9em; }
.pc-copy { font-size: .8em; padding: .1em .6em; border: 1px solid #bbb; border-radius: 4px; cursor: pointer; }
.pc-upload-error { color: #b00020; }
"""
# One document-level listener for every answer's Copy button (chat messages cannot carry scripts).
# navigator.clipboard exists only on https or localhost; elsewhere the textarea fallback copies.
COPY_JS = """
if (!window.paperchatCopy) {
  window.paperchatCopy = true;
  document.addEventListener('click', async (event) => {
    const button = event.target.closest && event.target.closest('button.pc-copy');
    if (!button) return;
    event.preventDefault();
    const text = button.value;
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      const area = document.createElement('textarea');
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    button.textContent = 'Copied';
    setTimeout(() => { button.textContent = 'Copy'; }, 1500);
  });
}
"""
# Gradio's cache of uploads and downloads: every 10 minutes, files older than an hour go (an upload is copied
# into the data folder at once; an export is copied in again on the next click)
UPLOAD_CACHE = (600, 3600)
EXPORTS = {"bib": "paperchat-citations.bib", "csv": "paperchat-citations.csv"}


@dataclass(frozen=True)
class Answered:
    """One finished answer of the conversation: where it sits in the chat, and what it answered."""

    index: int  # position of the reply in the chatbot's messages (what like and select events name)
    question: str
    answer: rag.Answer
    turn: int  # numbers its source cards (`#pc-src-<turn>-<n>`), which its `[n]` links point at


def _answered_at(answered: list[Answered], index) -> Answered | None:
    """The finished answer at the chat position an event names (Gradio gives an int or a (row, col) pair)."""
    index = index[0] if isinstance(index, (list, tuple)) else index
    return next((a for a in answered if a.index == index), None)


def header(settings: Settings, counts: dict[str, int]) -> str:
    """The page title: what is indexed and how answers are made."""
    # venue names come from the paper lists: shown as text, never as Markdown or HTML
    per_venue = markdown_text(", ".join(f"{v}: {n}" for v, n in counts.items()) or "none")
    if llm_configured(settings):
        mode = f"Answers by **{markdown_text(model_label(settings))}**."
    else:
        mode = ("Answers: **extractive — no LLM configured** (sentences quoted from the abstracts).  \n"
                "For written answers set `OPENAI_API_KEY` (and `OPENAI_BASE_URL` for a local "
                "OpenAI-compatible server such as vLLM or Ollama), then restart.")
    return f"# paperchat\n{sum(counts.values())} papers indexed from {len(counts)} venues ({per_venue}).  \n{mode}"


def parse_auth(value: str | None) -> tuple[str, str] | None:
    """`PAPERCHAT_AUTH=user:password` as a (user, password) pair; unset or empty means no login."""
    if not value:
        return None
    user, sep, password = value.partition(":")
    if not sep or not user or not password:
        raise rag.ConfigError("PAPERCHAT_AUTH must look like user:password (both non-empty), "
                              "e.g. PAPERCHAT_AUTH=alice:s3cret; unset it to run without a login.")
    return user, password


def launch_options(settings: Settings) -> dict:
    """What `launch()` needs besides host and port: CSS, Gradio's own upload limit, and the request guard."""
    guard = GuardPolicy(bound=settings.serve.host, allowed_hosts=settings.serve.allowed_hosts)
    return {"css": CSS, "max_file_size": int(settings.serve.upload_max_mb * 1024 * 1024),
            "app_kwargs": {"middleware": [guard_middleware(guard)]}}


def _venues(chosen: list[str] | str | None) -> list[str] | None:
    # several venues mean papers of any of them; none means every venue
    if isinstance(chosen, str):
        chosen = [chosen]
    picked = [v for v in chosen or () if v]
    return picked or None


def _year(value) -> int | None:
    return int(value) if value not in (None, "") else None


def _failure(exc: Exception) -> str:
    if isinstance(exc, rag.PaperchatError):
        return f"Sorry, answering failed: {exc}"
    return str(exc)  # ValueError from rag: an empty or unusable question, already phrased for the user


def _choices(counts: dict[str, int]) -> tuple[list[str], list[int]]:
    """Venue names and years for the filters, from the "VENUE YEAR" counts."""
    venues = sorted({v.rsplit(" ", 1)[0] for v in counts})
    years = sorted({int(v.rsplit(" ", 1)[1]) for v in counts if v.rsplit(" ", 1)[-1].isdigit()})
    return venues, years


def _ensure_index(settings: Settings) -> None:
    """First start: build the index from the data folder, saying so, with a progress bar in the terminal."""
    if rag.get_index(settings, build=False).exists():
        return
    log.warning("Building the index from %s … (first start only)", settings.index.data_dir)
    report = rag.ingest(settings=settings, progress=True)
    for warning in report.warnings:
        log.warning("%s", warning)
    log.warning("Indexed %d papers in %.1f s", report.papers, report.seconds)


def _write_export(folder: Path, kind: str, text: str) -> str:
    """The export as a file to download; named by its content, so repeated exports reuse one file."""
    target = folder / hashlib.sha256(text.encode("utf-8")).hexdigest()[:16] / EXPORTS[kind]
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return str(target)


def _refreshed(settings: Settings, counts: dict[str, int]) -> tuple:
    """The header and the venue and year choices (chat filter, year, search filter) for these counts."""
    venues, years = _choices(counts)
    return (header(settings, counts), gr.Dropdown(choices=venues), gr.Dropdown(choices=years),
            gr.Dropdown(choices=venues))


def _refreshed_now(settings: Settings) -> tuple:
    return _refreshed(settings, rag.stats(settings))


def build_app(settings: Settings | None = None) -> gr.Blocks:
    """The page, with the index loaded once (built from the data folder on first start)."""
    settings = settings or Settings()
    _ensure_index(settings)
    counts = rag.stats(settings)  # opens the index once for every session
    venues, years = _choices(counts)
    examples = example_questions(rag.get_index(settings).snapshot()) or [COUNT_QUESTION]
    if llm_configured(settings):
        load_client()  # now, not in the first user's answer time
    exports = Path(tempfile.mkdtemp(prefix="paperchat-exports-"))
    atexit.register(shutil.rmtree, exports, ignore_errors=True)  # downloads are only for this run's pages

    def on_chat(message, chat, plain, answered, chosen, year, k, words):
        """Show the question at once, stream the reply, then the cited answer and its sources."""
        turn = len(plain) // 2 + 1
        chat = [*chat, {"role": "user", "content": markdown_text(message)}, {"role": "assistant", "content": ""}]
        yield "", chat, plain, answered, gr.skip()
        streamed, answer = "", None
        try:
            for piece in rag.ask_stream(message, history=plain, venue=_venues(chosen), year=_year(year),
                                        k=int(k), settings=settings.replace(answer_words=int(words))):
                if isinstance(piece, str):
                    streamed += piece
                    chat[-1] = {"role": "assistant", "content": render_streaming(streamed)}
                    yield "", chat, plain, answered, gr.skip()
                else:
                    answer = piece
        except (ValueError, rag.PaperchatError) as exc:
            chat[-1] = {"role": "assistant", "content": markdown_text(_failure(exc))}
            yield message, chat, plain, answered, gr.skip()
            return
        chat[-1] = {"role": "assistant", "content": render_answer(answer, turn)}
        plain = [*plain, {"role": "user", "content": message}, {"role": "assistant", "content": answer.text}]
        answered = [*answered, Answered(index=len(chat) - 1, question=message, answer=answer, turn=turn)]
        yield "", chat, plain, answered, render_sources(answer, turn)

    def on_export(answered: list[Answered]):
        """Both download buttons hold the conversation's cited papers (disabled while there are none)."""
        papers = cited_papers(a.answer for a in answered)
        if not papers:
            return gr.DownloadButton(value=None, interactive=False), gr.DownloadButton(value=None, interactive=False)
        return (gr.DownloadButton(value=_write_export(exports, "bib", to_bibtex(papers)), interactive=True),
                gr.DownloadButton(value=_write_export(exports, "csv", to_csv(papers)), interactive=True))

    def on_like(answered: list[Answered], data: gr.LikeData) -> None:
        """Thumbs up/down on an answer, appended to the feedback file."""
        done = _answered_at(answered, data.index)
        if done is None:
            gr.Warning("Only finished answers can be rated.")
            return
        liked = data.liked if isinstance(data.liked, bool) else None  # "" = the vote was withdrawn
        try:
            rag.record_feedback(done.question, done.answer, liked, settings)
        except rag.PaperchatError as exc:
            gr.Warning(f"Feedback not saved: {exc}")

    def on_select(answered: list[Answered], data: gr.SelectData):
        """Clicking an earlier answer, or one of its `[n]`, shows that answer's sources beside the chat."""
        done = _answered_at(answered, data.index)
        return render_sources(done.answer, done.turn) if done else gr.skip()

    def on_load():
        """A page (re)loaded after an upload shows the papers as they are now."""
        now = rag.stats(settings)
        if now == counts:  # as built: nothing to send, and no update racing the user's first clicks
            return gr.skip(), gr.skip(), gr.skip(), gr.skip()
        return _refreshed(settings, now)

    def ask(question: str, venue: str | list[str] | None = None, year: int | None = None) -> dict:
        """Answer `question` (optionally within some venues and a year) as JSON with numbered citations."""
        try:
            return answer_json(rag.ask(question, venue=_venues(venue), year=_year(year), settings=settings))
        except (ValueError, rag.PaperchatError) as exc:
            raise gr.Error(_failure(exc)) from exc

    def on_search(query: str, venue: str | None, year: float | None, k: float):
        try:
            hits = rag.search(query, k=int(k), venue=venue or None, year=_year(year), settings=settings)
        except ValueError as exc:
            return f"<p>{html_text(str(exc))}</p>"
        except rag.PaperchatError as exc:
            return f"<p>Search failed: {html_text(str(exc))}</p>"
        return render_hits(hits)

    with gr.Blocks(title="paperchat", delete_cache=UPLOAD_CACHE) as app:
        title = gr.Markdown(header(settings, counts))
        gr.HTML("", js_on_load=COPY_JS, elem_id="pc-copy-script")
        with gr.Tab("Chat"):
            plain = gr.State([])  # the conversation as plain text for rag; the chatbot holds HTML
            answered = gr.State([])  # the finished answers: feedback and the exports read them
            with gr.Row():
                chosen = gr.Dropdown(choices=venues, value=[], multiselect=True,
                                     label="Venues (empty = all; several = any of them)")
                year = gr.Dropdown(choices=years, value=None, label="Year (empty = all)")
                k = gr.Slider(1, 20, value=settings.answer.k, step=1, label="Papers to consider")
                words = gr.Slider(40, 300, value=settings.answer.words, step=20, label="Answer length (words)")
            with gr.Row():
                with gr.Column(scale=3):
                    # no built-in copy buttons: they copy a message's HTML; each answer has its own Copy
                    chat = gr.Chatbot(label="Conversation", height=480, buttons=[])
                    message = gr.Textbox(label="Ask about the papers", placeholder=examples[0], submit_btn=True)
                    with gr.Row():
                        new_chat = gr.Button("New chat", variant="secondary")
                        bib = gr.DownloadButton("Cited papers: BibTeX", interactive=False, variant="secondary")
                        csv_file = gr.DownloadButton("Cited papers: CSV", interactive=False, variant="secondary")
                    gr.Examples(examples, inputs=[message], label="Examples from these papers")
                with gr.Column(scale=2):
                    gr.Markdown("### Sources")
                    sources = gr.HTML("<p><i>The papers cited by the latest answer appear here.</i></p>")
            message.submit(on_chat, [message, chat, plain, answered, chosen, year, k, words],
                           [message, chat, plain, answered, sources], api_visibility="undocumented", api_name="chat"
                           ).then(on_export, answered, [bib, csv_file], api_visibility="private")
            for start_over in (new_chat.click, chat.clear):  # the chat's own trash icon forgets the answers too
                start_over(lambda: ([], [], [], ""), None, [chat, plain, answered, sources], api_visibility="private"
                           ).then(on_export, answered, [bib, csv_file], api_visibility="private")
            chat.like(on_like, answered, None, api_visibility="private")
            chat.select(on_select, answered, sources, api_visibility="private")
        with gr.Tab("Search"):
            with gr.Row():
                query = gr.Textbox(label="Search the papers", placeholder="streaming video with bounded memory",
                                   scale=4)
                venue = gr.Dropdown(choices=venues, value=None, label="Venue", allow_custom_value=False)
                search_year = gr.Number(value=None, label="Year", precision=0)
                top = gr.Slider(1, 50, value=settings.search.top_k, step=1, label="Papers")
            results = gr.HTML()
            query.submit(on_search, [query, venue, search_year, top], results, api_name="search")
        with gr.Tab("Library"):  # add paper lists, see every list in the index, remove uploads
            library_tab(LibraryPage(settings, functools.partial(_refreshed_now, settings)), [title, chosen, year, venue],
                        app)
        app.load(on_load, None, [title, chosen, year, venue], api_visibility="private")  # a reload sees uploads
        gr.api(ask, api_name="ask")
    return app.queue(default_concurrency_limit=ANSWERS_AT_ONCE)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        settings = Settings()
        auth = parse_auth(settings.serve.auth.get_secret_value() if settings.serve.auth else None)
    except rag.ConfigError as exc:
        raise SystemExit(f"paperchat: {exc}") from None
    build_app(settings).launch(server_name=settings.serve.host, server_port=settings.serve.port, auth=auth,
                               **launch_options(settings))


if __name__ == "__main__":
    main()
