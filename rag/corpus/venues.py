"""The venues papers come from: the full names reference managers write, and the acronyms people filter on."""

from __future__ import annotations

# full name (lower case, as a reference manager writes it) → the acronym people filter on
KNOWN_VENUES = (
    ("international conference on machine learning", "ICML"),
    ("international conference on learning representations", "ICLR"),
    ("neural information processing systems", "NeurIPS"),
    ("computer vision and pattern recognition", "CVPR"),
    ("international conference on computer vision", "ICCV"),
    ("european conference on computer vision", "ECCV"),
    ("empirical methods in natural language processing", "EMNLP"),
    ("north american chapter of the association for computational linguistics", "NAACL"),
    ("association for computational linguistics", "ACL"),
    ("aaai conference on artificial intelligence", "AAAI"),
    ("international joint conference on artificial intelligence", "IJCAI"),
    ("transactions on machine learning research", "TMLR"),
    ("journal of machine learning research", "JMLR"),
    ("conference on robot learning", "CoRL"),
    ("knowledge discovery and data mining", "KDD"),
)

# acronyms a question may filter on, whether or not the collection holds them: those above, and other venues of
# the field that lists come from
VENUE_ACRONYMS = tuple(dict.fromkeys([short for _, short in KNOWN_VENUES] + [
    "NIPS", "COLT", "AISTATS", "UAI", "WACV", "BMVC", "SIGIR", "COLING", "EACL", "MICCAI", "ICRA", "IROS", "ICASSP",
    "INTERSPEECH", "SIGGRAPH", "TPAMI", "IJCV", "TACL", "JAIR"]))
