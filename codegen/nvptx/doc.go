// Package nvptx turns llvm and nvvm dialect IR into LLVM IR for NVIDIA
// GPUs and hands it to LLVM's NVPTX backend: it is goopt's only importer of
// github.com/llir/llvm (imported as llir).
//
// Translate builds an llir module (triple nvptx64-nvidia-cuda, NVPTX's data
// layout) from a builtin.module of llvm.* ops or from the body of one of its
// gpu.modules, as convert-gpu-to-nvvm leaves them. Functions carrying
// nvvm.kernel get the ptx_kernel calling convention and their launch
// bounds and cluster shape (nvvm.maxntid, reqntid, minctasm, maxnreg,
// cluster_dim, cluster_max_blocks) as !nvvm.annotations, the form LLVM 19's
// backend reads; a by-value parameter (llvm.byval = T, llvm.align) becomes
// `ptr byval(T) align N`, and nvvm.grid_constant on it the "grid_constant"
// annotation that lets llc read it in place. Block arguments become phis;
// nvvm ops become llvm.nvvm.* intrinsics, or inline PTX where LLVM 19 has
// none (wgmma.mma_async, cp.async.bulk.tensor.*, the mbarrier waits,
// fences, stmatrix, ...), call for call as mlir-translate-19 after
// convert-nvvm-to-llvm. Pointers print as LLVM 19's opaque
// `ptr addrspace(N)`. Any other op is reported at its location.
//
// PTX runs llc (found by Options.LLC, $GOOPT_LLC, llc-19, then llc) and
// adds the .explicitcluster/.reqnctapercluster directives llc-19 does not
// write for cluster_dim; Cubin runs ptxas. The Hopper ops (wgmma,
// setmaxnreg) need Options.Arch "sm_90a".
//
// Example:
//
//	llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
//	  %t = nvvm.read.ptx.sreg.tid.x : i32
//	  ...
//
// becomes
//
//	define ptx_kernel void @k(ptr addrspace(1) %0) {
//	  %2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
//	  ...
//	!nvvm.annotations = !{!0, !1, !2}
//	!0 = !{ptr @k, !"maxntidx", i32 128}
//
// and, in Go:
//
//	m, err := nvptx.Translate(module, nvptx.TranslateOptions{})
//	ptx, err := nvptx.PTX(ctx, m.String(), nvptx.Options{Arch: "sm_90"})
package nvptx
