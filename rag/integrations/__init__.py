"""Where other frameworks plug in: `rag.integrations.llama_index` (imported only when asked for, never by `import rag`)."""
