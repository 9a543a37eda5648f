// gpu.module (with and without targets and attributes), gpu.func kernels and
// device functions with results, attributions and extra attributes.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%arg0: memref<32xf32>, %arg1: index) workgroup(%w: memref<32xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
    gpu.func @two_wg() workgroup(%a: memref<4xf32, 3>, %b: memref<8xi32, 3>) kernel {
      gpu.return
    }
    gpu.func @dev(%a: f32, %b: i32) -> (f32, i32) {
      gpu.return %a, %b : f32, i32
    }
    gpu.func @dev_attrs(%a: f32 {foo.bar = 1 : i32}) -> f32 attributes {foo = "bar"} {
      gpu.return %a : f32
    }
    func.func private @decl(f32)
  }
  gpu.module @with_attrs attributes {foo = 1 : i64} {
  }
  gpu.module @empty {
  }
}
