package affinefusion_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinefusion"
)

func TestLit(t *testing.T) { passtest.Lit(t, "fusion", affinefusion.New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "fusion", affinefusion.New) }
