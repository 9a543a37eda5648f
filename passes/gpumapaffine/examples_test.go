package gpumapaffine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/driver"
)

// TestExamplesCompileToPTX compiles the repository's element-wise,
// transpose and softmax examples to PTX with llc-19, as goopt compile
// does (gpu-map-affine; transpose=tma for the transposes whose rows
// allow it), and checks that their global accesses are 128-bit vectors:
// the aligned-offset plans of the 4097x8191 examples included, whose
// alignment convert-vector-to-llvm must prove from the indices.
func TestExamplesCompileToPTX(t *testing.T) {
	if _, err := exec.LookPath("llc-19"); err != nil {
		t.Skip("no llc-19")
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	var n int
	for _, f := range files {
		base := filepath.Base(f)
		if !strings.HasPrefix(base, "vecadd") && !strings.HasPrefix(base, "transpose") && !strings.HasPrefix(base, "softmax") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pipelines := []string{""}
		if strings.HasPrefix(base, "transpose") && !strings.Contains(base, "4097x8191") {
			pipelines = append(pipelines, "gpu-map-affine{transpose=tma}")
		}
		for _, p := range pipelines {
			n++
			t.Run(base+"/"+p, func(t *testing.T) {
				res, diags := driver.Compile(context.Background(), src, f, driver.CompileOptions{Pipeline: p})
				if diags != nil {
					t.Fatal(diags)
				}
				ptx := string(res.Output)
				want := []string{"ld.global.v4.f32", "st.global.v4.f32"}
				if p != "" {
					want = []string{"cp.async.bulk.tensor.2d.shared::cluster.global", "cp.async.bulk.tensor.2d.global.shared::cta"}
				}
				for _, w := range want {
					if !strings.Contains(ptx, w) {
						t.Errorf("no %s in the PTX", w)
					}
				}
			})
		}
	}
	if n < 6 {
		t.Errorf("%d example compilations, want at least 6", n)
	}
}
