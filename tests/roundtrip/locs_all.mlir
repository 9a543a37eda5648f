// Every location form (they must parse; the comparison ignores them), including aliases used before their definition.
#loc0 = loc("alias.mlir":3:4)
func.func @locs(%arg0: i32 loc("args.mlir":1:2)) {
  "test.a"() : () -> () loc(unknown)
  "test.b"() : () -> () loc("file.mlir":10:8)
  "test.c"() : () -> () loc("name")
  "test.d"() : () -> () loc("name"("file.mlir":1:1))
  "test.e"() : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))
  "test.f"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
  "test.g"() : () -> () loc(fused<"meta">["a.mlir":1:1])
  "test.h"() : () -> () loc(#loc0)
  "test.i"() : () -> () loc(#loc1)
  return loc(#loc1)
}
#loc1 = loc("later.mlir":5:6)
