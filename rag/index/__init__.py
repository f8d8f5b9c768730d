"""Stage 2: papers become chunks in Chroma plus a BM25 keyword index, committed as one snapshot."""
