package affinelicm

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine/analysis/passtest"
)

func TestLit(t *testing.T) { passtest.Lit(t, "licm", New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "licm", New) }
