package gpumatmulhopper_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
	"github.com/goopt/goopt/passes/internal/matmulpass/matmultest"
)

func matmul(m, n, k int) string { return matmultest.Matmul(m, n, k, "f16", "f32") }

// run applies the pipeline configured by o to src and prints the result.
func run(src string, o gpumatmulhopper.Options) (string, error) {
	return matmultest.Run(src, func(pm *pass.OpPassManager) error { return gpumatmulhopper.Build(pm, o) })
}

// Build the pipeline as a library and map a matmul to the Hopper kernel:
// by default warp-specialised, 128x256 tiles, 3 warpgroups.
func Example() {
	text, err := run(matmul(256, 512, 256), gpumatmulhopper.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Contains(text, "threads(%arg6, %arg7, %arg8) in (%arg12 = %c384"))
	fmt.Println(strings.Count(text, "nvgpu.warpgroup.mma "))
	// Output:
	// true
	// 1
}

// TestOutputRoundTripsThroughUpstream: what the pipeline prints, for each
// rung, mlir-opt-19 parses, and its generic form reads back in goopt to
// the same text.
func TestOutputRoundTripsThroughUpstream(t *testing.T) {
	if _, err := exec.LookPath("mlir-opt-19"); err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	for _, opts := range []string{"warp-specialize=false epilogue=direct grid-swizzle=0", "epilogue=direct", ""} {
		o := gpumatmulhopper.DefaultOptions()
		if err := pass.ParseOptions(&o, opts); err != nil {
			t.Fatal(err)
		}
		text, err := run(matmul(256, 512, 320), o)
		if err != nil {
			t.Fatalf("%s: %v", opts, err)
		}
		if err := matmultest.UpstreamRoundTrip(text); err != nil {
			t.Errorf("%s: %v", opts, err)
		}
	}
}
