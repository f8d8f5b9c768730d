"""The titles paperchat derives for the shipped abstracts (which give none), for review: eval/results/titles.md.

    python -m eval.titles

Each row says how the title was found: the method the abstract introduces (a coined name, with its
expansion or appositive), a short first sentence, or a key phrase chosen with the embedder.
"""

from __future__ import annotations

import re
from pathlib import Path

from rag.api import title_scorer
from rag.corpus.keyphrases import using_scorer
from rag.corpus.papers import load_papers
from rag.settings import PROJECT_ROOT, Settings

OUT = PROJECT_ROOT / "eval" / "results" / "titles.md"


def how(title: str, text: str) -> str:
    if ": " in title:
        return "name + expansion/appositive"
    if re.fullmatch(r"\S+", title):
        return "name"
    if text.startswith(title + "."):
        return "short first sentence"
    return "key phrase"


def main() -> None:
    settings = Settings()
    with using_scorer(title_scorer(settings)):
        papers = load_papers([settings.index.data_dir]).papers
    kinds = [how(p.title, p.text) for p in papers]
    lines = ["# Derived titles of the shipped abstracts", "",
             f"{len(papers)} papers from `data/`, none of which has a title in its list. Made by `python -m "
             "eval.titles` (`rag.corpus.titles.derive_title` with the local embedder scoring key phrases).", "",
             "| how | count |", "|---|---|"]
    lines += [f"| {k} | {kinds.count(k)} |" for k in sorted(set(kinds))]
    lines += ["", "| list#paragraph | id | title | how | abstract opens |", "|---|---|---|---|---|"]
    for paper, kind in zip(papers, kinds):
        opening = " ".join(paper.text.split()[:12]).replace("|", "\\|")
        title = paper.title.replace("|", "\\|")
        lines.append(f"| {Path(paper.source).stem[:3]}#{paper.position} | `{paper.id}` | {title} | {kind} | "
                     f"{opening} … |")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(papers)} titles)")


if __name__ == "__main__":
    main()
