// Device memory and async tokens: alloc (dynamic sizes, layout symbols,
// host_shared), dealloc, memcpy, memset, wait.
func.func @memory(%n: index, %a: memref<32xf32>, %f: f32) {
  %c1 = arith.constant 1 : index
  %t0 = gpu.wait async
  %m, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
  %h = gpu.alloc host_shared () : memref<4xf32>
  %l = gpu.alloc (%c1)[%c1] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %t2 = gpu.memcpy async [%t1] %m, %a : memref<?xf32>, memref<32xf32>
  gpu.memcpy %h, %h : memref<4xf32>, memref<4xf32>
  %t3 = gpu.memset async [%t2] %m, %f : memref<?xf32>, f32
  gpu.memset %h, %f : memref<4xf32>, f32
  %t4 = gpu.dealloc async [%t3] %m : memref<?xf32>
  gpu.dealloc %h : memref<4xf32>
  %t5 = gpu.wait async [%t4, %t0]
  gpu.wait [%t5]
  gpu.wait
  return
}
