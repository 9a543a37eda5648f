package affine

import (
	"regexp"
	"testing"
)

// simplifyCases: input maps and the text mlir-opt-19
// --affine-simplify-structures (simplifyAffineMap) printed for them.
var simplifyCases = []struct{ in, want string }{
	// Upstream unsoundness reproduced on purpose (mlir-opt-19 prints this).
	{"()[s0, s1] -> ((((s0 floordiv s0) * s1) floordiv s0) * s0)", "()[s0, s1] -> (s0)"},
	{"(d0, d1)[s0] -> ((d0 + s0 + 3) mod 4)", "(d0, d1)[s0] -> (d0 + s0 - ((d0 + s0 + 3) floordiv 4) * 4 + 3)"},
	{"(d0, d1)[s0] -> ((d0 * 6 + d1) ceildiv 3)", "(d0, d1)[s0] -> ((d0 * 6 + d1) ceildiv 3)"},
	{"(d0, d1) -> (d0 + d1 - d0)", "(d0, d1) -> (d1)"},
	{"(d0)[s0] -> ((d0 * s0) floordiv s0)", "(d0)[s0] -> (d0)"},
	{"(d0)[s0] -> (d0 + s0 * 2 + s0 * 3)", "(d0)[s0] -> (d0 + s0 * 5)"},
	{"(d0) -> (d0 mod 4 - d0)", "(d0) -> ((d0 floordiv 4) * -4)"},
	{"(d0) -> (d0 * 96 floordiv 64)", "(d0) -> ((d0 * 3) floordiv 2)"},
	{"(d0) -> ((d0 * 4) floordiv 6)", "(d0) -> ((d0 * 2) floordiv 3)"},
	{"(d0, d1) -> ((d0 + d1) mod 4)", "(d0, d1) -> ((d0 + d1) mod 4)"},
	{"(d0, d1) -> ((d0 * 2 + d1 * 4) floordiv 6)", "(d0, d1) -> ((d0 + d1 * 2) floordiv 3)"},
	{"(d0, d1) -> ((d0 * 2 + d1 * 4) mod 6)", "(d0, d1) -> (d0 * 2 + d1 * 4 - ((d0 + d1 * 2) floordiv 3) * 6)"},
	{"(d0, d1) -> ((d0 * 2 + d1 * 4 + 3) ceildiv 6)", "(d0, d1) -> ((d0 * 2 + d1 * 4 + 3) ceildiv 6)"},
	{"(d0) -> ((d0 floordiv 2) floordiv 3)", "(d0) -> ((d0 floordiv 2) floordiv 3)"},
	{"(d0) -> ((d0 ceildiv 2) ceildiv 3)", "(d0) -> ((d0 ceildiv 2) ceildiv 3)"},
	{"(d0) -> ((d0 mod 4) mod 8)", "(d0) -> ((d0 mod 4) mod 8)"},
	{"(d0) -> (d0 floordiv 4 + d0 mod 4)", "(d0) -> (d0 - (d0 floordiv 4) * 3)"},
	{"(d0) -> ((d0 floordiv 4) * 4 + d0 mod 4)", "(d0) -> (d0)"},
	{"(d0, d1) -> (d1 + d0, d0 - d0 + 1)", "(d0, d1) -> (d0 + d1, 1)"},
	{"(d0, d1, d2) -> (d2 * 3 + d0 - d1 * 2 + 7 - d2)", "(d0, d1, d2) -> (d0 - d1 * 2 + d2 * 2 + 7)"},
	{"(d0)[s0, s1] -> (s1 + d0 * 2 + s0 - 4)", "(d0)[s0, s1] -> (d0 * 2 + s0 + s1 - 4)"},
	{"(d0) -> ((d0 + 7) floordiv 8 * 8 - d0)", "(d0) -> (-d0 + ((d0 + 7) floordiv 8) * 8)"},
	{"(d0, d1) -> ((d0 floordiv 2) mod 3 + (d0 floordiv 2) * 2)", "(d0, d1) -> ((d0 floordiv 2) * 3 - ((d0 floordiv 2) floordiv 3) * 3)"},
	{"(d0) -> (d0 mod 2 + d0 mod 2)", "(d0) -> (d0 * 2 - (d0 floordiv 2) * 4)"},
	{"(d0)[s0] -> ((d0 * s0) mod s0)", "(d0)[s0] -> (0)"},
	{"(d0)[s0] -> ((d0 * s0 + s0 * 2) floordiv s0)", "(d0)[s0] -> (d0 + 2)"},
	{"(d0)[s0] -> ((d0 * s0) ceildiv s0)", "(d0)[s0] -> (d0)"},
	{"(d0)[s0] -> (d0 * s0 + d0 * s0)", "(d0)[s0] -> ((d0 * s0) * 2)"},
	{"(d0)[s0, s1] -> (d0 * s1 + s0 * 2 + d0 * s0 + s1)", "(d0)[s0, s1] -> (d0 * s0 + d0 * s1 + s0 * 2 + s1)"},
	{"(d0)[s0] -> (d0 floordiv s0 + d0 + 1)", "(d0)[s0] -> (d0 + d0 floordiv s0 + 1)"},
	{"(d0)[s0] -> ((d0 + 1) mod s0)", "(d0)[s0] -> ((d0 + 1) mod s0)"},
	{"(d0, d1)[s0] -> (d1 * s0 + d0 mod 3 + d0)", "(d0, d1)[s0] -> (d0 * 2 - (d0 floordiv 3) * 3 + d1 * s0)"},
	{"(d0) -> (d0 mod 0)", "(d0) -> (d0 mod 0)"},
	{"(d0) -> (d0 floordiv -3)", "(d0) -> (d0 floordiv -3)"},
	{"(d0) -> (-(d0 mod 3) + 5)", "(d0) -> (-d0 + (d0 floordiv 3) * 3 + 5)"},
	{"(d0) -> ((-d0) floordiv 3)", "(d0) -> ((-d0) floordiv 3)"},
	{"(d0) -> ((-d0) mod 3)", "(d0) -> ((-d0) mod 3)"},
	{"(d0, d1) -> ((d0 * 3 + d1 * 9) floordiv 3, (d0 * 3 + d1 * 9) mod 3)", "(d0, d1) -> (d0 + d1 * 3, 0)"},
	{"(d0) -> (((d0 mod 6) floordiv 2) * 2 + d0 mod 2)", "(d0) -> (d0 + ((d0 mod 6) floordiv 2) * 2 - (d0 floordiv 2) * 2)"},
	{"(d0) -> ((d0 + 8) floordiv 4)", "(d0) -> (d0 floordiv 4 + 2)"},
	{"(d0) -> ((d0 - 3) ceildiv 2 - d0 floordiv 2)", "(d0) -> ((d0 - 3) ceildiv 2 - d0 floordiv 2)"},
	{"()[s0, s1] -> ((s0 - s0 mod s1) mod s1)", "()[s0, s1] -> (0)"},
	{"(d0)[s0] -> ((d0 * s0 + s0) mod s0)", "(d0)[s0] -> (0)"},
	{"(d0)[s0, s1] -> ((d0 * s0 * s1) floordiv s1)", "(d0)[s0, s1] -> (d0 * s0)"},
	{"(d0)[s0] -> (((d0 * s0) floordiv 2) floordiv s0)", "(d0)[s0] -> (d0 floordiv 2)"},
	{"(d0)[s0] -> ((d0 + s0 * 4) floordiv 4 + s0 * 2)", "(d0)[s0] -> (d0 floordiv 4 + s0 * 3)"},
	{"(d0, d1)[s0] -> (s0 floordiv 3 + d1 * 2 + d0 mod 2 + s0)", "(d0, d1)[s0] -> (d0 + d1 * 2 + s0 + s0 floordiv 3 - (d0 floordiv 2) * 2)"},
	{"(d0)[s0] -> (d0 * s0 + d0 + s0 * s0)", "(d0)[s0] -> (d0 + d0 * s0 + s0 * s0)"},
}

func TestSimplifyMapOracle(t *testing.T) {
	for _, c := range simplifyCases {
		if got := SimplifyMap(parseMapText(c.in)).String(); got != c.want {
			t.Errorf("simplify %q:\n got  %q\n want %q", c.in, got, c.want)
		}
	}
}

func TestSimplifyMapLive(t *testing.T) {
	bin := liveMLIROpt(t)
	re := regexp.MustCompile(`m = affine_map<(.*)>\}`)
	for _, c := range simplifyCases {
		src := "func.func @f() {\n \"test.foo\"() {m = affine_map<" + c.in + ">} : () -> ()\n return\n}\n"
		want, ok := upstreamAttr(t, bin, src, re, "--allow-unregistered-dialect", "--mlir-print-local-scope", "--affine-simplify-structures")
		if !ok {
			continue
		}
		if got := SimplifyMap(parseMapText(c.in)).String(); got != want {
			t.Errorf("simplify %q: mlir-opt %q, goopt %q", c.in, want, got)
		}
	}
}
