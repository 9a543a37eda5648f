package convertscftocf

import (
	"github.com/goopt/goopt/conversion/scftocf"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// New returns the convert-scf-to-cf pass.
var New = passutil.DefineLowering(pass.Base{Arg: "convert-scf-to-cf", Desc: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG", Display: "SCFToControlFlow"}, scftocf.Convert)
