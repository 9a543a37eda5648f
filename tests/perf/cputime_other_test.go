//go:build !unix

package perf

import (
	"os"
	"time"
)

// processCPU is unavailable here: the benchmarks report wall time only.
func processCPU() time.Duration { return 0 }

func maxRSS(*os.ProcessState) int64 { return 0 }
