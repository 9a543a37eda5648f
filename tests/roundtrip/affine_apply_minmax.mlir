// affine.apply / affine.min / affine.max: named and inline maps, dims only, symbols only, both.
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#mm = affine_map<(d0, d1)[s0] -> (d0, d1 + 4, s0 * 2, 64)>
func.func @maps(%i: index, %j: index, %n: index) -> (index, index, index) {
  %0 = affine.apply #map(%i)[%n]
  %1 = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1 floordiv 2)>(%i, %j)
  %2 = affine.apply affine_map<()[s0] -> (s0 mod 8)>()[%n]
  %3 = affine.apply affine_map<() -> (42)>()
  %4 = affine.min #mm(%i, %j)[%n]
  %5 = affine.max #mm(%0, %1)[%2]
  %6 = affine.min affine_map<()[s0, s1] -> (s0, s1)>()[%n, %3]
  %7 = affine.max affine_map<(d0) -> (0, d0 - 10)>(%i) {tag}
  return %4, %5, %7 : index, index, index
}
