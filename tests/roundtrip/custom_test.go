package roundtrip

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

	"github.com/goopt/goopt/cli"
)

// customFormExceptions are corpus files whose custom form legitimately
// differs from mlir-opt-19's, each with the reason.
var customFormExceptions = map[string]string{
	"attrs_dense.mlir":            "upstream decodes a hex dense literal into its values; goopt keeps the hex",
	"gpu_launch_func_object.mlir": "#gpu.select_object<1> is opaque to goopt, upstream prints <1 : i64>",
	"scf_forall.mlir":             "tensor ops are not registered in goopt, so they print in generic form",
	"llvm_func_global.mlir":       "upstream prints `thread_local unnamed_addr`, an order its own parser rejects; goopt prints the order it reads",
}

// TestCustomFormMatchesUpstream prints every corpus file in custom form,
// with and without --mlir-print-debuginfo, and requires the same bytes as
// mlir-opt-19: spacing, region-argument locations (affine.for's induction
// variable keeps its loc) and attribute spellings included.
func TestCustomFormMatchesUpstream(t *testing.T) {
	bin := mlirOpt(t)
	for _, f := range corpus(t) {
		if _, ok := customFormExceptions[f]; ok {
			continue
		}
		for _, flags := range [][]string{nil, {"--mlir-print-debuginfo"}} {
			t.Run(f+flagName(flags), func(t *testing.T) {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				// Both tools read the same path, so the locations agree.
				args := append([]string{"--allow-unregistered-dialect", f}, flags...)
				cmd := exec.Command(bin, args...)
				var want, errb bytes.Buffer
				cmd.Stdout, cmd.Stderr = &want, &errb
				if err := cmd.Run(); err != nil {
					t.Fatalf("mlir-opt-19 rejects %s: %s", f, errb.String())
				}
				var got, gerr bytes.Buffer
				gargs := append([]string{"opt", f, "--allow-unregistered-dialect"}, flags...)
				if code := cli.Main(gargs, bytes.NewReader(src), &got, &gerr); code != 0 {
					t.Fatalf("goopt: %s", gerr.String())
				}
				if got.String() != want.String() {
					t.Errorf("custom form differs from mlir-opt-19:\n--- goopt\n%s\n--- mlir-opt-19\n%s", got.String(), want.String())
				}
			})
		}
	}
}

func flagName(flags []string) string {
	if len(flags) == 0 {
		return ""
	}
	return "/debuginfo"
}
