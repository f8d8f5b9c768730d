"""The page as a process: what `kill` (SIGTERM) leaves behind (issue 13)."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import httpx
import pytest

from eval.page import free_port, start_app

pytestmark = pytest.mark.slow  # starts the page as a process and kills it


def test_sigterm_removes_the_export_folder_and_gradios_uploads(index_copy, tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    port = free_port()
    page = start_app(index_copy, port, extra_env={"TMPDIR": str(temp)}, timeout=120)
    try:
        assert list(temp.glob("paperchat-exports-*")), "the page makes its export folder at start"
        sent = httpx.post(f"http://127.0.0.1:{port}/gradio_api/upload", timeout=10,
                          files={"files": ("list.txt", b"ICML 2026\n\nWe propose a model for a test upload here.\n")})
        uploaded = Path(sent.json()[0])
        assert uploaded.exists()
        page.send_signal(signal.SIGTERM)
        assert page.wait(timeout=30) is not None
    except subprocess.TimeoutExpired:
        page.kill()
        raise
    finally:
        if page.poll() is None:
            page.kill()
    assert not list(temp.glob("paperchat-exports-*")) and not uploaded.exists()
