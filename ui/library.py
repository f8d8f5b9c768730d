"""The page's Library tab: add a paper list (venue and year for a list without a header, a Cancel button),
and every paper list in the index with its format, venues, papers and when it was added; uploads can be removed.

Handlers are methods of `LibraryPage` (tests call them); `library_tab` lays the tab out inside the page's Blocks.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import Callable

import gradio as gr

import rag
from rag.corpus.formats import SUPPORTED
from rag.serve.library import PaperList, paper_lists, remove_list
from rag.serve.upload import add_papers
from rag.safety import html_text
from ui.render import upload_notice as _notice

__all__ = ["LibraryPage", "library_tab", "render_lists"]

PRIVATE = {"api_visibility": "private"}


def render_lists(lists: list[PaperList]) -> str:
    """The lists as an HTML table (escaped); the Remove buttons sit beside it, one per uploaded list."""
    if not lists:
        return "<p><i>No paper lists are indexed.</i></p>"
    rows = "".join(
        f"<tr class=\"pc-list{' pc-uploaded' if item.uploaded else ''}\"><td>{html_text(item.name)}</td>"
        f"<td>{html_text(item.format)}</td><td>{html_text(', '.join(item.venues) or '-')}</td>"
        f"<td>{item.papers}</td><td>{html_text(item.added_text)}</td>"
        f"<td>{'uploaded' if item.uploaded else html_text(str(Path(item.path).parent))}</td></tr>"
        for item in lists)
    return ("<table class=\"pc-lists\"><thead><tr><th>file</th><th>format</th><th>venue/year</th><th>papers</th>"
            f"<th>added</th><th>from</th></tr></thead><tbody>{rows}</tbody></table>")


class LibraryPage:
    """What the Library tab does; `refresh()` gives the updates of the page's header and filters."""

    def __init__(self, settings: rag.Settings, refresh: Callable[[], tuple]):
        self.settings = settings
        self.refresh = refresh
        self._cancels: dict[str, threading.Event] = {}  # per browser session: the upload it may cancel

    def lists(self) -> list[PaperList]:
        return paper_lists(self.settings)

    def show(self):
        """The table and the names of the uploaded lists (the Remove buttons are drawn from them)."""
        lists = self.lists()
        return render_lists(lists), [item.name for item in lists if item.uploaded]

    def upload(self, path: str | None, venue: str | None, year, request: gr.Request, progress=gr.Progress()):
        """Add the file (with the venue and year fields for a list without a header); cancellable."""
        if not path:
            return gr.skip(), gr.skip(), gr.skip(), *(gr.skip(),) * len(self.refresh())
        name = Path(path).name
        cancel = self._cancels[_session(request)] = threading.Event()
        progress(0, desc=f"Checking {name}")

        def waiting() -> None:
            gr.Info("Another upload is being indexed; this one starts when it has finished.")
            progress(0, desc="Waiting for another upload to finish…")

        def embedding(done: int, total: int) -> None:
            progress(done / max(total, 1), desc=f"Embedding {done}/{total} passages")

        try:
            result = add_papers(path, self.settings, progress=embedding, venue=(venue or "").strip() or None,
                                year=_year(year), cancel=cancel, on_wait=waiting)
        except rag.PaperchatError as exc:
            return _notice(str(exc), error=True), *self.show(), *(gr.skip(),) * len(self.refresh())
        finally:
            self._cancels.pop(_session(request), None)
        return _notice(result.message, notes=result.warnings), *self.show(), *self.refresh()

    def cancel(self, request: gr.Request) -> str:
        """Stop this session's running upload before its commit: nothing of it is added."""
        event = self._cancels.get(_session(request))
        if event is None:
            return _notice("No upload is running.")
        event.set()
        return _notice("Cancelling the upload…")

    def remove(self, name: str):
        """Remove an uploaded list and its papers (one new snapshot: answers see all of them or none)."""
        try:
            result = remove_list(name, self.settings)
        except rag.PaperchatError as exc:
            return _notice(str(exc), error=True), *self.show(), *(gr.skip(),) * len(self.refresh())
        return _notice(result.message), *self.show(), *self.refresh()


def _year(value) -> int | None:
    text = str(value if value is not None else "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise rag.BadUpload(f"the year must be a number such as 2026, not {text!r}")
    return int(text)


def _session(request: gr.Request | None) -> str:
    return getattr(request, "session_hash", None) or "default"


def library_tab(library: LibraryPage, refreshed: list, app: gr.Blocks) -> None:
    """The tab's layout; `refreshed` are the page's components `library.refresh()` updates (header, filters)."""
    max_mb = library.settings.serve.upload_max_mb
    gr.Markdown(
        "Add a paper list: a `.txt` list (first line `<VENUE> <YEAR>`, a blank line, one abstract per paragraph), "
        "`.jsonl`/`.json` (fields `title`, `abstract`, optional `authors`, `url`, `venue`, `year`; OpenReview API "
        "notes; arXiv metadata), `.csv`, BibTeX `.bib` or RIS `.ris` (Zotero, JabRef, EndNote exports). "
        f"Up to {max_mb:g} MB and {library.settings.serve.upload_max_papers:,} papers. It is kept in your library "
        "(`data/uploads/`, not in git), so its papers stay after a restart.")
    with gr.Row():
        upload = gr.File(label="Paper list", file_types=list(SUPPORTED), type="filepath", scale=3)
        with gr.Column(scale=1):
            venue = gr.Textbox(label="Venue (for a .txt without a header)", placeholder="ICML", elem_id="pc-up-venue")
            # a Textbox, not a Number: an empty Number shows 0, which reads as a year
            year = gr.Textbox(label="Year (for a .txt without a header)", placeholder="2026", elem_id="pc-up-year")
            cancel = gr.Button("Cancel upload", variant="secondary", elem_id="pc-cancel-upload")
    notice = gr.HTML(elem_id="pc-upload-result")
    gr.Markdown("### Paper lists in the index")
    table_html, names = library.show()
    table = gr.HTML(table_html, elem_id="pc-lists")
    uploaded = gr.State(names)
    outputs = [notice, table, uploaded, *refreshed]

    @gr.render(inputs=uploaded)
    def remove_buttons(names: list[str]) -> None:
        with gr.Row():
            for name in names:
                button = gr.Button(f"Remove {name}", variant="stop", size="sm", elem_classes="pc-remove", key=name)
                button.click(functools.partial(library.remove, name), None, outputs, **PRIVATE)

    upload.clear(lambda: "", None, notice, queue=False, **PRIVATE)
    upload.upload(library.upload, [upload, venue, year], outputs, **PRIVATE)
    cancel.click(library.cancel, None, notice, queue=False, **PRIVATE)
    app.load(library.show, None, [table, uploaded], **PRIVATE)  # a reload shows the library as it is now
