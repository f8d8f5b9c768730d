"""The chat page in a real browser: Playwright driving Debian's Chromium, headless, against a local app.

Skips, with the reason shown, when Chromium is not installed (`.ci/run` installs it on CI machines).
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from gradio_close import close

import rag
from rag.corpus.text import split_sentences
from rag.serve.export import plain_answer
from ui.app import build_app, launch_options

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium not installed (apt-get install chromium)")
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"
XSS = ("ICLR 2026 Papers\n\nWe propose HackFormer <img src=x onerror=\"alert(1)\"> <script>alert(2)</script>, "
       "a sparse video tokenizer that compresses long videos into very few tokens for video LLMs.\n")
NEURIPS = ("NeurIPS 2025 Papers\n\nWe propose ZebraStream, a streaming video understanding model with bounded memory: "
           "every incoming frame is compressed into a fixed budget of memory tokens, so arbitrarily long video "
           "streams are answered with constant memory and latency.\n")
UPLOADED = ("TMLR 2025 Papers\n\nWe propose QuokkaNet, a marsupial-inspired pouch memory for robot arms that stores "
            "grasp plans in a tiny recurrent cache and recalls them in 3 milliseconds on a microcontroller.\n")
BOUNDED_QUESTION = "Which papers do streaming video with bounded memory?"


@dataclass(frozen=True)
class Served:
    url: str
    settings: rag.Settings


@pytest.fixture(scope="module")
def served(tmp_path_factory, built_settings):
    """The page on the shipped papers plus an XSS paper and a NeurIPS 2025 one (a third venue)."""
    root = tmp_path_factory.mktemp("browser")
    data = root / "data"
    shutil.copytree(built_settings.index.data_dir, data)
    (data / "papers" / "zz_xss.txt").write_text(XSS, encoding="utf-8")
    (data / "papers" / "zz_neurips.txt").write_text(NEURIPS, encoding="utf-8")
    shutil.copytree(built_settings.index.index_dir, root / "index")  # so only the two extra papers are embedded
    settings = rag.Settings(index_dir=root / "index", data_dir=data, embed_threads=1)
    rag.ingest(settings=settings)
    app = build_app(settings)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(settings))
    yield Served(app.local_url, settings)
    close(app)


@pytest.fixture(scope="module")
def page_url(served):
    return served.url


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
def page(browser, page_url, served):
    page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True,
                            permissions=["clipboard-read", "clipboard-write"])
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs
    page.goto(page_url)
    page.wait_for_selector("textarea")
    wait_for_count(page, indexed(served))  # the load event has refreshed what an upload changed
    yield page
    page.close()


def ask(page, question: str) -> None:
    page.get_by_label("Ask about the papers").fill(question)
    page.keyboard.press("Enter")
    page.wait_for_selector("a[href^='#pc-src']", timeout=30_000)


def last_answer(page) -> str:
    return page.locator(".message.bot, [data-testid='bot']").last.inner_text()


def settled(page, quiet_ms: int = 600, timeout_s: float = 30.0) -> None:
    """Wait until the last answer has stopped changing (its stream has ended)."""
    deadline, before = time.monotonic() + timeout_s, None
    while time.monotonic() < deadline:
        now = last_answer(page)
        if now == before:
            return
        before = now
        page.wait_for_timeout(quiet_ms)


def indexed(served: Served) -> int:
    return rag.stats(served.settings).papers


def wait_for_count(page, n: int) -> None:
    """The header shows `n` papers (it is refreshed when the page loads and after an upload)."""
    page.wait_for_function(f"document.body.innerText.includes('{n} papers indexed')", timeout=10_000)


def test_the_page_loads_with_the_paper_count(page, served):
    wait_for_count(page, indexed(served))
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


def test_a_citation_in_an_earlier_answer_shows_that_answers_sources(page):
    ask(page, "What speedup does Veda report?")
    page.get_by_label("Ask about the papers").fill("Which papers study continual learning?")
    page.keyboard.press("Enter")
    page.wait_for_selector("#pc-src-2-1", timeout=30_000)  # the panel now holds the second answer's cards
    assert not page.locator("#pc-src-1-1").count()

    page.locator("a[href='#pc-src-1-1']").first.click()

    card = page.locator("#pc-src-1-1")
    card.wait_for(timeout=10_000)
    assert "Veda" in card.inner_text() and not page.locator("#pc-src-2-1").count()


def test_the_iclr_filter_keeps_icml_papers_out_of_the_sources(page):
    page.get_by_label("Venues (empty = all; several = any of them)").click()
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


def test_two_chosen_venues_keep_the_third_out_of_the_sources(page):
    page.get_by_label("Venues (empty = all; several = any of them)").click()
    page.get_by_role("option", name="ICLR").click()
    page.get_by_role("option", name="NeurIPS").click()
    page.keyboard.press("Escape")
    ask(page, BOUNDED_QUESTION)
    sources = page.locator(".pc-src").all_inner_texts()
    assert sources and not any("ICML" in s for s in sources)
    assert any("ZebraStream" in s and "NeurIPS 2025" in s for s in sources)  # both chosen venues count


def test_copy_puts_the_plain_answer_with_its_references_on_the_clipboard(page, served):
    ask(page, "What speedup does Veda report?")
    page.locator(".pc-copy").last.click()
    page.wait_for_function("document.querySelector('.pc-copy').textContent === 'Copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == plain_answer(rag.ask("What speedup does Veda report?", settings=served.settings))
    assert "5.1×" in copied and "\n\n[1] Veda. ICML 2026." in copied and "<" not in copied


def test_the_exports_download_the_cited_papers(page):
    ask(page, "What speedup does Veda report?")
    bibtex = page.get_by_role("button", name="Cited papers: BibTeX")
    bibtex.wait_for(state="visible")
    page.wait_for_function("[...document.querySelectorAll('button')].some("
                           "b => b.innerText.includes('Cited papers: BibTeX') && !b.disabled)")
    with page.expect_download() as download:
        bibtex.click()
    assert download.value.suggested_filename == "paperchat-citations.bib"
    assert "title = {{Veda}}" in Path(download.value.path()).read_text(encoding="utf-8")
    with page.expect_download() as download:
        page.get_by_role("button", name="Cited papers: CSV").click()
    table = Path(download.value.path()).read_text(encoding="utf-8")
    assert table.startswith("id,title,authors,venue,year,url,doi,arxiv_id,abstract") and ",Veda,,ICML,2026," in table
    with page.expect_download() as download:
        page.get_by_role("button", name="RIS", exact=True).click()
    assert download.value.suggested_filename == "paperchat-citations.ris"
    assert "TI  - Veda\n" in Path(download.value.path()).read_text(encoding="utf-8")
    with page.expect_download() as download:
        page.get_by_role("button", name="CSL-JSON", exact=True).click()
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8"))[0]["title"] == "Veda"

    page.get_by_role("button", name="Clear").click()  # the chat's trash icon forgets the cited papers too
    page.wait_for_function("[...document.querySelectorAll('button')].some("
                           "b => b.innerText.includes('Cited papers: BibTeX') && b.disabled)")
    assert page.locator(".pc-copy").count() == 0


def feedback(settings: rag.Settings) -> list[dict]:
    path = settings.feedback_file
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def test_a_thumb_up_is_saved_with_the_question(page, served):
    ask(page, "What speedup does Veda report?")
    before = len(feedback(served.settings))
    page.get_by_role("button", name="Like").last.click()
    for _ in range(100):  # the click reaches the server through the queue
        if len(feedback(served.settings)) > before:
            break
        page.wait_for_timeout(100)
    record = feedback(served.settings)[-1]
    assert record["liked"] is True and record["question"] == "What speedup does Veda report?"
    assert record["citations"][0]["title"] == "Veda"


def upload(page, path: Path) -> str:
    page.get_by_role("tab", name="Library").click()
    page.locator("input[type=file]").set_input_files(str(path))
    result = page.locator("#pc-upload-result")
    result.locator("p").wait_for(timeout=60_000)
    return result.inner_text()


def test_an_uploaded_paper_list_is_answerable_at_once(page, served, tmp_path):
    before = indexed(served)
    wait_for_count(page, before)
    path = tmp_path / "tmlr2025.txt"
    path.write_text(UPLOADED, encoding="utf-8")
    assert f"Added 1 paper from tmlr2025.txt (now {before + 1} papers)." in upload(page, path)
    wait_for_count(page, before + 1)  # the header counts refresh
    page.reload()
    wait_for_count(page, before + 1)  # and a reload still shows them
    page.get_by_role("tab", name="Chat").click()
    ask(page, "What does QuokkaNet store in its pouch memory?")
    assert "QuokkaNet" in last_answer(page)
    card = page.locator(".pc-src").first.inner_text()
    assert "QuokkaNet" in card and "TMLR 2025" in card


def test_a_binary_upload_shows_an_error_and_the_count_stays(page, served, tmp_path):
    before = indexed(served)
    wait_for_count(page, before)
    path = tmp_path / "papers.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 40)
    message = upload(page, path)
    assert "papers.txt was not added: binary file, not a paper list" in message
    assert page.locator("#pc-upload-result .pc-upload-error").count() == 1
    assert f"{before} papers indexed" in page.inner_text("body") and indexed(served) == before


# ---- the page's rough edges (issue 14): each of these failed before its fix

MANY_CARDS = "Which papers study video understanding?"  # 8 cited papers on the shipped lists


def panel_box(page) -> dict:
    return page.evaluate("""() => {
        const panel = document.getElementById('pc-sources');
        const chat = document.querySelector('[data-testid="chatbot"], .chatbot, .bubble-wrap');
        const box = panel.getBoundingClientRect();
        return {height: box.height, scrollHeight: panel.scrollHeight, clientHeight: panel.clientHeight,
                chatHeight: chat ? chat.getBoundingClientRect().height : 0, windowY: window.scrollY};
    }""")


def card_in_view(page, card_id: str) -> bool:
    """The card is marked, and shown inside the sources panel's visible part."""
    return page.evaluate("""(id) => {
        const card = document.getElementById(id), panel = document.getElementById('pc-sources');
        if (!card || !panel || !card.classList.contains('pc-marked')) return false;
        const c = card.getBoundingClientRect(), p = panel.getBoundingClientRect();
        return c.top >= p.top - 1 && c.top < p.bottom && c.top >= 0 && c.top < window.innerHeight;
    }""", card_id)


def test_the_search_tab_finds_papers_with_its_filters_as_first_shown(page):
    page.get_by_role("tab", name="Search").click()
    page.get_by_label("Search the papers").fill("streaming video with bounded memory")
    page.keyboard.press("Enter")
    page.locator(".pc-hit, #pc-search-results p").first.wait_for(timeout=20_000)
    assert page.locator(".pc-hit").count() >= 3 and "No matching papers" not in page.inner_text("body")


def test_the_sources_panel_scrolls_inside_itself_at_the_chats_height(page):
    ask(page, MANY_CARDS)
    page.wait_for_selector("#pc-src-1-8", state="attached")
    box = panel_box(page)
    assert box["height"] <= box["chatHeight"] + 40  # about the chat's height, not 4,000 px
    assert box["scrollHeight"] > box["clientHeight"]  # the cards scroll inside the panel
    page.locator("a[href='#pc-src-1-8']").first.click()
    page.wait_for_function("document.getElementById('pc-src-1-8').classList.contains('pc-marked')")
    assert card_in_view(page, "pc-src-1-8")
    assert panel_box(page)["windowY"] == box["windowY"]  # the window did not jump: the chat stays in view


def test_a_citation_of_an_earlier_answer_scrolls_to_and_marks_its_card(page):
    ask(page, MANY_CARDS)
    page.wait_for_selector("#pc-src-1-8", state="attached")
    page.get_by_label("Ask about the papers").fill("What speedup does Veda report?")
    page.keyboard.press("Enter")
    page.wait_for_selector("#pc-src-2-1", timeout=30_000)
    settled(page)  # the second answer's panel is re-rendered while it streams, and a re-render drops the mark
    page.locator("a[href='#pc-src-1-7']").first.click()
    page.wait_for_function("""() => { const c = document.getElementById('pc-src-1-7');
                                      return c && c.classList.contains('pc-marked'); }""", timeout=10_000)
    assert card_in_view(page, "pc-src-1-7") and page.locator(".pc-src.pc-marked").count() == 1


@pytest.mark.parametrize("question", ["What is FlowNar?", BOUNDED_QUESTION])
def test_cards_mark_exactly_the_sentences_the_answer_quoted(page, served, question):
    answer = rag.ask(question, settings=served.settings)
    ask(page, question)
    for citation in answer.citations:
        marks = page.locator(f"#pc-src-1-{citation.n} mark").all_inner_texts()
        # an extractive answer quotes abstract sentences verbatim (a long one cut with "…")
        quoted = [q for q in split_sentences(citation.paper.text) if q[:60] in answer.text]
        assert quoted and sorted(marks) == sorted(quoted), citation.paper.title


def test_an_example_question_is_asked_when_clicked(page, served):
    example = rag.example_questions(served.settings)[0]
    page.get_by_text(example, exact=True).click()
    page.wait_for_selector("a[href^='#pc-src-1-']", timeout=30_000)
    assert example in page.locator(".message.user, [data-testid='user']").last.inner_text()
    assert page.locator(".pc-copy").count() == 1


def test_new_chat_brings_the_sources_placeholder_back(page):
    ask(page, "What speedup does Veda report?")
    page.get_by_role("button", name="New chat").click()
    page.wait_for_function("document.body.innerText.includes('The papers cited by the latest answer appear here')")
    assert page.locator(".pc-src").count() == 0


def test_the_conversation_survives_a_reload(page):
    before = page.evaluate("localStorage.getItem('paperchat-conversation')")
    ask(page, "What speedup does Veda report?")
    # the saved conversation reaches the browser's storage (encrypted) just after the answer
    page.wait_for_function(f"localStorage.getItem('paperchat-conversation') !== {json.dumps(before)}",
                           timeout=10_000)
    page.reload()
    page.wait_for_selector("a[href='#pc-src-1-1']", timeout=20_000)
    assert "5.1×" in last_answer(page) and "Veda" in page.locator("#pc-src-1-1").inner_text()
    ask_again = page.get_by_label("Ask about the papers")
    ask_again.fill("Which datasets was it evaluated on?")  # a follow-up still knows the first question
    page.keyboard.press("Enter")
    page.wait_for_selector("#pc-src-2-1", timeout=30_000)
    assert "Veda" in page.locator("#pc-src-2-1").inner_text()


def test_a_new_upload_error_is_not_shown_beside_the_last_success(page, served, tmp_path):
    path = tmp_path / "tmlr2024.txt"
    path.write_text(UPLOADED.replace("2025", "2024").replace("QuokkaNet", "WombatNet"), encoding="utf-8")
    assert "Added 1 paper from tmlr2024.txt" in upload(page, path)
    wrong = tmp_path / "notes.pdf"
    wrong.write_bytes(b"%PDF-1.4 not a paper list")
    page.get_by_role("button", name="Clear").last.click()  # the file's ×: the way to upload the next one
    page.locator("input[type=file]").set_input_files(str(wrong))  # a type Gradio itself refuses
    page.get_by_text("Error", exact=True).first.wait_for(timeout=10_000)
    page.wait_for_function("!document.getElementById('pc-upload-result').innerText.includes('Added')",
                           timeout=10_000)
