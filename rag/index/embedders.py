"""The embedder a `Settings` asks for, loaded once per process, behind the embedding cache when one is set."""

from __future__ import annotations

from rag.index.embed import E5Embedder, E5Passages, Embedder, OnnxEmbedder, OpenAIEmbedder
from rag.index.embedcache import CachedEmbedder, EmbedCache
from rag.settings import Settings

_DEFAULT: dict[tuple, Embedder] = {}
_CACHED: dict[tuple, Embedder] = {}


def get_embedder(settings: Settings) -> Embedder:
    """The embedder chosen in settings, loaded once per process, behind the embedding cache if one is set."""
    key = (settings.embedder_id, settings.index.embed_threads, settings.index.embed_batch_size)
    if settings.index.embedder == "multilingual":
        return _multilingual(settings, key)
    if key not in _DEFAULT:
        if settings.index.embedder == "openai":
            _DEFAULT[key] = OpenAIEmbedder(settings)
        else:
            _DEFAULT[key] = OnnxEmbedder(settings.index.embed_threads, settings.index.embed_batch_size)
    path = settings.embed_cache_path
    if path is None:
        return _DEFAULT[key]
    cached_key = key + (str(path.resolve()),)
    if cached_key not in _CACHED:
        _CACHED[cached_key] = CachedEmbedder(_DEFAULT[key], EmbedCache(path))
    return _CACHED[cached_key]


def _multilingual(settings: Settings, key: tuple) -> Embedder:
    """e5 embeds passages and queries with different prefixes: the cache goes around the passage side only."""
    path = settings.embed_cache_path
    cached_key = key + (str(path.resolve()) if path else "",)
    if cached_key not in _CACHED:
        passages = CachedEmbedder(E5Passages(), EmbedCache(path)) if path else E5Passages()
        _CACHED[cached_key] = E5Embedder(passages)
    return _CACHED[cached_key]
