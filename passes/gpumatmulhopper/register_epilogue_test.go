package gpumatmulhopper_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
	"github.com/goopt/goopt/passes/internal/matmulpass/matmultest"
)

// The cooperative schedule with epilogue=registers on the interpreter:
// two consumer warpgroups each add their 64 rows of the tile to C from
// registers, with no barrier between them, while the persistent
// producer already loads the block's next tile. Several tiles per block
// (6 tiles on 2 blocks; 4 on one block at 128x256, the default tile),
// K spanning ring rounds that run on across tiles, partial tiles (TMA
// zero fill and the guarded pairs), bf16, a copied A (K = 100: rows of
// 200 bytes, not TMA's), and one tile per block (not persistent).
var registerRungs = []sizedRung{
	{"persistent-3-tiles-a-block", [3]int{384, 256, 256}, "f16", "tb-tile=128,128,64 stages=3 grid-swizzle=0 epilogue=registers persistent=true sm-count=2"},
	{"persistent-128x256-one-block", [3]int{256, 512, 128}, "f16", "stages=3 grid-swizzle=2 epilogue=registers persistent=true sm-count=1"},
	{"one-tile-a-block", [3]int{256, 256, 192}, "f16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 epilogue=registers persistent=false"},
	{"awkward", [3]int{200, 136, 104}, "f16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 epilogue=registers persistent=true sm-count=2"},
	{"awkward-bf16", [3]int{200, 136, 104}, "bf16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 epilogue=registers persistent=true sm-count=3"},
	{"awkward-copied-a", [3]int{200, 136, 100}, "f16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 epilogue=registers persistent=true sm-count=2"},
	// Odd N: C's pairs are updated by 4-byte scalars (every other row's
	// pairs are not 8-byte aligned), each column guarded in an edge tile,
	// where a row's last pair straddles C's edge; B's odd rows are copied
	// by the producer. 2 tiles a block, then the defaults (128x256 tiles,
	// kept by tile-by-size=false, 4 stages, 2 consumers, 3 tiles a block),
	// then bf16 with one tile a block and an odd K too.
	{"odd-n", [3]int{200, 131, 104}, "f16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 epilogue=registers persistent=true sm-count=2"},
	{"odd-n-defaults", [3]int{260, 301, 72}, "f16", "sm-count=2 tile-by-size=false"},
	{"odd-nk-bf16-one-tile-a-block", [3]int{129, 67, 61}, "bf16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 sm-count=4"},
	// The defaults where 128x256 tiles would leave more than half the
	// SMs idle: tile-by-size takes 128x128 (both rows of a thread loaded
	// before the last wgmma's wait), at a divisible and an awkward size.
	{"tile-by-size", [3]int{256, 256, 64}, "f16", "sm-count=8"},
	{"tile-by-size-awkward", [3]int{200, 300, 72}, "f16", "sm-count=16"},
}

func TestInterpreterEquivalenceRegisterEpilogue(t *testing.T) { checkSizedRungs(t, registerRungs) }

// registerVerdict is the interpreter's verdict on the matmul of the size
// with elem inputs, mapped with opts, its kernel text changed by edit
// and lowered, against the affine nest.
func registerVerdict(t *testing.T, size [3]int, elem, opts string, edit func(string) string) error {
	t.Helper()
	src := strings.ReplaceAll(matmul(size[0], size[1], size[2]), "f16", elem)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	text := mapped(t, src, opts)
	if edit != nil {
		text = edit(text)
	}
	out, err := matmultest.Lower(text)
	if err != nil {
		t.Fatal(err)
	}
	return equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5})
}

// mbarrierCreate matches the creation of a barrier group.
var mbarrierCreate = regexp.MustCompile(`(%[0-9a-z_]+) = nvgpu\.mbarrier\.create`)

// TestInterpreterCatchesEarlySlotRelease plants the bug the register
// epilogue makes likely: with no consumer barrier per tile, the
// consumers drift apart, and an empty barrier that completes on one
// consumer's release (its count 1, not 2) lets the producer refill a
// slot the other consumer has not read yet.
func TestInterpreterCatchesEarlySlotRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	r := registerRungs[0]
	planted := 0
	err := registerVerdict(t, r.size, r.elem, r.opts, func(text string) string {
		groups := mbarrierCreate.FindAllStringSubmatch(text, -1)
		if len(groups) != 2 {
			t.Fatalf("%d barrier groups, want full and empty (no consumer barrier)", len(groups))
		}
		initEmpty := regexp.MustCompile(`(nvgpu\.mbarrier\.init ` + groups[1][1] + `\[[^\]]+\]), %c2 `)
		text = initEmpty.ReplaceAllStringFunc(text, func(m string) string {
			planted++
			return initEmpty.ReplaceAllString(m, "$1, %c1 ")
		})
		return text
	})
	if planted != 1 {
		t.Fatalf("planted the count in %d inits, want 1", planted)
	}
	if err == nil {
		t.Fatal("the interpreter ran the kernel whose slots are released by one of two consumers without an error")
	}
	t.Log(err)
}

// TestRegisterEpilogueNoStaging: the kernel with epilogue=registers has
// no staging tile (its shared memory is the ring: 4 stages of 128x256x64
// take 192 KB, and 128x192x64 fits 5) and no consumer barrier, and
// refuses what it cannot do, at the option or the loop at fault.
func TestRegisterEpilogueNoStaging(t *testing.T) {
	o := gpumatmulhopper.DefaultOptions()
	o.Epilogue, o.Persistent = gpumatmulhopper.EpilogueRegisters, true
	if got := o.SharedBytes(); got != 4*(128*64+64*256)*2 {
		t.Errorf("shared memory %d, want the ring's", got)
	}
	o.TBTile, o.Stages = []int64{128, 192, 64}, 5
	if err := o.Check(4096, 4032, 4096); err != nil {
		t.Errorf("5 stages of 128x192: %v", err)
	}
	text, err := run(matmul(256, 512, 128), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, absent := range []string{"nvgpu.warpgroup.mma.store", "nvgpu.tma.async.store", "num_barriers = 1>"} {
		if strings.Contains(text, absent) {
			t.Errorf("the register epilogue's kernel has %s", absent)
		}
	}
	for _, c := range []struct{ opts, src, want string }{
		{"epilogue=registers warp-specialize=false", matmul(256, 256, 256), "epilogue=registers needs warp-specialize"},
		{"epilogue=registers persistent=true overlap-epilogue=true stages=2", matmul(256, 256, 256), "overlap-epilogue does not apply to epilogue=registers"},
		{"epilogue=vectors", matmul(256, 256, 256), "option 'epilogue' must be auto, direct, tma or registers"},
	} {
		o := gpumatmulhopper.DefaultOptions()
		err := pass.ParseOptions(&o, c.opts)
		if err == nil {
			_, err = matmultest.Run(c.src, func(pm *pass.OpPassManager) error { return gpumatmulhopper.Build(pm, o) })
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.opts, err, c.want)
		}
	}
}
