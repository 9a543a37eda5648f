// Builtin scalar types: integers of every signedness, index, every float format.
func.func private @ints(i1, i8, i16, i32, i64, i128, si8, si32, ui8, ui64, i7, i3) -> index
func.func private @floats(f16, bf16, f32, f64, tf32, f80, f128) -> none
func.func private @f8(f8E5M2, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ)
