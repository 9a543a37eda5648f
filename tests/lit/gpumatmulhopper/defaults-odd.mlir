// The defaults at an odd N (301; and M, K the tiles do not divide): in an
// odd N only even rows' pairs of columns are 8-byte aligned. A whole tile
// realigns its odd rows (storeRealigned): every pair is one 8-byte access
// of C viewed flat, the pair (c+1, c+2) in an odd row, c+2's value
// shuffled from the lane holding it, column n0 and the last c+1 alone;
// its first row is loaded before the last wgmma is waited for. An edge
// tile, in a branch of its own, updates C column by column under guards
// (a row's last pair straddles C's edge). B's rows (602 bytes) are not
// TMA's: a copy launch pads them first (bounds-padded.mlir), and the
// matmul loads the padded buffer by TMA. goopt compile lowers it to
// sm_90a PTX with 8-byte accesses (whole tiles) and 4-byte ones (edge
// tiles); passes/gpumatmulhopper's TestInterpreterEquivalenceRegisterEpilogue
// runs such kernels against the affine nest.
// tile-by-size=false keeps the default 128x256 tiles at this small size
// (tile-by-size would take 128x128 here; defaults.mlir checks it).
// RUN: goopt opt %s --gpu-matmul-hopper="tile-by-size=false" | FileCheck %s
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{tile-by-size=false}" --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper checks these kernels by execution after goopt's lowering)

// CHECK-LABEL: func.func @odd
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// CHECK:           memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [60200], strides: [1] : memref<200x301xf32> to memref<60200xf32>
// CHECK:           vector.load %{{.*}} : memref<60200xf32>, vector<2xf32>
// CHECK:           nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:           gpu.shuffle  idx
// CHECK:           vector.store %{{.*}} : memref<60200xf32>, vector<2xf32>
// CHECK:           memref.store %{{.*}} : memref<60200xf32>
// CHECK:           nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:           memref.load %{{.*}} : memref<200x301xf32>
// CHECK:           scf.if
// CHECK:             arith.addf %{{.*}} : f32
// CHECK-NEXT:        memref.store %{{.*}} : memref<200x301xf32>
// CHECK-NEXT:      }

// PTX: .target sm_90a
// PTX: ld.global.v2.f32
// PTX: shfl.sync.idx
// PTX: st.global.v2.f32
// PTX: ld.global.f32
// PTX: st.global.f32

// JSON: "source": "workspace",
// JSON: "dynamic_shared_bytes": 196608,
// JSON: "source": "tensormap",
// JSON: "source": "tensormap",
// JSON-NEXT: "workspace_offset": 0,
// JSON: "source": "arg",
func.func @odd(%A: memref<200x72xf16>, %B: memref<72x301xf16>, %C: memref<200x301xf32>) {
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 301 {
      affine.for %k = 0 to 72 {
        %a = affine.load %A[%i, %k] : memref<200x72xf16>
        %b = affine.load %B[%k, %j] : memref<72x301xf16>
        %c = affine.load %C[%i, %j] : memref<200x301xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<200x301xf32>
      }
    }
  }
  return
}
