// #nvvm.target on gpu modules, and the nvvm function attributes on an
// llvm.func kernel.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, #nvvm.target, #nvvm.target<triple = "nvptx-nvidia-cuda", chip = "sm_80", flags = {fast}, link = ["lib.bc"]>] {
  }
  llvm.func @k() attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>, nvvm.reqntid = array<i32: 128>, nvvm.minctasm = 2 : i32, nvvm.maxnreg = 64 : i32} {
    nvvm.barrier0
    llvm.return
  }
}
