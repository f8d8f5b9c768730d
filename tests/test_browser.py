"""The chat page in a real browser: Playwright driving Debian's Chromium, headless, against a local app.

Skips, with the reason shown, when Chromium is not installed (`.ci/run` installs it on CI machines).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import rag
from ui.app import build_app

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium not installed (apt-get install chromium)")
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"
XSS = ("ICLR 2026 Papers\n\nWe propose HackFormer <img src=x onerror=\"alert(1)\"> <script>alert(2)</script>, "
       "a sparse video tokenizer that compresses long videos into very few tokens for video LLMs.\n")


@pytest.fixture(scope="module")
def page_url(tmp_path_factory, built_settings):
    root = tmp_path_factory.mktemp("browser")
    data = root / "data"
    shutil.copytree(built_settings.data_dir, data)
    (data / "papers" / "zz_xss.txt").write_text(XSS, encoding="utf-8")
    settings = rag.Settings(index_dir=root / "index", data_dir=data, embed_threads=1)
    rag.ingest(settings=settings)
    app = build_app(settings)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True)
    yield app.local_url
    app.close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, page_url):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs
    page.goto(page_url)
    page.wait_for_selector("textarea")
    yield page
    page.close()


def ask(page, question: str) -> None:
    page.get_by_label("Ask about the papers").fill(question)
    page.keyboard.press("Enter")
    page.wait_for_selector("a[href^='#pc-src']", timeout=30_000)


def test_the_page_loads_with_the_paper_count(page):
    assert "71 papers indexed" in page.content()
    assert "extractive — no LLM configured" in page.inner_text("body")


def test_a_question_gets_a_cited_answer_and_the_citation_opens_its_source(page):
    ask(page, "What speedup does Veda report?")
    answer = page.locator(".message.bot, [data-testid='bot']").last.inner_text()
    assert "5.1×" in answer and "[1]" in answer

    page.locator("a[href^='#pc-src']").first.click()

    assert page.url.endswith("#pc-src-1-1")
    card = page.locator("#pc-src-1-1")
    assert card.is_visible() and "Veda" in card.inner_text()
    assert "5.1×" in " ".join(card.locator("mark").all_inner_texts())
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "answered-page.png"), full_page=True)


def test_the_iclr_filter_keeps_icml_papers_out_of_the_sources(page):
    page.get_by_label("Venue (one filters; several count as all)").click()
    page.get_by_role("option", name="ICLR").click()
    page.keyboard.press("Escape")
    ask(page, "Which papers study continual learning?")
    sources = page.locator(".pc-src").all_inner_texts()
    assert sources and all("ICLR 2026" in s and "ICML" not in s for s in sources)


def test_an_abstract_with_html_renders_as_text_and_runs_nothing(page):
    ask(page, "What does HackFormer compress long videos into?")
    card = page.locator(".pc-src").first
    assert "<script>alert(2)</script>" in card.inner_text()
    assert page.locator(".pc-src img").count() == 0 and page.locator(".pc-src script").count() == 0
    page.wait_for_timeout(300)
    assert page.dialogs == []
