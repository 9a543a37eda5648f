// gpu-matmul-hopper (the defaults, pad-operands) when A's rows (K = 70
// f16: 140 bytes) and B's (N = 131: 262 bytes) are not multiples of the
// 16 bytes a TMA map's strides need: the host function allocates a buffer
// for each with rows padded to a multiple of 8 elements (72, 136), copies
// the operand into it with a launch of its own, and the matmul's TMA maps
// describe the buffers through subviews of the operands' real extent, so
// TMA's zero fill covers the tails; the buffers are freed after the
// matmul. A copy thread writes 8-byte chunks of the buffer (4 elements
// of a row, 4 chunks a thread, 256 threads a block: 130*18 chunks of A
// in 3 blocks) from the two aligned 8-byte words of the operand's flat
// view that hold them, funnel-shifted (B's rows are odd, A's 2 mod 4
// elements); B's last 2 elements (70*131 is 2 mod 4), past its last
// whole word, are copied one by one by the thread owning their chunk.
// The three launches share one gpu.module (kernelModule), so goopt
// compile writes one PTX module (the copies' loads and stores 8 bytes
// wide) and a manifest whose launches take the host function's
// workspace: the copies' buffer pointers and the matmul's tensor maps of
// it. passes/gpumatmulhopper's TestAwkwardSizes runs such kernels,
// lowered, against the affine nest, and TestPadCopy the copy alone.
// RUN: goopt opt %s --gpu-matmul-hopper | FileCheck %s
// RUN: goopt compile %s --pipeline=gpu-matmul-hopper --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 cluster=1,2 epilogue=registers" | FileCheck %s --check-prefix=CLUSTER
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper checks these kernels by execution after goopt's lowering)

// CHECK-LABEL: func.func @matmul
// CHECK:         %[[PA:.*]] = memref.alloc() : memref<130x72xf16>
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c1, {{.*}}) threads({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, {{.*}}) {
// CHECK:           %[[FA:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [9100], strides: [1] : memref<130x70xf16> to memref<9100xf16>
// CHECK:           vector.load %[[FA]][%{{.*}}] : memref<9100xf16>, vector<4xf16>
// CHECK:           scf.if
// CHECK:             vector.bitcast %{{.*}} : vector<4xf16> to vector<1xi64>
// CHECK:             arith.shrui %{{.*}}, %{{.*}} : i64
// CHECK:             arith.shli %{{.*}}, %{{.*}} : i64
// CHECK:             arith.select %{{.*}}, %{{.*}}, %{{.*}} : i64
// CHECK:             vector.store %{{.*}}, %[[PA]][%{{.*}}, %{{.*}}] : memref<130x72xf16>, vector<4xf16>
// CHECK-NOT:         memref.store
// CHECK:           gpu.terminator
// CHECK-NEXT:    } {kernelModule = @gpu_matmul_hopper_kernels}
// CHECK:         %[[VA:.*]] = memref.subview %[[PA]][0, 0] [130, 70] [1, 1] : memref<130x72xf16> to memref<130x70xf16, strided<[72, 1]>>
// CHECK:         %[[PB:.*]] = memref.alloc() : memref<70x136xf16>
// CHECK:         gpu.launch
// CHECK:           memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [9170], strides: [1] : memref<70x131xf16> to memref<9170xf16>
// CHECK:           vector.store %{{.*}}, %[[PB]][%{{.*}}, %{{.*}}] : memref<70x136xf16>, vector<4xf16>
// CHECK:           %[[T:.*]] = arith.cmpi eq, %{{.*}}, %c2309 : index
// CHECK-NEXT:      scf.if %[[T]] {
// CHECK-NEXT:        %[[X:.*]] = memref.load %{{.*}}[%c69, %c129] : memref<70x131xf16>
// CHECK-NEXT:        memref.store %[[X]], %[[PB]][%c69, %c129] : memref<70x136xf16>
// CHECK-NEXT:        %[[Y:.*]] = memref.load %{{.*}}[%c69, %c130] : memref<70x131xf16>
// CHECK-NEXT:        memref.store %[[Y]], %[[PB]][%c69, %c130] : memref<70x136xf16>
// CHECK:         } {kernelModule = @gpu_matmul_hopper_kernels}
// CHECK:         %[[VB:.*]] = memref.subview %[[PB]][0, 0] [70, 131] [1, 1] : memref<70x136xf16> to memref<70x131xf16, strided<[136, 1]>>
// CHECK:         %[[UA:.*]] = memref.cast %[[VA]] : memref<130x70xf16, strided<[72, 1]>> to memref<*xf16>
// CHECK:         %[[UB:.*]] = memref.cast %[[VB]] : memref<70x131xf16, strided<[136, 1]>> to memref<*xf16>
// CHECK:         nvgpu.tma.create.descriptor %[[UA]] box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b
// CHECK:         nvgpu.tma.create.descriptor %[[UB]] box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b
// CHECK:         gpu.launch
// CHECK-NOT:       nvgpu.device_async_copy
// CHECK:           nvgpu.tma.async.load
// CHECK:         } {kernelModule = @gpu_matmul_hopper_kernels}
// CHECK-NEXT:    memref.dealloc %[[PA]] : memref<130x72xf16>
// CHECK-NEXT:    memref.dealloc %[[PB]] : memref<70x136xf16>

// A cluster multicasts TMA loads: padded operands are TMA's, so clusters
// take these sizes too.
// CLUSTER:       memref.alloc() : memref<130x72xf16>
// CLUSTER:       gpu.launch clusters

// PTX: .target sm_90a
// PTX: .entry matmul_kernel(
// PTX-NOT: ld.global.{{[bu]}}16
// PTX: ld.global.v4.b16
// PTX-NOT: ld.global.{{[bu]}}16
// PTX: st.global.v4.b16
// PTX-NOT: ld.global.{{[bu]}}16
// PTX: .entry matmul_kernel_0(
// PTX-NOT: ld.global.{{[bu]}}16
// PTX: ld.global.v4.b16
// PTX: st.global.v4.b16
// PTX: ld.global.b16
// PTX: .entry matmul_kernel_1(
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global

// JSON: "module": "gpu_matmul_hopper_kernels",
// JSON: "name": "matmul_kernel",
// JSON: "source": "workspace",
// JSON-NEXT: "workspace_offset": 0,
// JSON: "workspace_bytes": 38144
// JSON: "name": "matmul_kernel_0",
// JSON: "source": "workspace",
// JSON-NEXT: "workspace_offset": 18944,
// JSON: "name": "matmul_kernel_1",
// JSON: "source": "tensormap",
// JSON-NEXT: "workspace_offset": 0,
// JSON: "global_dims": [
// JSON-NEXT: 70,
// JSON-NEXT: 130
// JSON: "global_strides": [
// JSON-NEXT: 144
// JSON: "source": "tensormap",
// JSON-NEXT: "workspace_offset": 18944,
// JSON: "global_dims": [
// JSON-NEXT: 131,
// JSON-NEXT: 70
// JSON: "global_strides": [
// JSON-NEXT: 272
func.func @matmul(%A: memref<130x70xf16>, %B: memref<70x131xf16>, %C: memref<130x131xf32>) {
  affine.for %i = 0 to 130 {
    affine.for %j = 0 to 131 {
      affine.for %k = 0 to 70 {
        %a = affine.load %A[%i, %k] : memref<130x70xf16>
        %b = affine.load %B[%k, %j] : memref<70x131xf16>
        %c = affine.load %C[%i, %j] : memref<130x131xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<130x131xf32>
      }
    }
  }
  return
}
