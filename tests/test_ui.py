"""The page: served by Gradio, called the way a browser or `gradio_client` calls it, and its HTML pieces."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import time

import gradio as gr
import pytest
from gradio_close import close

import rag
from conftest import VEDA_FILE, VEDA_QUESTION
from rag.safety import markdown_text
from ui.app import build_app, launch_options, main, parse_auth
from ui.page import ChatPage, header, venue_filter, year_filter
from ui.render import SOURCES_PLACEHOLDER, highlight, render_answer, render_card, render_hits, render_sources

HOSTILE_TITLE = "<script>alert(1)</script>"
HOSTILE_TEXT = 'Intro. <img src=x onerror=alert(1)> We win <b>big</b>. <script>alert(2)</script> End.'
RAW_TAGS = ("<script", "<img", "<b>big")


@pytest.fixture
def served(index_copy):
    app = build_app(index_copy)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(index_copy))
    yield app
    close(app)


@pytest.fixture
def client(served):
    from gradio_client import Client

    return Client(served.local_url, verbose=False)


@pytest.fixture(scope="module")
def shared_page(built_settings) -> ChatPage:
    """The page object behind the app, on the shared index (read-only)."""
    return ChatPage(built_settings)


@pytest.fixture
def chat(shared_page):
    """The chat handler (the Python generator behind the textbox) of a page on the shared index."""
    return shared_page.chat


def run_chat(chat, question, history=(), plain=(), answered=(), venues=(), year=None, k=8, words=120):
    return list(chat(question, list(history), list(plain), list(answered), list(venues), year, k, words))


# ---- served endpoints


def test_the_search_endpoint_returns_ranked_papers(client):
    page = client.predict(VEDA_QUESTION, None, None, 3, api_name="/search")
    assert page.count('class="pc-hit"') == 3
    assert "<b>1. Veda</b>" in page and "5.1× end-to-end speedup" in page


def test_the_venue_filter_keeps_other_venues_out(client):
    page = client.predict("video", "ICLR", 2026, 20, api_name="/search")
    assert "ICLR 2026" in page and "ICML 2026" not in page


def test_the_ask_endpoint_returns_the_answer_as_json(client):
    answer = client.predict(VEDA_QUESTION, None, None, api_name="/ask")
    assert "[1]" in answer["text"] and "5.1×" in answer["text"]
    assert answer["mode"] == "extractive" and answer["abstained"] is False
    first = answer["citations"][0]
    assert (first["n"], first["title"], first["venue"], first["year"]) == (1, "Veda", "ICML", 2026)
    assert any("5.1×" in q for q in first["quotes"])


def test_the_ask_endpoint_filters_by_venue(client):
    answer = client.predict("Which papers study video generation?", "ICLR", 2026, api_name="/ask")
    assert answer["citations"] and {c["venue"] for c in answer["citations"]} == {"ICLR"}


def test_the_ask_endpoint_takes_a_list_of_venues(client):
    answer = client.predict("Which papers study video generation?", ["ICLR"], None, api_name="/ask")
    assert answer["citations"] and {c["venue"] for c in answer["citations"]} == {"ICLR"}


def test_the_chat_endpoint_serves_the_chatbot(client):
    # the browser's path: Gradio postprocesses the chatbot messages the handler yields
    message, history, sources = client.predict(VEDA_QUESTION, [], [], None, 8, 120, api_name="/chat")
    assert message == "" and [m["role"] for m in history] == ["user", "assistant"]
    assert 'href="#pc-src-1-1"' in str(history[-1]["content"]) and 'id="pc-src-1-1"' in sources


# ---- the chat handler


def test_the_chat_streams_then_links_citations_to_source_cards(chat):
    updates = run_chat(chat, VEDA_QUESTION)
    assert len(updates) > 2  # the question at once, pieces of the reply, then the cited answer
    first_message, first_chat, *_ = updates[0]
    assert first_message == "" and first_chat[0] == {"role": "user", "content": markdown_text(VEDA_QUESTION)}
    message, history, plain, answered, sources = updates[-1]
    final = history[-1]["content"]
    assert re.search(r'<a href="#pc-src-1-1"[^>]*>\[1\]</a>', final)
    assert 'id="pc-src-1-1"' in sources and "<b>[1] Veda</b>" in sources and "ICML 2026" in sources
    assert re.search(r"<mark>[^<]*5\.1× end-to-end speedup[^<]*</mark>", sources)
    assert "Notably, the gains increase with sequence length" in sources  # the whole abstract, not a snippet
    # rag gets the conversation as plain text: no HTML
    assert [m["role"] for m in plain] == ["user", "assistant"]
    assert plain[0]["content"] == VEDA_QUESTION and "<a " not in plain[1]["content"] and "[1]" in plain[1]["content"]


def test_a_second_turn_numbers_its_cards_apart(chat):
    *_, (_, history, plain, answered, _) = run_chat(chat, VEDA_QUESTION)
    *_, (_, history, plain, answered, sources) = run_chat(
        chat, "Which papers do streaming video with bounded memory?", history, plain, answered)
    assert len(history) == len(plain) == 4 and [a.index for a in answered] == [1, 3]
    assert 'id="pc-src-2-1"' in sources and "pc-src-1-" not in sources
    assert 'href="#pc-src-2-1"' in history[-1]["content"]


def test_the_venue_filter_keeps_icml_papers_out_of_the_sources(chat):
    *_, (_, history, _, _, sources) = run_chat(chat, "Which papers do streaming video with bounded memory?",
                                               venues=["ICLR"])
    assert "ICLR 2026" in sources and "ICML 2026" not in sources
    assert "Veda" not in sources


@pytest.mark.parametrize("chosen, venues", [
    ([], None), (None, None), (["ICLR"], ["ICLR"]), (["ICLR", "ICML"], ["ICLR", "ICML"]), ("ICML", ["ICML"]),
    ("", None), (["", "ICML"], ["ICML"]),
])
def test_the_chosen_venues_are_passed_on_and_none_means_all(chosen, venues):
    assert venue_filter(chosen) == venues


def test_an_empty_question_gets_a_message_not_a_crash(chat):
    *_, (message, history, plain, answered, sources) = run_chat(chat, "   ")
    assert plain == [] and answered == [] and history[-1]["role"] == "assistant" and history[-1]["content"]


# ---- adding papers, several venues, exports, feedback

BOUNDED_QUESTION = "Which papers do streaming video with bounded memory?"
NEURIPS_LIST = ("NeurIPS 2025 Papers\n\nWe propose ZebraStream, a streaming video understanding model with bounded "
                "memory: it compresses every incoming frame into a fixed budget of memory tokens, so arbitrarily long "
                "video streams are answered with constant memory and latency.\n")


def sources_of(updates) -> str:
    return updates[-1][-1]


@pytest.fixture
def three_venues(index_copy, tmp_path):
    """A page whose index gained a NeurIPS 2025 paper through the upload handler: three venues."""
    app = build_app(index_copy)
    path = tmp_path / "neurips2025.txt"
    path.write_text(NEURIPS_LIST, encoding="utf-8")
    steps: list[tuple] = []
    outputs = app.library.upload(str(path), None, None, None, progress=lambda *a, **k: steps.append((a, k)))
    return app, outputs, steps


def test_an_upload_adds_its_papers_and_refreshes_counts_and_venues(three_venues):
    app, (notice, table, uploaded, title, chosen, year, venue, search_year), steps = three_venues
    assert "Added 1 paper from neurips2025.txt (now 71 papers)." in notice and "pc-upload-error" not in notice
    assert uploaded == ["neurips2025.txt"] and "<td>neurips2025.txt</td><td>paper list</td><td>NeurIPS 2025</td>" in table
    assert "71 papers indexed from 3 venues" in title and "NeurIPS 2025: 1" in html.unescape(title)
    assert ("NeurIPS", "NeurIPS") in chosen.choices and ("NeurIPS", "NeurIPS") in venue.choices
    assert ("2025", 2025) in year.choices and ("2025", 2025) in search_year.choices
    assert steps and steps[-1][0][0] == 1.0  # the progress bar reached the end of the embedding


def test_two_chosen_venues_keep_the_third_out(three_venues):
    app = three_venues[0]
    chat = app.page.chat
    assert "ZebraStream" in sources_of(run_chat(chat, BOUNDED_QUESTION))  # the control: found without a filter
    sources = sources_of(run_chat(chat, BOUNDED_QUESTION, venues=["ICLR", "ICML"]))
    assert "ZebraStream" not in sources and "NeurIPS" not in sources and 'class="pc-src"' in sources
    sources = sources_of(run_chat(chat, BOUNDED_QUESTION, venues=["NeurIPS", "ICLR"]))
    assert "ZebraStream" in sources and "ICML 2026" not in sources


def test_a_binary_upload_shows_the_error_and_changes_nothing(index_copy, tmp_path):
    app = build_app(index_copy)
    path = tmp_path / "papers.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 20)
    notice, table, uploaded, *refreshes = app.library.upload(str(path), None, None, None,
                                                             progress=lambda *a, **k: None)
    assert 'class="pc-upload-error"' in notice and "papers.txt was not added: binary file" in notice
    assert uploaded == []
    assert all(isinstance(r, type(gr.skip())) for r in refreshes)
    assert rag.stats(index_copy).venues == {"ICLR": {2026: 19}, "ICML": {2026: 51}}
    assert not (index_copy.index.data_dir / "uploads").exists() or not any((index_copy.index.data_dir / "uploads").iterdir())


def test_the_exports_hold_every_paper_the_conversation_cited(built_settings):
    app = build_app(built_settings)
    chat, export = app.page.chat, app.page.export
    *_, (_, history, plain, answered, _) = run_chat(chat, VEDA_QUESTION)
    *_, (_, history, plain, answered, _) = run_chat(chat, BOUNDED_QUESTION, history, plain, answered)
    cited = {c.paper.title: c.paper for a in answered for c in a.answer.citations}
    assert "Veda" in cited and len(cited) >= 2
    bib, table, ris, csl = export(answered)
    assert bib.interactive and table.interactive and ris.interactive and csl.interactive
    assert open(ris.value["path"], encoding="utf-8").read().count("TY  - CONF") == len(cited)
    assert {item["title"] for item in json.load(open(csl.value["path"], encoding="utf-8"))} == set(cited)
    assert bib.value["orig_name"] == "paperchat-citations.bib" and table.value["orig_name"] == "paperchat-citations.csv"
    bibtex = open(bib.value["path"], encoding="utf-8").read()
    rows = list(csv.DictReader(io.StringIO(open(table.value["path"], encoding="utf-8").read())))
    assert bibtex.count("@inproceedings{") == len(cited) and "title = {{Veda}}" in bibtex
    assert {r["title"] for r in rows} == set(cited) and {r["id"] for r in rows} == {p.id for p in cited.values()}
    empty = export([])  # New chat: nothing to export
    assert len(empty) == 4 and all(not b.interactive and b.value is None for b in empty)


def like(index: int, liked):
    return gr.LikeData(None, {"index": index, "value": ["..."], "liked": liked})


def test_thumbs_are_appended_to_the_feedback_file(built_settings, tmp_path):
    settings = built_settings.replace(feedback_path=tmp_path / "fb" / "feedback.jsonl")
    app = build_app(settings)
    *_, (_, history, _, answered, _) = run_chat(app.page.chat, VEDA_QUESTION)
    rate = app.page.like
    rate(answered, like(1, True))
    rate(answered, like(1, False))
    rate(answered, like(1, ""))  # a second click on the same thumb withdraws the vote
    lines = [json.loads(line) for line in settings.feedback_file.read_text(encoding="utf-8").splitlines()]
    assert [line["liked"] for line in lines] == [True, False, None]
    first = lines[0]
    assert first["question"] == VEDA_QUESTION and first["text"] == answered[0].answer.text and "[1]" in first["text"]
    assert first["citations"][0] == answered[0].answer.citations[0].to_dict()
    assert first["citations"][0]["title"] == "Veda" and first["citations"][0]["quotes"]
    assert first["time"].endswith("+00:00")


def test_feedback_that_cannot_be_written_says_where_and_how_to_fix_it(built_settings, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    app = build_app(built_settings.replace(feedback_path=blocker / "feedback.jsonl"))
    *_, (_, _, _, answered, _) = run_chat(app.page.chat, VEDA_QUESTION)
    with pytest.warns(UserWarning, match=r"Feedback not saved: cannot record feedback in .*PAPERCHAT_FEEDBACK_PATH"):
        app.page.like(answered, like(1, True))
    with pytest.warns(UserWarning, match="Only finished answers can be rated"):
        app.page.like(answered, like(0, True))


def copied_text(message: str) -> str:
    """What the Copy button of a chat message puts on the clipboard: its value, as the browser decodes it."""
    value = re.search(r'<button type="button" class="pc-copy" value="([^"]*)"', message).group(1)
    return html.unescape(value)


def test_the_copy_button_holds_the_plain_answer_with_its_references(chat):
    *_, (_, history, _, answered, _) = run_chat(chat, VEDA_QUESTION)
    text = copied_text(history[-1]["content"])
    assert text == rag.plain_answer(answered[0].answer)
    assert text.startswith(answered[0].answer.text) and "\n\n[1] Veda. ICML 2026." in text
    assert "<a " not in text and "pc-src" not in text


# ---- HTML pieces: everything from papers is escaped


def _hostile_paper(**changes) -> rag.Paper:
    fields = dict(id="x2026-0000000000", title=HOSTILE_TITLE, venue="X<i>", year=2026, abstract="a",
                  text=HOSTILE_TEXT, source="x.txt", position=1,
                  links=(rag.Link('https://x.org/"><script>alert(3)</script>', is_code=True),))
    return rag.Paper(**{**fields, **changes})


def test_paper_text_is_escaped(index_copy):
    page = render_hits([rag.Hit(paper=_hostile_paper(), score=1.0, snippets=("<b>bold</b>",))])
    assert "<script>" not in page and "<img" not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;" in page and "&lt;img src=x" in page


def test_a_source_card_escapes_everything_then_marks_the_quotes():
    quote = "We win <b>big</b>."
    card = render_card(rag.Citation(n=1, paper=_hostile_paper(), quotes=(quote, "<img src=x onerror=alert(1)>")), 3)
    assert not any(tag in card for tag in RAW_TAGS) and "<i>" not in card
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in card and "&lt;img src=x onerror=alert(1)&gt;" in card
    assert "<mark>We win &lt;b&gt;big&lt;/b&gt;.</mark>" in card
    assert card.startswith('<div class="pc-src" id="pc-src-3-1">') and "[1] &lt;script&gt;" in card
    assert 'href="https://x.org/&quot;&gt;&lt;script&gt;' in card  # the code link cannot break out of href


def test_the_answer_escapes_model_text_and_shows_notice_and_unsupported_claims():
    answer = rag.Answer(
        text="It wins <img src=x onerror=alert(1)> [1]. Both agree [1, 2]. Not a source [7].",
        citations=(rag.Citation(1, _hostile_paper()), rag.Citation(2, _hostile_paper())),
        notice="The <script>LLM</script> failed; this answer is extractive.",
        unsupported=("A claim <script>alert(1)</script>",),
    )
    message = render_answer(answer, 2)
    assert not any(tag in message for tag in RAW_TAGS)
    assert '<a href="#pc-src-2-1" class="pc-cite">[1]</a>' in message
    assert ('&#91;<a href="#pc-src-2-1" class="pc-cite">1</a>&#44; <a href="#pc-src-2-2" class="pc-cite">2</a>&#93;'
            in message)
    assert "&#91;7&#93;" in message and "pc-src-2-7" not in message  # no card, no link
    assert '<em class="pc-notice">The &#60;script&#62;LLM' in message
    assert "unsupported" in message and "A claim &#60;script&#62;" in message
    sources = render_sources(answer, 2)
    assert sources.count('class="pc-src"') == 2 and "<script" not in sources


def test_an_abstention_shows_the_closest_papers_searched_uncited_and_escaped():
    paper = _hostile_paper(title=HOSTILE_TITLE + "\u202eevil\x1b[31m", text=HOSTILE_TEXT + " **bold** [x](http://e.x)")
    answer = rag.Answer(text="The indexed papers don't answer this.", abstained=True,
                        sources=tuple(rag.Hit(paper=paper, score=0.3) for _ in range(5)))
    panel = render_sources(answer, 1)
    assert "none judged to answer" in panel and panel.count('class="pc-hit"') == 3
    assert not any(tag in panel for tag in RAW_TAGS)
    assert "\u202e" not in panel and "\x1b" not in panel  # control characters dropped, not shown
    assert render_sources(rag.Answer(text="Veda is ICML 2026, outside the ICLR filter.", abstained=True), 1) == \
        "<p><i>No sources cited.</i></p>"


def test_answers_from_a_hostile_record_or_catalog_show_its_text_as_text():
    from rag.answer.collection import collection_answer
    from rag.answer.metadata import record_answer
    from rag.answer.understand import Question
    from rag.safety import terminal_text

    paper = _hostile_paper(authors=("Mei <img src=x onerror=alert(1)>", "**Jonas** [Okafor](http://evil.example)",
                                    "Priya\x1b[31mRaman"))

    class Listed:  # a collection of that one paper
        papers = [paper]

        def mask(self, venue, year):
            return None

    listed = collection_answer(Question(text="List all papers.", standalone="List all papers.", venue=None,
                                        year=None, kind="catalog"), Listed())
    for answer in (record_answer(("authors", "code"), paper), listed):
        message = render_answer(answer, 1)
        assert not any(tag in message for tag in RAW_TAGS) and "<i>" not in message
        assert "](http://evil.example)" not in message and "**Jonas**" not in message
        assert "\x1b" not in terminal_text(answer.text)
        assert "<script" not in render_sources(answer, 1)


# ---- header and launch settings


def test_the_header_names_the_papers_and_the_extractive_mode(built_settings):
    text = html.unescape(header(built_settings, rag.stats(built_settings)))
    assert "70 papers indexed" in text and "ICLR 2026: 19" in text
    assert "extractive — no LLM configured" in text and "OPENAI_API_KEY" in text and "OPENAI_BASE_URL" in text


def test_the_header_names_the_model_when_an_llm_is_configured(built_settings):
    settings = built_settings.replace(openai_base_url="http://127.0.0.1:9/v1", llm_model="qwen3")
    text = html.unescape(header(settings, rag.Stats(papers=13, venues={"ICML": {2026: 13}})))
    assert "llm: qwen3" in text and "extractive" not in text


@pytest.mark.parametrize("value, expected", [
    (None, None), ("", None), ("alice:s3cret", ("alice", "s3cret")), ("alice:pa:ss", ("alice", "pa:ss")),
])
def test_paperchat_auth_is_user_colon_password(value, expected):
    assert parse_auth(value) == expected


@pytest.mark.parametrize("value", ["alice", "alice:", ":s3cret", ":"])
def test_a_malformed_paperchat_auth_says_how_to_write_it(value):
    with pytest.raises(rag.ConfigError, match="user:password"):
        parse_auth(value)


def test_main_refuses_a_malformed_paperchat_auth_before_building(monkeypatch):
    monkeypatch.setenv("PAPERCHAT_AUTH", "nocolon")
    monkeypatch.setattr("ui.app.build_app", lambda *a: pytest.fail("built the app despite a bad PAPERCHAT_AUTH"))
    with pytest.raises(SystemExit, match="PAPERCHAT_AUTH must look like user:password"):
        main()


def test_main_binds_host_port_and_login(monkeypatch):
    seen = {}

    class FakeApp:
        local_url = "http://0.0.0.0:8123/"

        def launch(self, **kwargs):
            seen.update(kwargs)

        def block_thread(self):
            seen["blocked"] = True

    monkeypatch.setenv("PAPERCHAT_HOST", "0.0.0.0")
    monkeypatch.setenv("PAPERCHAT_PORT", "8123")
    monkeypatch.setenv("PAPERCHAT_AUTH", "alice:s3cret")
    monkeypatch.setattr("ui.app.build_app", lambda *a: FakeApp())
    main()
    assert (seen["server_name"], seen["server_port"], seen["auth"]) == ("0.0.0.0", 8123, ("alice", "s3cret"))
    assert seen["quiet"] and seen["blocked"] and seen["mcp_server"] is False  # no share=True banner; MCP only if asked
    assert seen["max_file_size"] == 20 * 1024 * 1024 and ".pc-src" in seen["css"]  # Gradio refuses big uploads too


def test_the_upload_limit_reaches_gradio(built_settings):
    assert launch_options(built_settings.replace(upload_max_mb=1.5))["max_file_size"] == 1572864


def test_a_slow_first_render_does_not_tear_the_server_down(index_copy, monkeypatch):
    """Gradio's own reachability probe (HEAD of the page, 3 s timeout) failed once at load ~10 and raised
    'localhost is not accessible' after the server was up: with our options it is not run."""
    import gradio.networking

    monkeypatch.setattr(gradio.networking, "url_ok", lambda url: False)  # the probe timing out
    app = build_app(index_copy)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(index_copy))
    try:
        from gradio_client import Client

        page = Client(app.local_url, verbose=False).predict(VEDA_QUESTION, None, None, 1, api_name="/search")
        assert "<b>1. Veda</b>" in page
    finally:
        close(app)


def test_a_first_start_builds_the_index_and_says_so(tmp_path, data_copy, caplog):
    settings = rag.Settings(index_dir=tmp_path / "fresh", data_dir=data_copy(tmp_path / "data", [VEDA_FILE]),
                            embed_threads=1)
    with caplog.at_level("INFO", logger="paperchat.ui"):
        build_app(settings)
    assert f"Building the index from {settings.index.data_dir} … (first start only)" in caplog.text
    assert "Indexed 13 papers" in caplog.text and rag.stats(settings).venues == {"ICML": {2026: 13}}


# ---- the page object: start over, reload, highlights, filters


@pytest.mark.parametrize("text, quotes, marked", [
    ("A one. B two. C three.", ["B two."], "A one. <mark>B two.</mark> C three."),
    ("A one. B two. C three.", ["A one.", "C three."], "<mark>A one.</mark> B two. <mark>C three.</mark>"),
    ("A one.\n  B   two. C three.", ["B two."], "A one. <mark>B two.</mark> C three."),  # whitespace as split
    ("It said We win. We win.", ["We win."], "It said We win. <mark>We win.</mark>"),  # the sentence, not inside one
    ("A one. B two.", ["Not there."], "A one. B two."),  # nothing invented
    ("A one. B two.", ["B two.", "B two."], "A one. <mark>B two.</mark>"),  # once each
    ("Say <b>hi</b>. Then &amp; go.", ["Then &amp; go."], "Say &lt;b&gt;hi&lt;/b&gt;. <mark>Then &amp;amp; go.</mark>"),
])
def test_a_card_marks_exactly_the_quoted_sentences(text, quotes, marked):
    assert highlight(text, quotes) == marked


@pytest.mark.parametrize("value, year", [(None, None), ("", None), (0, None), (2026, 2026), (2025.0, 2025)])
def test_an_empty_or_zero_year_box_means_every_year(value, year):
    assert year_filter(value) == year


def test_the_search_tab_finds_papers_with_its_filters_as_first_shown(shared_page):
    assert shared_page.search(VEDA_QUESTION, None, None, 5).count('class="pc-hit"') == 5


def test_new_chat_brings_the_sources_placeholder_back(shared_page):
    chat, plain, answered, sources, saved = shared_page.new_chat()
    assert (chat, plain, answered, saved) == ([], [], [], []) and sources == SOURCES_PLACEHOLDER


def test_a_saved_conversation_is_restored_with_its_links_and_sources(shared_page, chat):
    *_, (_, history, plain, answered, _) = run_chat(chat, VEDA_QUESTION)
    *_, (_, history, plain, answered, sources) = run_chat(chat, BOUNDED_QUESTION, history, plain, answered)
    saved = json.loads(json.dumps(shared_page.save(answered)))  # what the browser keeps is JSON
    chat2, plain2, answered2, sources2 = shared_page.restore(saved)
    assert chat2 == history and plain2 == plain and sources2 == sources
    assert [(a.index, a.turn, a.answer.text) for a in answered2] == [(a.index, a.turn, a.answer.text) for a in answered]
    assert answered2[0].answer.citations == answered[0].answer.citations


def test_a_saved_conversation_from_elsewhere_is_skipped_not_fatal(shared_page):
    junk = [{"question": "q"}, "x", {"question": "q", "answer": {"text": "t [1]", "citations": [{"n": 1, "id": "gone"}]}}]
    chat, plain, answered, sources = shared_page.restore(junk)
    assert len(chat) == 2 and answered[0].answer.citations == () and "No sources cited" in sources
    assert all(isinstance(r, type(gr.skip())) for r in shared_page.restore([]))


def test_a_failed_llm_says_so_in_a_notice_that_reads_as_a_sentence(built_settings):
    settings = built_settings.replace(openai_base_url="http://127.0.0.1:9/v1", llm_timeout=3, llm_retries=0)
    answer = rag.ask(VEDA_QUESTION, settings=settings)
    assert answer.notice.startswith("LLM unavailable, answered extractively (") and answer.notice.endswith(")")
    assert "?." not in answer.notice and "?)" not in answer.notice


@pytest.mark.slow  # starts the page as a process
def test_the_served_page_logs_its_address_and_no_share_hint(built_settings, tmp_path):
    from eval.page import free_port, start_app, stop_app

    log, port = tmp_path / "page.log", free_port()
    app = start_app(built_settings, port, log=log, timeout=120)
    try:
        for _ in range(100):  # the line follows the port's opening by a moment
            if "paperchat: serving" in log.read_text(encoding="utf-8"):
                break
            time.sleep(0.1)
    finally:
        stop_app(app)
    text = log.read_text(encoding="utf-8")
    assert f"paperchat: serving http://127.0.0.1:{port}/" in text
    assert "share=True" not in text and "public link" not in text




def test_a_card_shows_first_author_et_al_the_full_list_on_hover_and_a_paper_link():
    paper = _hostile_paper(authors=("Mei Lin", "Jonas <b>Okafor</b>", "Priya Raman"), links=(),
                           url="https://openreview.net/forum?id=Xk3pT9qLmZ")
    card = render_card(rag.Citation(n=1, paper=paper), 1)
    assert '<summary>Mei Lin et al.</summary>' in card
    assert 'title="Mei Lin, Jonas &lt;b&gt;Okafor&lt;/b&gt;, Priya Raman"' in card and "<b>Okafor" not in card
    assert 'class="pc-paper-link" href="https://openreview.net/forum?id=Xk3pT9qLmZ"' in card
    hits = render_hits([rag.Hit(paper=paper, score=1.0)])
    assert "Mei Lin et al." in hits and "pc-paper-link" in hits


def test_the_library_tab_lists_every_list_and_removes_an_upload(index_copy, tmp_path):
    from ui.library import LibraryPage

    app = build_app(index_copy)
    path = tmp_path / "neurips2025.txt"
    path.write_text(NEURIPS_LIST, encoding="utf-8")
    app.library.upload(str(path), None, None, None, progress=lambda *a, **k: None)
    library = LibraryPage(index_copy, lambda: ())
    table, names = library.show()
    assert names == ["neurips2025.txt"] and table.count('<tr class="pc-list') == 5
    notice, table, names = library.remove("neurips2025.txt")
    assert "Removed neurips2025.txt: 1 paper (now 70 papers)." in notice and names == []
    assert rag.stats(index_copy).venues == {"ICLR": {2026: 19}, "ICML": {2026: 51}}


def test_a_headerless_upload_is_refused_with_the_reason_then_taken_with_venue_and_year(index_copy, tmp_path):
    from ui.library import LibraryPage

    library = LibraryPage(index_copy, lambda: ())
    path = tmp_path / "note.txt"
    path.write_text(NEURIPS_LIST.split("\n\n", 1)[1], encoding="utf-8")
    notice, *_ = library.upload(str(path), "", None, None, progress=lambda *a, **k: None)
    assert "pc-upload-error" in notice and "not a &#x27;&lt;VENUE&gt; &lt;YEAR&gt;&#x27; header" in notice
    notice, table, names = library.upload(str(path), "NeurIPS", 2025, None, progress=lambda *a, **k: None)
    assert "Added 1 paper from note.txt" in notice and names == ["note.txt"] and "NeurIPS 2025" in table
