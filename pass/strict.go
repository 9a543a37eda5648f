package pass

import "github.com/goopt/goopt/ir"

// Strict wraps p so that a remark it emits — a transformation it could
// not apply — fails the pass as an error at the same location. A named
// pipeline whose later stages need an earlier one to have applied wraps
// that stage, so an input it cannot handle is refused, not half-transformed.
// The wrapped pass prints and parses as p.
func Strict(p Pass) Pass { return &strictPass{p} }

type strictPass struct{ Pass }

func (s *strictPass) DisplayName() string { return DisplayName(s.Pass) }

func (s *strictPass) Run(op *ir.Operation, am *AnalysisManager) error {
	outer := am.emit
	am.emit = func(d *ir.Diagnostic) {
		if d.Severity == ir.SeverityRemark {
			e := *d
			e.Severity = ir.SeverityError
			d = &e
		}
		if outer != nil {
			outer(d)
		}
	}
	defer func() { am.emit = outer }()
	return s.Pass.Run(op, am)
}
