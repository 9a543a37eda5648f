package gpumatmulhopper_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
	"github.com/goopt/goopt/passes/internal/matmulpass/matmultest"
)

// padSizes are row lengths of every residue mod 4 (odd ones: chunks
// straddling two words at every shift; 2 mod 4: shifts of 0 and 32
// bits; 100: aligned words), shorter than a chunk, and odd row counts,
// so that src's last elements are past its last whole word (the tail
// copied one by one) or not (8x13, 6x102: the first word needs no
// clamp), and the grid's last block is partial or not.
var padSizes = []struct{ rows, cols int64 }{
	{5, 1}, {3, 3}, {7, 3}, {9, 5}, {13, 7}, {3, 13}, {11, 13}, {33, 131}, {17, 100}, {29, 102}, {67, 131}, {1, 3}, {2, 1},
	{8, 13}, {6, 102},
}

// checkPadCopy runs the copy kernel for rows x cols, lowered as goopt
// compile lowers it and with plant applied to its text (nil: none), on
// the interpreter (with its race and bounds checks) against a plain copy
// of A into O.
func checkPadCopy(t *testing.T, rows, cols int64, plant func(string) string) error {
	t.Helper()
	typ := fmt.Sprintf("memref<%dx%dxf16>", rows, cols)
	ref, err := parser.ParseFile(all.NewContext(), "ref.mlir", []byte(fmt.Sprintf("func.func @pad(%%A: %s, %%O: %s) {\n  memref.copy %%A, %%O : %s to %s\n  return\n}\n", typ, typ, typ, typ)))
	if err != nil {
		t.Fatal(err)
	}
	text := gpumatmulhopper.PadCopyFunc(rows, cols)
	if plant != nil {
		text = plant(text)
	}
	out, err := matmultest.Lower(text)
	if err != nil {
		t.Fatal(err)
	}
	return equiv.Check(ref.Module, out, "pad", equiv.Options{Seeds: []int64{1, 2}})
}

// TestPadCopy runs the operand padding's copy kernel alone at every row
// length class; its 8-byte words and funnel shifts must reproduce A bit
// for bit in the buffer's first cols columns.
func TestPadCopy(t *testing.T) {
	for _, s := range padSizes {
		t.Run(fmt.Sprintf("%dx%d", s.rows, s.cols), func(t *testing.T) {
			if err := checkPadCopy(t, s.rows, s.cols, nil); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestPadCopyCatchesPlantedBugs plants bugs in the copy kernel: a right
// shift 16 bits too far (mod 64: each chunk then loses an element), the
// tail's element copies dropped (src's last elements, which no whole
// word covers), and the second word's index not clamped (its minui a
// maxui: a load past src's end).
func TestPadCopyCatchesPlantedBugs(t *testing.T) {
	shift := regexp.MustCompile(`(?m)^(\s*)(%\w+) = arith.shrui (%\w+), (%\w+) : i64$`)
	tailStore := regexp.MustCompile(`(?m)^\s*memref.store .*\n`)
	clamp := regexp.MustCompile(`(= arith.addi %\w+, %pa_c1 : index\n\s*%\w+ = arith.)minui`)
	for _, c := range []struct {
		name       string
		rows, cols int64
		re         *regexp.Regexp
		repl       string
	}{
		{"shift-off-by-16", 9, 5, shift, "${1}${2}_k = arith.constant 16 : i64\n${1}${2}_m = arith.constant 63 : i64\n${1}${2}_a = arith.addi ${4}, ${2}_k : i64\n${1}${2}_s = arith.andi ${2}_a, ${2}_m : i64\n${1}${2} = arith.shrui ${3}, ${2}_s : i64"},
		{"tail-dropped", 11, 13, tailStore, ""},
		{"second-word-unclamped", 11, 13, clamp, "${1}maxui"},
	} {
		t.Run(c.name, func(t *testing.T) {
			plants := 0
			err := checkPadCopy(t, c.rows, c.cols, func(s string) string {
				plants = len(c.re.FindAllString(s, -1))
				return c.re.ReplaceAllString(s, c.repl)
			})
			if plants == 0 {
				t.Fatal("nothing to plant the bug in")
			}
			if err == nil {
				t.Fatal("the planted bug went unnoticed")
			}
			t.Log(err)
		})
	}
}
