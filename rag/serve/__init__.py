"""The edges on the public API: the CLI, exports, feedback, uploads and example questions."""
