package pass

import (
	"slices"
	"testing"
)

// givenOpts records the options a string gives, as a pass whose defaults
// adapt to them does.
type givenOpts struct {
	Tile  []int64 `opt:"tile"`
	Flag  bool    `opt:"flag"`
	Depth int64   `opt:"depth"`
	given []string
}

func (o *givenOpts) OptionGiven(name string) { o.given = append(o.given, name) }

// TestOptionGiven: every option the string sets is reported, bare flags
// and values equal to the default included; a failed value is not.
func TestOptionGiven(t *testing.T) {
	o := givenOpts{Depth: 4}
	if err := ParseOptions(&o, "flag depth=4 tile=1,2"); err != nil {
		t.Fatal(err)
	}
	if want := []string{"flag", "depth", "tile"}; !slices.Equal(o.given, want) {
		t.Errorf("given %v, want %v", o.given, want)
	}
	o = givenOpts{}
	if err := ParseOptions(&o, "depth=x"); err == nil || len(o.given) != 0 {
		t.Errorf("a bad value: err %v, given %v", err, o.given)
	}
}
