"""The request guard in front of the page (issue 13, network hardening), with real HTTP against a launched page."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import httpx
import pytest
from gradio_close import close

import ui.guard
from ui.app import build_app, launch_options
from ui.guard import GuardPolicy, host_name

ATTACKER_ORIGIN = "http://127.0.0.1:9"  # another port is another origin, though Sec-Fetch-Site says "same-site"


@pytest.mark.parametrize("bound, allowed, host, served", [
    ("127.0.0.1", (), "127.0.0.1:7860", True),
    ("127.0.0.1", (), "localhost:7860", True),
    ("127.0.0.1", (), "[::1]:7860", True),
    ("127.0.0.1", (), "evil.example", False),
    ("127.0.0.1", (), "evil.example:7860", False),
    ("127.0.0.1", (), "127.0.0.1.nip.io", False),
    ("127.0.0.1", (), "10.0.0.5:7860", False),  # bound to loopback, another address is not us
    ("127.0.0.1", ("paper.example",), "Paper.Example.:443", True),
    ("127.0.0.1", ("*",), "anything.example", True),
    ("0.0.0.0", (), "192.168.1.20:7860", True),  # every interface: an IP literal cannot be rebound
    ("0.0.0.0", (), "evil.example", False),
    ("0.0.0.0", ("chat.lan",), "chat.lan:7860", True),
    ("127.0.0.1", (), None, True),  # HTTP/1.0 without Host: not a browser
])
def test_the_host_header_must_name_this_server(bound, allowed, host, served):
    assert GuardPolicy(bound=bound, allowed_hosts=allowed).host_allowed(host) is served


@pytest.mark.parametrize("host, name", [("[::1]:7860", "::1"), ("LOCALHOST:1", "localhost"), ("a.b.", "a.b")])
def test_host_name(host, name):
    assert host_name(host) == name


def test_wrong_logins_wait_longer_and_longer_and_a_right_one_resets():
    policy = GuardPolicy(free_tries=2, max_delay=8)
    for t in (0, 1):
        assert policy.login_wait("a", t) == 0
        policy.record_login("a", ok=False, now=t)
    assert policy.login_wait("a", 1.5) == pytest.approx(0.5)  # third failure-in-a-row waits 1 s
    policy.record_login("a", ok=False, now=2)
    assert policy.login_wait("a", 2) == pytest.approx(2)
    assert policy.login_wait("b", 2) == 0  # per address
    policy.record_login("a", ok=True, now=5)
    assert policy.login_wait("a", 5) == 0


@pytest.fixture
def page(index_copy):
    app = build_app(index_copy)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(index_copy))
    yield app
    close(app)


@pytest.fixture
def login_page(index_copy):
    settings = index_copy.replace(auth="alice:s3cret")
    app = build_app(settings)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True,
               **launch_options(settings))
    yield app
    close(app)


def _upload(url: str, **headers) -> httpx.Response:
    files = {"files": ("evil.txt", b"ICML 2026\n\nWe propose EvilNet, a model uploaded from another site.\n")}
    return httpx.post(f"{url}gradio_api/upload", files=files, headers=headers, timeout=10)


def test_a_rebinding_host_name_is_refused_and_says_how_to_allow_it(page):
    assert httpx.get(page.local_url, timeout=10).status_code == 200
    refused = httpx.get(page.local_url, headers={"Host": "evil.example"}, timeout=10)
    assert refused.status_code == 403 and "PAPERCHAT_ALLOWED_HOSTS" in refused.text
    api = httpx.get(f"{page.local_url}gradio_api/info", headers={"Host": "evil.example:7860"}, timeout=10)
    assert api.status_code == 403


def test_a_cross_origin_upload_is_refused_and_a_same_origin_one_is_served(page):
    origin = page.local_url.rstrip("/")
    assert _upload(page.local_url, Origin=ATTACKER_ORIGIN).status_code == 403
    assert _upload(page.local_url, **{"Sec-Fetch-Site": "same-site", "Origin": ATTACKER_ORIGIN}).status_code == 403
    assert _upload(page.local_url, Origin="null").status_code == 403
    assert _upload(page.local_url, Origin=origin, **{"Sec-Fetch-Site": "same-origin"}).status_code == 200
    assert _upload(page.local_url).status_code == 200  # gradio_client and curl send no Origin


def test_a_cross_origin_answer_request_is_refused(page):
    join = httpx.post(f"{page.local_url}gradio_api/call/search", json={"data": ["video", None, None, 3]},
                      headers={"Origin": ATTACKER_ORIGIN}, timeout=10)
    assert join.status_code == 403


def test_the_upload_cache_is_cleaned(page):
    uploaded = _upload(page.local_url)
    path = Path(uploaded.json()[0])
    assert path.exists()
    page.close()  # with delete_cache set, Gradio removes its files when the server stops (and hourly)
    assert not path.exists()


def test_wrong_passwords_are_slowed_down(login_page, monkeypatch):
    # the guard's clock stands still unless the test moves it: on a loaded machine ten requests can take longer
    # than the first one-second wait, and a real clock then let the right password through early
    clock = [1000.0]
    monkeypatch.setattr(ui.guard, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    url = f"{login_page.local_url}login"
    wrong = {"username": "alice", "password": "guess"}
    codes = [httpx.post(url, data=wrong, timeout=10).status_code for _ in range(10)]
    assert codes[:5] == [400] * 5 and set(codes[5:]) == {429}  # five free tries, then a wait
    limited = httpx.post(url, data={"username": "alice", "password": "s3cret"}, timeout=10)
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
    clock[0] += 1.1
    assert httpx.post(url, data={"username": "alice", "password": "s3cret"}, timeout=10).status_code == 200
