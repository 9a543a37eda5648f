package affinelooptile

import (
	"math"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// defaultTileSize fills missing tile sizes (upstream's kDefaultTileSize).
const defaultTileSize = 4

// Options are upstream's affine-loop-tile options plus goopt's
// num-tiling-levels.
type Options struct {
	CacheSizeKiB    uint64   `opt:"cache-size" desc:"Set size of cache to tile for in KiB (default: 512)"`
	Separate        bool     `opt:"separate" desc:"Separate full and partial tiles (default: false)"`
	TileSize        uint32   `opt:"tile-size" desc:"Use this tile size for all loops"`
	TileSizes       []uint32 `opt:"tile-sizes" desc:"List of tile sizes for each perfect nest (overridden by -tile-size)"`
	NumTilingLevels uint32   `opt:"num-tiling-levels" desc:"goopt: tile each band this many times, each level tiling the previous level's intra-tile loops; tile-sizes holds the sizes of all levels, outermost level first (default: 1)"`
}

// Pass is the affine-loop-tile pass.
type Pass struct {
	pass.Base
	Opts Options
	// AvoidMaxMinBounds shrinks cache-derived tile sizes to divisors of
	// constant trip counts (upstream's avoidMaxMinBounds, on by default).
	AvoidMaxMinBounds bool
}

// New returns the affine-loop-tile pass with upstream's defaults.
func New() pass.Pass {
	return &Pass{
		Base:              pass.Base{Arg: "affine-loop-tile", Desc: "Tile affine loop nests", On: "func.func", Display: "LoopTiling"},
		Opts:              Options{CacheSizeKiB: 512, NumTilingLevels: 1},
		AvoidMaxMinBounds: true,
	}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run tiles the perfectly nested band of every top-level affine.for of the
// function body.
func (p *Pass) Run(fn *ir.Operation, am *pass.AnalysisManager) error {
	levels := int(p.Opts.NumTilingLevels)
	if levels < 1 {
		return ir.Errorf(fn.Loc(), "invalid value '0' for option 'num-tiling-levels': expected a positive number of tiling levels")
	}
	if p.Opts.TileSize == 0 && len(p.Opts.TileSizes) > 0 {
		for _, s := range p.Opts.TileSizes {
			if s == 0 {
				return ir.Errorf(fn.Loc(), "invalid value '0' in option 'tile-sizes': tile sizes must be positive")
			}
		}
		if levels > 1 && len(p.Opts.TileSizes)%levels != 0 {
			return ir.Errorf(fn.Loc(), "option 'tile-sizes' has %d sizes, which is not a multiple of 'num-tiling-levels' (%d)", len(p.Opts.TileSizes), levels)
		}
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil
	}
	var bands [][]affine.ForOp
	for _, op := range fn.Region(0).Front().Ops() {
		if f, ok := affine.AsFor(op); ok {
			bands = append(bands, looputil.GetPerfectlyNestedLoops(f))
		}
	}
	ctx := am.Context()
	for _, band := range bands {
		if !IsTilingValid(band) {
			am.Emit(band[0].Remarkf("tiling nest is invalid due to dependences"))
			continue
		}
		sizes := p.tileSizes(band, levels)
		tiled, err := looputil.TileMultiLevel(ctx, band, sizes)
		if err != nil {
			am.Emit(band[0].Remarkf("loop tiling failed: %v", err))
			continue
		}
		if p.Opts.Separate {
			intra := tiled[len(tiled)-len(band):]
			if _, err := looputil.SeparateFullTiles(ctx, intra); err != nil {
				am.Emit(intra[0].Remarkf("separation post tiling failed: %v", err))
			}
		}
	}
	return nil
}

// tileSizes returns the sizes of each tiling level for band, as upstream's
// getTileSizes for one level: tile-size for every loop, else tile-sizes
// padded with the default size, else sizes derived from the cache size and
// the band's memory footprint.
func (p *Pass) tileSizes(band []affine.ForOp, levels int) [][]int64 {
	n := len(band)
	out := make([][]int64, levels)
	switch {
	case p.Opts.TileSize != 0:
		for l := range out {
			out[l] = fill(n, int64(p.Opts.TileSize))
		}
	case len(p.Opts.TileSizes) > 0:
		per := len(p.Opts.TileSizes) / levels
		for l := range out {
			s := fill(n, defaultTileSize)
			for i := 0; i < n && i < per; i++ {
				s[i] = int64(p.Opts.TileSizes[l*per+i])
			}
			out[l] = s
		}
	default:
		s := p.cacheTileSizes(band)
		for l := range out {
			out[l] = s
		}
	}
	return out
}

func fill(n int, v int64) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// cacheTileSizes divides the band's footprint by the cache size equally
// over its loops (upstream's model: an n-th root of the excess factor).
func (p *Pass) cacheTileSizes(band []affine.ForOp) []int64 {
	n := len(band)
	if p.Opts.CacheSizeKiB == 0 {
		return fill(n, 1)
	}
	fp, ok := MemoryFootprintBytes(band[0])
	if !ok {
		s := fill(n, defaultTileSize)
		if p.AvoidMaxMinBounds {
			adjustToDivisorsOfTripCounts(band, s)
		}
		return s
	}
	cacheBytes := int64(p.Opts.CacheSizeKiB) * 1024
	excess := (fp + cacheBytes - 1) / cacheBytes
	if excess <= 1 {
		return fill(n, 1)
	}
	t := int64(math.Floor(math.Pow(float64(excess), 1.0/float64(n))))
	s := make([]int64, n)
	cumul := int64(1)
	for i := range s {
		if i < n-1 {
			s[i] = t
		} else {
			s[i] = max(1, excess/cumul)
		}
		cumul *= s[i]
	}
	if p.AvoidMaxMinBounds {
		adjustToDivisorsOfTripCounts(band, s)
	}
	return s
}

// adjustToDivisorsOfTripCounts shrinks each size to a divisor of the
// loop's constant trip count, at most half of it.
func adjustToDivisorsOfTripCounts(band []affine.ForOp, sizes []int64) {
	for i, f := range band {
		tc, ok := looputil.ConstantTripCount(f)
		if !ok {
			continue
		}
		if tc > 1 && sizes[i] > tc/2 {
			sizes[i] = tc / 2
		}
		for sizes[i] > 1 && tc%sizes[i] != 0 {
			sizes[i]--
		}
		sizes[i] = max(sizes[i], 1)
	}
}

// MemoryFootprintBytes estimates the bytes touched by the affine accesses
// nested in f: per memref, the largest region among its accesses (upstream
// unions their bounding boxes), summed over memrefs.
func MemoryFootprintBytes(f affine.ForOp) (int64, bool) {
	depth := analysis.LoopDepth(f.Operation)
	per := map[*ir.Value]int64{}
	ok := true
	ir.WalkOps(f.Operation, func(op *ir.Operation) {
		if !ok || !analysis.IsAffineAccess(op) {
			return
		}
		r, err := analysis.RegionOf(op, depth)
		if err != nil {
			ok = false
			return
		}
		sz, good := r.FootprintBytes()
		if !good {
			ok = false
			return
		}
		per[r.MemRef] = max(per[r.MemRef], sz)
	})
	if !ok {
		return 0, false
	}
	var total int64
	for _, v := range per {
		total += v
	}
	return total, true
}

// IsTilingValid reports whether hyper-rectangular tiling of band preserves
// every dependence between the affine accesses nested in it (upstream's
// checkTilingLegalityImpl: a component range [lb, ub] with lb < ub < 0
// makes tiling invalid).
func IsTilingValid(band []affine.ForOp) bool {
	var accs []*analysis.MemRefAccess
	ir.WalkOps(band[0].Operation, func(op *ir.Operation) {
		if a, ok := analysis.NewMemRefAccess(op); ok {
			accs = append(accs, a)
		}
	})
	for d := 1; d <= len(band)+1; d++ {
		for _, s := range accs {
			for _, t := range accs {
				r := analysis.CheckDependence(s, t, d, true)
				if !r.HasDependence {
					continue
				}
				for _, c := range r.Components {
					if c.Lb != analysis.NoLowerBound && c.Ub != analysis.NoUpperBound && c.Lb < c.Ub && c.Ub < 0 {
						return false
					}
				}
			}
		}
	}
	return true
}
