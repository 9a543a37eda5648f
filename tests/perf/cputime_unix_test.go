//go:build unix

package perf

import (
	"os"
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) the process has used so far:
// on a machine shared with other jobs it is a steadier measure than wall
// time, which also counts the time this process waited for a core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// maxRSS is a finished child's peak resident set in bytes (Linux reports
// ru_maxrss in KiB).
func maxRSS(st *os.ProcessState) int64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}
