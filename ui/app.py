"""The paperchat web page (Gradio). Thin: every handler calls the public `rag` functions."""

from __future__ import annotations

import html
import logging
import os

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")  # no phone-home from an offline tool

import gradio as gr  # noqa: E402

import rag  # noqa: E402
from rag.cli import answer_json  # noqa: E402
from rag.llm import llm_configured, model_label  # noqa: E402
from rag.settings import Settings  # noqa: E402
from ui.render import render_answer, render_hits, render_sources, render_streaming  # noqa: E402

__all__ = ["build_app", "header", "parse_auth", "main", "render_hits"]

log = logging.getLogger("paperchat.ui")

EXAMPLES = [
    "What speedup does Veda report?",
    "Which papers do streaming video with bounded memory?",
    "Which ICLR 2026 papers study continual learning?",
    "How many papers are indexed?",
]
CSS = """
.pc-src { border-left: 3px solid #999; padding: 0 .6em; margin-bottom: .8em; }
.pc-src:target { border-left-color: #e8a200; background: rgba(232, 162, 0, .08); }
.pc-unsupported { opacity: .75; font-size: .9em; }
"""


def header(settings: Settings, counts: dict[str, int]) -> str:
    """The page title: what is indexed and how answers are made."""
    per_venue = ", ".join(f"{v}: {n}" for v, n in counts.items()) or "none"
    if llm_configured(settings):
        mode = f"Answers by **{model_label(settings)}**."
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


def _one_venue(chosen: list[str] | str | None) -> str | None:
    # one venue filters; several (or none) mean all venues: asking once per venue would split the citations
    if isinstance(chosen, str):
        return chosen or None
    return chosen[0] if chosen and len(chosen) == 1 else None


def _year(value) -> int | None:
    return int(value) if value not in (None, "") else None


def _failure(exc: Exception) -> str:
    if isinstance(exc, rag.PaperchatError):
        return f"Sorry, answering failed: {exc}"
    return str(exc)  # ValueError from rag: an empty or unusable question, already phrased for the user


def build_app(settings: Settings | None = None) -> gr.Blocks:
    """The page, with the index loaded once (built from the data folder on first start)."""
    settings = settings or Settings()
    rag.get_index(settings)
    counts = rag.stats(settings)
    venues = sorted({v.rsplit(" ", 1)[0] for v in counts})
    years = sorted({int(v.rsplit(" ", 1)[1]) for v in counts if v.rsplit(" ", 1)[-1].isdigit()})

    def on_chat(message, chat, plain, chosen, year, k, words):
        """Show the question at once, stream the reply, then the cited answer and its sources."""
        turn = len(plain) // 2 + 1
        chat = [*chat, {"role": "user", "content": html.escape(message)}, {"role": "assistant", "content": ""}]
        yield "", chat, plain, gr.skip()
        streamed, answer = "", None
        try:
            for piece in rag.ask_stream(message, history=plain, venue=_one_venue(chosen), year=_year(year),
                                        k=int(k), settings=settings.model_copy(update={"answer_words": int(words)})):
                if isinstance(piece, str):
                    streamed += piece
                    chat[-1] = {"role": "assistant", "content": render_streaming(streamed)}
                    yield "", chat, plain, gr.skip()
                else:
                    answer = piece
        except (ValueError, rag.PaperchatError) as exc:
            chat[-1] = {"role": "assistant", "content": html.escape(_failure(exc))}
            yield message, chat, plain, gr.skip()
            return
        chat[-1] = {"role": "assistant", "content": render_answer(answer, turn)}
        plain = [*plain, {"role": "user", "content": message}, {"role": "assistant", "content": answer.text}]
        yield "", chat, plain, render_sources(answer, turn)

    def ask(question: str, venue: str | None = None, year: int | None = None) -> dict:
        """Answer `question` (optionally within one venue and year) as JSON with numbered citations."""
        try:
            return answer_json(rag.ask(question, venue=venue or None, year=_year(year), settings=settings))
        except (ValueError, rag.PaperchatError) as exc:
            raise gr.Error(_failure(exc)) from exc

    def on_search(query: str, venue: str | None, year: float | None, k: float):
        try:
            hits = rag.search(query, k=int(k), venue=venue or None, year=_year(year), settings=settings)
        except ValueError as exc:
            return f"<p>{html.escape(str(exc))}</p>"
        except rag.PaperchatError as exc:
            return f"<p>Search failed: {html.escape(str(exc))}</p>"
        return render_hits(hits)

    with gr.Blocks(title="paperchat") as app:
        gr.Markdown(header(settings, counts))
        with gr.Tab("Chat"):
            plain = gr.State([])  # the conversation as plain text for rag; the chatbot holds HTML
            with gr.Row():
                chosen = gr.Dropdown(choices=venues, value=[], multiselect=True,
                                     label="Venue (one filters; several count as all)")
                year = gr.Dropdown(choices=years, value=None, label="Year (empty = all)")
                k = gr.Slider(1, 20, value=settings.answer_k, step=1, label="Papers to consider")
                words = gr.Slider(40, 300, value=settings.answer_words, step=20, label="Answer length (words)")
            with gr.Row():
                with gr.Column(scale=3):
                    chat = gr.Chatbot(label="Conversation", height=480)
                    message = gr.Textbox(label="Ask about the papers", placeholder=EXAMPLES[0], submit_btn=True)
                    new_chat = gr.Button("New chat", variant="secondary")
                    gr.Examples(EXAMPLES, inputs=[message])
                with gr.Column(scale=2):
                    gr.Markdown("### Sources")
                    sources = gr.HTML("<p><i>The papers cited by the latest answer appear here.</i></p>")
            message.submit(on_chat, [message, chat, plain, chosen, year, k, words], [message, chat, plain, sources],
                           api_visibility="undocumented", api_name="chat")
            new_chat.click(lambda: ([], [], ""), None, [chat, plain, sources], api_visibility="private")
        with gr.Tab("Search"):
            with gr.Row():
                query = gr.Textbox(label="Search the papers", placeholder="streaming video with bounded memory",
                                   scale=4)
                venue = gr.Dropdown(choices=venues, value=None, label="Venue", allow_custom_value=False)
                search_year = gr.Number(value=None, label="Year", precision=0)
                top = gr.Slider(1, 50, value=settings.top_k, step=1, label="Papers")
            results = gr.HTML()
            query.submit(on_search, [query, venue, search_year, top], results, api_name="search")
        gr.api(ask, api_name="ask")
    return app


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    host = os.environ.get("PAPERCHAT_HOST", "127.0.0.1")
    port = int(os.environ.get("PAPERCHAT_PORT", "7860"))
    try:
        auth = parse_auth(os.environ.get("PAPERCHAT_AUTH"))
    except rag.ConfigError as exc:
        raise SystemExit(f"paperchat: {exc}") from None
    build_app().launch(server_name=host, server_port=port, auth=auth, css=CSS)


if __name__ == "__main__":
    main()
