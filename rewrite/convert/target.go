package convert

import "github.com/goopt/goopt/ir"

// Legality is what a Target says about an op.
type Legality uint8

const (
	// LegalityUnknown ops have no rule: a full conversion must convert
	// them, a partial one converts them when it can and leaves them alone
	// otherwise.
	LegalityUnknown Legality = iota
	// Legal ops are left alone.
	Legal
	// Illegal ops must be converted; a conversion leaving one fails.
	Illegal
)

type action uint8

const (
	actionLegal action = iota + 1
	actionDynamic
	actionIllegal
)

type rule struct {
	action action
	fn     func(*ir.Operation) bool
}

// Target says which ops a conversion must produce (MLIR's
// ConversionTarget). Rules for an op name override rules for its dialect,
// which override the unknown-op rule. A dynamic rule's callback decides per
// op: true is legal, false illegal.
type Target struct {
	ops       map[string]rule
	dialects  map[string]rule
	unknown   func(*ir.Operation) bool
	recursive map[string]func(*ir.Operation) bool
}

// NewTarget returns a target with no rules.
func NewTarget() *Target {
	return &Target{ops: map[string]rule{}, dialects: map[string]rule{}, recursive: map[string]func(*ir.Operation) bool{}}
}

// AddLegalOp marks the named ops legal.
func (t *Target) AddLegalOp(names ...string) { t.set(t.ops, rule{action: actionLegal}, names) }

// AddIllegalOp marks the named ops illegal.
func (t *Target) AddIllegalOp(names ...string) { t.set(t.ops, rule{action: actionIllegal}, names) }

// AddDynamicallyLegalOp makes fn decide the legality of the named ops.
func (t *Target) AddDynamicallyLegalOp(fn func(*ir.Operation) bool, names ...string) {
	t.set(t.ops, rule{action: actionDynamic, fn: fn}, names)
}

// AddLegalDialect marks every op of the named dialects legal.
func (t *Target) AddLegalDialect(names ...string) {
	t.set(t.dialects, rule{action: actionLegal}, names)
}

// AddIllegalDialect marks every op of the named dialects illegal.
func (t *Target) AddIllegalDialect(names ...string) {
	t.set(t.dialects, rule{action: actionIllegal}, names)
}

// AddDynamicallyLegalDialect makes fn decide the legality of the ops of
// the named dialects.
func (t *Target) AddDynamicallyLegalDialect(fn func(*ir.Operation) bool, names ...string) {
	t.set(t.dialects, rule{action: actionDynamic, fn: fn}, names)
}

// MarkUnknownOpDynamicallyLegal makes fn decide the legality of ops no
// other rule covers.
func (t *Target) MarkUnknownOpDynamicallyLegal(fn func(*ir.Operation) bool) { t.unknown = fn }

// MarkOpRecursivelyLegal makes the named ops, when legal and fn (if not
// nil) accepts them, legal together with everything nested in them: the
// conversion does not look inside.
func (t *Target) MarkOpRecursivelyLegal(fn func(*ir.Operation) bool, names ...string) {
	for _, n := range names {
		t.recursive[n] = fn
	}
}

func (t *Target) set(m map[string]rule, r rule, names []string) {
	for _, n := range names {
		m[n] = r
	}
}

// Legality returns what the target says about op.
func (t *Target) Legality(op *ir.Operation) Legality {
	r, ok := t.ops[op.Name()]
	if !ok {
		r, ok = t.dialects[op.Dialect()]
	}
	if !ok {
		if t.unknown == nil {
			return LegalityUnknown
		}
		r = rule{action: actionDynamic, fn: t.unknown}
	}
	switch r.action {
	case actionLegal:
		return Legal
	case actionIllegal:
		return Illegal
	}
	if r.fn(op) {
		return Legal
	}
	return Illegal
}

// IsLegal reports whether op is legal.
func (t *Target) IsLegal(op *ir.Operation) bool { return t.Legality(op) == Legal }

// IsRecursivelyLegal reports whether op is legal together with every op
// nested in it.
func (t *Target) IsRecursivelyLegal(op *ir.Operation) bool {
	fn, ok := t.recursive[op.Name()]
	return ok && t.IsLegal(op) && (fn == nil || fn(op))
}
