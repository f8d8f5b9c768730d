"""`paperchat` command line: ingest, search, stats, ask, chat. Calls only the public `rag` functions."""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import sys
import textwrap

import rag
from rag.errors import PaperchatError
from rag.safety import json_controls, public_url, terminal_text
from rag.settings import Settings

VENUE_HELP = "only papers of this venue (name without the year, e.g. ICLR)"
YEAR_HELP = "only papers of this year, e.g. 2026"


def say(*parts, file=None, end: str = "\n", flush: bool = False) -> None:
    """print(), with paper and model text stripped of the control characters a terminal would obey."""
    print(terminal_text(" ".join(str(p) for p in parts)), file=file or sys.stdout, end=end, flush=flush)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return args.func(args, Settings())
    except ValueError as exc:
        say(f"error: {exc}", file=sys.stderr)
        return 2
    except PaperchatError as exc:
        say(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        say("interrupted", file=sys.stderr)
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paperchat", description="Cited answers about conference papers.")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("ingest", help="index paper lists (default: the paths the index was built from, at first "
                                      "the data folder); the paths given are remembered")
    p.add_argument("paths", nargs="*", help="paper lists (.txt, .jsonl, .json, .csv, .bib, .ris) or folders")
    p.add_argument("--venue", help="venue of .txt lists that have no '<VENUE> <YEAR>' header (with --year): "
                                   "they are added to the library with that header")
    p.add_argument("--year", type=int, help="year of .txt lists that have no header (with --venue)")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("repair", help="rebuild a damaged index from the paper lists (vectors from the embedding cache)")
    p.add_argument("paths", nargs="*", help="the paper lists to index (default: the paths the index was built from)")
    p.set_defaults(func=cmd_ingest, rebuild=True, venue=None, year=None)

    p = sub.add_parser("add", help="add one paper list to the library (as the page's upload does)")
    p.add_argument("file", help="the paper list (.txt, .jsonl, .json, .csv, .bib, .ris)")
    p.add_argument("--venue", help="venue, for a .txt list with no '<VENUE> <YEAR>' header")
    p.add_argument("--year", type=int, help="year, for a .txt list with no header")
    p.set_defaults(func=cmd_add)

    p = sub.add_parser("lists", help="the paper lists in the index: file, format, venues, papers, when added")
    p.set_defaults(func=cmd_lists)

    p = sub.add_parser("remove", help="remove an uploaded list (or a remembered path) and its papers from the index")
    p.add_argument("name", help="the list's file name, as 'paperchat lists' shows it (or a path given to ingest)")
    p.set_defaults(func=cmd_remove)

    p = sub.add_parser("search", help="find papers")
    p.add_argument("query", help="what to look for, in words")
    p.add_argument("-k", type=int, default=10, help="number of papers (default 10)")
    p.add_argument("--venue", help=VENUE_HELP)
    p.add_argument("--year", type=int, help=YEAR_HELP)
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("stats", help="papers per venue")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("ask", help="a short cited answer")
    p.add_argument("question", help="the question, in quotes")
    p.add_argument("--venue", help=VENUE_HELP)
    p.add_argument("--year", type=int, help=YEAR_HELP)
    p.add_argument("--json", action="store_true", help="print the answer and its citations as JSON")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("serve", help="the chat page (PAPERCHAT_HOST / PAPERCHAT_PORT, default 127.0.0.1:7860)")
    p.add_argument("--mcp", action="store_true",
                   help="also serve search_papers, ask_papers and get_paper to AI assistants as an MCP server "
                        "at /gradio_api/mcp/ (same as PAPERCHAT_MCP=1)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("chat", help="an interactive session; follow-up questions keep their context")
    p.add_argument("--venue", help=VENUE_HELP + ", for every question of the session")
    p.add_argument("--year", type=int, help=YEAR_HELP + ", for every question of the session")
    p.set_defaults(func=cmd_chat)
    return parser


def cmd_ingest(args, settings: Settings) -> int:
    imported = _import_headerless(args, settings) if (args.venue or args.year) else set()
    report = rag.ingest(args.paths or None, settings=settings, progress=sys.stderr.isatty(),
                        rebuild=getattr(args, "rebuild", False))
    for warning in report.warnings:
        if not any(warning.startswith(f"{name}: no '<VENUE> <YEAR>' header") for name in imported):
            say(f"warning: {warning}", file=sys.stderr)
    say(
        f"{report.papers} papers ({report.added} new, {report.removed} removed, {report.unchanged} unchanged), "
        f"{report.chunks} chunks, {report.chunks_embedded} embedded ({report.chunks_cached} from the embedding cache), "
        f"in {report.seconds:.1f} s"
    )
    return 0


def _import_headerless(args, settings: Settings) -> set[str]:
    """Headerless .txt lists among the paths, added to the library with the given venue and year."""
    from rag.corpus.formats.txt import header_of
    from rag.corpus.papers import iter_files
    from rag.serve.upload import add_papers

    if not (args.venue and args.year):
        raise ValueError("give both --venue and --year")
    imported = set()
    for path in iter_files(args.paths or [settings.index.data_dir], []):
        if path.suffix.lower() != ".txt" or header_of(path.read_text(encoding="utf-8", errors="replace")):
            continue
        imported.add(path.name)
        try:
            result = add_papers(path, settings, venue=args.venue, year=args.year)
            say(f"{path.name}: {result.message}", file=sys.stderr)
        except PaperchatError as exc:
            say(f"note: {exc}", file=sys.stderr)
    return imported


def cmd_add(args, settings: Settings) -> int:
    from rag.serve.upload import add_papers

    def waiting() -> None:
        say("another upload or removal is running; waiting for it to finish…", file=sys.stderr)

    result = add_papers(args.file, settings, venue=args.venue, year=args.year, on_wait=waiting)
    for warning in result.warnings:
        say(f"warning: {warning}", file=sys.stderr)
    say(result.message)
    return 0


def cmd_lists(args, settings: Settings) -> int:
    from rag.serve.library import paper_lists

    lists = paper_lists(settings)
    if not lists:
        say("no paper lists: 'paperchat ingest PATH' or 'paperchat add FILE' adds some")
        return 0
    say(f"{'file':<34}  {'format':<11}  {'venues':<22}  {'papers':>6}  {'added':<16}  uploaded")
    for item in lists:
        venues = textwrap.shorten(", ".join(item.venues) or "-", 22, placeholder="…")
        name = textwrap.shorten(item.name, 34, placeholder="…")
        say(f"{name:<34}  {item.format:<11}  {venues:<22}  {item.papers:>6}  {item.added_text:<16}  "
              f"{'yes' if item.uploaded else ''}")
    return 0


def cmd_remove(args, settings: Settings) -> int:
    from rag.serve.library import remove_list

    say(remove_list(args.name, settings).message)
    return 0


def cmd_search(args, settings: Settings) -> int:
    hits = rag.search(args.query, k=args.k, venue=args.venue, year=args.year, settings=settings)
    if not hits:
        say("no matching papers")
        return 0
    width = shutil.get_terminal_size((110, 20)).columns
    title_w = 34
    say(f"{'#':>2}  {'title':<{title_w}}  {'venue':<10}  {'score':>5}  snippet")
    for rank, hit in enumerate(hits, start=1):
        title = textwrap.shorten(hit.paper.title, title_w, placeholder="…")
        snippet_w = max(width - title_w - 28, 20)
        snippet = textwrap.shorten(hit.snippets[0] if hit.snippets else "", snippet_w, placeholder="…")
        say(f"{rank:>2}  {title:<{title_w}}  {hit.paper.venue_year:<10}  {hit.score:>5.2f}  {snippet}")
    return 0


def cmd_ask(args, settings: Settings) -> int:
    if args.json:
        answer = rag.ask(args.question, venue=args.venue, year=args.year, settings=settings)
        print(json_controls(json.dumps(answer.to_dict(), ensure_ascii=False, indent=1)))
        return 0
    say(f"[{_mode_line(settings)}]", file=sys.stderr)
    _load_model(settings)
    _print_answer(rag.ask_stream(args.question, venue=args.venue, year=args.year, settings=settings))
    return 0


def cmd_serve(args, settings: Settings) -> int:
    from ui.app import serve  # the page's own imports (Gradio) only for this command

    serve(settings.replace(mcp=True) if args.mcp else settings)
    return 0


def cmd_chat(args, settings: Settings) -> int:
    say(f"paperchat · {_mode_line(settings)} · empty line or Ctrl-D to quit", file=sys.stderr)
    _load_model(settings)
    history: list[dict] = []
    while True:
        try:
            question = input("> ").strip()
        except EOFError:
            return 0
        if not question:
            return 0
        answer = _print_answer(rag.ask_stream(question, history=history, venue=args.venue, year=args.year,
                                              settings=settings))
        history += [{"role": "user", "content": question}, {"role": "assistant", "content": answer.text}]


def _print_answer(stream):
    answer = None
    for piece in stream:
        if isinstance(piece, str):
            say(piece, end="", flush=True)
        else:
            answer = piece
    say()
    if answer.notice:
        say(f"note: {answer.notice}")
    for c in answer.citations:
        code = f" · code: {c.paper.code_links[0].url}" if c.paper.code_links else ""
        authors = f", {c.paper.short_authors}" if c.paper.authors else ""
        link = f" · {c.paper.url}" if c.paper.url else ""
        say(f"[{c.n}] {c.paper.title} ({c.paper.venue_year}{authors}){link}{code}")
    return answer


def _load_model(settings: Settings) -> None:
    """With PAPERCHAT_LLM_GGUF, load the model now, saying so (a missing or damaged file is said, not raised)."""
    if settings.llm.gguf:
        rag.warm_up(settings)


def _mode_line(settings: Settings) -> str:
    label = rag.llm_label(settings)
    if label and settings.llm.gguf:
        return f"{label} (llama.cpp on this machine)"
    if label:
        return f"{label} at {public_url(settings.llm.base_url)}"  # no user:key@ or ?api-key=
    return "extractive — no LLM configured (set OPENAI_API_KEY or OPENAI_BASE_URL for LLM answers)"


def cmd_stats(args, settings: Settings) -> int:
    stats = rag.stats(settings)
    for venue, years in stats.venues.items():
        for year, n in years.items():
            say(f"{venue:<14} {year or '':<5} {n:>6}")
    say(f"{'total':<20} {stats.papers:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
