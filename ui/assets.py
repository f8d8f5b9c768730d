"""The page's CSS and its one script (chat messages cannot carry scripts, so behaviour is attached document-wide)."""

from __future__ import annotations

CHAT_HEIGHT = 480  # px: the chat, and the sources panel beside it, which scrolls inside itself

CSS = f"""
.pc-src {{ border-left: 3px solid #999; padding: 0 .6em; margin-bottom: .8em; }}
.pc-src:target, .pc-src.pc-marked {{ border-left-color: #e8a200; background: rgba(232, 162, 0, .08); }}
#pc-sources {{ max-height: {CHAT_HEIGHT}px; overflow-y: auto !important; }}  /* Gradio sets overflow inline */
.pc-unsupported {{ opacity: .75; font-size: .9em; }}
.pc-copy {{ font-size: .8em; padding: .1em .6em; border: 1px solid #bbb; border-radius: 4px; cursor: pointer; }}
.pc-upload-error {{ color: #b00020; }}
"""

# Copy: navigator.clipboard exists only on https or localhost; elsewhere the textarea fallback copies.
# [n]: the card is scrolled to inside the sources panel (never the window, so the chat stays in view) and
# marked. An earlier answer's cards arrive after its select event's round trip, so the card is awaited.
PAGE_JS = """
if (!window.paperchatPage) {
  window.paperchatPage = true;
  const copy = async (button) => {
    const text = button.value;
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      const area = document.createElement('textarea');
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    button.textContent = 'Copied';
    setTimeout(() => { button.textContent = 'Copy'; }, 1500);
  };
  const showCard = (id, tries) => {
    const card = document.getElementById(id);
    const panel = document.getElementById('pc-sources');
    if (!card || !panel) {
      if (tries > 0) setTimeout(() => showCard(id, tries - 1), 100);
      return;
    }
    document.querySelectorAll('.pc-src.pc-marked').forEach((c) => c.classList.remove('pc-marked'));
    card.classList.add('pc-marked');
    panel.scrollTop += card.getBoundingClientRect().top - panel.getBoundingClientRect().top;
  };
  document.addEventListener('click', (event) => {
    const target = event.target.closest ? event.target : null;
    const button = target && target.closest('button.pc-copy');
    if (button) {
      event.preventDefault();
      copy(button);
      return;
    }
    const cite = target && target.closest('a.pc-cite');
    if (cite) {
      event.preventDefault();  // no jump of the whole window; the panel scrolls instead
      const id = cite.getAttribute('href').slice(1);
      history.replaceState(null, '', '#' + id);
      showCard(id, 50);
    }
  });
}
"""
