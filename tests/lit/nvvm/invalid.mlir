// RUN: goopt opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Every verifier message of the nvvm dialect, one case each, in
// mlir-opt-19's words; mlir-opt-19 --verify-diagnostics accepts this file.

func.func @barrier(%n: i32) {
  // expected-error @+1 {{'nvvm.barrier' op barrier id is missing, it should be set between 0 to 15}}
  nvvm.barrier number_of_threads = %n
  return
}

// -----

func.func @shfl(%i: i32, %f: f32) {
  // expected-error @+1 {{expected return type to be a two-element struct with i1 as the second element}}
  %0 = nvvm.shfl.sync  bfly %i, %f, %i, %i {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i32)>
  return
}

// -----

func.func @fence() {
  // expected-error @+1 {{'nvvm.fence.proxy' op async_shared fence requires space attribute}}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>}
  return
}

// -----

func.func @fence() {
  // expected-error @+1 {{'nvvm.fence.proxy' op only async_shared fence can have space attribute}}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>, space = #nvvm.shared_space<cta>}
  return
}

// -----

func.func @setmaxregister() {
  // expected-error @+1 {{'nvvm.setmaxregister' op new register size must be multiple of 8}}
  nvvm.setmaxregister  increase 250
  return
}

// -----

func.func @setmaxregister() {
  // expected-error @+1 {{'nvvm.setmaxregister' op new register size must be in between 24 to 256}}
  nvvm.setmaxregister  decrease 16
  return
}

// -----

func.func @wmma_load(%p: !llvm.ptr<4>, %ld: i32) {
  // expected-error @+1 {{'nvvm.wmma.load' op expected source pointer in memory space 0, 1, 3}}
  %0 = nvvm.wmma.load %p, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<4>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  return
}

// -----

func.func @wmma_load(%p: !llvm.ptr<3>, %ld: i32) {
  // expected-error @+1 {{'nvvm.wmma.load' op invalid attribute combination}}
  %0 = nvvm.wmma.load %p, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 8 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  return
}

// -----

func.func @wmma_load(%p: !llvm.ptr<3>, %ld: i32) {
  // expected-error @+1 {{'nvvm.wmma.load' op expected destination type is a structure of 8 elements of type 'vector<2xf16>'}}
  %0 = nvvm.wmma.load %p, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>)>
  return
}

// -----

func.func @wmma_store(%p: !llvm.ptr<4>, %ld: i32, %f: f32) {
  // expected-error @+1 {{'nvvm.wmma.store' op expected operands to be a source pointer in memory space 0, 1, 3}}
  nvvm.wmma.store %p, %ld, %f, %f, %f, %f, %f, %f, %f, %f {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<4>, f32, f32, f32, f32, f32, f32, f32, f32
  return
}

// -----

func.func @wmma_store(%p: !llvm.ptr<1>, %ld: i32, %f: f32) {
  // expected-error @+1 {{'nvvm.wmma.store' op invalid attribute combination}}
  nvvm.wmma.store %p, %ld, %f {eltype = #nvvm.mma_type<s8>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32
  return
}

// -----

func.func @wmma_store(%p: !llvm.ptr<1>, %ld: i32, %f: f32) {
  // expected-error @+1 {{'nvvm.wmma.store' op expected 8 data operands}}
  nvvm.wmma.store %p, %ld, %f {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32
  return
}

// -----

func.func @wmma_store(%p: !llvm.ptr<1>, %ld: i32, %f: f16) {
  // expected-error @+1 {{'nvvm.wmma.store' op expected data operands of type 'f32'}}
  nvvm.wmma.store %p, %ld, %f, %f, %f, %f, %f, %f, %f, %f {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f16, f16, f16, f16, f16, f16, f16, f16
  return
}

// -----

func.func @wmma_mma(%f: f32) {
  // expected-error @+1 {{'nvvm.wmma.mma' op invalid attribute combination}}
  %0 = nvvm.wmma.mma %f {eltypeA = #nvvm.mma_type<f32>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (f32) -> !llvm.struct<(f32)>
  return
}

// -----

func.func @wmma_mma(%f: f32) {
  // expected-error @+1 {{'nvvm.wmma.mma' op expected 24 arguments}}
  %0 = nvvm.wmma.mma %f {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (f32) -> !llvm.struct<(f32)>
  return
}

// -----

func.func @wmma_mma(%h: vector<2xf16>, %f: f32) {
  // expected-error @+1 {{'nvvm.wmma.mma' op expected argument 16 to be of type 'f32'}}
  %0 = nvvm.wmma.mma %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %f, %f, %f, %f, %f, %f, %f {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wmma_mma(%h: vector<2xf16>, %f: f32) {
  // expected-error @+1 {{'nvvm.wmma.mma' op expected destination type is a structure of 8 elements of type 'f32'}}
  %0 = nvvm.wmma.mma %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %f, %f, %f, %f, %f, %f, %f, %f {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32)>
  return
}

// -----

func.func @ldmatrix(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'nvvm.ldmatrix' op expected source pointer in memory space 3}}
  %0 = nvvm.ldmatrix %p {layout = #nvvm.mma_layout<row>, num = 4 : i32} : (!llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
  return
}

// -----

func.func @ldmatrix(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'nvvm.ldmatrix' op expected num attribute to be 1, 2 or 4}}
  %0 = nvvm.ldmatrix %p {layout = #nvvm.mma_layout<row>, num = 3 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32)>
  return
}

// -----

func.func @ldmatrix(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'nvvm.ldmatrix' op expected destination type is i32}}
  %0 = nvvm.ldmatrix %p {layout = #nvvm.mma_layout<row>, num = 1 : i32} : (!llvm.ptr<3>) -> i64
  return
}

// -----

func.func @ldmatrix(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'nvvm.ldmatrix' op expected destination type is a structure of 2 elements of type i32}}
  %0 = nvvm.ldmatrix %p {layout = #nvvm.mma_layout<row>, num = 2 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  return
}

// -----

func.func @mma_sync(%h: vector<2xf16>) {
  // expected-error @+1 {{'nvvm.mma.sync' op unimplemented variant for MMA shape <16, 8, 32>}}
  %0 = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%h, %h] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  return
}

// -----

func.func @mma_sync(%i: i32) {
  // expected-error @+1 {{'nvvm.mma.sync' op Could not match types for the A operands; expected one of 4xi32 but got i32, i32}}
  %0 = nvvm.mma.sync A[%i, %i] B[%i, %i] C[%i, %i, %i, %i] {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  return
}

// -----

func.func @mma_sync(%h: vector<2xf16>) {
  // expected-error @+1 {{'nvvm.mma.sync' op Could not match allowed types for the result; expected one of !llvm.struct<(vector<2xf16>, vector<2xf16>)>, !llvm.struct<(f32, f32, f32, f32)> but got !llvm.struct<(f32, f32)>}}
  %0 = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%h, %h] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(f32, f32)>
  return
}

// -----

func.func @mma_sync(%i: i32) {
  // expected-error @+1 {{'nvvm.mma.sync' op op requires intOverflowBehavior attribute}}
  %0 = nvvm.mma.sync A[%i] B[%i] C[%i, %i] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 8, n = 8, k = 16>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>
  return
}

// -----

func.func @mma_sync(%i: i32) {
  // expected-error @+1 {{'nvvm.mma.sync' op op requires b1Op attribute}}
  %0 = nvvm.mma.sync A[%i] B[%i] C[%i, %i] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<b1>, multiplicandBPtxType = #nvvm.mma_type<b1>, shape = #nvvm.shape<m = 8, n = 8, k = 128>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>
  return
}

// -----

func.func @mma_sync(%f: f32) {
  // expected-error @+1 {{invalid shape or multiplicand type: f32}}
  %0 = nvvm.mma.sync A[%f, %f] B[%f] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  return
}

// -----

func.func @cp_async(%s: !llvm.ptr<3>, %g: !llvm.ptr<1>) {
  // expected-error @+1 {{CG cache modifier is only support for 16 bytes copy.}}
  nvvm.cp.async.shared.global %s, %g, 8, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>
  return
}

// -----

func.func @cp_async(%s: !llvm.ptr<3>, %g: !llvm.ptr<1>) {
  // expected-error @+1 {{expected byte size to be either 4, 8 or 16.}}
  nvvm.cp.async.shared.global %s, %g, 2, cache =  ca : !llvm.ptr<3>, !llvm.ptr<1>
  return
}

// -----

func.func @cp_async(%s: !llvm.ptr<3>, %g: !llvm.ptr<1>) {
  // expected-error @+1 {{Only CG and CA cache modifiers are supported.}}
  nvvm.cp.async.shared.global %s, %g, 16, cache =  cs : !llvm.ptr<3>, !llvm.ptr<1>
  return
}

// -----

func.func @tma(%s: !llvm.ptr<3>, %d: !llvm.ptr) {
  // expected-error @+1 {{expects coordinates between 1 to 5 dimension}}
  nvvm.cp.async.bulk.tensor.shared.cluster.global %s, %d, %s, box[] : <3>, !llvm.ptr
  return
}

// -----

func.func @tma(%s: !llvm.ptr<3>, %d: !llvm.ptr, %x: i32, %o: i16) {
  // expected-error @+1 {{to use im2col mode, the tensor has to be at least 3-dimensional}}
  nvvm.cp.async.bulk.tensor.shared.cluster.global %s, %d, %s, box[%x, %x] im2col[%o] : <3>, !llvm.ptr
  return
}

// -----

func.func @tma(%s: !llvm.ptr<3>, %d: !llvm.ptr, %x: i32, %o: i16) {
  // expected-error @+1 {{im2col offsets must be 2 less than number of coordinates}}
  nvvm.cp.async.bulk.tensor.shared.cluster.global %s, %d, %s, box[%x, %x, %x, %x] im2col[%o] : <3>, !llvm.ptr
  return
}

// -----

func.func @tma(%s: !llvm.ptr<3>, %d: !llvm.ptr, %x: i32) {
  // expected-error @+1 {{Maximum 5 coordinates and dimension is supported.}}
  nvvm.cp.async.bulk.tensor.global.shared.cta %d, %s, box[%x, %x, %x, %x, %x, %x] : !llvm.ptr, !llvm.ptr<3>, i32, i32, i32, i32, i32, i32
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f16)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op all elements in struct must be same type but there is 'f16'}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 32, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f16)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f16)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op does not support the given output type tf32}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 32, k = 16>, D[<tf32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op has s32 output, scaleA and scaleB cannot be neg}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 32, k = 32>, D[<s32>, <one>], A[<s8>, <neg>, <row>], B[<s8>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op f32 += f16 * bf16, it is not supported.}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 32, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<bf16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op shape 'm' must be 64}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 32, n = 32, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op shape 'k' must be 16 for input type f16}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 32, k = 32>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op has input type s8 n is set to 40, it is not supported.}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 40, k = 32>, D[<s32>, <one>], A[<s8>, <one>, <row>], B[<s8>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op given layouts layout_a = col and layout_b = col for input types tf32 and tf32 requires transpose. However, this is only supported for: f16 and bf16}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 32, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <col>], B[<tf32>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op results 32, however output struct has 16 elements}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @wgmma(%da: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
  // expected-error @+1 {{'nvvm.wgmma.mma_async' op  `satfinite` can be only used with s32 accumulator, however the current accumulator is f32}}
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, <m = 64, n = 32, k = 16>, D[<f32>, <one>, <satfinite>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return
}

// -----

func.func @stmatrix(%s: !llvm.ptr<3>, %r: i32) {
  // expected-error @+1 {{'nvvm.stmatrix' op expected num attribute to be 1, 2 or 4}}
  nvvm.stmatrix %s, %r, %r, %r {layout = #nvvm.mma_layout<row>} : !llvm.ptr<3>, i32, i32, i32
  return
}

// -----

func.func @bulk_wait_group() {
  // expected-error @+1 {{'nvvm.cp.async.bulk.wait_group' op attribute 'group' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  nvvm.cp.async.bulk.wait_group -1
  return
}

// -----

func.func @rcp(%f: f32) {
  // expected-error @+1 {{'nvvm.rcp.approx.ftz.f' op result #0 must be 32-bit float, but got 'f64'}}
  %0 = nvvm.rcp.approx.ftz.f %f : f64
  return
}
