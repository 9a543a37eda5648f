// Package gpuutil holds the transformations behind goopt's GPU passes
// (the paper's pipeline, issue 9), one file per topic, each named after
// its pass. The passes under passes/ are thin: they collect candidates,
// call a function here, and turn its error into a remark; every function
// here leaves the IR unchanged when it returns an error.
//
// latency.go (gpu-latency-hiding) software-pipelines the thread-block k
// loop of a gpu.launch: the copy of the first tile into workgroup memory
// is peeled before the loop, the global loads of tile k+1 are issued
// before the compute of tile k and stored to workgroup memory after it,
// and the compute of the last tile is peeled after the loop, with the
// gpu.barrier ops that order the new schedule:
//
//	for _, loop := range gpuutil.LatencyHidingCandidates(launch) {
//		if err := gpuutil.HideGlobalLoadLatency(ctx, loop, gpuutil.DefaultLatencyHidingOptions()); err != nil {
//			// not transformed; the IR is as it was
//		}
//	}
package gpuutil
