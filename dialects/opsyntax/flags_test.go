package opsyntax

import "testing"

func TestFlagSet(t *testing.T) {
	s := &FlagSet{
		Names: []FlagName{{Name: "b", Bit: 2}, {Name: "a", Bit: 1}, {Name: "c", Bit: 4}},
		All:   "all",
		Sep:   ", ",
	}
	if got, want := s.Keywords(), "none, b, a, c, all"; got != want {
		t.Errorf("Keywords() = %q, want %q", got, want)
	}
	for bits, want := range map[uint32]string{0: "none", 1: "a", 3: "b, a", 5: "a, c", 7: "all"} {
		if got := s.String(bits); got != want {
			t.Errorf("String(%d) = %q, want %q", bits, got, want)
		}
	}
	for text, want := range map[string]uint32{"none": 0, "a": 1, " c , b": 6, "all": 7, "none, a": 1} {
		got, bad, ok := s.ParseText(text)
		if !ok || got != want {
			t.Errorf("ParseText(%q) = %d, %q, %v; want %d", text, got, bad, ok, want)
		}
	}
	if _, bad, ok := s.ParseText("a, d "); ok || bad != "d" {
		t.Errorf("ParseText of an unknown keyword: bad %q ok %v, want \"d\" false", bad, ok)
	}
	// Without an All keyword every bit is spelled out and "all" is unknown.
	s.All = ""
	if got := s.String(7); got != "b, a, c" {
		t.Errorf("String(7) without All = %q", got)
	}
	if got, want := s.Keywords(), "none, b, a, c"; got != want {
		t.Errorf("Keywords() without All = %q, want %q", got, want)
	}
	if _, ok := s.Bit("all"); ok {
		t.Errorf("Bit(\"all\") without All succeeded")
	}
}
