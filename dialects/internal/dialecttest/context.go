package dialecttest

import (
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/cf"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/ir"
)

// Contexts returns a constructor of contexts holding the dialects every
// corpus leans on (builtin, func, arith, cf) and ds, with unregistered ops
// allowed so that a corpus may hold ops of dialects goopt lacks.
func Contexts(ds ...*ir.Dialect) func() *ir.Context {
	return func() *ir.Context {
		ctx := ir.NewContext(append([]*ir.Dialect{builtin.Dialect(), fn.Dialect(), arith.Dialect(), cf.Dialect()}, ds...)...)
		ctx.AllowUnregistered = true
		return ctx
	}
}
