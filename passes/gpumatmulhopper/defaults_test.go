package gpumatmulhopper

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/pass"
)

// TestDefaultsResolve: the defaults are the fastest configuration
// (persistent, the register epilogue) and fall back where the options
// given rule them out; an option given explicitly never falls back, so
// its conflicts are the errors they were.
func TestDefaultsResolve(t *testing.T) {
	const (
		reg    = EpilogueRegisters
		tma    = EpilogueTMA
		direct = EpilogueDirect
	)
	for _, c := range []struct {
		opts       string
		persistent bool
		epilogue   string
		stages     int64
		err        string
	}{
		{"", true, reg, 4, ""},
		// The producer warpgroup runs the ring across tiles: without it,
		// the rung-0 kernel, one tile a block, TMA epilogue.
		{"warp-specialize=false", false, tma, 4, ""},
		{"warp-specialize=false epilogue=direct", false, direct, 4, ""},
		{"persistent=true warp-specialize=false", false, "", 0, "persistent needs warp-specialize"},
		{"epilogue=registers warp-specialize=false", false, "", 0, "epilogue=registers needs warp-specialize"},
		// The old default, one tile a block, is one option away.
		{"persistent=false", false, tma, 4, ""},
		{"epilogue=tma", true, tma, 4, ""},
		{"epilogue=direct", true, direct, 4, ""},
		{"epilogue=registers", true, reg, 4, ""},
		// The overlapped epilogue needs a staging tile: auto picks tma, and
		// the default stages shrink to what fits beside it.
		{"overlap-epilogue=true", true, tma, 2, ""},
		{"tb-tile=128,128,64 overlap-epilogue=true", true, tma, 4, ""},
		{"overlap-epilogue=true stages=4", true, tma, 0, "need 327680 bytes of shared memory"},
		{"overlap-epilogue=true epilogue=registers", true, "", 0, "overlap-epilogue does not apply to epilogue=registers"},
		{"overlap-epilogue=true persistent=false", false, "", 0, "overlap-epilogue needs persistent"},
		{"overlap-epilogue=true warp-specialize=false", false, "", 0, "overlap-epilogue needs persistent"},
		// A persistent cluster needs the register epilogue: with a
		// staging-tile epilogue the cluster is not persistent.
		{"cluster=2,1", true, reg, 4, ""},
		{"cluster=2,1 epilogue=tma", false, tma, 4, ""},
		{"cluster=2,1 persistent=false", false, tma, 4, ""},
		{"cluster=2,1 epilogue=tma persistent=true", true, "", 0, "cluster with persistent needs epilogue=registers or pingpong"},
		{"cluster=2,1 warp-specialize=false", false, "", 0, "cluster needs warp-specialize"},
		// Stages given are the user's, too many or not.
		{"stages=5", true, "", 0, "5 stages of 128x256x64 tiles need 245760 bytes"},
		{"stages=5 tb-tile=128,192,64", true, reg, 5, ""},
		{"tb-tile=128,128,64 stages=7 pingpong=true", true, "", 7, ""},
		{"pingpong=true warp-specialize=false tb-tile=128,128,64", true, "", 4, ""},
		{"epilogue=smem", false, "", 0, "option 'epilogue' must be auto, direct, tma or registers, got 'smem'"},
	} {
		t.Run(c.opts, func(t *testing.T) {
			o := DefaultOptions()
			if err := pass.ParseOptions(&o, c.opts); err != nil {
				t.Fatal(err)
			}
			k, err := o.kernel()
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			epilogue := direct
			switch {
			case k.PingPong:
				epilogue = ""
			case k.RegisterEpilogue:
				epilogue = reg
			case k.TMAEpilogue:
				epilogue = tma
			}
			if k.Persistent != c.persistent || epilogue != c.epilogue || k.Stages != c.stages {
				t.Errorf("persistent=%v epilogue=%q stages=%d, want %v %q %d", k.Persistent, epilogue, k.Stages, c.persistent, c.epilogue, c.stages)
			}
			// The pipeline prints the options resolved: they parse back to
			// the same kernel, every option now given.
			r := o.resolved()
			again := DefaultOptions()
			if err := pass.ParseOptions(&again, pass.FormatOptions(&r)); err != nil {
				t.Fatal(err)
			}
			if k2, err := again.kernel(); err != nil || k2 != k {
				t.Errorf("%s resolves to %+v, %v; want %+v", pass.FormatOptions(&r), k2, err, k)
			}
		})
	}
}

// TestDefaultsInGo: Go code that sets fields keeps what it set (a value
// other than the default never falls back), and the helpers a tuner
// calls see the resolved kernel.
func TestDefaultsInGo(t *testing.T) {
	o := DefaultOptions()
	o.WarpSpecialize = false
	if k, err := o.kernel(); err != nil || k.Persistent || !k.TMAEpilogue {
		t.Errorf("warp-specialize=false in Go: %+v, %v", k, err)
	}
	if got := o.Threads(); got != 2*warpgroupSize {
		t.Errorf("threads %d", got)
	}
	o = DefaultOptions()
	o.Stages = 5
	if err := o.Check(8192, 8192, 8192); err == nil || !strings.Contains(err.Error(), "shared memory") {
		t.Errorf("stages=5 in Go: %v", err)
	}
	o = DefaultOptions()
	o.OverlapEpilogue = true
	if got, want := o.SharedBytes(), int64(2*(128*64+64*256)*2+128*256*4); got != want {
		t.Errorf("overlap-epilogue shared memory %d, want %d (2 stages and the staging tile)", got, want)
	}
	// A Go caller that wants persistent kept even where it conflicts says
	// it was given.
	o = DefaultOptions()
	o.WarpSpecialize = false
	o.OptionGiven("persistent")
	if _, err := o.kernel(); err == nil || !strings.Contains(err.Error(), "persistent needs warp-specialize") {
		t.Errorf("persistent given in Go: %v", err)
	}
}

// TestAutoEpilogue: epilogue=auto is the register epilogue at every size
// (its edge tiles measured as fast as its inner ones: 3000x5000x704 290
// TFLOP/s against 225 with the TMA epilogue, 1000^3 85.5 against 78.9),
// and the TMA epilogue where the other options rule registers out.
func TestAutoEpilogue(t *testing.T) {
	for _, c := range []struct {
		opts string
		regs bool
	}{
		{"", true},
		{"epilogue=registers", true},
		{"cluster=1,2", true},
		{"persistent=false", false},
		{"overlap-epilogue=true", false},
		{"epilogue=tma", false},
	} {
		k := optionsKernel(t, c.opts)
		if k.RegisterEpilogue != c.regs || k.TMAEpilogue == c.regs {
			t.Errorf("{%s}: register epilogue %v, TMA %v; want register %v", c.opts, k.RegisterEpilogue, k.TMAEpilogue, c.regs)
		}
	}
}

// TestTileBySize: the default 128x256 tiles become 128x128 where those
// finish in fewer waves' time (all of them at most half the SMs' tiles),
// unless tile-by-size=false, another tile, a cluster or pingpong is given.
func TestTileBySize(t *testing.T) {
	for _, c := range []struct {
		opts    string
		m, n    int64
		wantBN  int64
		comment string
	}{
		{"", 1024, 1024, 128, "32 tiles for 132 SMs"},
		{"", 1000, 1000, 128, "32 tiles, partial"},
		{"", 2048, 2048, 256, "128 tiles: 1 wave, or 2 of 128x128"},
		{"", 3072, 3072, 128, "288 tiles: 3 waves, or 5 of 128x128 (2.8)"},
		{"", 2560, 2560, 256, "200 tiles: 2 waves, or 4 of 128x128 (2.2)"},
		{"", 5120, 5120, 256, "800 tiles: 7 waves, or 13 of 128x128 (7.3)"},
		{"", 1024, 8448, 256, "8x33 = 264 tiles"},
		{"", 512, 4096, 128, "4x16 = 64 tiles, at most 66"},
		{"", 512, 4352, 256, "4x17 = 68 tiles"},
		{"tile-by-size=false", 1024, 1024, 256, "off"},
		{"tb-tile=256,128,64", 1024, 1024, 128, "another tile"},
		{"cluster=1,2", 1024, 1024, 256, "cluster"},
		{"sm-count=64", 1024, 1024, 128, "32 tiles, 64 SMs: exactly half"},
		{"sm-count=63", 1024, 1024, 256, "32 tiles, 63 SMs"},
	} {
		k := optionsKernel(t, c.opts)
		k.M, k.N, k.K = c.m, c.n, 1024
		k.tileBySize()
		if k.BN != c.wantBN {
			t.Errorf("{%s} %dx%d (%s): BN %d, want %d", c.opts, c.m, c.n, c.comment, k.BN, c.wantBN)
		}
	}
}

// optionsKernel is the kernel configuration of the default options with
// opts applied, resolved.
func optionsKernel(t *testing.T, opts string) kernel {
	t.Helper()
	o := DefaultOptions()
	if err := pass.ParseOptions(&o, opts); err != nil {
		t.Fatal(err)
	}
	k, err := o.resolved().kernel()
	if err != nil {
		t.Fatal(err)
	}
	return k
}
