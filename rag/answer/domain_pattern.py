"""A domain a question may name: the words that name it in a question and those that hold it in an abstract (the word
lists are domain_words.py's and task_words.py's)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Domain:
    name: str
    asked: re.Pattern  # the question names the domain
    held: re.Pattern  # an abstract works in it
    # every way `asked` has of naming the domain names the same one thing ("egocentric", "Ego4D", "first-person"),
    # so a paper writing any of them is on a list of it, whichever the question used (topical.domain_list); not so
    # for an umbrella ("3D": a mesh paper is no answer to "3D Gaussian splatting")
    synonyms: bool = False
    # an abstract in the domain always says so in `held`'s words, so even as the collection's own subject it tells a
    # paper off it apart: video (videos, frames, clips, footage) in the ML lists, where "distilling video LLMs" was
    # answered from a text-only paper (dev a471, x6061, x7024, z9055; nothing lost). Not medicine in PubMedQA, whose
    # abstracts say "cohort" or "subjects": checking every staple lost SciFact tune 0.710 -> 0.701, PubMedQA tune
    # 0.980 -> 0.978 (session 21)
    plainly_said: bool = False
    # a question that also says this is not asking the domain of its papers: it sets one against the other
    unless: re.Pattern | None = None
    # a list asking it keeps every paper retrieved that writes it in `asked`'s words and holds this share of the words
    # of the rest of its topic ("streaming video understanding": topical.domain_list); None: no such list
    keeps_all: float | None = None
    # ... the words a paper must write to be so kept (None: `asked`'s): its papers' own ("question-relevant intervals")
    keeps: re.Pattern | None = None
    # asked of lists only: a fact question naming the words asks of its paper, which need not write them
    lists_only: bool = False

    @property
    def kept_by(self) -> re.Pattern:
        """What a paper writes to be kept on a list of the domain: `keeps`, else `asked`'s words."""
        return self.keeps or self.asked


def make_domain(name: str, asked: str, held: str = "", synonyms: bool = False, plainly_said: bool = False,
            unless: str = "", keeps_all: float | None = None, lists_only: bool = False, keeps: str = "") -> Domain:
    asked, held, keeps = hyphen_or_space(asked), hyphen_or_space(held), hyphen_or_space(keeps)
    return Domain(name, re.compile(asked, re.I), re.compile(f"{asked}|{held}" if held else asked, re.I), synonyms,
                  plainly_said, re.compile(unless, re.I) if unless else None, keeps_all,
                  re.compile(keeps, re.I) if keeps else None, lists_only)


def hyphen_or_space(pattern: str) -> str:
    """The pattern with each space between words (outside a character class) matching a hyphen as well: people
    write "sign-language skeletons" and "scene-graph generation" as often as the open compound (AZ az058 was answered
    from a skeleton paper: "sign language" did not match "sign-language")."""
    out, in_class, escaped = [], False, False
    for char in pattern:
        if escaped:
            out.append(char)
            escaped = False
            continue
        if char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        out.append("[- ]" if char == " " and not in_class else char)
    return "".join(out)
