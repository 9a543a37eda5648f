package cli

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/bench"
	"github.com/goopt/goopt/internal/testutil"
)

// --sizes takes MxNxK triples beside N; --types selects the inputs; the
// ablation and the search stay square f16.
func TestBenchShapesAndTypes(t *testing.T) {
	testutil.NeedLLC(t)
	code, stdout, stderr := runBenchWith(t, &bench.FakeGPU{}, "matmul", "--sizes=128x64x96,64", "--reps=5", "--warmup=1", "--samples=32", smallTiles)
	if code != 0 || !strings.Contains(stdout, "128x64x96") || strings.Count(stdout, " ok ") != 2 {
		t.Errorf("code %d\n%s\n%s", code, stdout, stderr)
	}
	dir := t.TempDir()
	code, stdout, stderr = runBenchWith(t, &bench.FakeGPU{}, "matmul", "--sizes=128x64x96,64", "--prebuild="+dir, smallTiles)
	if code != 0 || !strings.Contains(stdout, "wrote 2 kernels") {
		t.Errorf("prebuild: code %d\n%s\n%s", code, stdout, stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--types=f16,fp8"}, "invalid type 'fp8' in --types"},
		{[]string{"--sizes=64x64"}, "'64x64' is not N or MxNxK"},
		{[]string{"--ablation", "--sizes=128x64x96"}, "MxNxK sizes and --types are for the sweep"},
		{[]string{"--tune", "--types=bf16"}, "MxNxK sizes and --types are for the sweep"},
	} {
		code, _, stderr := runBenchWith(t, &bench.FakeGPU{}, append([]string{"matmul"}, c.args...)...)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: code %d: %s", c.args, code, stderr)
		}
	}
}
