"""Stage 1: paper lists (txt, jsonl, csv, ...) become `Paper` records: formats, text clean-up, titles, fingerprints."""
