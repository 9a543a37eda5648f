package gpumatmulmma_test

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/passes/gpumatmulmma"
)

// The instruction classes the mix counts apart; every other instruction
// is overhead and is counted by its opcode (add.s64, shl.b64, ...).
var mixClasses = []struct{ class, prefix string }{
	{"mma.sync", "mma.sync"},
	{"ldmatrix", "ldmatrix"},
	{"cp.async", "cp.async.cg"},
	{"cp.async.commit", "cp.async.commit_group"},
	{"cp.async.wait", "cp.async.wait_group"},
	{"bar.sync", "bar.sync"},
}

// ptxMix is the instruction count of one PTX loop, by class.
type ptxMix map[string]int

// overhead is the number of instructions outside the classes of mixClasses.
func (m ptxMix) overhead() int {
	n := 0
	for op, c := range m {
		if !isClass(op) {
			n += c
		}
	}
	return n
}

// total is the number of instructions.
func (m ptxMix) total() int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

func isClass(op string) bool {
	for _, c := range mixClasses {
		if op == c.class {
			return true
		}
	}
	return false
}

// String lists the classes, then the overhead by opcode (most first), each
// divided by per (the K tiles one trip of the loop computes).
func (m ptxMix) String(per int) string {
	var b strings.Builder
	f := func(op string, n int) { fmt.Fprintf(&b, "  %-24s %7.2f\n", op, float64(n)/float64(per)) }
	for _, c := range mixClasses {
		f(c.class, m[c.class])
	}
	var rest []string
	for op := range m {
		if !isClass(op) {
			rest = append(rest, op)
		}
	}
	sort.Slice(rest, func(i, j int) bool {
		if m[rest[i]] != m[rest[j]] {
			return m[rest[i]] > m[rest[j]]
		}
		return rest[i] < rest[j]
	})
	f("overhead", m.overhead())
	if m["mma.sync"] > 0 {
		fmt.Fprintf(&b, "  (%.2f instructions besides each mma.sync, %.2f of them overhead)\n",
			float64(m.total()-m["mma.sync"])/float64(m["mma.sync"]), float64(m.overhead())/float64(m["mma.sync"]))
	}
	for _, op := range rest {
		f("  "+op, m[op])
	}
	return b.String()
}

var (
	// A basic block starts at a label or at llc's "// %bb.N:" comment for
	// a fall-through block; its comment names the loop it is in.
	blockStart = regexp.MustCompile(`^(\$L__(BB\d+_\d+):|// %bb\.\d+:)`)
	loopHeader = regexp.MustCompile(`=>This Inner Loop Header: Depth=\d+`)
	inLoop     = regexp.MustCompile(`in Loop: Header=(BB\d+_\d+) Depth=\d+`)
)

// loopMixes counts the instructions of each loop of llc's PTX, keyed by
// the loop's header block, from the loop comments llc writes on its
// blocks: a block belongs to the innermost loop its comment names.
func loopMixes(ptx string) map[string]ptxMix {
	loops := map[string]ptxMix{}
	var cur ptxMix
	for _, line := range strings.Split(ptx, "\n") {
		if m := blockStart.FindStringSubmatch(line); m != nil {
			cur = nil
			switch {
			case loopHeader.MatchString(line) && m[2] != "":
				cur = loops[m[2]]
				if cur == nil {
					cur = ptxMix{}
					loops[m[2]] = cur
				}
			case inLoop.MatchString(line):
				h := inLoop.FindStringSubmatch(line)[1]
				cur = loops[h]
				if cur == nil {
					cur = ptxMix{}
					loops[h] = cur
				}
			}
			continue
		}
		if line == "}" {
			cur = nil
		}
		s := strings.TrimSpace(line)
		if cur == nil || s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] == '@') {
			continue // directives, operand lines of mma.sync, comments, braces
		}
		fields := strings.Fields(s)
		op := fields[0]
		if strings.HasPrefix(op, "@") && len(fields) > 1 {
			op = fields[1]
		}
		op = strings.TrimSuffix(op, ";")
		class := op
		for _, c := range mixClasses {
			if strings.HasPrefix(op, c.prefix) {
				class = c.class
			}
		}
		cur[class]++
	}
	return loops
}

// mainLoopMix compiles an m x n x k f16 -> f32 matmul through
// gpu-matmul-mma{opts} with llc-19 and returns the mix of its loop with
// the most mma.sync (the K loop) and the PTX.
func mainLoopMix(t *testing.T, m, n, k int, opts string) (ptxMix, string) {
	t.Helper()
	res, diags := driver.Compile(context.Background(), []byte(matmul(m, n, k)), "matmul.mlir", driver.CompileOptions{
		Pipeline: gpumatmulmma.Name + "{" + opts + "}", Emit: driver.EmitPTX,
	})
	if diags != nil {
		if strings.Contains(diags.Error(), "llc") && strings.Contains(diags.Error(), "not found") {
			t.Skip(diags)
		}
		t.Fatal(diags)
	}
	ptx := string(res.Output)
	var best ptxMix
	for _, mix := range loopMixes(ptx) {
		if best == nil || mix["mma.sync"] > best["mma.sync"] {
			best = mix
		}
	}
	if best == nil || best["mma.sync"] == 0 {
		t.Fatalf("%s: no loop with mma.sync in the PTX", opts)
	}
	return best, ptx
}

// TestMainLoopMix reports the instruction mix of the K loop at 8192 per K
// tile and per warp (go test -run MainLoopMix -v prints it), and checks
// what a lean loop is: per K tile, the warp tile's mma.sync, one ldmatrix
// x4 per 16x16 block of A and B fragments, each thread's 16-byte copies
// of the A and B tiles, one barrier, one wait and one commit; no local
// memory (spills) anywhere in the kernel; and at most maxOverhead other
// instructions (address arithmetic, loop control). The orders of the
// same shape (orders: spread-copies, interleave-loads, barrier-row) only
// move instructions: the same counts and bound hold for them.
func TestMainLoopMix(t *testing.T) {
	type mixCase struct {
		opts        string
		bm, bn, bk  int
		wm, wn      int
		maxOverhead float64
		orders      []string
	}
	interleaved := "spread-copies interleave-loads"
	var cases []mixCase
	for _, c := range []mixCase{
		// The ring indexed modulo the stages, one K tile a trip: slot
		// arithmetic on every shared address (44 a tile; 104 before the
		// per-thread views).
		{"unroll-ring=false", 128, 256, 32, 64, 64, 60, nil},
		// The default: about 10 a tile (one global address add a copy,
		// the copies' shared addresses, the loop's count and branch).
		{"", 128, 256, 32, 64, 64, 16, []string{"spread-copies", "interleave-loads", interleaved, interleaved + " barrier-row=4"}},
		{"tb-tile=128,256,64 stages=3", 128, 256, 64, 64, 64, 28, []string{interleaved}},
		{"tb-tile=128,256,64 stages=4", 128, 256, 64, 64, 64, 28, nil},
		{"tb-tile=128,128,32 warp-tile=64,64", 128, 128, 32, 64, 64, 16, nil},
		{"tb-tile=128,128,64 warp-tile=64,64 stages=3", 128, 128, 64, 64, 64, 28, nil},
		{"tb-tile=256,128,32 warp-tile=64,64", 256, 128, 32, 64, 64, 16, nil},
		// 16 warps of 64x32: 64 accumulators, for 128 registers a thread.
		{"tb-tile=128,256,32 warp-tile=64,32", 128, 256, 32, 64, 32, 16, nil},
	} {
		cases = append(cases, c)
		for _, o := range c.orders {
			v := c
			v.opts = strings.TrimSpace(c.opts + " " + o)
			cases = append(cases, v)
		}
	}
	for _, c := range cases {
		t.Run(c.opts, func(t *testing.T) {
			mix, ptx := mainLoopMix(t, 8192, 8192, 8192, c.opts)
			threads := c.bm / c.wm * (c.bn / c.wn) * 32
			perTile := c.wm / 16 * (c.wn / 8) * (c.bk / 16)
			tiles := mix["mma.sync"] / perTile
			if tiles*perTile != mix["mma.sync"] {
				t.Fatalf("%d mma.sync in the loop, not a multiple of a K tile's %d", mix["mma.sync"], perTile)
			}
			t.Logf("gpu-matmul-mma{%s} at 8192: %d K tiles a trip; per K tile and warp:\n%s", c.opts, tiles, mix.String(tiles))
			want := map[string]int{
				"ldmatrix":        (c.wm/16 + c.wn/16) * (c.bk / 16),
				"cp.async":        (c.bm + c.bn) * c.bk / 8 / threads,
				"bar.sync":        1,
				"cp.async.wait":   1,
				"cp.async.commit": 1,
			}
			for class, n := range want {
				if got := mix[class]; got != n*tiles {
					t.Errorf("%d %s per K tile, want %d", got/tiles, class, n)
				}
			}
			if strings.Contains(ptx, ".local") {
				t.Errorf("the kernel uses local memory (spills or a stack)")
			}
			if o := float64(mix.overhead()) / float64(tiles); o > c.maxOverhead {
				t.Errorf("%.2f overhead instructions per K tile, want at most %.0f", o, c.maxOverhead)
			}
		})
	}
}
