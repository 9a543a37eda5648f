package affinelicm_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinelicm"
)

func TestLit(t *testing.T) { passtest.Lit(t, "licm", affinelicm.New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "licm", affinelicm.New) }
