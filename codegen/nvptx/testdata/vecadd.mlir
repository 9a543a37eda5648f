// c[i] = a[i] + b[i] for i < n, one thread per element: the shape
// convert-gpu-to-nvvm gives a 1-D elementwise kernel.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @vecadd(%a: !llvm.ptr<1> {llvm.noalias, llvm.readonly}, %b: !llvm.ptr<1> {llvm.noalias, llvm.readonly},
                      %c: !llvm.ptr<1> {llvm.noalias, llvm.align = 16 : i64}, %n: i32) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %bdim = nvvm.read.ptx.sreg.ntid.x : i32
      %base = llvm.mul %bid, %bdim overflow<nsw> : i32
      %i = llvm.add %base, %tid overflow<nsw, nuw> : i32
      %in = llvm.icmp "slt" %i, %n : i32
      llvm.cond_br %in, ^body, ^done
    ^body:
      %i64 = llvm.sext %i : i32 to i64
      %pa = llvm.getelementptr inbounds %a[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %pb = llvm.getelementptr inbounds %b[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %pc = llvm.getelementptr inbounds %c[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %va = llvm.load %pa {alignment = 4 : i64} : !llvm.ptr<1> -> f32
      %vb = llvm.load %pb {alignment = 4 : i64} : !llvm.ptr<1> -> f32
      %s = llvm.fadd %va, %vb {fastmathFlags = #llvm.fastmath<contract>} : f32
      llvm.store %s, %pc {alignment = 4 : i64} : f32, !llvm.ptr<1>
      llvm.br ^done
    ^done:
      llvm.return
    }
  }
}
