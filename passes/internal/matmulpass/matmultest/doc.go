// Package matmultest is the test set-up the kernel-writing matmul
// pipelines (gpu-matmul-hopper, gpu-matmul-mma) share: the affine matmul
// they map, running a pipeline on it, the lowering the interpreter runs,
// and the round trip through mlir-opt-19. It imports the driver, so only
// tests may import it (the driver's registry imports the pipelines).
//
//	src := matmultest.Matmul(256, 256, 256, "f16", "f32")
//	text, err := matmultest.Run(src, func(pm *pass.OpPassManager) error {
//		return gpumatmulmma.Build(pm, gpumatmulmma.DefaultOptions())
//	})
//	if err == nil {
//		err = matmultest.UpstreamRoundTrip(text)
//	}
package matmultest
