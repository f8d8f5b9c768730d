"""The fixtures index a copy of ../shared/corpus, so what a user keeps in the checkout's data/ never changes a test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from conftest import CORPUS_DIR, PROJECT_ROOT, find_corpus

UPLOADED = ("NeurIPS 2025 Papers\n\nWe introduce MothLight, a photonic accelerator that runs sparse attention "
            "with optical interference, cutting energy per token by 40x on long-context language models.\n")

# Runs in a pretend checkout: its tests/ hold the fixtures and this probe; its data/ has the user's upload.
PROBE = '''
import rag

def test_the_shared_index_holds_the_shipped_corpus_alone(built_settings):
    stats = rag.stats(built_settings)
    assert stats.papers == 70 and set(stats.venues) == {"ICML", "ICLR"}
'''


@pytest.mark.parametrize("layout, found", [
    (["shared/corpus", "repo"], "shared/corpus"),  # CI: shared/ beside the clone
    (["shared/corpus", "wt/repo"], "shared/corpus"),  # a git worktree one folder further down
    (["repo/shared/corpus", "shared/corpus", "repo"], "shared/corpus"),  # beside the checkout, not inside it
])
def test_the_corpus_is_found_beside_the_checkout_or_a_folder_above(tmp_path, layout, found):
    for folder in layout:
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    assert find_corpus(tmp_path / layout[-1]) == tmp_path / found


def test_no_corpus_anywhere_is_a_clear_error(tmp_path):
    with pytest.raises(RuntimeError, match="no shared/corpus beside .* the tests index a copy of it"):
        find_corpus(tmp_path / "a" / "repo")


def test_the_corpus_is_not_the_checkouts_data_folder():
    assert PROJECT_ROOT not in CORPUS_DIR.resolve().parents
    assert sorted(p.name for p in CORPUS_DIR.glob("*.txt")) == sorted(
        p.name for p in (PROJECT_ROOT / "data" / "papers").glob("*.txt"))  # the same four lists data/ ships


@pytest.mark.slow
def test_a_paper_list_uploaded_into_data_changes_no_fixture(tmp_path):
    checkout, shared = tmp_path / "checkout", tmp_path / "shared"
    (checkout / "tests").mkdir(parents=True)
    for helper in (PROJECT_ROOT / "tests").glob("*.py"):  # conftest.py and the modules it imports, no tests
        if not helper.name.startswith("test_"):
            shutil.copy(helper, checkout / "tests")
    (checkout / "tests" / "test_probe.py").write_text(PROBE, encoding="utf-8")
    shutil.copytree(PROJECT_ROOT / "data", checkout / "data")
    (checkout / "data" / "uploads").mkdir()
    (checkout / "data" / "uploads" / "neurips.txt").write_text(UPLOADED, encoding="utf-8")  # as the page keeps it
    shared.mkdir()
    (shared / "corpus").symlink_to(CORPUS_DIR, target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAPERCHAT_")}
    env["PYTHONPATH"] = str(PROJECT_ROOT)  # this checkout's rag/, imported by the probe

    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_probe.py"],
                         cwd=checkout, env=env, capture_output=True, text=True, timeout=240)

    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "1 passed" in run.stdout
