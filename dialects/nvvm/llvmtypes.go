package nvvm

import (
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// The nvvm ops take and return llvm dialect types: `!llvm.ptr<3>` pointers
// and literal `!llvm.struct<(...)>` fragments. The checks below read a
// type's canonical MLIR text rather than a Go type, so they hold whether the
// llvm dialect is registered (its types are Go values printing that text) or
// not (its types are kept as ir.OpaqueType with the same text).

// NVVM's numeric address spaces.
const (
	GenericSpace = 0
	GlobalSpace  = 1
	SharedSpace  = 3
	ConstSpace   = 4
	LocalSpace   = 5
)

// compact drops the spaces of a type's text, so that `(f32,f32)` and
// `(f32, f32)` compare equal.
func compact(s string) string { return strings.ReplaceAll(s, " ", "") }

// PtrSpace returns the address space of an `!llvm.ptr` type; ok is false
// for any other type.
func PtrSpace(t ir.Type) (space int64, ok bool) {
	if t == nil {
		return 0, false
	}
	s := compact(t.String())
	if s == "!llvm.ptr" {
		return 0, true
	}
	if !strings.HasPrefix(s, "!llvm.ptr<") || !strings.HasSuffix(s, ">") {
		return 0, false
	}
	n, err := strconv.ParseInt(s[len("!llvm.ptr<"):len(s)-1], 10, 32)
	return n, err == nil && n >= 0
}

// StructFields returns the element types' texts of a literal, unpacked
// `!llvm.struct<(...)>`; ok is false for any other type.
func StructFields(t ir.Type) (fields []string, ok bool) {
	if t == nil {
		return nil, false
	}
	s := compact(t.String())
	if !strings.HasPrefix(s, "!llvm.struct<(") || !strings.HasSuffix(s, ")>") {
		return nil, false
	}
	return splitTopLevel(s[len("!llvm.struct<(") : len(s)-2]), true
}

// structText is the text of the literal struct of n elements of type elem.
func structText(elems ...ir.Type) string {
	names := make([]string, len(elems))
	for i, e := range elems {
		names[i] = e.String()
	}
	return "!llvm.struct<(" + strings.Join(names, ", ") + ")>"
}

// repeat returns n copies of t.
func repeat(t ir.Type, n int) []ir.Type {
	ts := make([]ir.Type, n)
	for i := range ts {
		ts[i] = t
	}
	return ts
}

// isStructOf reports whether t is the literal struct of exactly elems.
func isStructOf(t ir.Type, elems ...ir.Type) bool {
	return t != nil && compact(t.String()) == compact(structText(elems...))
}

// Type constraints over llvm types, described as MLIR describes them.
var (
	anyPtr = ir.TypeOf("LLVM pointer type", func(t ir.Type) bool { _, ok := PtrSpace(t); return ok })
	// sharedPtr and globalPtr are pointers in one address space.
	sharedPtr          = ptrIn(SharedSpace)
	globalPtr          = ptrIn(GlobalSpace)
	anyStruct          = ir.TypeOf("LLVM structure type", func(t ir.Type) bool { _, ok := StructFields(t); return ok })
	i1Type             = ir.TypeIs(ir.I1, "1-bit signless integer")
	i16Type            = ir.TypeIs(ir.I16, "16-bit signless integer")
	i32Type            = ir.TypeIs(ir.I32, "32-bit signless integer")
	i64Type            = ir.TypeIs(ir.I64, "64-bit signless integer")
	genericOrSharedPtr = ir.TypeOf("LLVM pointer in address space 0 or LLVM pointer in address space 3", func(t ir.Type) bool {
		s, ok := PtrSpace(t)
		return ok && (s == GenericSpace || s == SharedSpace)
	})
)

func ptrIn(space int64) *ir.TypeConstraint {
	return ir.TypeOf("LLVM pointer in address space "+strconv.FormatInt(space, 10), func(t ir.Type) bool {
		s, ok := PtrSpace(t)
		return ok && s == space
	})
}
