package gpumatmulmma_test

import (
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulmma"
	"github.com/goopt/goopt/passes/internal/matmulpass/matmultest"
)

func matmul(m, n, k int) string { return matmultest.Matmul(m, n, k, "f16", "f32") }

// run applies the pipeline configured by o to src and prints the result.
func run(src string, o gpumatmulmma.Options) (string, error) {
	return matmultest.Run(src, func(pm *pass.OpPassManager) error { return gpumatmulmma.Build(pm, o) })
}

// Build the pipeline as a library and map a matmul to the mma.sync
// kernel: 128x256x32 block tiles, 8 warps of 64x64, so per 16-deep K step
// a warp issues 4 ldmatrix x4 (A), 4 ldmatrix x4.trans (B, two n tiles
// each) and 32 mma.sync. K = 512 is 16 K tiles: the first 13 issue the
// copies of a tile 3 ahead, 12 of them in the loop, unrolled by the 4
// stages (so every ring slot is a constant); the last 4 are peeled. The
// text holds 8 tiles' mma.sync, and their fragment loads, each one
// 16-deep step ahead: before the loop, 2 a tile but the last's 1.
func Example() {
	text, err := run(matmul(256, 256, 512), gpumatmulmma.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(regexp.MustCompile(`scf.for %\w+ = %c0 to %c12 step %c4 `).MatchString(text))
	fmt.Println(strings.Count(text, "nvgpu.mma.sync"))
	fmt.Println(strings.Count(text, "transpose = false"), strings.Count(text, "transpose = true"))
	// Output:
	// true
	// 512
	// 64 64
}

// TestOutputRoundTripsThroughUpstream: what the pipeline prints
// mlir-opt-19 parses and verifies, and its generic form reads back in
// goopt to the same text.
func TestOutputRoundTripsThroughUpstream(t *testing.T) {
	if _, err := exec.LookPath("mlir-opt-19"); err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	for _, opts := range []string{"", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0", "tb-tile=128,256,64 warp-tile=64,64 stages=3", "spread-copies interleave-loads"} {
		o := gpumatmulmma.DefaultOptions()
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
