#!/usr/bin/env python3
"""The torch peer of goopt bench's memory-bound kernels.

goopt bench cannot call torch from Go, so it runs this script once per
configuration, right after timing its own kernel and the device-to-device
copy, on the same GPU in the same run:

    goopt bench softmax softmax.mlir --peer-cmd='python3 scripts/bench_peer.py'

goopt bench appends the problem and the timing method as flags:

    --kernel=softmax --shape=8192x8192 --warmup=5 --reps=20
    --flush-bytes=125829120 --device=0 --seed=1

and reads one JSON object from the last line of standard output:

    {"peer": "torch 2.5.1", "ms": 1.23, "min_ms": 1.2, "max_ms": 1.31,
     "correct": true, "max_err": 0.0}

The method is goopt bench's: random standard-normal f32 inputs, --warmup
untimed runs, then --reps runs each timed alone with CUDA events, the L2
flushed before each by writing --flush-bytes (twice the L2) outside the
timed interval (0: no flush); ms is the median. The operations are the
ones a torch user writes, into preallocated outputs where torch allows
it: torch.add(a, b, out=c); c.copy_(a.t()) (a materialised transpose);
torch.softmax(x, dim=1). Each result is checked (bit for bit for add and
transpose, each softmax element within 1e-5 of float64) so that the peer's
figure is for a correct result. Without torch or a GPU the script prints
{"error": ...} and goopt bench reports the configuration without a peer.
"""

import argparse
import json
import statistics
import sys


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kernel", required=True, choices=["vecadd", "transpose", "softmax"])
    p.add_argument("--shape", required=True, help="the problem shape, e.g. 8192x8192")
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--flush-bytes", type=int, default=0)
    p.add_argument("--device", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args()


def report(**fields):
    print(json.dumps(fields), flush=True)


def main():
    a = parse_args()
    try:
        import torch
    except ImportError as e:
        report(peer="torch", error="cannot import torch: %s" % e)
        return 0
    peer = "torch " + torch.__version__
    if not torch.cuda.is_available():
        report(peer=peer, error="torch sees no CUDA device")
        return 0
    shape = [int(d) for d in a.shape.split("x")]
    dev = torch.device("cuda", a.device)
    torch.cuda.set_device(dev)
    gen = torch.Generator(device=dev)
    gen.manual_seed(a.seed)

    def randn(*s):
        return torch.randn(*s, generator=gen, device=dev, dtype=torch.float32)

    if a.kernel == "vecadd":
        (n,) = shape
        x, y = randn(n), randn(n)
        out = torch.empty(n, device=dev)
        run = lambda: torch.add(x, y, out=out)

        def check():
            return torch.equal(out, x + y), (out - (x + y)).abs().max().item()

    elif a.kernel == "transpose":
        m, n = shape
        x = randn(m, n)
        out = torch.empty(n, m, device=dev)
        run = lambda: out.copy_(x.t())

        def check():
            return torch.equal(out, x.t()), (out - x.t()).abs().max().item()

    else:
        rows, cols = shape
        x = randn(rows, cols)
        holder = {}

        def run():
            holder["y"] = torch.softmax(x, dim=1)

        def check():
            ref = torch.softmax(x.double(), dim=1)
            err = ((holder["y"].double() - ref).abs() / ref.clamp_min(1e-30)).max().item()
            return err <= 1e-5, err

    flush = torch.empty(a.flush_bytes, dtype=torch.uint8, device=dev) if a.flush_bytes > 0 else None
    run()
    torch.cuda.synchronize()
    correct, max_err = check()
    for _ in range(a.warmup):
        run()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(a.reps):
        if flush is not None:
            flush.zero_()
        start.record()
        run()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    report(peer=peer, ms=statistics.median(times), min_ms=min(times), max_ms=max(times),
           correct=bool(correct), max_err=float(max_err))
    return 0


if __name__ == "__main__":
    sys.exit(main())
