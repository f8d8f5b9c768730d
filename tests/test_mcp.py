"""The page's MCP server, through the official `mcp` SDK client over streamable HTTP, as an AI assistant uses it."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from gradio_close import close

import rag
from conftest import VEDA_QUESTION
from ui.app import build_app, launch_options

mcp = pytest.importorskip("mcp", reason="the MCP extra is not installed (pip install 'paperchat[mcp]')")
from mcp import ClientSession  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

TOOLS = {"search_papers", "ask_papers", "get_paper"}


def serve(settings: rag.Settings):
    app = build_app(settings)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(settings))
    return app


@pytest.fixture(scope="module")
def mcp_url(built_settings):
    app = serve(built_settings.replace(mcp=True))
    yield app.local_url + "gradio_api/mcp/"
    close(app)


@pytest.fixture(scope="module")
def guarded_url(built_settings):
    app = serve(built_settings.replace(mcp=True, auth="alice:s3cret"))
    yield app.local_url + "gradio_api/mcp/"
    close(app)


def session_run(url: str, work, headers: dict | None = None):
    """Open an MCP session on `url` and run `work(session)` in it."""
    async def run():
        async with httpx.AsyncClient(headers=headers, timeout=60) as http:
            async with streamable_http_client(url, http_client=http) as (read, write, _):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await work(session)

    return asyncio.run(run())


def payload(result) -> object:
    assert not result.isError, result.content
    return json.loads(result.content[0].text)


def test_the_tools_are_listed_with_types_and_descriptions(mcp_url):
    tools = {t.name: t for t in session_run(mcp_url, lambda s: _tools(s))}
    assert set(tools) == TOOLS  # the page's own chat and upload events are not tools
    search = tools["search_papers"]
    assert "Find the conference papers" in search.description
    assert set(search.inputSchema["properties"]) == {"query", "k", "venue", "year"}
    assert search.inputSchema["properties"]["k"]["type"] == "integer"
    assert search.inputSchema["required"] == ["query"]
    assert set(tools["ask_papers"].inputSchema["properties"]) == {"question", "venue", "year"}
    assert set(tools["get_paper"].inputSchema["properties"]) == {"id"}


async def _tools(session):
    return (await session.list_tools()).tools


def test_each_tool_answers_through_the_sdk_client(mcp_url):
    async def work(session):
        hits = payload(await session.call_tool("search_papers", {"query": "video tokenizers", "k": 3,
                                                                  "venue": "ICLR", "year": 2026}))
        answer = payload(await session.call_tool("ask_papers", {"question": VEDA_QUESTION}))
        paper = payload(await session.call_tool("get_paper", {"id": answer["citations"][0]["id"]}))
        return hits, answer, paper

    hits, answer, paper = session_run(mcp_url, work)
    assert len(hits) == 3 and all(h["venue"] == "ICLR" and h["year"] == 2026 and h["id"] for h in hits)
    assert "[1]" in answer["text"] and "5.1×" in answer["text"]
    assert answer["citations"][0]["n"] == 1 and answer["citations"][0]["title"] == "Veda"
    assert paper["title"] == "Veda" and "5.1× end-to-end speedup" in paper["abstract"]


def test_a_bad_call_gets_the_reason(mcp_url):
    async def work(session):
        return await session.call_tool("get_paper", {"id": "no-such-paper"})

    result = session_run(mcp_url, work)
    assert result.isError and "no paper with id 'no-such-paper'" in result.content[0].text


def test_with_a_login_an_unauthenticated_mcp_call_is_refused(guarded_url):
    refused = httpx.post(guarded_url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                         headers={"Accept": "application/json, text/event-stream"})
    assert refused.status_code == 401 and "Authorization: Bearer" in refused.text
    with pytest.raises(Exception):  # the SDK client cannot even initialize
        session_run(guarded_url, _tools)
    with pytest.raises(Exception):
        session_run(guarded_url, _tools, headers={"Authorization": "Bearer wrong"})


def test_with_a_login_the_password_opens_the_mcp_server(guarded_url):
    async def work(session):
        return {t.name for t in await _tools(session)}, payload(
            await session.call_tool("ask_papers", {"question": VEDA_QUESTION}))

    names, answer = session_run(guarded_url, work, headers={"Authorization": "Bearer s3cret"})
    assert names == TOOLS and answer["citations"][0]["title"] == "Veda"


def test_paperchat_mcp_in_the_environment_turns_it_on(monkeypatch):
    monkeypatch.setenv("PAPERCHAT_MCP", "1")
    assert rag.Settings().serve.mcp is True
    assert launch_options(rag.Settings())["mcp_server"] is True
