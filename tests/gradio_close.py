"""Closing a Gradio page that a test launched, without the race gradio's own `close()` has."""
from __future__ import annotations

import gradio as gr


def close(app: gr.Blocks) -> None:
    """Close `app` and free its port, even when gradio's close trips over its own heartbeat.

    `Blocks.close()` sets an `asyncio.Event` from the test's thread, not from the server's event loop. If a page's
    heartbeat starts waiting on that event at the same instant, `Event.set()` raises "deque mutated during
    iteration" (gradio 6.31, seen once in CI on the ten-sessions load test) and the server is never closed. By then
    the event is set and the page marked stopped, so only the rest of `close()` is left to do.
    """
    try:
        app.close(verbose=False)
    except RuntimeError:
        if app.server:
            app.server.close()
        app.app.startup_events_triggered = False
