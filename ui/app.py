"""The paperchat web page (Gradio): `build_app(settings)` lays out the components and wires them to a `ChatPage`."""

from __future__ import annotations

import inspect
import logging
import os
import signal

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")  # no phone-home from an offline tool

import gradio as gr  # noqa: E402

import rag  # noqa: E402
from ui.assets import CHAT_HEIGHT, CSS, PAGE_JS  # noqa: E402
from ui.guard import GuardPolicy, guard_middleware  # noqa: E402
from ui.library import LibraryPage, library_tab  # noqa: E402
from ui.mcp import mcp_options  # noqa: E402
from ui.page import ChatPage, header  # noqa: E402
from ui.render import SOURCES_PLACEHOLDER  # noqa: E402
from ui.tools import PaperTools  # noqa: E402

__all__ = ["build_app", "launch_options", "parse_auth", "main", "serve"]

# Requests each event serves at once (Gradio's default is 1): answers waiting on an LLM endpoint overlap.
# eval/load.py, 10 clients, an endpoint taking 0.35 s an answer: 2.4 answers/s one at a time, 8.5 with 8.
ANSWERS_AT_ONCE = 8
SAVED_KEY = "paperchat-conversation"  # localStorage key of the conversation a reload restores
PRIVATE = {"api_visibility": "private"}
# Gradio's cache of uploads and downloads: every 10 minutes, files older than an hour go (an upload is copied
# into the data folder at once; an export is copied in again on the next click)
UPLOAD_CACHE = (600, 3600)
# After starting, Gradio HEADs its own page with a 3 s timeout and, when that fails, raises "localhost is not
# accessible, set share=True": on a loaded machine (load average ~10, a test run beside a model) the first render
# took longer, and the server that was up and serving was torn down. We never share, so the probe tells us
# nothing; `_frontend=False` skips only that probe (gradio 6, blocks.py). Kept off the call if a later Gradio drops it.
NO_REACHABILITY_PROBE = {"_frontend": False} if "_frontend" in inspect.signature(gr.Blocks.launch).parameters else {}


def parse_auth(value: str | None) -> tuple[str, str] | None:
    """`PAPERCHAT_AUTH=user:password` as a (user, password) pair; unset or empty means no login."""
    if not value:
        return None
    user, sep, password = value.partition(":")
    if not sep or not user or not password:
        raise rag.ConfigError("PAPERCHAT_AUTH must look like user:password (both non-empty), "
                              "e.g. PAPERCHAT_AUTH=alice:s3cret; unset it to run without a login.")
    return user, password


def launch_options(settings: rag.Settings) -> dict:
    """What `launch()` needs besides host and port: CSS, Gradio's upload limit, login, the request guard, MCP."""
    auth = parse_auth(settings.serve.auth.get_secret_value() if settings.serve.auth else None)
    guard = GuardPolicy(bound=settings.serve.host, allowed_hosts=settings.serve.allowed_hosts)
    mcp_server, mcp_middleware = mcp_options(settings.serve.mcp, auth)
    return {"css": CSS, "max_file_size": int(settings.serve.upload_max_mb * 1024 * 1024), "auth": auth,
            "mcp_server": mcp_server, "app_kwargs": {"middleware": [guard_middleware(guard), *mcp_middleware]},
            **NO_REACHABILITY_PROBE}


def build_app(settings: rag.Settings | None = None) -> gr.Blocks:
    """The page, with the index loaded once (built from the data folder on first start)."""
    page = ChatPage(settings or rag.Settings())
    with gr.Blocks(title="paperchat", delete_cache=UPLOAD_CACHE) as app:
        title = gr.Markdown(header(page.settings, page.stats))
        gr.HTML("", js_on_load=PAGE_JS, elem_id="pc-page-script")
        with gr.Tab("Chat"):
            chat_filters = _chat_tab(page, app)
        with gr.Tab("Search"):
            search_filters = _search_tab(page)
        with gr.Tab("Library"):  # add paper lists, every list in the index, Remove for uploads
            library = LibraryPage(page.settings, page.refresh_now)
            library_tab(library, [title, *chat_filters, *search_filters], app)
        app.load(page.load, None, [title, *chat_filters, *search_filters], **PRIVATE)  # a reload sees uploads
        tools = PaperTools(page.settings)
        # the MCP tools (every public endpoint is one), not queued: Gradio's MCP server then calls them in-process
        for tool in (tools.search_papers, tools.ask_papers, tools.get_paper):
            gr.api(tool, api_name=tool.__name__, queue=False)
        gr.api(tools.answer, api_name="ask")  # gradio_client scripts: the answer as a dict
    app.page, app.library = page, library  # for tests and scripts: the handlers behind this app
    return app.queue(default_concurrency_limit=ANSWERS_AT_ONCE)


def _chat_tab(page: ChatPage, app: gr.Blocks) -> list:
    """The conversation, its filters, the sources panel beside it; returns the venue and year filters."""
    venues, years = page.choices()
    plain = gr.State([])  # the conversation as plain text for rag; the chatbot holds HTML
    answered = gr.State([])  # the finished answers: feedback, the exports and the sources panel read them
    saved = gr.BrowserState([], storage_key=SAVED_KEY)  # kept in the browser: a reload restores the chat
    with gr.Row():
        chosen = gr.Dropdown(choices=venues, value=[], multiselect=True,
                             label="Venues (empty = all; several = any of them)")
        year = gr.Dropdown(choices=years, value=None, label="Year (empty = all)")
        k = gr.Slider(1, 20, value=page.settings.answer.k, step=1, label="Papers to consider")
        words = gr.Slider(40, 300, value=page.settings.answer.words, step=20, label="Answer length (words)")
    with gr.Row():
        with gr.Column(scale=3):
            # no built-in copy buttons: they copy a message's HTML; each answer has its own Copy
            chat = gr.Chatbot(label="Conversation", height=CHAT_HEIGHT, buttons=[])
            message = gr.Textbox(label="Ask about the papers", placeholder=page.examples[0], submit_btn=True)
            with gr.Row():
                new_chat = gr.Button("New chat", variant="secondary")
                bib = gr.DownloadButton("Cited papers: BibTeX", interactive=False, variant="secondary")
                csv_file = gr.DownloadButton("Cited papers: CSV", interactive=False, variant="secondary")
                ris = gr.DownloadButton("RIS", interactive=False, variant="secondary")
                csl = gr.DownloadButton("CSL-JSON", interactive=False, variant="secondary")
            examples = gr.Examples(page.examples, inputs=[message], label="Examples from these papers (click to ask)")
        with gr.Column(scale=2):
            gr.Markdown("### Sources")
            sources = gr.HTML(SOURCES_PLACEHOLDER, elem_id="pc-sources")

    def answered_then(event):  # after an answer (or a start over): the downloads and the saved conversation
        event.then(page.export, answered, [bib, csv_file, ris, csl], **PRIVATE).then(page.save, answered, saved, **PRIVATE)

    asking = ([message, chat, plain, answered, chosen, year, k, words], [message, chat, plain, answered, sources])
    answered_then(message.submit(page.chat, *asking, api_visibility="undocumented", api_name="chat"))
    answered_then(examples.load_input_event.then(page.chat, *asking, **PRIVATE))  # an example asks at once
    for start_over in (new_chat.click, chat.clear):  # the chat's own trash icon forgets the answers too
        answered_then(start_over(page.new_chat, None, [chat, plain, answered, sources, saved], **PRIVATE))
    chat.like(page.like, answered, None, **PRIVATE)
    chat.select(page.select, answered, sources, **PRIVATE)
    app.load(page.restore, saved, [chat, plain, answered, sources], **PRIVATE).then(
        page.export, answered, [bib, csv_file, ris, csl], **PRIVATE)
    return [chosen, year]


def _search_tab(page: ChatPage) -> list:
    """Ranked papers with their best sentences; returns the venue and year filters."""
    venues, years = page.choices()
    with gr.Row():
        query = gr.Textbox(label="Search the papers", placeholder="streaming video with bounded memory", scale=4)
        venue = gr.Dropdown(choices=venues, value=None, label="Venue (empty = all)")
        year = gr.Dropdown(choices=years, value=None, label="Year (empty = all)")
        top = gr.Slider(1, 50, value=page.settings.search.top_k, step=1, label="Papers")
    results = gr.HTML(elem_id="pc-search-results")
    query.submit(page.search, [query, venue, year, top], results, api_name="search", api_visibility="undocumented")
    return [venue, year]


def _stop_on_sigterm() -> None:
    """`kill` (SIGTERM) ends the page as Ctrl-C does: Gradio closes its server, atexit removes the exports."""
    def stop(signum, frame):
        raise KeyboardInterrupt  # Python's default for SIGTERM exits without running atexit

    signal.signal(signal.SIGTERM, stop)


def main() -> None:
    """`python -m ui.app`: the page with the settings of the environment (and `.env`)."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        settings = rag.Settings()
    except rag.ConfigError as exc:
        raise SystemExit(f"paperchat: {exc}") from None
    serve(settings)


def serve(settings: rag.Settings) -> None:
    """Serve the page until interrupted (with its MCP server when `settings.serve.mcp`)."""
    _stop_on_sigterm()
    try:
        options = launch_options(settings)
    except rag.ConfigError as exc:
        raise SystemExit(f"paperchat: {exc}") from None
    app = build_app(settings)
    # quiet: Gradio's own banner suggests share=True, which would publish a private index; we say where we are
    app.launch(server_name=settings.serve.host, server_port=settings.serve.port, quiet=True,
               prevent_thread_lock=True, **options)
    print(f"paperchat: serving {app.local_url}", flush=True)
    if settings.serve.mcp:
        print(f"paperchat: MCP server (streamable HTTP) at {app.local_url}gradio_api/mcp/", flush=True)
    try:
        app.block_thread()
    finally:  # also when Gradio's server close raises on a loaded machine: the exports went (atexit), the uploads too
        _forget_cached_files(app)


def _forget_cached_files(app) -> None:
    """Remove the files Gradio cached for this page (uploads, downloads) once it has stopped."""
    # Gradio does this in its server's shutdown, which a busy machine can cut short (it waits 5 s for the server
    # thread); a stopped page must leave no uploaded paper list behind
    from gradio.route_utils import delete_files_created_by_app

    if isinstance(app, gr.Blocks):
        delete_files_created_by_app(app, age=None)


if __name__ == "__main__":
    main()
