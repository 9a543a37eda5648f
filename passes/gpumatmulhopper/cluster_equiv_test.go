package gpumatmulhopper_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
)

// remoteArrive matches the kernel's remote mbarrier arrive, inline PTX
// (mapa, then an arrive on the mapped address).
var remoteArrive = regexp.MustCompile(`llvm\.inline_asm has_side_effects "\{ \.reg \.b32 remote; mapa\.shared::cluster\.u32 remote, \$0, \$1; mbarrier\.arrive\.shared::cluster\.b64 _, \[remote\]; \}", "r,r" (%[A-Za-z0-9_]+), (%[A-Za-z0-9_]+) : \(i32, i32\) -> \(\)`)

// ptrToI32 matches the 32-bit shared address the remote arrive takes.
var ptrToI32 = regexp.MustCompile(`(%[A-Za-z0-9_]+) = llvm\.ptrtoint (%[A-Za-z0-9_]+) : !llvm\.ptr<3> to i32`)

// interpretableArrives rewrites each remote arrive into the ops the
// interpreter runs with the same meaning: nvvm.mapa of the barrier's
// pointer (the operand of the ptrtoint that made its 32-bit address) to
// the peer's, and an arrive there. ownOnly plants a bug: every arrive
// goes to the arriving block's own barrier (the rank operand becomes
// %cluster_ctarank), so the counts still match but no consumer releases
// a peer's slot.
func interpretableArrives(t *testing.T, text string, ownOnly bool) string {
	t.Helper()
	ptrOf := map[string]string{}
	for _, m := range ptrToI32.FindAllStringSubmatch(text, -1) {
		ptrOf[m[1]] = m[2]
	}
	n := 0
	out := remoteArrive.ReplaceAllStringFunc(text, func(m string) string {
		g := remoteArrive.FindStringSubmatch(m)
		p, ok := ptrOf[g[1]]
		if !ok {
			t.Fatalf("the remote arrive's address %s is not a ptrtoint", g[1])
		}
		n++
		rank, own := g[2], ""
		if ownOnly {
			rank = fmt.Sprintf("%%ra_k%d", n)
			own = fmt.Sprintf("%s = nvvm.read.ptx.sreg.cluster.ctarank : i32\n    ", rank)
		}
		return fmt.Sprintf("%[4]s%%ra_r%[1]d = nvvm.mapa %[2]s, %[3]s : !llvm.ptr<3> -> !llvm.ptr<3>\n    %%ra_s%[1]d = nvvm.mbarrier.arrive.shared %%ra_r%[1]d : !llvm.ptr<3> -> i64", n, p, rank, own)
	})
	if n == 0 {
		t.Fatal("no remote arrive in the kernel")
	}
	return out
}

// clusterRungs are the cluster configurations the interpreter checks:
// along x and y, with one and two consumer warpgroups, and four blocks
// with the grid swizzle.
var clusterRungs = []struct{ name, opts string }{
	{"rung3-x", "tb-tile=128,128,64 consumers=1 stages=2 grid-swizzle=0 cluster=2,1"},
	{"rung3-y-2wg", "tb-tile=128,128,64 consumers=2 stages=2 grid-swizzle=0 cluster=1,2"},
	{"rung3-x4-swizzle", "tb-tile=64,64,64 consumers=1 stages=3 grid-swizzle=2 cluster=4,1 epilogue=direct"},
	// Ping-pong on a persistent row of clusters: one cluster of 2 walks
	// both pairs of tiles, each block's consumers taking one each.
	{"rung7-pingpong-x", "tb-tile=128,128,64 stages=3 grid-swizzle=0 pingpong=true cluster=2,1 sm-count=2"},
	{"rung7-pingpong-y", "tb-tile=128,128,64 stages=3 grid-swizzle=0 pingpong=true cluster=1,2 sm-count=3"},
	{"rung7-pingpong-x4-swizzle", "tb-tile=64,64,64 stages=3 grid-swizzle=2 pingpong=true cluster=4,1 sm-count=8"},
	// The cooperative schedule's register epilogue on a persistent row
	// of clusters (no staging tile over the ring for a peer's multicast
	// to overwrite): one cluster walks both cluster tiles.
	{"rung4-registers-x", "tb-tile=128,128,64 consumers=2 stages=2 grid-swizzle=0 cluster=2,1 persistent=true sm-count=2 epilogue=registers"},
	{"rung4-registers-y", "tb-tile=128,128,64 consumers=2 stages=3 grid-swizzle=0 cluster=1,2 persistent=true sm-count=3 epilogue=registers"},
}

// TestInterpreterEquivalenceClusters runs rung 3 on the interpreter,
// whose blocks of a cluster run together (multicast TMA loads land in
// every block of the mask, mapa reaches a peer's shared memory and its
// mbarriers, the race check's clocks span the cluster), with the remote
// arrives spelled as mapa + arrive.
func TestInterpreterEquivalenceClusters(t *testing.T) {
	checkClusters(t, matmul(256, 256, 256), clusterRungs, false, func(t *testing.T, _ *ir.Operation, err error) {
		if err != nil {
			t.Error(err)
		}
	})
}

// TestInterpreterClusterPlantedOwnRelease plants a consumer that releases
// only its own block's empty barrier (every arrive of its release goes to
// its own block, so the barrier's count is still met): a producer then
// multicasts the next k-slice into its peer's slot while the peer's
// consumers may still read it, which the interpreter reports.
func TestInterpreterClusterPlantedOwnRelease(t *testing.T) {
	checkClusters(t, matmul(256, 256, 256), clusterRungs[:2], true, func(t *testing.T, _ *ir.Operation, err error) {
		if err == nil {
			t.Fatal("the interpreter ran the kernel whose consumers release only their own block's slots without an error")
		}
		// Which check fires first depends on the interleaving: the
		// refill's data read by a consumer that did not wait for it, a
		// read while it is in flight, or the unordered pair (the race
		// check across blocks).
		if msg := err.Error(); !strings.Contains(msg, "did not observe that phase") && !strings.Contains(msg, "before the asynchronous copy") && !strings.Contains(msg, "data race") {
			t.Fatalf("want an unordered-refill error, got %v", err)
		}
		t.Log(err)
	})
}

// checkClusters compares each rung's kernel (ownOnly: with the planted
// own-block release) with the affine matmul src on the interpreter and
// hands check the kernel and the comparison's error.
func checkClusters(t *testing.T, src string, rungs []struct{ name, opts string }, ownOnly bool, check func(t *testing.T, res *ir.Operation, err error)) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rungs {
		t.Run(r.name, func(t *testing.T) {
			res := clusterKernel(t, src, r.opts, ownOnly)
			check(t, res, equiv.Check(in.Module, res, "matmul", equiv.Options{RelTol: 1e-5}))
		})
	}
}

// clusterKernel runs gpu-matmul-hopper with opts on src (example_test.go's
// run) and returns the kernel at the nvvm level with its remote arrives
// made interpretable.
func clusterKernel(t *testing.T, src, opts string, ownOnly bool) *ir.Operation {
	t.Helper()
	mapped := interpretableArrives(t, mapped(t, src, opts), ownOnly)
	res, diags := driver.Compile(context.Background(), []byte(mapped), "mapped.mlir", driver.CompileOptions{Emit: driver.EmitMLIR})
	if diags != nil {
		t.Fatalf("%v\n%s", diags, mapped)
	}
	return res.Module
}

// mapped is src mapped by gpu-matmul-hopper with opts (example_test.go's
// run), as text.
func mapped(t *testing.T, src, opts string) string {
	t.Helper()
	o := gpumatmulhopper.DefaultOptions()
	if err := pass.ParseOptions(&o, opts); err != nil {
		t.Fatal(err)
	}
	text, err := run(src, o)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// TestInterpreterEquivalencePaddedCluster: operands whose rows TMA cannot
// address (K = 70, N = 251), padded by the copy launches (the default),
// are TMA's and so multicast in a cluster, which the thread copies of
// pad-operands=false refuse (TestRefusedSizes).
func TestInterpreterEquivalencePaddedCluster(t *testing.T) {
	rungs := []struct{ name, opts string }{{"rung4-registers-y-padded", "tb-tile=128,128,64 consumers=2 stages=2 grid-swizzle=0 cluster=1,2 persistent=true sm-count=2 epilogue=registers"}}
	checkClusters(t, matmul(250, 251, 70), rungs, false, func(t *testing.T, res *ir.Operation, err error) {
		launches, clustered := 0, 0
		ir.WalkOps(res, func(op *ir.Operation) {
			if op.Is("gpu.launch_func") {
				launches++
				if op.NamedOperand("clusterSizeX") != nil {
					clustered++
				}
			}
		})
		if launches != 3 || clustered != 1 {
			t.Fatalf("%d launches, %d in clusters: want the two copies and the clustered matmul", launches, clustered)
		}
		if err != nil {
			t.Error(err)
		}
	})
}
