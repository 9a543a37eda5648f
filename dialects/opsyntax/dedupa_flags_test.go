package opsyntax

import "testing"

var testFlags = &BitFlags{
	None: "none", All: "fast", AllBits: 7, Sep: ", ",
	Flags: []BitFlag{{"nnan", 1}, {"ninf", 2}, {"nsz", 4}},
}

func TestBitFlagsFormat(t *testing.T) {
	for bits, want := range map[uint32]string{0: "none", 7: "fast", 1: "nnan", 5: "nnan, nsz", 6: "ninf, nsz"} {
		if got := testFlags.Format(bits); got != want {
			t.Errorf("Format(%d) = %q, want %q", bits, got, want)
		}
	}
	noAll := &BitFlags{None: "none", Sep: ",", Flags: []BitFlag{{"nsw", 1}, {"nuw", 2}}}
	if got := noAll.Format(3); got != "nsw,nuw" {
		t.Errorf("Format(3) without an All keyword = %q, want %q", got, "nsw,nuw")
	}
}

func TestBitFlagsParse(t *testing.T) {
	for list, want := range map[string]uint32{"none": 0, "fast": 7, " nnan , nsz": 5, "ninf,nnan": 3} {
		got, bad, ok := testFlags.Parse(list)
		if !ok || got != want {
			t.Errorf("Parse(%q) = %d, %q, %v, want %d", list, got, bad, ok, want)
		}
	}
	if _, bad, ok := testFlags.Parse("nnan, afn "); ok || bad != "afn" {
		t.Errorf("Parse of an unknown keyword = %q, %v, want \"afn\", false", bad, ok)
	}
	noAll := &BitFlags{None: "none", Flags: []BitFlag{{"nsw", 1}}}
	if _, _, ok := noAll.Parse(""); ok {
		t.Errorf("an empty keyword parsed where the enum has no All keyword")
	}
}

func TestBitFlagsKeywords(t *testing.T) {
	if got, want := testFlags.Keywords(), "none, nnan, ninf, nsz, fast"; got != want {
		t.Errorf("Keywords() = %q, want %q", got, want)
	}
}
