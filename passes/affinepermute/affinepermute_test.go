package affinepermute_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinepermute"
)

func TestLit(t *testing.T) { passtest.Lit(t, "permute", affinepermute.New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "permute", affinepermute.New) }
