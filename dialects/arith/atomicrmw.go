package arith

import (
	"math"
	"strconv"

	"github.com/goopt/goopt/ir"
)

// AtomicRMWKind is upstream's arith::AtomicRMWKind: the combining step of
// memref.atomic_rmw and of affine.parallel's reductions, which store it as
// an i64 attribute holding the enum value.
type AtomicRMWKind int64

// The kinds, in MLIR 19's enum order (their attribute values).
const (
	AtomicAddF AtomicRMWKind = iota
	AtomicAddI
	AtomicAssign
	AtomicMaximumF
	AtomicMaxS
	AtomicMaxU
	AtomicMinimumF
	AtomicMinS
	AtomicMinU
	AtomicMulF
	AtomicMulI
	AtomicOrI
	AtomicAndI
	AtomicMaxNumF
	AtomicMinNumF
)

// atomicRMWKinds spells each kind and names the arith op that combines
// two values as it does (none for assign).
var atomicRMWKinds = [...]struct{ name, combiner string }{
	AtomicAddF: {"addf", "arith.addf"}, AtomicAddI: {"addi", "arith.addi"}, AtomicAssign: {"assign", ""},
	AtomicMaximumF: {"maximumf", "arith.maximumf"}, AtomicMaxS: {"maxs", "arith.maxsi"}, AtomicMaxU: {"maxu", "arith.maxui"},
	AtomicMinimumF: {"minimumf", "arith.minimumf"}, AtomicMinS: {"mins", "arith.minsi"}, AtomicMinU: {"minu", "arith.minui"},
	AtomicMulF: {"mulf", "arith.mulf"}, AtomicMulI: {"muli", "arith.muli"}, AtomicOrI: {"ori", "arith.ori"},
	AtomicAndI: {"andi", "arith.andi"}, AtomicMaxNumF: {"maxnumf", "arith.maxnumf"}, AtomicMinNumF: {"minnumf", "arith.minnumf"},
}

// Valid reports whether k is one of the enum's values.
func (k AtomicRMWKind) Valid() bool { return k >= 0 && int(k) < len(atomicRMWKinds) }

// String returns the kind's keyword ("maxs"), or its number when k is not
// valid, so that a diagnostic can still name it.
func (k AtomicRMWKind) String() string {
	if !k.Valid() {
		return strconv.FormatInt(int64(k), 10)
	}
	return atomicRMWKinds[k].name
}

// AtomicRMWKindNamed returns the kind whose keyword is name ("maxs"), as
// affine.parallel's reduce list spells it.
func AtomicRMWKindNamed(name string) (AtomicRMWKind, bool) {
	for k, e := range atomicRMWKinds {
		if e.name == name {
			return AtomicRMWKind(k), true
		}
	}
	return 0, false
}

// AtomicRMWKindKeywords lists the kinds' keywords indexed by value: the
// cases of an i64 attribute that holds a kind (memref.atomic_rmw's).
func AtomicRMWKindKeywords() []string {
	out := make([]string, len(atomicRMWKinds))
	for k, e := range atomicRMWKinds {
		out[k] = e.name
	}
	return out
}

// Combiner returns the arith op that combines two values as k does
// ("arith.maxsi" for maxs), or "" for assign and an invalid k
// (upstream's arith::getReductionOp).
func (k AtomicRMWKind) Combiner() string {
	if !k.Valid() {
		return ""
	}
	return atomicRMWKinds[k].combiner
}

// AtomicRMWKindOf returns the kind whose combiner is the arith op named
// combiner. arith.xori has ori's kind: they share the neutral element,
// which is what upstream's arith::getNeutralElement asks the kind for.
func AtomicRMWKindOf(combiner string) (AtomicRMWKind, bool) {
	if combiner == "arith.xori" {
		return AtomicOrI, true
	}
	for k, e := range atomicRMWKinds {
		if e.combiner != "" && e.combiner == combiner {
			return AtomicRMWKind(k), true
		}
	}
	return 0, false
}

// IdentityValueAttr returns the neutral element of k on values of type t,
// the e with combine(e, x) = x (upstream's arith::getIdentityValueAttr):
// zero for addf, addi, ori and maxu, one for mulf and muli, all ones for
// andi and minu, the signed extremes for maxs and mins, the infinities
// for maximumf and minimumf, and NaN (negative for maxnumf) for
// maxnumf and minnumf. It is nil for assign, for an integer kind on a
// float type or the reverse, and for integers wider than 64 bits.
func IdentityValueAttr(k AtomicRMWKind, t ir.Type) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		var v float64
		switch k {
		case AtomicAddF:
			v = 0
		case AtomicMulF:
			v = 1
		case AtomicMaximumF:
			v = math.Inf(-1)
		case AtomicMinimumF:
			v = math.Inf(1)
		case AtomicMaxNumF:
			v = math.Copysign(math.NaN(), -1)
		case AtomicMinNumF:
			v = math.NaN()
		default:
			return nil
		}
		return ir.FloatAttrOf(ft, v)
	}
	w := ir.BitWidth(t)
	if w <= 0 || w > 64 {
		return nil
	}
	var v int64
	switch k {
	case AtomicAddI, AtomicMaxU, AtomicOrI:
		v = 0
	case AtomicMulI:
		v = 1
	case AtomicAndI, AtomicMinU:
		v = -1
	case AtomicMaxS:
		v = math.MinInt64 >> (64 - w)
	case AtomicMinS:
		v = math.MaxInt64 >> (64 - w)
	default:
		return nil
	}
	return ir.IntAttr(t, v)
}

// NeutralElement returns the neutral element of the arith op named
// combiner on type t (upstream's arith::getNeutralElement), or nil when
// the op has none there.
func NeutralElement(combiner string, t ir.Type) ir.Attribute {
	k, ok := AtomicRMWKindOf(combiner)
	if !ok {
		return nil
	}
	return IdentityValueAttr(k, t)
}
