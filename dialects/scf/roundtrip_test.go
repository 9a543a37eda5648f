package scf_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/internal/dialecttest"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/scf"
)

// TestRoundTripCorpus checks that the scf corpus survives custom printing and,
// when mlir-opt-19 is installed, that goopt's generic form matches its.
func TestRoundTripCorpus(t *testing.T) {
	dialecttest.RoundTripCorpus(t, "../../tests/roundtrip/scf_*.mlir", dialecttest.Contexts(memref.Dialect(), scf.Dialect()))
}
