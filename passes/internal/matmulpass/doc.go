// Package matmulpass is the skeleton the kernel-writing matmul pipelines
// (gpu-matmul-hopper, gpu-matmul-mma) share: the kernel pass that replaces
// each matmul nest, the pipeline's registration and Build (that pass,
// strict, then canonicalize and cse), the operand checks every kernel
// makes and the size check a tuner asks for. A pipeline describes itself
// with a Spec and keeps only what is its own: its options and its kernel.
//
//	var spec = &matmulpass.Spec[Options]{Name: "gpu-matmul-mma", Kernel: "an mma.sync kernel", Defaults: DefaultOptions,
//		Summary: "...",
//		Pass:    pass.Base{Arg: "affine-gpu-mma", Desc: "...", On: "func.func", Display: "AffineGPUMma"},
//		Prepare: func(o *Options) (matmulpass.Builder, bool, error) {
//			b, err := matmulpass.Fitted(o.kernel, (*kernel).fit, (*kernel).text)
//			return b, o.Cleanup, err
//		}}
//
//	func NewKernelPass() pass.Pass            { return spec.NewKernelPass() }
//	func Pipeline() *pass.PipelineInfo        { return spec.Pipeline() }
//	func Build(pm *pass.OpPassManager, o Options) error { return spec.Build(pm, o) }
//
// The pipelines' tests share their set-up through the matmultest
// subpackage.
package matmulpass
