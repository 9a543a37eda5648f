package gpumatmulmma

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
)

// TestSwizzleIsConflictFree: for every row width the kernel can have, the
// 8 rows of an ldmatrix phase (from a multiple of 8) read one logical
// chunk from 8 distinct bank groups, and each row's chunks are a
// permutation (every copy lands in its own row, 16-byte aligned).
func TestSwizzleIsConflictFree(t *testing.T) {
	for _, rowChunks := range []int64{2, 4, 8, 16, 32} {
		shift, mask := swizzle(rowChunks)
		phys := func(r, c int64) int64 { return c ^ (r>>shift)&mask }
		for r0 := int64(0); r0 < 32; r0 += 8 {
			for c := int64(0); c < rowChunks; c++ {
				seen := map[int64]bool{}
				for r := r0; r < r0+8; r++ {
					seen[(r*rowChunks+phys(r, c))%bankPeriod] = true
				}
				if len(seen) != 8 {
					t.Errorf("%d chunks a row: rows %d..%d, chunk %d hit %d bank groups, want 8", rowChunks, r0, r0+7, c, len(seen))
				}
			}
		}
		for r := int64(0); r < 16; r++ {
			seen := map[int64]bool{}
			for c := int64(0); c < rowChunks; c++ {
				if p := phys(r, c); p < 0 || p >= rowChunks {
					t.Errorf("%d chunks a row: chunk %d of row %d goes to %d", rowChunks, c, r, p)
				} else {
					seen[p] = true
				}
			}
			if int64(len(seen)) != rowChunks {
				t.Errorf("%d chunks a row: row %d is not permuted", rowChunks, r)
			}
		}
	}
}

// TestUpstreamLowersToAmperePTX: mlir-opt-19 verifies the kernel text and
// its gpu-lower-to-nvvm-pipeline takes it to sm_80 PTX with the legacy
// tensor-core instructions (upstream's lowering of the same nvgpu ops).
func TestUpstreamLowersToAmperePTX(t *testing.T) {
	if _, err := exec.LookPath("mlir-opt-19"); err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	o := DefaultOptions()
	kc, err := o.kernel()
	if err != nil {
		t.Fatal(err)
	}
	kc.M, kc.N, kc.K = 256, 256, 256
	ptx, err := testutil.UpstreamPTX(kc.text(), "sm_80", "+ptx70")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cp.async.cg.shared.global", "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("PTX lacks %q", want)
		}
	}
}

// TestTF32SwizzleIsConflictFree: a tf32 B load's 32 lanes (g, t) read
// B[t, 8j + g] (or row t+4): with B's tf32 swizzle the 8 (row, chunk)
// pairs hit 8 distinct bank groups, and each row's chunks are permuted.
func TestTF32SwizzleIsConflictFree(t *testing.T) {
	for _, rowChunks := range []int64{8, 16, 32, 64} {
		shift, mask := tf32SwizzleB(rowChunks)
		phys := func(r, c int64) int64 { return c ^ (r&3)<<shift&mask }
		for r0 := int64(0); r0 < 32; r0 += 4 {
			for j := int64(0); 2*j+1 < rowChunks; j++ {
				seen := map[int64]bool{}
				for r := r0; r < r0+4; r++ {
					for c := 2 * j; c < 2*j+2; c++ {
						seen[(r*rowChunks+phys(r, c))%bankPeriod] = true
					}
				}
				if len(seen) != 8 {
					t.Errorf("%d chunks a row: rows %d..%d, chunks %d,%d hit %d bank groups, want 8", rowChunks, r0, r0+3, 2*j, 2*j+1, len(seen))
				}
			}
		}
		for r := int64(0); r < 8; r++ {
			seen := map[int64]bool{}
			for c := int64(0); c < rowChunks; c++ {
				seen[phys(r, c)] = true
			}
			if int64(len(seen)) != rowChunks {
				t.Errorf("%d chunks a row: row %d is not permuted", rowChunks, r)
			}
		}
	}
}

// TestSwizzlePeriod: the swizzle repeats after swizzlePeriod rows and
// after no fewer, so a thread's copies share one view exactly when their
// rows are a multiple of it apart (a shorter period would put a copy at
// the wrong chunk; a longer one only costs views).
func TestSwizzlePeriod(t *testing.T) {
	for _, rowChunks := range []int64{2, 4, 8, 16, 32} {
		shift, mask := swizzle(rowChunks)
		swz := func(r int64) int64 { return (r >> shift) & mask }
		p := swizzlePeriod(rowChunks)
		for d := int64(1); d <= p; d++ {
			repeats := true
			for r := int64(0); r < 64; r++ {
				repeats = repeats && swz(r+d) == swz(r)
			}
			if repeats != (d == p) {
				t.Errorf("%d chunks a row: the swizzle repeats after %d rows: %t (period %d)", rowChunks, d, repeats, p)
			}
		}
	}
}
