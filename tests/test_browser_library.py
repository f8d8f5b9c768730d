"""The Library tab in a real browser: each export format imports with its authors and links shown on the cards,
a headerless list is refused with the reason (then taken with venue and year), and Remove works."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gradio_close import close

import rag
from test_browser import CHROMIUM, ask, browser  # noqa: F401 (the browser fixture)
from ui.app import build_app, launch_options

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium not installed (apt-get install chromium)")
SAMPLES = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def served(tmp_path_factory, built_settings):
    root = tmp_path_factory.mktemp("browser-library")
    shutil.copytree(built_settings.index.data_dir, root / "data")
    shutil.copytree(built_settings.index.index_dir, root / "index")
    settings = rag.Settings(index_dir=root / "index", data_dir=root / "data", embed_threads=1)
    app = build_app(settings)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(settings))
    yield app.local_url, settings
    close(app)


@pytest.fixture
def page(browser, served):  # noqa: F811
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(served[0])
    page.wait_for_selector("textarea")
    yield page
    page.close()


def papers(settings: rag.Settings) -> int:
    return rag.stats(settings).papers


def upload(page, path: Path, venue: str = "", year: str = "") -> str:
    page.get_by_role("tab", name="Library").click()
    if venue:
        page.locator("#pc-up-venue textarea, #pc-up-venue input").first.fill(venue)
        page.locator("#pc-up-year textarea, #pc-up-year input").first.fill(year)
    page.locator("input[type=file]").set_input_files(str(path))
    result = page.locator("#pc-upload-result p")
    result.wait_for(timeout=120_000)
    return page.locator("#pc-upload-result").inner_text()


# file, a question its paper answers, the first author shown, the paper link
FORMATS = [
    ("openreview_notes.json", "What does Tidal Memory merge into a fixed budget of slots?", "Mei Lin et al.",
     "https://openreview.net/forum?id=Xk3pT9qLmZ"),
    ("openreview_notes.jsonl", "What does RouteLock freeze in continual instruction tuning?", "Dana Whitfield et al.",
     "https://openreview.net/forum?id=Qm4s8VbN2c"),
    ("arxiv_metadata.jsonl", "What do lattice tokenizers quantize audio frames onto?", "Hannah Becker et al.",
     "https://arxiv.org/abs/2403.01234"),
    ("zotero.bib", "How much faster does foveated diffusion render?", "Ren Nakamura et al.",
     "https://proceedings.mlr.press/v267/nakamura25a.html"),
    ("jabref.bib", "How often does the calibrated model abstain on unanswerable questions?", "Zsófia Varga et al.",
     "https://openreview.net/forum?id=AbC123xYz9"),
    ("zotero.ris", "How far does per-head rotary interpolation extend a 4k-context model?", "Lucía García et al.",
     "https://aclanthology.org/2025.acl-long.101/"),
    ("endnote.ris", "On how many downstream tasks did tabular pretraining improve accuracy?", "Ivan Petrov et al.",
     "http://jmlr.org/papers/v23/21-0118.html"),
]


@pytest.mark.parametrize("name, question, authors, url", FORMATS, ids=[f[0] for f in FORMATS])
def test_each_format_uploads_and_its_cards_show_authors_and_the_paper_link(page, served, name, question, authors,
                                                                           url):
    message = upload(page, SAMPLES / name)
    assert f"from {name}" in message and "pc-upload-error" not in page.inner_html("#pc-upload-result")
    assert name in page.locator("#pc-lists").inner_text()
    page.get_by_role("tab", name="Chat").click()
    ask(page, question)
    card = page.locator(".pc-src").first
    assert authors in card.inner_text()
    assert card.locator(f'a.pc-paper-link[href="{url}"]').count() == 1
    summary = card.locator(".pc-authors")
    assert "," in (summary.get_attribute("title") or "")  # the full author list on hover


def test_a_headerless_list_is_refused_with_the_reason_then_taken_with_venue_and_year(page, served, tmp_path):
    path = tmp_path / "glowworm.txt"
    path.write_text("We propose GlowWorm, a firefly-inspired optimiser that synchronises learning rates across "
                    "workers and halves the time to reach target accuracy on ImageNet.\n", encoding="utf-8")
    before = papers(served[1])
    message = upload(page, path)
    assert "glowworm.txt was not added: its first line is not a '<VENUE> <YEAR>' header" in message
    assert papers(served[1]) == before
    page.reload()
    page.wait_for_selector("textarea")
    message = upload(page, path, venue="NeurIPS", year="2025")
    assert "Added 1 paper from glowworm.txt" in message and papers(served[1]) == before + 1


def test_remove_from_the_page_drops_the_list_and_its_papers(page, served, tmp_path):
    path = tmp_path / "quokka.txt"
    path.write_text("TMLR 2025\n\nWe propose QuokkaNet, a marsupial-inspired pouch memory for robot arms that stores "
                    "grasp plans in a tiny recurrent cache and recalls them in 3 milliseconds.\n", encoding="utf-8")
    upload(page, path)
    before = papers(served[1])
    button = page.get_by_role("button", name="Remove quokka.txt")
    button.wait_for(timeout=30_000)
    button.click()
    page.locator("#pc-upload-result", has_text="Removed quokka.txt: 1 paper").wait_for(timeout=60_000)
    assert "quokka.txt" not in page.locator("#pc-lists").inner_text()
    page.get_by_role("button", name="Remove quokka.txt").wait_for(state="detached", timeout=15_000)  # redrawn
    assert papers(served[1]) == before - 1
    assert not (served[1].index.data_dir / "uploads" / "quokka.txt").exists()
    snapshot = rag.get_index(served[1]).snapshot()
    assert all(p.source != "quokka.txt" for p in snapshot.papers)
    assert rag.get_index(served[1]).collection.count() == len(snapshot.chunk_ids)  # Chroma exact too
