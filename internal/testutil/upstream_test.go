package testutil

import "testing"

func TestUnescapeMLIR(t *testing.T) {
	for in, want := range map[string]string{
		`mov.u32 %r1, 0;\0A\09ret;`: "mov.u32 %r1, 0;\n\tret;",
		`a\\b`:                      `a\\b`, // not a hex escape: kept
		`end\`:                      `end\`,
	} {
		if got := unescapeMLIR(in); got != want {
			t.Errorf("unescapeMLIR(%q) = %q, want %q", in, got, want)
		}
	}
}
