package gpumatmulhopper

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
)

// TestUpstreamLowersAwkwardKernels: the kernels for sizes the tiles do not
// divide, f16 and bf16, verify in mlir-opt-19 and lower to sm_90a PTX with
// the element type's wgmma and the epilogue's bounds checks.
func TestUpstreamLowersAwkwardKernels(t *testing.T) {
	if _, err := exec.LookPath("mlir-opt-19"); err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	for _, c := range []struct {
		elem, opts string
		m, n, k    int64
		want       []string
	}{
		{"f16", "tb-tile=128,128,64 consumers=2 epilogue=direct", 1000, 1000, 712, []string{"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "setp.lt.u64"}},
		{"bf16", "tb-tile=128,128,64 consumers=2 epilogue=tma persistent=false", 1000, 1000, 712, []string{"wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16", "cp.async.bulk.tensor.2d.global.shared::cta"}},
		{"f16", "tb-tile=128,128,64 stages=3 persistent=true overlap-epilogue=true", 1000, 1000, 712, []string{"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "setmaxnreg.inc.sync.aligned.u32"}},
		// The register epilogue, cooperative and persistent: guarded
		// 8-byte pairs at the edge tiles.
		{"f16", "persistent=true epilogue=registers", 1000, 1000, 712, []string{"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16", "st.global.f32", "setp.lt.u64"}},
		// The defaults at odd N (and K): the register epilogue by 4-byte
		// scalars, B (and A) copied into padded buffers by copy kernels
		// (2-byte loads and stores at odd rows; upstream scalarises the 4-element bf16 vectors at K = 700)
		// before the matmul loads them by TMA; upstream outlines each
		// launch into a module of its own.
		{"f16", "", 1000, 999, 711, []string{"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16", "ld.global.f32", "st.global.f32", "setp.lt.u64", "ld.global.b16", "st.global.b16"}},
		{"bf16", "", 3000, 5000, 700, []string{"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16", "st.global.f32", "ld.global.u16", "st.global.u16"}},
		// pad-operands=false: rows TMA cannot address copied by the
		// producer warpgroup (A, K = 700), then every operand (999) by the
		// block, with the direct epilogue.
		{"f16", "epilogue=tma persistent=false pad-operands=false", 1000, 1000, 700, []string{"fence.proxy.async.shared::cta", "cp.async.bulk.tensor.2d.shared::cluster.global", "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16"}},
		{"bf16", "tb-tile=128,128,64 consumers=1 warp-specialize=false pad-operands=false", 999, 999, 999, []string{"fence.proxy.async.shared::cta", "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16"}},
	} {
		t.Run(fmt.Sprintf("%s/%dx%dx%d/%s", c.elem, c.m, c.n, c.k, c.opts), func(t *testing.T) {
			k := kernelFor(t, c.opts, c.m, c.n, c.k)
			k.fitEpilogue()
			k.Elem = c.elem
			ptx, err := testutil.UpstreamPTX(k.source(), "sm_90a", "+ptx80")
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(ptx, w) {
					t.Errorf("PTX lacks %q", w)
				}
			}
		})
	}
}
