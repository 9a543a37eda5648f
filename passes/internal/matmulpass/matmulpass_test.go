package matmulpass

import (
	"errors"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
)

func TestTilesDivide(t *testing.T) {
	tile := []int64{128, 256, 32}
	if err := TilesDivide(tile, 256, 512, 64); err != nil {
		t.Errorf("256x512x64 over 128x256x32: %v", err)
	}
	for _, c := range []struct {
		m, n, k int64
		want    string
	}{
		{100, 256, 32, "matmul size 100 is not a multiple of the thread-block tile 128"},
		{128, 128, 32, "matmul size 128 is not a multiple of the thread-block tile 256"},
		{128, 256, 48, "matmul size 48 is not a multiple of the thread-block tile 32"},
	} {
		if err := TilesDivide(tile, c.m, c.n, c.k); err == nil || err.Error() != c.want {
			t.Errorf("%dx%dx%d: want %q, got %v", c.m, c.n, c.k, c.want, err)
		}
	}
}

// TestFitted: each nest gets its own copy of the configuration (a fit
// never leaks into the next nest's), fit's refusal is the builder's, and
// configure's error comes back with the builder.
func TestFitted(t *testing.T) {
	type cfg struct{ fits, size int }
	calls := 0
	build, err := Fitted(func() (cfg, error) { return cfg{}, nil },
		func(k *cfg, _ *gpuutil.MatmulNest) error {
			calls++
			k.fits++
			k.size = calls
			if calls == 3 {
				return errors.New("refused")
			}
			return nil
		},
		func(k *cfg) string { return strings.Repeat("x", k.fits) + strings.Repeat("y", k.size) })
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"xy", "xyy"} {
		if got, err := build(nil); err != nil || got != want {
			t.Errorf("nest %d: got %q, %v; want %q", i, got, err, want)
		}
	}
	if _, err := build(nil); err == nil || err.Error() != "refused" {
		t.Errorf("want fit's refusal, got %v", err)
	}
	if _, err := Fitted(func() (cfg, error) { return cfg{}, errors.New("bad options") }, nil, nil); err == nil || err.Error() != "bad options" {
		t.Errorf("want configure's error, got %v", err)
	}
}
