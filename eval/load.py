"""Load test of the running page: C concurrent `gradio_client` sessions, each asking Q questions through `/ask`.

`python -m eval.load` starts the app (`python -m ui.app`, a process of its own, on a free 127.0.0.1 port) on
the shipped papers, asks every question once alone (the reference answers), then runs 10 clients × 10
questions and 20 clients × 25; then 20 × 25 again with an LLM configured: a local OpenAI-compatible stub
(tests/fake_openai.py) that streams each answer over `--llm-latency` seconds, as a model server would.
It writes eval/results/load.md and load.json. `--clients 10 --questions 10` runs one size.
`--misbehaving N` adds the run of issue 13: the same stub, but N of the clients ask questions it answers with a
never-ending one-character drip; the page bounds each answer (PAPERCHAT_LLM_ANSWER_TIMEOUT), and the other
clients' p95 is compared with the same run where no question misbehaves.

Questions are the dev questions of eval/questions/dev.jsonl answered with a gold paper cited. Every answer is checked: no error, text, at least
one citation, the gold paper cited when the question has one, and (extractive) the same answer as alone:
concurrent requests must not change what a question gets.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

import rag
from rag.settings import Settings

from .datasets import ANSWERED, ROOT, retrieval_questions
from .metrics import percentile
from .page import app_cpu_seconds, free_port, start_app, stop_app
from .run import CACHE, RESULTS

SIZES = ((10, 10), (20, 25))  # (clients, questions each): issue 4's 10 sessions, issue 5's 20 × 25


@dataclass(frozen=True)
class Question:
    text: str
    venue: str | None
    year: int | None
    gold: str | None  # the one paper that answers it, when exactly one does


@dataclass
class Outcome:
    """One `/ask` request as the client saw it."""

    question: Question
    seconds: float
    answer: dict | None = None
    error: str = ""

    @property
    def cited(self) -> list[str]:
        return [c["id"] for c in (self.answer or {}).get("citations", [])]


@dataclass
class Run:
    clients: int
    questions: int
    mode: str = "extractive"
    seconds: float = 0.0
    outcomes: list[Outcome] = field(default_factory=list)


def questions() -> list[Question]:
    """The in-scope questions of our own set, with their filters."""
    return [Question(q["question"], q.get("venue"), q.get("year"), q["gold"][0] if len(q["gold"]) == 1 else None)
            for q in retrieval_questions("dev", ANSWERED)]


# ---------------------------------------------------------------- the app under load

class AppUrl(str):
    """The running app's URL, with its process id: its CPU time is read from /proc."""

    pid: int = 0


@contextmanager
def serving(settings: Settings, extra_env: dict[str, str] | None = None) -> Iterator[AppUrl]:
    """The app's URL while it runs."""
    port = free_port()
    app = start_app(settings, port, CACHE / "load-app.log", extra_env)
    url = AppUrl(f"http://127.0.0.1:{port}/")
    url.pid = app.pid
    try:
        yield url
    finally:
        stop_app(app)


def measured(url: str, call) -> dict:
    """`call()`'s summary row, with the app's CPU time per answer and the load average before and after."""
    cpu, load = app_cpu_seconds(url), os.getloadavg()[0]
    row = call()
    after = app_cpu_seconds(url)
    row["app_cpu_ms_per_answer"] = 1000 * (after - cpu) / max(row["requests"], 1) if cpu is not None else None
    row["load_avg"] = [load, os.getloadavg()[0]]
    return row


@contextmanager
def stub_llm(latency: float) -> Iterator[str]:
    """An OpenAI-compatible endpoint on 127.0.0.1 streaming a cited answer over `latency` seconds."""
    sys.path.insert(0, str(ROOT / "tests"))  # the test suite's scripted server: no model, no network
    from fake_openai import FakeOpenAI, Reply

    text = "The first source answers this question directly [1]."
    with FakeOpenAI() as fake:
        fake.default = Reply(text, chunk=len(text) // 5 + 1, delay=latency / 5)  # five pieces
        yield fake.url


@contextmanager
def misbehaving_llm(latency: float, bad: set[str]) -> Iterator[str]:
    """The stub, except that questions in `bad` get a reply that drips one character every 50 ms, forever."""
    sys.path.insert(0, str(ROOT / "tests"))
    from fake_openai import FakeOpenAI, Reply

    text = "The first source answers this question directly [1]."
    drip = Reply("drip " * 200_000, chunk=1, delay=0.05)  # never silent, never done: only the page's bounds end it

    def route(body: dict):
        asked = (body.get("messages") or [{}])[-1].get("content", "")
        return drip if any(f"Question: {q}" in asked for q in bad) else None

    with FakeOpenAI() as fake:
        fake.default = Reply(text, chunk=len(text) // 5 + 1, delay=latency / 5)
        fake.route = route
        yield fake.url


def misbehaving_runs(settings: Settings, pool: list[Question], clients: int, per_client: int, bad_clients: int,
                     latency: float, answer_timeout: float) -> list[dict]:
    """Normal clients' latency with and without `bad_clients` clients whose every answer drips forever."""
    bad = pool[:per_client * bad_clients]
    good = pool[per_client * bad_clients:]
    env = {"PAPERCHAT_LLM_ANSWER_TIMEOUT": f"{answer_timeout:g}", "PAPERCHAT_LLM_MODEL": "stub"}
    rows = []
    drip = f"{bad_clients} of {clients} clients get a never-ending drip"
    # normal, drip, normal again: the machine's load drifts, so the drip run is compared with both around it
    for label, n_bad in (("all normal", 0), (drip, bad_clients), ("all normal, again", 0)):
        with misbehaving_llm(latency, {q.text for q in bad} if n_bad else set()) as url, \
                serving(settings, {**env, "OPENAI_BASE_URL": url}) as app:
            run = run_mixed(app, good, bad, clients, per_client, n_bad)
        normal = [o for o in run.outcomes if o.question in good]
        seconds = [o.seconds for o in normal]
        slow = [o for o in run.outcomes if o.question not in good]
        rows.append({"label": label, "normal_answers": len(normal), "normal_p50": percentile(seconds, 50),
                     "normal_p95": percentile(seconds, 95), "normal_errors": sum(bool(o.error) for o in normal),
                     "drip_answers": len(slow), "drip_max": max((o.seconds for o in slow), default=0.0),
                     "drip_cut": sum("cut short" in (o.answer or {}).get("notice", "") for o in slow)})
    return rows


def run_mixed(url: str, good: list[Question], bad: list[Question], clients: int, per_client: int,
              n_bad: int) -> Run:
    """`clients` sessions; the first `n_bad` ask the misbehaving questions, the others normal ones."""
    run = Run(clients, per_client, "mixed")

    def questions(i: int) -> list[Question]:
        source, j0 = (bad, i * per_client) if i < n_bad else (good, (i - n_bad) * per_client)
        return [source[(j0 + j) % len(source)] for j in range(per_client)]

    drive(url, [questions(i) for i in range(clients)], run)
    return run


def misbehaving_markdown(rows: list[dict], clients: int, per_client: int, timeout: float) -> str:
    base, bad = (rows[0]["normal_p95"] + rows[2]["normal_p95"]) / 2, rows[1]["normal_p95"]
    lines = ["", f"## One misbehaving endpoint among normal traffic ({clients} clients × {per_client} questions, "
             f"PAPERCHAT_LLM_ANSWER_TIMEOUT={timeout:g})", "",
             "| run | normal answers | normal p50 | normal p95 | normal errors | drip answers | drip longest | drips cut |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['label']} | {r['normal_answers']} | {1000 * r['normal_p50']:.0f} ms | "
                     f"{1000 * r['normal_p95']:.0f} ms | {r['normal_errors']} | {r['drip_answers']} | "
                     f"{r['drip_max']:.1f} s | {r['drip_cut']} |")
    lines += ["", f"Normal clients' p95 with the drip / the mean of the runs without: **{bad / base:.2f}×** (target ≤ 2×). "
              "Each dripping answer is cut at the answer deadline, keeps its text and says so in its notice."]
    return "\n".join(lines) + "\n"


def ask(client, question: Question) -> Outcome:
    started = time.perf_counter()
    try:
        answer = client.predict(question.text, question.venue, question.year, api_name="/ask")
    except Exception as exc:  # noqa: BLE001 - every failure is counted and reported, none stops the run
        return Outcome(question, time.perf_counter() - started, error=f"{type(exc).__name__}: {exc}")
    return Outcome(question, time.perf_counter() - started, answer=answer)


def connect(url: str):
    from gradio_client import Client

    return Client(url, verbose=False, download_files=False)


def run_load(url: str, pool: list[Question], clients: int, per_client: int, mode: str) -> Run:
    """`clients` sessions at once, each asking its own `per_client` questions in turn."""
    run = Run(clients, per_client, mode)
    mine = [[pool[(i * per_client + j) % len(pool)] for j in range(per_client)] for i in range(clients)]
    run.seconds = drive(url, mine, run)
    return run


def drive(url: str, questions: list[list[Question]], run: Run) -> float:
    """One session per list, all asking at once, outcomes into `run`; the seconds from the start to the last answer."""
    sessions = [connect(url) for _ in questions]  # connecting is not part of the load
    start = threading.Barrier(len(questions) + 1)
    lock = threading.Lock()

    def session(i: int) -> None:
        start.wait()
        for question in questions[i]:
            outcome = ask(sessions[i], question)
            with lock:
                run.outcomes.append(outcome)

    threads = [threading.Thread(target=session, args=(i,)) for i in range(len(questions))]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began


# ---------------------------------------------------------------- checking and reporting

def problems(outcome: Outcome, reference: dict[str, Outcome]) -> list[str]:
    """What is wrong with one answer: "error", "empty", "uncited", "gold missed", "differs from alone"."""
    if outcome.error:
        return ["error"]
    found = []
    if not outcome.answer.get("text", "").strip():
        found.append("empty")
    if not outcome.cited:
        found.append("uncited")
    if outcome.question.gold and outcome.question.gold not in outcome.cited:
        found.append("gold missed")
    alone = reference.get(outcome.question.text)
    if alone and alone.answer and (alone.answer["text"], alone.cited) != (outcome.answer["text"], outcome.cited):
        found.append("differs from alone")
    return found


def summary(run: Run, reference: dict[str, Outcome]) -> dict:
    seconds = [o.seconds for o in run.outcomes]
    counts = {kind: 0 for kind in ("error", "empty", "uncited", "gold missed", "differs from alone")}
    for outcome in run.outcomes:
        for kind in problems(outcome, reference):
            counts[kind] += 1
    with_gold = sum(1 for o in run.outcomes if o.question.gold and not o.error)
    errors = sorted({o.error for o in run.outcomes if o.error})
    return {
        "mode": run.mode, "clients": run.clients, "questions_each": run.questions, "requests": len(run.outcomes),
        "seconds": run.seconds, "answers_per_s": len(run.outcomes) / run.seconds if run.seconds else 0.0,
        "p50_ms": 1000 * percentile(seconds, 50), "p95_ms": 1000 * percentile(seconds, 95),
        "max_ms": 1000 * max(seconds, default=0.0), **{k.replace(" ", "_"): v for k, v in counts.items()},
        "gold_questions": with_gold, "checked_against_alone": bool(reference),
        "answer_modes": sorted({o.answer["mode"] for o in run.outcomes if o.answer}),
        "error_examples": errors[:5],
    }


def markdown(rows: list[dict], alone: dict, papers: int, latency: float) -> str:
    lines = [
        "# Load: concurrent clients through the page's `/ask` API",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M')} on {len(os.sched_getaffinity(0))} CPU cores: `python -m eval.load`. "
        f"The app (`python -m ui.app`, one process, `ANSWERS_AT_ONCE` requests served at once) holds the shipped "
        f"corpus ({papers} papers); each client is a `gradio_client.Client` in a thread of the load process, "
        "asking the answered dev questions of `eval/questions/dev.jsonl` one after another.",
        "",
        f"Alone (extractive, one client, each of the {alone['requests']} questions once): "
        f"p50 {alone['p50_ms']:.0f} ms, p95 {alone['p95_ms']:.0f} ms, {alone['answers_per_s']:.1f} answers/s, "
        f"{_cpu(alone)} of the app's CPU per answer, load average {_load(alone)}.",
        "",
        "| answers by | clients × questions | answers | answers/s | p50 | p95 | max | app CPU per answer | load average | "
        "errors | uncited | gold missed | differs from alone |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        differs = r["differs_from_alone"] if r["checked_against_alone"] else "not checked"
        lines.append(
            f"| {r['mode']} | {r['clients']} × {r['questions_each']} | {r['requests']} | {r['answers_per_s']:.1f} | "
            f"{r['p50_ms']:.0f} ms | {r['p95_ms']:.0f} ms | {r['max_ms']:.0f} ms | {_cpu(r)} | {_load(r)} | "
            f"{r['error']} | {r['uncited']} | "
            f"{r['gold_missed']} of {r['gold_questions']} | {differs} |")
    lines += [
        "",
        "Errors: requests that raised (first messages in load.json). Uncited: answers without a citation. "
        "Gold missed: single-paper questions whose paper is not cited (the extractive ones miss alone too, see "
        "answers.md; the LLM stub always cites the first source). Differs from alone: text or citations other "
        "than the answer the same question got with no other client, which concurrency must never cause. "
        "App CPU per answer: the app process's user + system CPU time over the run ÷ answers (its threads on both "
        "cores; wall times on this shared machine grow with the load average beside it, CPU time much less).",
    ]
    if latency:
        lines.append(f"The LLM rows use a local OpenAI-compatible stub that streams each answer over {latency:g} s: "
                     "what they measure is how many answers the page keeps in flight while a model server works.")
    return "\n".join(lines) + "\n"


def _cpu(row: dict) -> str:
    ms = row.get("app_cpu_ms_per_answer")
    return "not measured" if ms is None else f"{ms:.0f} ms"


def _load(row: dict) -> str:
    return " → ".join(f"{x:.1f}" for x in row.get("load_avg", ())) or "not recorded"


def extractive_runs(settings: Settings, pool: list[Question], sizes) -> tuple[dict, list[dict]]:
    """The reference answers (one client), then each size under load, checked against them."""
    with serving(settings) as url:
        client = connect(url)
        ask(client, pool[0])  # warm-up: the first answer loads what the app loads lazily
        reference: dict[str, Outcome] = {}

        def alone_run() -> dict:
            began = time.perf_counter()
            reference.update({q.text: ask(client, q) for q in pool})
            return summary(Run(1, len(pool), outcomes=list(reference.values()), seconds=time.perf_counter() - began), {})

        alone = measured(url, alone_run)
        rows = [measured(url, lambda: summary(run_load(url, pool, clients, n, "extractive"), reference))
                for clients, n in sizes]
    return alone, rows


def llm_runs(settings: Settings, pool: list[Question], sizes, latency: float) -> list[dict]:
    with stub_llm(latency) as endpoint, serving(settings, {"OPENAI_BASE_URL": endpoint}) as url:
        ask(connect(url), pool[0])
        return [measured(url, lambda: summary(run_load(url, pool, clients, n, f"LLM stub, {latency:g} s"), {}))
                for clients, n in sizes]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, help="concurrent sessions (default: 10 and 20, in two runs)")
    parser.add_argument("--questions", type=int, help="questions each session asks (default: 10 and 25)")
    parser.add_argument("--misbehaving", type=int, default=0,
                        help="clients whose questions the LLM stub answers with a never-ending drip (0: no such run)")
    parser.add_argument("--answer-timeout", type=float, default=8.0,
                        help="PAPERCHAT_LLM_ANSWER_TIMEOUT of the misbehaving run (issue 13 used 8 s)")
    parser.add_argument("--llm-latency", type=float, default=0.35,
                        help="seconds the LLM stub takes per answer in the LLM run (0: no LLM run)")
    args = parser.parse_args(argv)
    if (args.clients is None) != (args.questions is None):
        parser.error("give both --clients and --questions, or neither for the default runs")
    sizes = [(args.clients, args.questions)] if args.clients else list(SIZES)

    settings = Settings(index_dir=CACHE / "load-index", data_dir=ROOT / "data")
    CACHE.mkdir(parents=True, exist_ok=True)
    papers = rag.ingest(settings=settings).papers  # builds the index once; later runs find it unchanged
    pool = questions()
    if args.misbehaving:  # this run alone: it is the one issue 13 asks for
        clients, per_client = sizes[0]
        rows = misbehaving_runs(settings, pool, clients, per_client, args.misbehaving, args.llm_latency or 0.35,
                                args.answer_timeout)
        text = misbehaving_markdown(rows, clients, per_client, args.answer_timeout)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "load-misbehaving.md").write_text("# Load: one misbehaving endpoint\n" + text, encoding="utf-8")
        (RESULTS / "load-misbehaving.json").write_text(json.dumps(rows, indent=1))
        print(text)
        return 0
    alone, rows = extractive_runs(settings, pool, sizes)
    if args.llm_latency:
        rows += llm_runs(settings, pool, sizes[-1:], args.llm_latency)
    text = markdown(rows, alone, papers, args.llm_latency)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "load.md").write_text(text, encoding="utf-8")
    (RESULTS / "load.json").write_text(json.dumps({"alone": alone, "runs": rows}, indent=1))
    print(text)
    failed = sum(r["error"] + r["empty"] + r["uncited"] + r["differs_from_alone"] for r in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
