// Package passtest is the test harness of the affine passes: it runs the
// lit files of a pass in-process (a minimal `goopt opt` over a registry
// holding the pass under test, FileCheck from internal/filecheck) and
// checks, with the reference interpreter, that every function of every
// input computes the same thing before and after the pass. The recording of
// invocations and the execution check are internal/passcheck's.
//
//	func TestLit(t *testing.T) { passtest.Lit(t, "copy", affinedatacopy.New) }
//	func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "copy", affinedatacopy.New) }
package passtest
