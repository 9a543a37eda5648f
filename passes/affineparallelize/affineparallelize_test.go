package affineparallelize_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affineparallelize"
)

func TestLit(t *testing.T) { passtest.Lit(t, "parallelize", affineparallelize.New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "parallelize", affineparallelize.New) }
