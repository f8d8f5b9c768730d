"""Write rag/assets/english-zipf.tsv: how common each word stem is in general English (`make tune` runs it).

The abstention model (rag/answer/abstain.py) weighs a question's words by how specific they are in general
English: a near-topic question's key word ("deepfake", Zipf 1.5) against a paraphrase's everyday one ("apart",
4.8). The frequencies come from wordfreq (code Apache-2.0, data CC BY-SA 4.0, see rag/assets/NOTICE.md), read
here once, so paperchat itself neither depends on it nor holds its 320,000-word table in memory (90 MB while
loading): the shipped table keeps each stem (the Snowball stemmer the index uses) of a word at Zipf >= FLOOR,
with its most frequent word's Zipf rounded to 0.1.
"""

from __future__ import annotations

import sys
from importlib.metadata import version
from pathlib import Path

import rag
from rag.corpus.terms import stemmer

# words rarer than this (under 100 uses per billion words) are all "very specific": the table leaves them out
# and abstain.py gives them abstain.ZIPF_ABSENT; 60,000 stems, about 600 KB
FLOOR = 2.0
PATH = Path(rag.__file__).resolve().parent / "assets" / "english-zipf.tsv"


def table() -> dict[str, float]:
    """{stem: Zipf} of every alphabetic English word at FLOOR or above (wordfreq's "en" list)."""
    from wordfreq import get_frequency_list

    out: dict[str, float] = {}
    for bucket, words in enumerate(get_frequency_list("en")):  # bucket i holds words at 10^(-i/100) per word
        zipf = round(9.0 - bucket / 100, 1)
        if zipf < FLOOR:
            break
        words = [w for w in words if w.isalpha()]
        for stem in stemmer().stemWords(words):
            out.setdefault(stem, zipf)  # buckets go from frequent to rare: the first seen is the stem's most
    return out


def main() -> int:
    rows = table()
    header = (f"# stem\tZipf (log10 uses per billion words) of its most frequent English word; from wordfreq "
              f"{version('wordfreq')} by eval/specificity.py, data CC BY-SA 4.0\n")
    PATH.write_text(header + "".join(f"{s}\t{z:.1f}\n" for s, z in sorted(rows.items())), encoding="utf-8")
    print(f"{len(rows)} stems -> {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
