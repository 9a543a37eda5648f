//go:build !unix

package perf

import "time"

// processCPU is unavailable here: the benchmarks report wall time only.
func processCPU() time.Duration { return 0 }
