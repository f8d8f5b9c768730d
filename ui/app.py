"""The paperchat web page (Gradio). Thin: every handler calls the public `rag` functions."""

from __future__ import annotations

import html
import logging
import os

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")  # no phone-home from an offline tool

import gradio as gr  # noqa: E402

import rag  # noqa: E402
from rag.settings import Settings  # noqa: E402

log = logging.getLogger("paperchat.ui")


def render_hits(hits: list[rag.Hit]) -> str:
    """Results as HTML; every piece of paper text is escaped (abstracts are untrusted input)."""
    if not hits:
        return "<p>No matching papers.</p>"
    cards = []
    for rank, hit in enumerate(hits, start=1):
        p = hit.paper
        code = "".join(
            f' · <a href="{html.escape(link.url, quote=True)}" target="_blank" rel="noopener">code</a>'
            for link in p.code_links[:1]
        )
        snippet = " … ".join(html.escape(s) for s in hit.snippets)
        cards.append(
            f'<div class="pc-hit"><b>{rank}. {html.escape(p.title)}</b> '
            f"<small>{html.escape(p.venue_year)} · score {hit.score:.2f}{code}</small>"
            f"<p>{snippet}</p>"
            f"<details><summary>abstract</summary><p>{html.escape(p.text)}</p></details></div>"
        )
    return "\n".join(cards)


def build_app(settings: Settings | None = None) -> gr.Blocks:
    """The page, with the index loaded once (built from the data folder on first start)."""
    settings = settings or Settings()
    rag.get_index(settings)
    counts = rag.stats(settings)
    venues = sorted({v.rsplit(" ", 1)[0] for v in counts})
    summary = ", ".join(f"{v}: {n}" for v, n in counts.items())

    def on_search(query: str, venue: str | None, year: float | None, k: float):
        try:
            hits = rag.search(query, k=int(k), venue=venue or None, year=int(year) if year else None,
                              settings=settings)
        except ValueError as exc:
            return f"<p>{html.escape(str(exc))}</p>"
        except rag.PaperchatError as exc:
            return f"<p>Search failed: {html.escape(str(exc))}</p>"
        return render_hits(hits)

    with gr.Blocks(title="paperchat") as app:
        gr.Markdown(f"# paperchat\n{sum(counts.values())} papers indexed ({summary}).")
        with gr.Row():
            query = gr.Textbox(label="Search the papers", placeholder="streaming video with bounded memory",
                               scale=4)
            venue = gr.Dropdown(choices=venues, value=None, label="Venue", allow_custom_value=False)
            year = gr.Number(value=None, label="Year", precision=0)
            k = gr.Slider(1, 50, value=settings.top_k, step=1, label="Papers")
        results = gr.HTML()
        query.submit(on_search, [query, venue, year, k], results, api_name="search")
    return app


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    host = os.environ.get("PAPERCHAT_HOST", "127.0.0.1")
    port = int(os.environ.get("PAPERCHAT_PORT", "7860"))
    build_app().launch(server_name=host, server_port=port)


if __name__ == "__main__":
    main()
