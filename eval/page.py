"""The chat page as a subprocess, for eval/bench.py (cold start) and eval/load.py (clients through its API)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from rag.settings import Settings

from .datasets import ROOT

STARTUP_SECONDS = 600  # a 100k-paper index loads its snapshot and Chroma before the page listens


def clean_env() -> dict[str, str]:
    """This environment without the shell's paperchat settings, keys or endpoints: runs use their own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "PAPERCHAT_"))}
    env["PYTHONPATH"] = str(ROOT)
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_app(settings: Settings, port: int, log: Path | None = None, extra_env: dict[str, str] | None = None,
              timeout: float = STARTUP_SECONDS, poll: float = 0.1) -> subprocess.Popen:
    """`python -m ui.app` on 127.0.0.1:`port` serving `settings`' index; returns once the page answers."""
    env = clean_env()
    env.update(PAPERCHAT_HOST="127.0.0.1", PAPERCHAT_PORT=str(port), PAPERCHAT_INDEX_DIR=str(settings.index.index_dir),
               PAPERCHAT_DATA_DIR=str(settings.index.data_dir))
    if settings.index.embed_cache is not None:
        env["PAPERCHAT_EMBED_CACHE"] = settings.index.embed_cache
    env.update(extra_env or {})
    out = open(log, "w") if log else subprocess.DEVNULL
    try:
        app = subprocess.Popen([sys.executable, "-m", "ui.app"], cwd=ROOT, env=env, stdout=out,
                               stderr=subprocess.STDOUT)
    finally:
        if log:
            out.close()
    deadline = time.monotonic() + timeout
    while not _answers(f"http://127.0.0.1:{port}/"):
        if app.poll() is not None or time.monotonic() > deadline:
            stop_app(app)
            tail = f"; its log ({log}):\n{log.read_text(errors='replace')[-3000:]}" if log else ""
            raise RuntimeError(f"ui.app did not answer on port {port} (exit code {app.returncode}){tail}")
        time.sleep(poll)
    return app


def stop_app(app: subprocess.Popen) -> None:
    app.terminate()
    try:
        app.wait(timeout=15)
    except subprocess.TimeoutExpired:
        app.kill()
        app.wait()


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def app_cpu_seconds(app) -> float | None:
    """User + system CPU seconds the app process (anything with its `pid`) has used, None off Linux: the
    figure other jobs' load inflates least, where wall times on a shared machine grow with every process."""
    try:
        fields = open(f"/proc/{app.pid}/stat").read().rpartition(")")[2].split()
    except (AttributeError, OSError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
