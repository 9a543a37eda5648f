// Package affinesimplifystructures implements upstream's
// affine-simplify-structures pass: every affine map attribute of every op
// in the function is simplified (aff.SimplifyMap: flattening, mod and
// floordiv simplification) and every integer set attribute too
// (aff.SimplifySet); then the affine.apply, affine.for and affine.if ops
// are folded and canonicalized with their own patterns only. As upstream
// (despite its summary) memref layouts in types are not rewritten.
//
//	%0 = affine.apply affine_map<(d0) -> ((d0 * 4) floordiv 4 + (d0 mod 2) * 0)>(%i)
//	affine.if affine_set<(d0) : (d0 * 2 - 2 >= 0, d0 - 1 >= 0)>(%i) { ... }
//
// becomes
//
//	(%0 replaced by %i)
//	affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) { ... }
package affinesimplifystructures
