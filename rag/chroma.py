"""Chroma glue: an embedding function that guarantees Chroma's own (downloading) default never runs."""

from __future__ import annotations

from typing import Any

from chromadb.api.types import Documents, EmbeddingFunction, Embeddings


class NoDownloadEmbeddingFunction(EmbeddingFunction[Documents]):
    """paperchat always passes vectors itself; this only stands in for Chroma's default model."""

    def __init__(self, embedder_id: str = "paperchat") -> None:
        self.embedder_id = embedder_id

    def __call__(self, input: Documents) -> Embeddings:
        raise RuntimeError(
            "paperchat passes embeddings explicitly; Chroma asked to embed text itself "
            f"({len(input)} documents), which would download a model"
        )

    @staticmethod
    def name() -> str:
        return "paperchat-no-download"

    def get_config(self) -> dict[str, Any]:
        return {"embedder_id": self.embedder_id}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> "NoDownloadEmbeddingFunction":
        return NoDownloadEmbeddingFunction(config.get("embedder_id", "paperchat"))
