"""Run llama.cpp's OpenAI-compatible server (xllamacpp) on 127.0.0.1 in its own process, for tests.

`python tests/llama_server.py MODEL.gguf` prints the `/v1` base URL on one line once the model is loaded, then
serves until its standard input closes (the test ended) or it is killed (the mid-stream kill test).
A process of its own: the kill test can SIGKILL it, and llama.cpp's threads and logs stay out of pytest's.
"""

from __future__ import annotations

import sys

import xllamacpp


def main(model: str) -> None:
    params = xllamacpp.CommonParams()
    params.model.path = model
    params.hostnames = ["127.0.0.1"]
    params.port = 0
    params.n_ctx = 8_192
    params.n_parallel = 2
    params.cpuparams.n_threads = params.cpuparams_batch.n_threads = 1  # 2 threads stall on a busy CPU (gguf.py)
    params.endpoint_metrics = True  # /metrics counts prompts: "the model was not called" is checked there
    params.sampling.temp = 0.0  # greedy and seeded: the same prompt gets the same reply in every run
    params.sampling.seed = 7
    server = xllamacpp.Server(params)
    print(server.listening_address.rstrip("/") + "/v1", flush=True)
    sys.stdin.read()  # until the test closes our stdin
    del server


if __name__ == "__main__":
    main(sys.argv[1])
