// Package testutil holds IR that tests and benchmarks of several packages
// share, so that one kernel is written once and every package checks the
// same text.
//
// The paper's kernel at its size, C[f32] += ext(A[f16]) * ext(B[f16]):
//
//	src := testutil.AffineMatmul("matmul", 8192, "f16", "f32")
//
// and a small f32 matmul for an interpreter test:
//
//	src := testutil.AffineMatmul("matmul", 32, "f32", "f32")
//
// SumI32x8 is a small reduction for checks that compare a function before
// and after a transformation; FirstDiff points at the first line where two
// printed modules differ; Tool finds an upstream binary or skips:
//
//	runner := testutil.Tool(t, "mlir-cpu-runner-19")
//
// UpstreamPTX lowers a kernel with mlir-opt-19's gpu-lower-to-nvvm-pipeline
// and returns the PTX, for tests that compare with upstream's lowering:
//
//	ptx, err := testutil.UpstreamPTX(kernelText, "sm_90a", "+ptx80")
package testutil
