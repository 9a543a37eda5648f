package affinescalrep_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinescalrep"
)

func TestLit(t *testing.T) { passtest.Lit(t, "scalrep", affinescalrep.New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "scalrep", affinescalrep.New) }
