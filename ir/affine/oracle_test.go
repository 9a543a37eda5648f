package affine

import (
	"os"
	"os/exec"
	"regexp"
	"testing"
)

// oracleCases: inputs (as written in an affine_map<...>/affine_set<...>
// attribute) and the text mlir-opt-19 --mlir-print-local-scope printed for
// them. The test builds the map/set through the simplifying constructors
// in MLIR parser order and compares String().
var oracleCases = []struct{ kind, in, want string }{
	{"map", "(d0, d1)[s0] -> (d0 + 2 + 3, (d1 * 4) floordiv 2, s0 - d0)", "(d0, d1)[s0] -> (d0 + 5, d1 * 2, -d0 + s0)"},
	{"map", "(d0) -> (d0)", "(d0) -> (d0)"},
	{"map", "() -> (0)", "() -> (0)"},
	{"map", "() -> ()", "() -> ()"},
	{"map", "(d0, d1) -> ()", "(d0, d1) -> ()"},
	{"map", "()[s0] -> (s0)", "()[s0] -> (s0)"},
	{"map", "(d0) -> (d0 - 1)", "(d0) -> (d0 - 1)"},
	{"map", "(d0) -> (-d0)", "(d0) -> (-d0)"},
	{"map", "(d0) -> (d0 * -2)", "(d0) -> (d0 * -2)"},
	{"map", "(d0) -> (d0 * -1)", "(d0) -> (-d0)"},
	{"map", "(d0, d1) -> (d0 - d1)", "(d0, d1) -> (d0 - d1)"},
	{"map", "(d0, d1) -> (d0 - d1 * 2)", "(d0, d1) -> (d0 - d1 * 2)"},
	{"map", "(d0, d1) -> (d0 - d1 * -2)", "(d0, d1) -> (d0 + d1 * 2)"},
	{"map", "(d0, d1) -> (d0 + d1 * -3 + 4)", "(d0, d1) -> (d0 - d1 * 3 + 4)"},
	{"map", "(d0) -> (4 + d0)", "(d0) -> (d0 + 4)"},
	{"map", "(d0) -> (2 * d0)", "(d0) -> (d0 * 2)"},
	{"map", "(d0) -> (d0 * 2 * 3)", "(d0) -> (d0 * 6)"},
	{"map", "(d0) -> ((d0 + 2) + 3)", "(d0) -> (d0 + 5)"},
	{"map", "(d0, d1) -> (d1 + d0)", "(d0, d1) -> (d1 + d0)"},
	{"map", "(d0, d1) -> (d0 + 2 + d1)", "(d0, d1) -> (d0 + d1 + 2)"},
	{"map", "(d0)[s0] -> (s0 * d0)", "(d0)[s0] -> (d0 * s0)"},
	{"map", "(d0)[s0] -> (d0 * s0 * 2)", "(d0)[s0] -> ((d0 * s0) * 2)"},
	{"map", "(d0)[s0] -> (d0 * 2 * s0)", "(d0)[s0] -> ((d0 * s0) * 2)"},
	{"map", "(d0)[s0] -> (s0 + d0)", "(d0)[s0] -> (d0 + s0)"},
	{"map", "(d0)[s0] -> (s0 + 1 + d0)", "(d0)[s0] -> (d0 + s0 + 1)"},
	{"map", "(d0)[s0, s1] -> (s0 + d0 + s1)", "(d0)[s0, s1] -> (d0 + s0 + s1)"},
	{"map", "(d0) -> (d0 floordiv 2)", "(d0) -> (d0 floordiv 2)"},
	{"map", "(d0) -> (d0 ceildiv 2)", "(d0) -> (d0 ceildiv 2)"},
	{"map", "(d0) -> (d0 mod 2)", "(d0) -> (d0 mod 2)"},
	{"map", "(d0) -> ((d0 floordiv 2) mod 3)", "(d0) -> ((d0 floordiv 2) mod 3)"},
	{"map", "(d0) -> ((d0 mod 2) floordiv 3)", "(d0) -> ((d0 mod 2) floordiv 3)"},
	{"map", "(d0) -> (d0 floordiv 2 * 3)", "(d0) -> ((d0 floordiv 2) * 3)"},
	{"map", "(d0) -> (d0 * 3 floordiv 2)", "(d0) -> ((d0 * 3) floordiv 2)"},
	{"map", "(d0) -> ((d0 + 1) floordiv 2)", "(d0) -> ((d0 + 1) floordiv 2)"},
	{"map", "(d0) -> ((d0 + 1) * 2)", "(d0) -> ((d0 + 1) * 2)"},
	{"map", "(d0) -> ((d0 + 1) * -1)", "(d0) -> (-(d0 + 1))"},
	{"map", "(d0, d1) -> (d0 - (d1 + 1))", "(d0, d1) -> (d0 - (d1 + 1))"},
	{"map", "(d0, d1) -> (d0 - (d1 floordiv 2))", "(d0, d1) -> (d0 - d1 floordiv 2)"},
	{"map", "(d0, d1) -> (d0 - (d1 mod 2) * 3)", "(d0, d1) -> (d0 - (d1 mod 2) * 3)"},
	{"map", "(d0, d1) -> (-(d0 + d1))", "(d0, d1) -> (-(d0 + d1))"},
	{"map", "(d0) -> (d0 * 128 floordiv 64)", "(d0) -> (d0 * 2)"},
	{"map", "(d0) -> (d0 * 128 ceildiv 64)", "(d0) -> (d0 * 2)"},
	{"map", "(d0) -> (d0 * 128 mod 64)", "(d0) -> (0)"},
	{"map", "(d0) -> (d0 * 96 floordiv 64)", "(d0) -> ((d0 * 96) floordiv 64)"},
	{"map", "(d0, d1) -> ((d0 * 4 + d1) floordiv 4)", "(d0, d1) -> (d0 + d1 floordiv 4)"},
	{"map", "(d0, d1) -> ((d0 + d1 * 4) floordiv 4)", "(d0, d1) -> (d0 floordiv 4 + d1)"},
	{"map", "(d0, d1) -> ((d0 * 4 + d1) mod 4)", "(d0, d1) -> (d1 mod 4)"},
	{"map", "(d0, d1) -> ((d0 + d1 * 4) mod 4)", "(d0, d1) -> (d0 mod 4)"},
	{"map", "(d0, d1) -> ((d0 * 4 + d1 * 8) mod 4)", "(d0, d1) -> (0)"},
	{"map", "(d0) -> ((d0 mod 8) mod 4)", "(d0) -> (d0 mod 4)"},
	{"map", "(d0) -> ((d0 mod 4) mod 8)", "(d0) -> ((d0 mod 4) mod 8)"},
	{"map", "(d0) -> (d0 - (d0 floordiv 4) * 4)", "(d0) -> (d0 mod 4)"},
	{"map", "(d0) -> (d0 + (d0 floordiv 4) * -4)", "(d0) -> (d0 mod 4)"},
	{"map", "(d0)[s0] -> (d0 - (d0 floordiv s0) * s0)", "(d0)[s0] -> (d0 mod s0)"},
	{"map", "(d0) -> (d0 floordiv 1)", "(d0) -> (d0)"},
	{"map", "(d0) -> (d0 ceildiv 1)", "(d0) -> (d0)"},
	{"map", "(d0) -> (d0 mod 1)", "(d0) -> (0)"},
	{"map", "(d0) -> (d0 * 1)", "(d0) -> (d0)"},
	{"map", "(d0) -> (d0 * 0)", "(d0) -> (0)"},
	{"map", "(d0) -> (d0 + 0)", "(d0) -> (d0)"},
	{"map", "() -> (7 floordiv 2, -7 floordiv 2, 7 ceildiv 2, -7 ceildiv 2, 7 mod 3, -7 mod 3)", "() -> (3, -4, 4, -3, 1, 2)"},
	{"map", "() -> (3 + 4, 3 * 4, 3 - 4)", "() -> (7, 12, -1)"},
	{"map", "(d0) -> (d0 floordiv -2)", "(d0) -> (d0 floordiv -2)"},
	{"map", "(d0) -> (d0 mod -2)", "(d0) -> (d0 mod -2)"},
	{"map", "(d0) -> (d0 ceildiv -2)", "(d0) -> (d0 ceildiv -2)"},
	{"map", "(d0) -> (d0 floordiv 0)", "(d0) -> (d0 floordiv 0)"},
	{"map", "(d0) -> (d0 * 2 + d0 * 3)", "(d0) -> (d0 * 5)"},
	{"map", "(d0) -> (d0 + d0)", "(d0) -> (d0 * 2)"},
	{"map", "(d0) -> (d0 - d0)", "(d0) -> (0)"},
	{"map", "(d0) -> (d0 * 2 - d0 * 2)", "(d0) -> (0)"},
	{"map", "(d0, d1) -> (d0 + d1 - d0)", "(d0, d1) -> (d0 + d1 - d0)"},
	{"map", "(d0)[s0] -> (d0 floordiv s0)", "(d0)[s0] -> (d0 floordiv s0)"},
	{"map", "(d0)[s0] -> (d0 mod s0)", "(d0)[s0] -> (d0 mod s0)"},
	{"map", "(d0)[s0] -> (d0 ceildiv s0)", "(d0)[s0] -> (d0 ceildiv s0)"},
	{"map", "(d0)[s0] -> ((d0 * s0) floordiv s0)", "(d0)[s0] -> ((d0 * s0) floordiv s0)"},
	{"map", "()[s0, s1] -> (s0 * s1)", "()[s0, s1] -> (s0 * s1)"},
	{"map", "()[s0, s1] -> (s1 * s0 * 2)", "()[s0, s1] -> ((s1 * s0) * 2)"},
	{"map", "()[s0] -> (2 * s0 * 3)", "()[s0] -> (s0 * 6)"},
	{"map", "(d0, d1, d2) -> (d0 * 2 + d1 * 3 + d2 * 4 - 5)", "(d0, d1, d2) -> (d0 * 2 + d1 * 3 + d2 * 4 - 5)"},
	{"map", "(d0, d1, d2) -> (d2, d0, d1)", "(d0, d1, d2) -> (d2, d0, d1)"},
	{"map", "(d0) -> ((d0 floordiv 2) floordiv 3)", "(d0) -> ((d0 floordiv 2) floordiv 3)"},
	{"map", "(d0) -> ((d0 * 2) mod 4)", "(d0) -> ((d0 * 2) mod 4)"},
	{"map", "(d0) -> ((d0 * 4) mod 8 floordiv 2 mod 2)", "(d0) -> (0)"},
	{"map", "(d0, d1) -> ((d0 + 3) mod 4 + d1)", "(d0, d1) -> ((d0 + 3) mod 4 + d1)"},
	{"map", "(d0)[s0] -> ((d0 + s0) floordiv 4)", "(d0)[s0] -> ((d0 + s0) floordiv 4)"},
	{"map", "(d0) -> (-(d0 floordiv 2))", "(d0) -> (-(d0 floordiv 2))"},
	{"map", "(d0) -> (-(d0 mod 2))", "(d0) -> (-(d0 mod 2))"},
	{"map", "(d0) -> (-d0 * 2)", "(d0) -> (d0 * -2)"},
	{"map", "(d0) -> (-(d0 * 2))", "(d0) -> (d0 * -2)"},
	{"map", "(d0) -> (5 - d0)", "(d0) -> (-d0 + 5)"},
	{"map", "(d0, d1) -> ((d0 - d1) * -1)", "(d0, d1) -> (-(d0 - d1))"},
	{"map", "(d0, d1) -> (d0 * 3 - (d1 + 2) * 4)", "(d0, d1) -> (d0 * 3 - (d1 + 2) * 4)"},
	{"map", "()[s0] -> (s0 - 3)", "()[s0] -> (s0 - 3)"},
	{"map", "(d0) -> (d0 - 9223372036854775807)", "(d0) -> (d0 - 9223372036854775807)"},
	{"map", "() -> (9223372036854775807 + 1)", "() -> (9223372036854775807 + 1)"},
	{"map", "(d0)[s0] -> (d0 + s0 * 2 + s0 * 3)", "(d0)[s0] -> (d0 + s0 * 2 + s0 * 3)"},
	{"map", "(d0) -> (d0 * 4 floordiv 6)", "(d0) -> ((d0 * 4) floordiv 6)"},
	{"map", "(d0, d1) -> ((d0 + d1 * 6) floordiv 3)", "(d0, d1) -> (d0 floordiv 3 + d1 * 2)"},
	{"map", "(d0, d1) -> ((d0 * 6 + d1) ceildiv 3)", "(d0, d1) -> ((d0 * 6 + d1) ceildiv 3)"},
	{"map", "(d0) -> (((d0 * 4) mod 8) floordiv 2 mod 2)", "(d0) -> (0)"},
	{"map", "(d0, d1) -> (d0 floordiv 4 + d1 floordiv 4)", "(d0, d1) -> (d0 floordiv 4 + d1 floordiv 4)"},
	{"map", "(d0) -> (d0 mod 4 - d0)", "(d0) -> (d0 mod 4 - d0)"},
	{"map", "(d0, d1)[s0, s1] -> (d0 * s0 + d1 * s1)", "(d0, d1)[s0, s1] -> (d0 * s0 + d1 * s1)"},
	{"set", "(d0)[s0] : (d0 - 10 >= 0, s0 == 0)", "(d0)[s0] : (d0 - 10 >= 0, s0 == 0)"},
	{"set", "(d0) : ()", "(d0) : (0 == 0)"},
	{"set", "(d0, d1) : (d0 >= 0, d1 <= 10, d0 + d1 == 5)", "(d0, d1) : (d0 >= 0, -d1 + 10 >= 0, d0 + d1 - 5 == 0)"},
	{"set", "(d0) : (1 == 0)", "(d0) : (1 == 0)"},
	{"set", "() : (0 == 0)", "() : (0 == 0)"},
	{"set", "(d0)[s0] : (d0 * 2 - s0 floordiv 3 >= 0)", "(d0)[s0] : (d0 * 2 - s0 floordiv 3 >= 0)"},
	{"set", "(d0, d1)[s0, s1] : (d0 - s0 >= 0, -d0 + s1 - 1 >= 0, d1 mod 2 == 0)", "(d0, d1)[s0, s1] : (d0 - s0 >= 0, -d0 + s1 - 1 >= 0, d1 mod 2 == 0)"},
	{"set", "(d0) : (d0 >= 3)", "(d0) : (d0 - 3 >= 0)"},
	{"set", "(d0) : (5 >= d0)", "(d0) : (-d0 + 5 >= 0)"},
	{"set", "()[s0] : (s0 - 1 >= 0)", "()[s0] : (s0 - 1 >= 0)"},
	{"map", "(d0) -> (d0 + (d0 floordiv -4) * 4)", "(d0) -> (d0 mod -4)"},
	{"map", "(d0) -> (d0 - (d0 floordiv 4) * 3)", "(d0) -> (d0 - (d0 floordiv 4) * 3)"},
	{"map", "(d0)[s0] -> (d0 + (d0 floordiv s0) * (s0 * -1))", "(d0)[s0] -> (d0 mod s0)"},
	{"map", "(d0, d1) -> (d0 * 2 - d0 + d1)", "(d0, d1) -> (d0 + d1)"},
}

func buildCase(kind, in string) string {
	if kind == "map" {
		return parseMapText(in).String()
	}
	return parseSetText(in).String()
}

func TestOraclePrinting(t *testing.T) {
	for _, c := range oracleCases {
		if got := buildCase(c.kind, c.in); got != c.want {
			t.Errorf("%s %q:\n got  %q\n want %q", c.kind, c.in, got, c.want)
		}
	}
}

// liveMLIROpt returns the mlir-opt-19 the live tests compare with, or
// skips t when it is not installed or in short mode.
func liveMLIROpt(t *testing.T) string {
	bin := "/usr/bin/mlir-opt-19"
	if _, err := os.Stat(bin); err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	if testing.Short() {
		t.Skip("short mode")
	}
	return bin
}

// TestOracleLive re-runs mlir-opt-19 (when installed) on every case and
// compares with our printing.
func TestOracleLive(t *testing.T) {
	bin := liveMLIROpt(t)
	re := regexp.MustCompile(`m = affine_(?:map|set)<(.*)>\}`)
	for _, c := range oracleCases {
		wrap := "affine_map<"
		if c.kind == "set" {
			wrap = "affine_set<"
		}
		src := "func.func @f() attributes {m = " + wrap + c.in + ">} { return }\n"
		want, ok := upstreamAttr(t, bin, src, re, "--mlir-print-local-scope")
		if !ok {
			continue
		}
		if got := buildCase(c.kind, c.in); got != want {
			t.Errorf("%s %q: mlir-opt %q, goopt %q", c.kind, c.in, want, got)
		}
	}
}

// upstreamAttr runs mlir-opt (bin) with args on src and returns the
// attribute text re's first group captures in its output; it reports on t
// and returns false when mlir-opt fails or prints no such attribute.
func upstreamAttr(t *testing.T, bin, src string, re *regexp.Regexp, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(bin, append(args, "-")...)
	cmd.Stdin = stringsReader(src)
	out, err := cmd.Output()
	if err != nil {
		t.Errorf("mlir-opt failed on %q: %v", src, err)
		return "", false
	}
	m := re.FindSubmatch(out)
	if m == nil {
		t.Errorf("cannot find attribute in %s", out)
		return "", false
	}
	return string(m[1]), true
}
