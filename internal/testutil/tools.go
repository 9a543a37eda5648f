package testutil

import (
	"os/exec"
	"testing"
)

// HaveLLC reports whether an llc that goopt compile would find without
// flags is on the PATH (llc-19, then llc).
func HaveLLC() bool {
	for _, name := range []string{"llc-19", "llc"} {
		if _, err := exec.LookPath(name); err == nil {
			return true
		}
	}
	return false
}

// NeedLLC skips a test that compiles to PTX when there is no llc.
func NeedLLC(t testing.TB) {
	t.Helper()
	if !HaveLLC() {
		t.Skip("no llc: install llvm-19")
	}
}
