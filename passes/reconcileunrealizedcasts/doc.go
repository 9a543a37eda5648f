// Package reconcileunrealizedcasts implements upstream's
// reconcile-unrealized-casts pass: the builtin.unrealized_conversion_cast
// ops that dialect conversions leave between partially converted code are
// removed where they cancel out. A chain of casts that comes back to the
// types it started from folds away, and dead casts are erased:
//
//	%0 = builtin.unrealized_conversion_cast %x : i32 to i64
//	%1 = builtin.unrealized_conversion_cast %0 : i64 to index
//	%2 = builtin.unrealized_conversion_cast %1 : index to i32
//	"use"(%2) : (i32) -> ()
//
// becomes
//
//	"use"(%x) : (i32) -> ()
//
// A cast that is still used afterwards is an unfinished conversion and an
// error, with the message upstream gave before MLIR 18 (MLIR 18 and 19
// keep such casts without a word): `'builtin.unrealized_conversion_cast'
// op failed to legalize operation 'builtin.unrealized_conversion_cast'
// that was explicitly marked illegal`, with a note giving the unresolved
// types. Casts that reconcile are folded away exactly as MLIR 19 does.
package reconcileunrealizedcasts
