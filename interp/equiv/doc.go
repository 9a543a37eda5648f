// Package equiv checks that two modules compute the same function: it runs
// the function in both on the same random inputs (fresh copies per run) with
// goopt's reference interpreter and compares every memref argument (results
// written in place) and every returned value. Any runtime check failing in
// either run (out-of-bounds access, uninitialised read, ...) fails the check.
//
// Example:
//
//	err := equiv.Check(before, after, "matmul", equiv.Options{Seeds: []int64{1, 2}})
package equiv
