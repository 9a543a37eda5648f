// Elements attributes: dense (nested, splat, bool, complex, hex, 0-d), dense_resource.
"test.op"() {s = dense<1.0> : tensor<4xf32>, l = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, v = dense<[1.5, 2.5]> : vector<2xf32>,
  bool = dense<[true, false]> : tensor<2xi1>, z = dense<7> : tensor<i64>, c = dense<(1.0, 2.0)> : tensor<complex<f32>>,
  cl = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, h = dense<"0x0000803F00000040"> : tensor<2xf32>,
  e = dense<> : tensor<0xf32>, f16 = dense<[1.0, -2.0]> : tensor<2xf16>, idx = dense<[0, 1]> : vector<2xindex>,
  r = dense_resource<blob1> : tensor<2xf32>} : () -> ()
