"""A real `chroma run` on 127.0.0.1 for tests: started, stopped and restarted on the same path and port."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

STARTUP_SECONDS = 60  # a cold `chroma run` on a busy 2-core box takes a few seconds; this is a hang, not a start


def chroma_executable() -> str | None:
    beside_python = Path(sys.executable).parent / "chroma"
    return str(beside_python) if beside_python.exists() else shutil.which("chroma")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ChromaServer:
    """`chroma run --path <root>/db` on one port, kept across restarts so clients can reconnect to it."""

    def __init__(self, root: Path, port: int | None = None, executable: str | None = None):
        self.root = root
        self.port = port or free_port()
        self.executable = executable or chroma_executable()
        if self.executable is None:
            raise FileNotFoundError("the `chroma` server executable (from chromadb) is not beside Python nor on PATH")
        self.url = f"http://127.0.0.1:{self.port}"
        self._process: subprocess.Popen | None = None
        self._log = None

    def start(self) -> "ChromaServer":
        """Start the server and wait until its heartbeat answers."""
        self.root.mkdir(parents=True, exist_ok=True)
        self._log = open(self.root / "server.log", "a")
        command = [self.executable, "run", "--path", str(self.root / "db"), "--host", "127.0.0.1",
                   "--port", str(self.port)]
        self._process = subprocess.Popen(command, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + STARTUP_SECONDS
        while not self.answers():
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"chroma run did not come up on {self.url}:\n{self.log_tail()}")
            time.sleep(0.2)
        return self

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/api/v2/heartbeat", timeout=1) as response:
                return response.status == 200
        except OSError:
            return False

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 10 s); its data stays under `root`."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._process = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_tail(self, chars: int = 3000) -> str:
        path = self.root / "server.log"
        return path.read_text(errors="replace")[-chars:] if path.exists() else "(no log)"

    def __enter__(self) -> "ChromaServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
