package gpuutil_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

// copyFunc is a copy nest into a 16x32 shared buffer inside an outer loop
// %k of the given bounds; LOAD and STORE are the copy's accesses.
func copyFunc(outer, load, store string) string {
	return `
func.func @f(%A: memref<64x64xf16>, %n: index) {
  %s = memref.get_global @s : memref<16x32xf16, 3>
  affine.for %k = ` + outer + ` {
    affine.for %ci = 0 to 16 {
      affine.for %ck = 0 to 16 {
        %v = affine.load ` + load + `
        affine.store %v, ` + store + `
      }
    }
  }
  return
}
memref.global "private" @s : memref<16x32xf16, 3>
`
}

// TestVectorizeCopyLoop: which copies become vector copies (128 bits), and
// why the others are refused with the IR unchanged.
func TestVectorizeCopyLoop(t *testing.T) {
	for _, tc := range []struct {
		name, outer, load, store, err string
	}{
		{"aligned outer tile", "0 to 64 step 16", "%A[%ci, %k + %ck] : memref<64x64xf16>", "%s[%ci, %ck] : memref<16x32xf16, 3>", ""},
		{"constant offset of a vector length", "0 to 1", "%A[%ci, %ck + 8] : memref<64x64xf16>", "%s[%ci, %ck + 16] : memref<16x32xf16, 3>", ""},
		{"outer tile of 4 elements", "0 to 64 step 4", "%A[%ci, %k + %ck] : memref<64x64xf16>", "%s[%ci, %ck] : memref<16x32xf16, 3>",
			"the contiguous index of memref<64x64xf16> is not provably aligned to the vector length 8"},
		{"odd constant offset", "0 to 1", "%A[%ci, %ck + 3] : memref<64x64xf16>", "%s[%ci, %ck] : memref<16x32xf16, 3>",
			"the contiguous index of memref<64x64xf16> has offset 3, not a multiple of the vector length 8"},
		{"unknown symbol offset", "0 to 1", "%A[%ci, %ck + symbol(%n)] : memref<64x64xf16>", "%s[%ci, %ck] : memref<16x32xf16, 3>",
			"the contiguous index of memref<64x64xf16> is not provably aligned to the vector length 8"},
		{"stride 2", "0 to 1", "%A[%ci, %ck * 2] : memref<64x64xf16>", "%s[%ci, %ck] : memref<16x32xf16, 3>",
			"the copy does not walk the contiguous dimension of memref<64x64xf16> with unit stride"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := parseModule(t, copyFunc(tc.outer, tc.load, tc.store))
			loops := gpuutil.CopyLoops(m)
			if len(loops) != 1 {
				t.Fatalf("found %d copy loops, want 1", len(loops))
			}
			before := text(m)
			err := gpuutil.VectorizeCopyLoop(all.NewContext(), loops[0], 128)
			after := text(m)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want %q", err, tc.err)
				}
				if after != before {
					t.Errorf("IR changed on failure:\n%s", after)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"step 8 {", "affine.vector_load", "vector<8xf16>", "affine.vector_store"} {
				if !strings.Contains(after, want) {
					t.Errorf("%q missing from\n%s", want, after)
				}
			}
			if strings.Contains(after, "affine.load") {
				t.Errorf("scalar load left in\n%s", after)
			}
		})
	}
}

// TestCopyLoopsSkipsOtherLoops: loads from shared memory, stores to global
// memory and loops with more in their body are not copy loops.
func TestCopyLoopsSkipsOtherLoops(t *testing.T) {
	m := parseModule(t, `
memref.global "private" @s : memref<16xf16, 3>
func.func @f(%A: memref<16xf16>) {
  %s = memref.get_global @s : memref<16xf16, 3>
  affine.for %i = 0 to 16 {
    %v = affine.load %s[%i] : memref<16xf16, 3>
    affine.store %v, %A[%i] : memref<16xf16>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf16>
    %w = arith.addf %v, %v : f16
    affine.store %w, %s[%i] : memref<16xf16, 3>
  }
  return
}`)
	if n := len(gpuutil.CopyLoops(m)); n != 0 {
		t.Errorf("found %d copy loops, want 0", n)
	}
}
