// Generic builtin forms.
"builtin.module"() <{sym_name = "m"}> ({
  "builtin.module"() ({
    %0 = "builtin.unrealized_conversion_cast"() : () -> i32
  }) {test.a} : () -> ()
}) : () -> ()
