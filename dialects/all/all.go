package all

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/cf"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/math"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/dialects/scf"
	"github.com/goopt/goopt/dialects/vector"
	"github.com/goopt/goopt/ir"
)

// All returns every dialect goopt knows, builtin first.
func All() []*ir.Dialect {
	return []*ir.Dialect{
		builtin.Dialect(),
		fn.Dialect(),
		arith.Dialect(),
		math.Dialect(),
		memref.Dialect(),
		affine.Dialect(),
		scf.Dialect(),
		cf.Dialect(),
		gpu.Dialect(),
		vector.Dialect(),
		llvm.Dialect(),
		nvvm.Dialect(),
		nvgpu.Dialect(),
	}
}

// NewContext returns a context with every dialect registered.
func NewContext() *ir.Context { return ir.NewContext(All()...) }
