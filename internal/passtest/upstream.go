package passtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// CheckLinesMatchMLIROpt19 runs each FileCheck RUN line of the lit files
// matching glob with mlir-opt-19 in goopt's place and FileCheck-19, so a
// pass's CHECK lines are shown to hold for upstream's output as well as
// goopt's. It skips when the tools are not installed and fails when the
// glob finds no FileCheck RUN line (a renamed file would otherwise pass
// by checking nothing).
func CheckLinesMatchMLIROpt19(t *testing.T, glob string) {
	t.Helper()
	for _, tool := range []string{"mlir-opt-19", "FileCheck-19", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			run, ok := strings.CutPrefix(line, "// RUN: ")
			if !ok || !strings.Contains(run, "| FileCheck") {
				continue
			}
			cmd := strings.NewReplacer("goopt opt", "mlir-opt-19", "FileCheck", "FileCheck-19", "%s", f).Replace(run)
			if out, err := exec.Command("bash", "-o", "pipefail", "-c", cmd).CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", cmd, err, out)
			}
			ran++
		}
	}
	if ran == 0 {
		t.Fatalf("no FileCheck RUN lines in %s", glob)
	}
}
