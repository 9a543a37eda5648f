// Package gpuutil holds the transformations behind goopt's GPU passes (the
// stages of the paper's matmul pipeline and what follows them), one file
// per topic, so that each pass under passes/ stays a thin driver: collect
// candidates, call a utility here, report soft failures as remarks. Every
// utility either transforms the IR or returns a located error and leaves
// it unchanged.
//
// wmma.go is the WMMA stage (affine-gpu-wmma): a 16×16×16 affine point nest
// computing C[f32] += extf(A[f16]) * extf(B[f16]) becomes warp-level
// fragment ops, the loops over a warp's fragments are unrolled, and the C
// fragments stay in registers across the reduction loops:
//
//	for _, f := range gpuutil.WMMAPointNests(fn) {
//		notes, err := gpuutil.ConvertToWMMA(ctx, f, gpuutil.WMMAOptions{HoistC: true})
//		// err: not converted, IR unchanged; notes: optional steps not done
//	}
package gpuutil
