"""Runs goopt-compiled matmul PTX on the GPU: checks it and times it beside cuBLAS.

For each PTX + JSON kernel manifest that `goopt compile` wrote for the
paper's matmul (C[f32] += A[f16] @ B[f16], row-major, M=N=K=S), it loads the
PTX with the CUDA driver (through CuPy), launches the kernel as the manifest
says on random normal inputs with C initialised to random values, checks
C against C0 + A@B (cuBLAS f32 on the same f16 inputs: relative Frobenius
error, and a sampled fp64 CPU reference), then times the kernel with CUDA
events (warm-up, median of many launches) and cuBLAS f16->f32 in the same
run. This is an interim harness for checking generated PTX on the device
until goopt's own runtime (`goopt bench`) exists.

usage: python3 check_matmul.py DIR   (DIR holds matmul<S>.ptx/.json)
"""
import glob, json, os, sys, statistics
import numpy as np
import cupy as cp
import torch

def median_ms(fn, warmup=5, reps=30):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record(); e.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times), min(times), max(times)

def run(ptx_path):
    man = json.load(open(ptx_path[:-4] + ".json"))
    k = man["kernels"][0]
    mod = cp.RawModule(path=ptx_path)
    fn = mod.get_function(k["name"])
    # the memref type gives the sizes: memref<MxKxf16> etc.
    shapes = {}
    for p in k["params"]:
        dims = p["memref"][len("memref<"):-1].split("x")
        shapes[p["host_arg"]] = tuple(int(d) for d in dims[:-1])
    M, K = shapes[0]; K2, N = shapes[1]
    torch.manual_seed(0)
    A = torch.randn(M, K, device="cuda", dtype=torch.half)
    B = torch.randn(K, N, device="cuda", dtype=torch.half)
    C0 = torch.randn(M, N, device="cuda", dtype=torch.float32)
    C = C0.clone()
    args = {0: A, 1: B, 2: C}
    kargs = tuple(cp.uint64(args[p["host_arg"]].data_ptr()) for p in k["params"])
    grid, block = tuple(k["grid"]), tuple(k["block"])
    smem = k["dynamic_shared_bytes"]
    launch = lambda: fn(grid, block, kargs, shared_mem=smem)
    launch(); torch.cuda.synchronize()
    ref = C0 + torch.mm(A.float(), B.float())
    rel = ((C - ref).norm() / ref.norm()).item()
    # sampled fp64 reference on the CPU
    rng = np.random.default_rng(1)
    rows, cols = rng.integers(0, M, 64), rng.integers(0, N, 64)
    a64, b64, c064 = A.double().cpu().numpy(), B.double().cpu().numpy(), C0.double().cpu().numpy()
    got = C.double().cpu().numpy()
    ref64 = np.array([c064[i, j] + a64[i, :] @ b64[:, j] for i, j in zip(rows, cols)])
    got64 = np.array([got[i, j] for i, j in zip(rows, cols)])
    rel64 = np.linalg.norm(got64 - ref64) / np.linalg.norm(ref64)
    ok = np.isfinite(rel) and rel < 1e-3 and rel64 < 1e-3
    ms, lo, hi = median_ms(launch)
    flops = 2.0 * M * N * K
    out32 = torch.empty(M, N, device="cuda", dtype=torch.float32)
    cub = lambda: torch.mm(A, B, out_dtype=torch.float32)
    cms, clo, chi = median_ms(cub)
    return dict(size=f"{M}x{N}x{K}", correct=bool(ok), rel_err_vs_cublas=rel, rel_err_fp64_sampled=float(rel64),
                goopt_ms=ms, goopt_ms_range=[lo, hi], goopt_tflops=flops / ms / 1e9,
                cublas_ms=cms, cublas_tflops=flops / cms / 1e9, ratio_to_cublas=cms / ms)

if __name__ == "__main__":
    d = sys.argv[1]
    p = torch.cuda.get_device_properties(0)
    print(f"device {p.name} sms={p.multi_processor_count} torch={torch.__version__}")
    results = []
    for ptx in sorted(glob.glob(os.path.join(d, "matmul*.ptx")), key=lambda s: int("".join(c for c in os.path.basename(s) if c.isdigit()) or 0)):
        r = run(ptx); results.append(r)
        print(f"{r['size']:>16}  correct={r['correct']}  err(cuBLAS)={r['rel_err_vs_cublas']:.2e} err(fp64)={r['rel_err_fp64_sampled']:.2e}  "
              f"goopt {r['goopt_tflops']:6.1f} TF/s ({r['goopt_ms']:.3f} ms)  cuBLAS {r['cublas_tflops']:6.1f} TF/s  ratio {r['ratio_to_cublas']:.2f}", flush=True)
    out = os.environ.get("OUT", ".")
    json.dump(results, open(os.path.join(out, "goopt_matmul.json"), "w"), indent=1)
