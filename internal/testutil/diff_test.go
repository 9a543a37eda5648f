package testutil

import "testing"

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct {
		a, b string
		line int
		x, y string
		ok   bool
	}{
		{"a\nb\n", "a\nb\n", 0, "", "", false},
		{"a\nb\nc", "a\nB\nc", 2, "b", "B", true},
		{"a\n", "a\nb", 2, "", "b", true},
		{"a\nb", "a", 2, "b", "", true},
	} {
		line, x, y, ok := FirstDiff(c.a, c.b)
		if line != c.line || x != c.x || y != c.y || ok != c.ok {
			t.Errorf("FirstDiff(%q, %q) = %d, %q, %q, %v; want %d, %q, %q, %v", c.a, c.b, line, x, y, ok, c.line, c.x, c.y, c.ok)
		}
	}
}
