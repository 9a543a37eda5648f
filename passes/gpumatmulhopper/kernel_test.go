package gpumatmulhopper

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/pass"
)

// rungs are the ladder's configurations at a small size: each must be
// accepted and lowered to PTX by upstream MLIR, whose nvgpu lowering is
// known to run such kernels on an H100.
var rungs = []struct {
	name string
	opts string
	ptx  []string // instructions the PTX must contain
}{
	{"rung0-128x128", "tb-tile=128,128,64 consumers=1 warp-specialize=false epilogue=direct grid-swizzle=0",
		[]string{"cp.async.bulk.tensor.2d.shared::cluster.global", "mbarrier.try_wait.parity", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "mbarrier.arrive.expect_tx"}},
	{"rung0", "warp-specialize=false epilogue=direct grid-swizzle=0",
		[]string{"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16", "bar.sync"}},
	{"rung1", "epilogue=direct grid-swizzle=0 persistent=false",
		[]string{"setmaxnreg.dec.sync.aligned.u32 40", "setmaxnreg.inc.sync.aligned.u32 232", "mbarrier.arrive.shared", "bar.sync"}},
	{"rung2", "epilogue=tma grid-swizzle=0 persistent=false",
		[]string{"cp.async.bulk.tensor.2d.global.shared::cta", "fence.proxy.async.shared::cta", "cp.async.bulk.wait_group.read 0"}},
	{"rung6", "epilogue=tma persistent=false", []string{"min.u"}},
	// A persistent grid smaller than the tiles, so blocks loop.
	{"rung4", "epilogue=tma persistent=true sm-count=5", []string{"mbarrier.try_wait.parity", "fence.proxy.async.shared::cta", "cp.async.bulk.tensor.2d.global.shared::cta"}},
	// Clusters along x (A multicast: 512/128 = 4 row tiles... 768/256 = 3
	// column tiles do not pair, so 128x128 tiles: 6 columns) and along y.
	{"rung3-x", "tb-tile=128,128,64 cluster=2,1 epilogue=tma persistent=false", []string{"multicast::cluster", "mapa.shared::cluster.u32", "mbarrier.arrive.shared::cluster.b64", "barrier.cluster.arrive.aligned", "fence.mbarrier_init.release.cluster"}},
	{"rung3-y", "cluster=1,2 epilogue=tma persistent=false", []string{"multicast::cluster", "mapa.shared::cluster.u32", "barrier.cluster.wait.aligned"}},
	{"rung5", "tb-tile=128,128,64 persistent=true overlap-epilogue=true sm-count=5", []string{"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "cp.async.bulk.wait_group.read 0"}},
	// The register epilogue: persistent on 5 blocks for the 12 tiles of
	// 128x256, so the producer runs into a block's next tile during the
	// epilogue; and on a persistent row of 2x1 clusters (6 clusters over
	// the 12 pairs of 128x128 tiles), which it allows.
	{"rung4-registers", "persistent=true sm-count=5 epilogue=registers", []string{"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16", "setmaxnreg.inc.sync.aligned.u32 232", "st.global.f32"}},
	{"rung4-registers-cluster", "tb-tile=128,128,64 stages=6 persistent=true cluster=2,1 sm-count=12 epilogue=registers", []string{"multicast::cluster", "mapa.shared::cluster.u32", "barrier.cluster.wait.aligned", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"}},
	// The defaults: the register epilogue, persistent (5 blocks for the
	// 12 tiles); no staging tile, so no TMA store. (Upstream aligns
	// vector accesses to an element: its PTX splits the 8-byte pairs.)
	{"default", "sm-count=5", []string{"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16", "setmaxnreg.inc.sync.aligned.u32 232", "st.global.f32"}},
}

// The size the rungs are lowered (and, with -tags gpu, run) at: K spans
// four rounds of the default 4-slot ring, so every slot's phase parity
// flips.
const gpuM, gpuN, gpuK = 512, 768, 1024

func kernelFor(t *testing.T, opts string, m, n, k int64) *kernel {
	t.Helper()
	o := DefaultOptions()
	if err := pass.ParseOptions(&o, opts); err != nil {
		t.Fatal(err)
	}
	kc, err := o.kernel()
	if err != nil {
		t.Fatal(err)
	}
	kc.M, kc.N, kc.K = m, n, k
	return &kc
}

// TestUpstreamLowersEveryRung runs mlir-opt-19 on each rung's kernel: it
// must verify, and upstream's gpu-lower-to-nvvm-pipeline must take it to
// sm_90a PTX with the rung's instructions.
func TestUpstreamLowersEveryRung(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	for _, r := range rungs {
		t.Run(r.name, func(t *testing.T) {
			k := kernelFor(t, r.opts, gpuM, gpuN, gpuK)
			src := k.text()
			in := t.TempDir() + "/k.mlir"
			if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(mlirOpt, in).CombinedOutput(); err != nil {
				t.Fatalf("mlir-opt-19 rejects the kernel: %s\n%s", out, src)
			}
			ptx, err := testutil.UpstreamPTX(src, "sm_90a", "+ptx80")
			if err != nil {
				t.Fatal(err)
			}
			// HOPPER_WRITE_PTX=dir keeps the PTX for the -tags gpu test.
			if dir := os.Getenv("HOPPER_WRITE_PTX"); dir != "" {
				if err := os.WriteFile(dir+"/"+r.name+".ptx", []byte(ptx), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, want := range r.ptx {
				if !strings.Contains(ptx, want) {
					t.Errorf("PTX lacks %q", want)
				}
			}
		})
	}
}
