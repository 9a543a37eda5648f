// Generic forms of func ops.
"func.func"() <{function_type = (i32) -> i32, sym_name = "g", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{arg_attrs = [{test.a}], function_type = (i32) -> i32, res_attrs = [{test.b}], sym_name = "f"}> ({
^bb0(%arg0: i32):
  %0 = "func.call"(%arg0) <{callee = @g}> : (i32) -> i32
  %1 = "func.constant"() <{value = @g}> : () -> ((i32) -> i32)
  %2 = "func.call_indirect"(%1, %0) : ((i32) -> i32, i32) -> i32
  "func.return"(%2) : (i32) -> ()
}) {extra} : () -> ()
