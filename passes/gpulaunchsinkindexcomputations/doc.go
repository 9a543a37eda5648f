// Package gpulaunchsinkindexcomputations implements upstream's
// gpu-launch-sink-index-computations pass: the constants, memref.dim,
// arith.select and arith.cmpi ops whose results a gpu.launch body uses
// from above are cloned into the body (when their own operands are
// constants sunk too, or values the body already uses), so that
// gpu-kernel-outlining run after it makes them part of the kernel rather
// than kernel parameters. The originals stay for their other uses
// (canonicalize removes dead ones). The work is gpuutil.SinkIntoLaunch.
//
//	%c0 = arith.constant 0 : index
//	gpu.launch blocks(...) in (...) threads(%tx, %ty, %tz) in (...) {
//	  %p = arith.cmpi eq, %tx, %c0 : index
//	  ...
//	}
//
// becomes
//
//	%c0 = arith.constant 0 : index
//	gpu.launch blocks(...) in (...) threads(%tx, %ty, %tz) in (...) {
//	  %c0_0 = arith.constant 0 : index
//	  %p = arith.cmpi eq, %tx, %c0_0 : index
//	  ...
//	}
package gpulaunchsinkindexcomputations
