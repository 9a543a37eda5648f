package affinedatacopy_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinedatacopy"
)

func TestLit(t *testing.T) { passtest.Lit(t, "copy", affinedatacopy.New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "copy", affinedatacopy.New) }
