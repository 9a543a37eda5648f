// Package affinepermute implements affine-loop-permute, a goopt pass
// (upstream only has the test pass test-loop-permutation): it permutes the
// outermost loops of each perfectly nested band of affine.for ops in the
// order given by `permutation`, using upstream's permuteLoops convention:
// permutation[i] is the new position of the loop at depth i of the band.
// The permutation is applied only when legal: every dependence vector of
// the band (analysis.CheckDependence at every depth) must stay
// lexicographically non-negative after permutation
// (isValidLoopInterchangePermutation), and every loop bound may only use
// the IVs of loops that stay outside it. Otherwise the band is left
// unchanged and a remark says why. A band shallower than the permutation,
// or with iter_args, is skipped with a remark as well.
//
// Example, permutation=1,2,0 on (i, j, k) gives (k, i, j):
//
//	affine.for %i = 0 to 8 {
//	  affine.for %j = 0 to 8 {
//	    affine.for %k = 0 to 8 {
//	      ...
//
// becomes
//
//	affine.for %k = 0 to 8 {
//	  affine.for %i = 0 to 8 {
//	    affine.for %j = 0 to 8 {
//	      ...
//
// The paper's (i, j, k, ii, jj, kk) -> (i, j, ii, jj, k, kk) is
// permutation=0,1,4,2,3,5.
package affinepermute
