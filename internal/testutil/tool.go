package testutil

import (
	"os/exec"
	"testing"
)

// Tool returns the path of an external tool a test compares with (an
// LLVM or MLIR binary), skipping the test where it is not installed.
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed", name)
	}
	return p
}
