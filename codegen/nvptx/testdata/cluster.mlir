// What postdates MLIR 19 (upstream's LLVM 20 spelling): the cluster shape
// of a kernel (nvvm.cluster_dim, nvvm.cluster_max_blocks), mapa into a
// peer CTA's shared memory, and the generic -> tensormap proxy fences
// around a tensor map modified in global memory. LLVM 19 has the mapa
// intrinsics but not the fence ones (inline PTX), and llc-19 ignores the
// cluster_dim annotations (nvptx.PTX adds .reqnctapercluster).
llvm.mlir.global internal @buf() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1024 x i8>

llvm.func @cluster(%desc: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>,
    nvvm.cluster_max_blocks = 8 : i32, nvvm.maxntid = array<i32: 128>} {
  %c128 = llvm.mlir.constant(128 : i32) : i32
  %buf = llvm.mlir.addressof @buf : !llvm.ptr<3>
  %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %peer = llvm.xor %rank, %one : i32
  nvvm.cluster.arrive {aligned}
  nvvm.cluster.wait {aligned}
  %remote = nvvm.mapa %buf, %peer : !llvm.ptr<3> -> !llvm.ptr<3>
  %v = llvm.load %remote : !llvm.ptr<3> -> f32
  %gbuf = llvm.addrspacecast %buf : !llvm.ptr<3> to !llvm.ptr
  %gremote = nvvm.mapa %gbuf, %peer : !llvm.ptr -> !llvm.ptr
  %w = llvm.load %gremote : !llvm.ptr -> f32
  %s = llvm.fadd %v, %w : f32
  llvm.store %s, %out : f32, !llvm.ptr<1>
  %gdesc = llvm.addrspacecast %desc : !llvm.ptr<1> to !llvm.ptr
  nvvm.fence.proxy.release #nvvm.mem_scope<gpu>
  nvvm.fence.proxy.release #nvvm.mem_scope<cluster>
  nvvm.fence.proxy.acquire #nvvm.mem_scope<gpu> %gdesc, %c128
  nvvm.fence.proxy.acquire #nvvm.mem_scope<sys> %gdesc, %c128
  nvvm.fence.proxy.acquire #nvvm.mem_scope<cta> %gdesc, %c128 from_proxy = #nvvm.proxy_kind<generic> to_proxy = #nvvm.proxy_kind<tensormap>
  llvm.return
}
