package kernelemit

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// LocatedError is a refusal that belongs to one op of a matmul nest (the
// loop of the dimension at fault, the load of the operand at fault).
type LocatedError struct {
	Op  *ir.Operation
	Msg string
}

func (e *LocatedError) Error() string { return e.Msg }

// Locatedf returns a LocatedError at op.
func Locatedf(op *ir.Operation, format string, args ...any) *LocatedError {
	return &LocatedError{op, fmt.Sprintf(format, args...)}
}

// ReplaceMatmulNests replaces every outermost loop nest of fn that is a
// fully permutable matmul by the kernel build writes for it: a function
// @name(%A, %B, %C) in MLIR text whose body takes the nest's place. Nests
// that are not a matmul are remarks (errors under a pipeline's strict
// mode); build's refusals are errors at their LocatedError's op, or at the
// nest. kernel names the kernel in messages ("a Hopper kernel"); file
// names the kernel text in its parse errors.
func ReplaceMatmulNests(fn *ir.Operation, am *pass.AnalysisManager, kernel, file string, build func(*gpuutil.MatmulNest) (string, error)) {
	for _, root := range passutil.OutermostFors(fn) {
		mm, err := passutil.MatmulNest(root)
		if err == nil {
			err = gpuutil.CheckFullyPermutable(mm.Band)
		}
		if err != nil {
			am.Emit(root.Remarkf("loop nest not mapped to %s: %v", kernel, err))
			continue
		}
		text, err := build(mm)
		if err != nil {
			var le *LocatedError
			if errors.As(err, &le) {
				am.Emit(le.Op.Errorf("%s", le.Msg))
			} else {
				am.Emit(root.Errorf("%v", err))
			}
			continue
		}
		if err := splice(am.Context(), file, text, mm); err != nil {
			am.Emit(root.Errorf("cannot build %s: %v", kernel, err))
		}
	}
}

// splice parses the kernel text and moves its function's body in place of
// the nest, with the nest's location on every op.
func splice(ctx *ir.Context, file, text string, mm *gpuutil.MatmulNest) error {
	f, err := parser.ParseFile(ctx, file, []byte(text))
	if err != nil {
		return err
	}
	var fn *ir.Operation
	for _, op := range f.Module.Region(0).Front().Ops() {
		if op.Is("func.func") {
			fn = op
		}
	}
	if fn == nil {
		return errors.New("the kernel text has no function")
	}
	root := mm.Band[0]
	body := fn.Region(0).Front()
	m := ir.NewMapping()
	for i, v := range []*ir.Value{mm.A, mm.B, mm.C} {
		m.Map(body.Argument(i), v)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(root.Operation)
	loc := root.Loc()
	for _, op := range body.Ops() {
		if op.HasTrait(ir.Terminator) {
			break
		}
		c := b.Clone(op, m)
		ir.WalkOps(c, func(o *ir.Operation) { o.SetLoc(loc) })
	}
	root.Erase()
	return nil
}
