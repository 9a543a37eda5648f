package scf_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/cf"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/dialects/internal/dialecttest"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/scf"
	"github.com/goopt/goopt/ir"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(builtin.Dialect(), fn.Dialect(), arith.Dialect(), cf.Dialect(), memref.Dialect(), scf.Dialect())
	ctx.AllowUnregistered = true
	return ctx
}

// TestRoundTripCorpus checks that the scf corpus survives custom printing and,
// when mlir-opt-19 is installed, that goopt's generic form matches its.
func TestRoundTripCorpus(t *testing.T) {
	dialecttest.RoundTripCorpus(t, "../../tests/roundtrip/scf_*.mlir", newContext)
}
