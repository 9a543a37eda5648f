package convertnvgputonvvm_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckLinesMatchMLIROpt19 runs each FileCheck RUN line of
// nvgpu-to-nvvm.mlir with mlir-opt-19 in goopt's place and FileCheck-19:
// the CHECK lines hold for upstream's output as well as goopt's. (The
// -host and kernel-args files check goopt's own conventions.)
func TestCheckLinesMatchMLIROpt19(t *testing.T) {
	for _, tool := range []string{"mlir-opt-19", "FileCheck-19", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	files, _ := filepath.Glob("../../tests/lit/conversion/nvgpu-to-nvvm.mlir")
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
		t.Fatal("no FileCheck RUN lines found")
	}
}
