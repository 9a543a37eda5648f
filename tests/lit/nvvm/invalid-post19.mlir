// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Verifier messages of the nvvm ops that postdate MLIR 19, in upstream's
// (LLVM 20) words; mlir-opt-19 does not know these ops.

llvm.func @fence_proxy_tensormap() {
  // expected-error @+1 {{'nvvm.fence.proxy' op tensormap proxy is not a supported proxy kind}}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<tensormap>}
  llvm.return
}

// -----

llvm.func @fence_proxy_generic() {
  // expected-error @+1 {{'nvvm.fence.proxy' op generic proxy not a supported proxy kind}}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<generic>}
  llvm.return
}

// -----

llvm.func @fence_proxy_acquire(%addr: !llvm.ptr, %size: i32) {
  // expected-error @+1 {{'nvvm.fence.proxy.acquire' op uni-directional proxies only support generic for from_proxy attribute}}
  nvvm.fence.proxy.acquire #nvvm.mem_scope<cta> %addr, %size from_proxy = #nvvm.proxy_kind<tensormap> to_proxy = #nvvm.proxy_kind<generic>
  llvm.return
}

// -----

llvm.func @fence_proxy_release() {
  // expected-error @+1 {{'nvvm.fence.proxy.release' op uni-directional proxies only support tensormap for to_proxy attribute}}
  nvvm.fence.proxy.release #nvvm.mem_scope<cta> to_proxy = #nvvm.proxy_kind<async>
  llvm.return
}

// -----

llvm.func @mapa(%p: !llvm.ptr<3>, %r: i32) {
  // expected-error @+1 {{'nvvm.mapa' op failed to verify that `res` and `a` should have the same type}}
  %0 = nvvm.mapa %p, %r : !llvm.ptr<3> -> !llvm.ptr
  llvm.return
}
