// Affine map and integer set attributes, aliases, strided layouts and distinct/opaque attributes.
#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 4, d0 floordiv 2, d1 mod 3, d0 ceildiv 8)>
#set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d0 mod 2 == 0)>
"test.op"() {m = #map, m0 = affine_map<() -> ()>, mc = affine_map<() -> (0, 1)>, mid = affine_map<(d0, d1) -> (d0, d1)>,
  ms = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>, neg = affine_map<(d0) -> (-d0, d0 - 1, d0 * -2 + 3)>, st = #set,
  se = affine_set<() : (0 == 0)>, l = strided<[1, ?], offset: ?>, l2 = strided<[]>, dist = distinct[0]<42 : i32>,
  op = #gpu.address_space<workgroup>, op2 = #llvm.linkage<internal>} : () -> ()
