// Package bench is goopt bench: it compiles the paper's affine matmul
// (C[f32] += A[f16]·B[f16], M = N = K) through a pass pipeline at each size
// of a sweep, runs the kernel on a GPU, checks it against cuBLAS and an
// fp64 reference, times it beside cuBLAS in the same run, and reports a
// table, CSV, JSON and SVG plots. Ablation runs the paper's optimisations
// one at a time; Tune searches tile sizes, padding and vector width.
//
// The device is behind the GPU interface (memory, PTX loading, launches,
// event timing, cuBLAS GemmEx); goopt's CUDA runtime implements it, and
// FakeGPU implements it on the CPU so that the whole flow is tested
// without a GPU.
//
// # How a kernel is checked
//
// The kernel accumulates, C += A·B, so poisoning C (with NaN) before the
// correctness launch cannot show which elements it wrote: NaN + x is NaN
// whether the element was written or not, and zeroing C after poisoning
// undoes the poison. Instead:
//
//   - A and B are standard-normal f16 values from a seeded generator
//     (values that round to zero, to subnormals, or to ±1 drawn again), and
//     C starts at C0, standard-normal f32. The correctness launch is the
//     kernel's first on these buffers.
//   - The reference is cuBLAS's C0 + A·B (cublasGemmEx, f16 in, f32
//     compute and out, β = 1, the same row-major layout) in a buffer of its
//     own. cuBLAS itself is first checked against fp64 (below), so a
//     layout mistake in the GEMM binding cannot pass as a reference.
//   - Checks: every element finite; ‖C − C_ref‖_F / ‖C_ref‖_F ≤ Tol (1e-3);
//     every element |C − C_ref| / (√K + |C0|) ≤ ElemTol (1e-2); and the
//     relative 2-norm error of Samples (256) elements — the four corners
//     and random ones — against C0 + A·B computed in float64 on the host
//     ≤ Tol.
//   - An element the kernel never wrote keeps C0 and is off by (A·B)_ij,
//     a normal variable of standard deviation √K: the element check
//     misses it only when |(A·B)_ij| < 0.01·√K, with probability 0.8%
//     per element, so a skipped 16×16 fragment goes unnoticed with
//     probability 0.008^256. A kernel that ignores C0 is off by ‖C0‖_F,
//     a relative Frobenius error of 1/√(K+1), over Tol for every K below
//     10^6. A correct kernel's rounding differences from cuBLAS are about
//     2^-24·√K relative to the element's scale, far below both bounds.
//   - The host buffer the result is copied into is poisoned (NaN) before
//     the copy, so a short or failed copy cannot pass.
//
// # How a kernel is timed
//
// After the check: Warmup launches, then Reps (≥ 5) launches each timed
// alone with CUDA events (GPU.Time), the L2 flushed before each by a
// memset of a buffer twice its size, outside the timed interval; the
// median is reported, with the minimum and maximum. cuBLAS is timed the
// same way on the same buffers in the same run, once per size.
//
// # Example
//
//	rep, err := bench.Sweep(ctx, bench.Options{
//		Open:  func(bench.DeviceConfig) (bench.GPU, error) { return &bench.FakeGPU{}, nil },
//		Sizes: []int{128, 256},
//	})
//	if err == nil {
//		bench.WriteTable(os.Stdout, rep)
//	}
package bench
