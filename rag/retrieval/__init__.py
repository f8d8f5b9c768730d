"""Stage 3: hybrid retrieval over the index: dense and keyword candidates fused by paper id, with snippets."""
