package equiv

import (
	"fmt"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// Options configures Check.
type Options struct {
	// Seeds for the random inputs; nil means {1}.
	Seeds []int64
	// RelTol is the tolerance for floats relative to max(|a|, |b|, 1); 0 is bit-exact.
	RelTol float64
	// Interp configures both machines.
	Interp interp.Options
}

// Check runs fn in before and after on the same random inputs and reports
// the first difference: which seed, which output, which element, both values.
func Check(before, after *ir.Operation, fn string, opts Options) error {
	seeds := opts.Seeds
	if len(seeds) == 0 {
		seeds = []int64{1}
	}
	mb, err := interp.New(before, opts.Interp)
	if err != nil {
		return err
	}
	ma, err := interp.New(after, opts.Interp)
	if err != nil {
		return err
	}
	ftb, err := mb.FunctionType(fn)
	if err != nil {
		return fmt.Errorf("before: %w", err)
	}
	fta, err := ma.FunctionType(fn)
	if err != nil {
		return fmt.Errorf("after: %w", err)
	}
	if ftb != fta {
		return fmt.Errorf("'%s' has type %s before and %s after", fn, ftb, fta)
	}
	for _, seed := range seeds {
		args, err := interp.RandomArgs(ftb, seed)
		if err != nil {
			return err
		}
		ab, aa := interp.CloneArgs(args), interp.CloneArgs(args)
		rb, err := mb.Call(fn, ab)
		if err != nil {
			return &RunError{Which: "before", Seed: seed, Err: err}
		}
		ra, err := ma.Call(fn, aa)
		if err != nil {
			return &RunError{Which: "after", Seed: seed, Err: err}
		}
		for i := range ab {
			if ab[i].Ref == nil {
				continue
			}
			if d := aa[i].Ref.Compare(ab[i].Ref, opts.RelTol); d != nil {
				return fmt.Errorf("seed %d: memref argument %d differs at %s: after %s, before %s", seed, i, fmtIdx(d), d.Got, d.Want)
			}
		}
		if len(rb) != len(ra) {
			return fmt.Errorf("seed %d: %d results before, %d after", seed, len(rb), len(ra))
		}
		for i := range rb {
			if rb[i].Ref != nil && ra[i].Ref != nil {
				if d := ra[i].Ref.Compare(rb[i].Ref, opts.RelTol); d != nil {
					return fmt.Errorf("seed %d: result %d differs at %s: after %s, before %s", seed, i, fmtIdx(d), d.Got, d.Want)
				}
				continue
			}
			if !interp.ValuesEqual(ra[i], rb[i], opts.RelTol) {
				return fmt.Errorf("seed %d: result %d differs: after %s, before %s", seed, i, ra[i], rb[i])
			}
		}
	}
	return nil
}

func fmtIdx(d *interp.Mismatch) string {
	if d.ShapeError != "" {
		return d.ShapeError
	}
	return fmt.Sprintf("element %v", d.Index)
}

// RunError is a runtime failure of one of the two runs.
type RunError struct {
	Which string // "before" or "after"
	Seed  int64
	Err   error
}

func (e *RunError) Error() string {
	return fmt.Sprintf("%s (seed %d): %v", e.Which, e.Seed, e.Err)
}

func (e *RunError) Unwrap() error { return e.Err }
