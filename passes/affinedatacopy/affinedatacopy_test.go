package affinedatacopy

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine/analysis/passtest"
)

func TestLit(t *testing.T) { passtest.Lit(t, "copy", New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "copy", New) }
