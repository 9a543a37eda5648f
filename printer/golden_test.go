package printer

// Expected outputs, printed by mlir-opt-19 (MLIR 19.1.7); mlir-opt adds one
// trailing newline of its own, which is dropped here.
const (
	wantNumOut = `module {
  func.func @f(%arg0: i32) {
    "x.a"() ({
      %1 = "x.v"() : () -> i32
      %2 = "x.v"() : () -> i32
    }) : () -> ()
    "x.b"() ({
    ^bb0(%arg1: i32):
      %1 = "x.v"() : () -> i32
    }) : () -> ()
    %0 = "x.v"() : () -> i32
    return
  }
  func.func @g(%arg0: i32, %arg1: i32) {
    %0 = "x.v"() : () -> i32
    %1 = "x.v"() : () -> i32
    %2 = "x.v"() : () -> i32
    return
  }
  func.func @h(%arg0: i32) {
    %0 = "x.v"() : () -> i32
    return
  }
}
`
	wantNumGen = `"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg3: i32):
    "x.a"() ({
      %6 = "x.v"() : () -> i32
      %7 = "x.v"() : () -> i32
    }) : () -> ()
    "x.b"() ({
    ^bb0(%arg4: i32):
      %5 = "x.v"() : () -> i32
    }) : () -> ()
    %4 = "x.v"() : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32) -> (), sym_name = "g"}> ({
  ^bb0(%arg1: i32, %arg2: i32):
    %1 = "x.v"() : () -> i32
    %2 = "x.v"() : () -> i32
    %3 = "x.v"() : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (), sym_name = "h"}> ({
  ^bb0(%arg0: i32):
    %0 = "x.v"() : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	wantHintOut = `module {
  %0 = "x.v"() : () -> i32
  %c0 = arith.constant 0 : index
  func.func @f(%arg0: i32) {
    %c0_0 = arith.constant 0 : index
    "x.a"() ({
      %c0_2 = arith.constant 0 : index
      %1 = "x.v"() : () -> i32
    }) : () -> ()
    "x.b"() ({
      %c0_2 = arith.constant 0 : index
    }) : () -> ()
    %c0_1 = arith.constant 0 : index
    return
  }
  func.func @g() {
    %c0_0 = arith.constant 0 : index
    return
  }
}
`
	wantHintGen = `"builtin.module"() ({
  %0 = "x.v"() : () -> i32
  %1 = "arith.constant"() <{value = 0 : index}> : () -> index
  "func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    "x.a"() ({
      %6 = "arith.constant"() <{value = 0 : index}> : () -> index
      %7 = "x.v"() : () -> i32
    }) : () -> ()
    "x.b"() ({
      %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    }) : () -> ()
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	wantAliasOut = `#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 + 1)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#map3 = affine_map<(d0)[s0] -> (d0 + s0 * 2)>
#map4 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0) : (d0 >= 0)>
module {
  func.func @f(%arg0: i32, %arg1: memref<4x4xf32, #map>, %arg2: memref<4xf32, #map1>) -> i32 {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %cst = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 2.000000e+00 : f32
    %0 = "foo.op"(%arg0) {m = #map2, s = #set} : (i32) -> i32
    %1:2 = "foo.two"() : () -> (i32, i32)
    "foo.use"(%1#1, %1#0) : (i32, i32) -> ()
    %2 = "foo.reg"() ({
    ^bb0(%arg3: i32):
      %4 = "foo.add"(%arg3, %arg3) : (i32, i32) -> i32
      "foo.yield"(%4) : (i32) -> ()
    }, {
      "foo.yield"() : () -> ()
    }) : () -> i32
    cf.br ^bb1(%arg0 : i32)
  ^bb1(%3: i32):  // pred: ^bb0
    cf.br ^bb2
  ^bb2:  // pred: ^bb1
    return %3 : i32
  }
  func.func @g() {
    %c0 = arith.constant 0 : index
    %0 = affine.apply #map3(%c0)[%c0]
    %1 = "foo.op"(%c0) {m = #map2, n = [#map2, #map4, 7, 2.500000e+00]} : (index) -> index
    return
  }
}
`
	wantAliasGen = `#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 + 1)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#map3 = affine_map<(d0)[s0] -> (d0 + s0 * 2)>
#map4 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0) : (d0 >= 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<4x4xf32, #map>, memref<4xf32, #map1>) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: memref<4x4xf32, #map>, %arg2: memref<4xf32, #map1>):
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %8 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
    %9 = "foo.op"(%arg0) {m = #map2, s = #set} : (i32) -> i32
    %10:2 = "foo.two"() : () -> (i32, i32)
    "foo.use"(%10#1, %10#0) : (i32, i32) -> ()
    %11 = "foo.reg"() ({
    ^bb0(%arg3: i32):
      %13 = "foo.add"(%arg3, %arg3) : (i32, i32) -> i32
      "foo.yield"(%13) : (i32) -> ()
    }, {
      "foo.yield"() : () -> ()
    }) : () -> i32
    "cf.br"(%arg0)[^bb1] : (i32) -> ()
  ^bb1(%12: i32):  // pred: ^bb0
    "cf.br"()[^bb2] : () -> ()
  ^bb2:  // pred: ^bb1
    "func.return"(%12) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "affine.apply"(%0, %0) <{map = #map3}> : (index, index) -> index
    %2 = "foo.op"(%0) {m = #map2, n = [#map2, #map4, 7, 2.500000e+00]} : (index) -> index
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	wantDbgOut = `#loc2 = loc("x.c":1:2)
#loc3 = loc("d.mlir":1:38)
#loc7 = loc("q.c":3:3)
module {
  func.func @f(%arg0: i32 loc("x.c":1:2), %arg1: i32 loc("d.mlir":1:38)) -> i32 {
    %0 = "x.v"() : () -> i32 loc(#loc11)
    %1 = "x.v"() : () -> i32 loc(#loc12)
    %2 = "x.v"() : () -> i32 loc(#loc13)
    %3 = "x.v"() : () -> i32 loc(#loc4)
    "x.r"() ({
    ^bb0(%arg2: i32 loc("q.c":3:3)):
      "x.y"() : () -> () loc(#loc8)
    }) : () -> () loc(#loc6)
    cf.br ^bb1 loc(#loc9)
  ^bb1:  // pred: ^bb0
    return %arg0 : i32 loc(#loc10)
  } loc(#loc1)
} loc(#loc)
#loc = loc("d.mlir":0:0)
#loc1 = loc("top.c":9:9)
#loc4 = loc("a.c":1:1)
#loc5 = loc("b.c":2:2)
#loc6 = loc("d.mlir":6:3)
#loc8 = loc("d.mlir":8:5)
#loc9 = loc("d.mlir":10:3)
#loc10 = loc(unknown)
#loc11 = loc(fused[#loc4, #loc5])
#loc12 = loc("nm"(#loc4))
#loc13 = loc(callsite(#loc4 at #loc5))
`
	wantMiscOut = `!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
#distinct = distinct[0]<42 : i32>
#map = affine_map<(d0) -> (d0)>
module {
  module @inner {
  }
  "x.e"() ({
  ^bb0:
  }, {
  }) : () -> ()
  "x.t"() {arr = [#map, 1.500000e+00, memref<?x4xf32, strided<[4, 1], offset: ?>, 3>], d = #distinct, "q q" = 1 : i64, s = "a\0A\22b", t = !tuple, u} : () -> ()
  func.func @h() {
    "x.e"() ({
    ^bb0:
    }) : () -> ()
    %0:3 = "x.m"() : () -> (i32, i32, i32)
    "x.u"(%0#2) : (i32) -> ()
    %1 = "test.foo"() : () -> !tuple
    return
  }
}
`
	wantMiscGen = `!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
#distinct = distinct[0]<42 : i32>
#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "builtin.module"() <{sym_name = "inner"}> ({
  ^bb0:
  }) : () -> ()
  "x.e"() ({
  ^bb0:
  }, {
  }) : () -> ()
  "x.t"() {arr = [#map, 1.500000e+00, memref<?x4xf32, strided<[4, 1], offset: ?>, 3>], d = #distinct, "q q" = 1 : i64, s = "a\0A\22b", t = !tuple, u} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "h"}> ({
    "x.e"() ({
    ^bb0:
    }) : () -> ()
    %0:3 = "x.m"() : () -> (i32, i32, i32)
    "x.u"(%0#2) : (i32) -> ()
    %1 = "test.foo"() : () -> !tuple
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	wantAttrOut = `module {
  "x.t"() {a = 1.500000e+00 : f64, b = 2.000000e+00 : f32, c = 3 : i64, d = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>, e = [1.500000e+00], f = 1.000000e+00 : f16, g = 0x7FF8000000000000 : f64, h = "x" : i32, i = array<f64: 1.500000e+00>} : () -> ()
  "x.t"() <{p = 1.500000e+00 : f64}> : () -> ()
}
`
	wantResOut = `module {
  func.func @f() -> tensor<4xi32> {
    %cst = arith.constant dense_resource<blob1> : tensor<4xi32>
    %true = arith.constant true
    cf.cond_br %true, ^bb1, ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb0
    return %cst : tensor<4xi32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000200000003000000"
    }
  }
#-}
`
)
