"""The page's tools as an MCP server (Gradio's, at /gradio_api/mcp/), behind the page's login when it has one.

Gradio serves its MCP endpoint outside the login it puts on the page, so with `PAPERCHAT_AUTH=user:password`
every MCP request must carry `Authorization: Bearer <password>` (or HTTP Basic `user:password`); others get 401.
"""

from __future__ import annotations

import base64
import hmac
import json

from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["mcp_options", "McpGuard", "MCP_PATH"]

MCP_PATH = "/gradio_api/mcp"


def mcp_options(enabled: bool, auth: tuple[str, str] | None) -> tuple[bool, list[Middleware]]:
    """Gradio's MCP server on or off (never from Gradio's own env switch), and the middleware guarding it."""
    return enabled, [Middleware(McpGuard, credentials=auth)] if enabled and auth else []


class McpGuard:
    """ASGI middleware: MCP requests without the page's credentials are refused with 401."""

    def __init__(self, app: ASGIApp, credentials: tuple[str, str]):
        self.app = app
        user, password = credentials
        self.accepted = (f"Bearer {password}".encode(),
                         b"Basic " + base64.b64encode(f"{user}:{password}".encode()))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path", "").startswith(MCP_PATH) and not self._allowed(scope):
            body = json.dumps({"error": "paperchat's MCP server needs the page's login: send "
                                        "'Authorization: Bearer <password>' (the password of PAPERCHAT_AUTH)"}).encode()
            await send({"type": "http.response.start", "status": 401,
                        "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    def _allowed(self, scope: Scope) -> bool:
        given = dict(scope.get("headers", [])).get(b"authorization", b"")
        return any(hmac.compare_digest(given, accepted) for accepted in self.accepted)
