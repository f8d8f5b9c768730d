"""An ASGI middleware in front of the page: the checks a login-free local server needs against the network.

- Host header: only the bound address and its names (plus `PAPERCHAT_ALLOWED_HOSTS`) are served. A page on
  another site that re-points its own domain at 127.0.0.1 (DNS rebinding) sends its own name and is refused.
- Cross-origin state changes: a browser's POST (upload, queue join, login) or websocket from another origin is
  refused, by `Sec-Fetch-Site` or, when absent, by comparing `Origin` with `Host`. Clients that are not browsers
  (gradio_client, curl) send neither header and are served: they are not the confused deputy CSRF needs.
- Wrong passwords: after `free_tries` wrong logins from one address, each further try waits out a delay that
  doubles up to `max_delay` seconds (answered 429 with Retry-After meanwhile); a right password resets it.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.responses import PlainTextResponse

__all__ = ["GuardPolicy", "RequestGuard", "guard_middleware", "host_name"]

LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARDS = frozenset({"", "0.0.0.0", "::"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SAME_ORIGIN = frozenset({"same-origin", "none"})  # "none": typed in the address bar, a bookmark


@dataclass
class GuardPolicy:
    """What the guard allows: host names, and how wrong logins are slowed down."""

    bound: str = "127.0.0.1"
    allowed_hosts: tuple[str, ...] = ()
    free_tries: int = 5  # a person mistyping gets a few tries without any wait
    max_delay: float = 60.0  # past 10 failures every try waits a minute: about 60 guesses an hour
    window: float = 900.0  # failures older than this are forgotten
    _failures: dict[str, list[float]] = field(default_factory=dict)

    def names(self) -> frozenset[str]:
        extra = {h.strip().lower().rstrip(".") for h in self.allowed_hosts if h.strip()}
        names = LOCAL_NAMES | {self.bound.lower()} | extra
        if self.bound in WILDCARDS:  # every interface: the machine's own names too
            names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
        return frozenset(names)

    def host_allowed(self, host: str | None) -> bool:
        if host is None or "*" in self.allowed_hosts:
            return True  # HTTP/1.0 without Host is not a browser
        name = host_name(host)
        if name in self.names():
            return True
        # bound to every interface, an IP literal is fine: rebinding needs a domain name
        return self.bound in WILDCARDS and _is_ip(name)

    def login_wait(self, client: str, now: float) -> float:
        """Seconds `client` must still wait before its next login try (0: go ahead)."""
        recent = [t for t in self._failures.get(client, []) if now - t < self.window]
        self._failures[client] = recent
        over = len(recent) - self.free_tries
        if over < 0:
            return 0.0
        delay = min(2.0 ** over, self.max_delay)
        return max(recent[-1] + delay - now, 0.0)

    def record_login(self, client: str, ok: bool, now: float) -> None:
        if ok:
            self._failures.pop(client, None)
        else:
            self._failures.setdefault(client, []).append(now)


def host_name(host: str) -> str:
    """`Host` header → lower-case name without port or brackets: "[::1]:7860" → "::1"."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.split(":")[0]
    return host.rstrip(".")


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _cross_origin(headers: Headers) -> bool:
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site not in SAME_ORIGIN
    origin = headers.get("origin")
    if origin is None:
        return False
    parts = urlsplit(origin)
    return not parts.netloc or parts.netloc.lower() != (headers.get("host") or "").lower()


class RequestGuard:
    """Pure ASGI middleware (works for HTTP, streaming responses and websockets alike)."""

    def __init__(self, app, policy: GuardPolicy):
        self.app = app
        self.policy = policy

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        if not self.policy.host_allowed(headers.get("host")):
            return await self._refuse(scope, receive, send, 403, (
                f"paperchat does not serve the host name {host_name(headers['host'])!r}; to allow it, add it to "
                "PAPERCHAT_ALLOWED_HOSTS (comma-separated)."))
        method = scope.get("method", "GET")
        if (scope["type"] == "websocket" or method not in SAFE_METHODS) and _cross_origin(headers):
            return await self._refuse(scope, receive, send, 403, (
                "paperchat refuses requests that change something when they come from another site's page; "
                "open the page itself to use it."))
        if method == "POST" and scope["path"].rstrip("/").endswith("/login"):
            return await self._login(scope, receive, send)
        return await self.app(scope, receive, send)

    async def _login(self, scope, receive, send):
        client = (scope.get("client") or ("?", 0))[0]
        wait = self.policy.login_wait(client, time.monotonic())
        if wait > 0:
            return await self._refuse(scope, receive, send, 429, (
                f"Too many wrong passwords from this address; try again in {wait:.0f} s."),
                {"Retry-After": str(max(int(wait + 0.999), 1))})
        status = {}

        async def watch(message):
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
            await send(message)

        await self.app(scope, receive, watch)
        code = status.get("code", 500)
        if code < 500:  # a server error says nothing about the password
            self.policy.record_login(client, ok=code < 400, now=time.monotonic())

    async def _refuse(self, scope, receive, send, status: int, text: str, headers: dict | None = None):
        if scope["type"] == "websocket":
            return await send({"type": "websocket.close", "code": 1008, "reason": text[:120]})
        await PlainTextResponse(text, status_code=status, headers=headers)(scope, receive, send)


def guard_middleware(policy: GuardPolicy) -> Middleware:
    """The guard as a Starlette `Middleware`, for `launch(app_kwargs={"middleware": [...]})`."""
    return Middleware(RequestGuard, policy=policy)
