// Complex, tuple, function and none types; type aliases; dialect types kept opaque.
!pair = tuple<i32, f32>
!fn = (i32) -> (f32, i1)
func.func private @misc(complex<f32>, complex<f64>, tuple<>, tuple<i32, tuple<f16>>, !pair, !fn, () -> ()) -> none
func.func private @opaque(!llvm.ptr, !llvm.ptr<1>, !gpu.async.token, !llvm.struct<(i32, f32)>, !llvm.array<4 x i8>)
