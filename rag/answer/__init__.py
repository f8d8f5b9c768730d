"""Stage 4: from retrieved papers to an answer: understanding, evidence, extractive or LLM text, citations."""
