package interp

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// runtimeError returns the diagnostic for a failed runtime check at op.
func runtimeError(op *ir.Operation, format string, args ...any) *ir.Diagnostic {
	return ir.Errorf(op.Loc(), format, args...)
}

// accessError explains why idx is not a valid access of m for the op doing kind ("load", "store").
func accessError(op *ir.Operation, kind string, m *MemRef, idx []int64) *ir.Diagnostic {
	if m == nil {
		return runtimeError(op, "%s from a null memref", kind)
	}
	if m.Buf.Freed {
		return runtimeError(op, "%s %s freed memref %s: index %s", kind, fromTo(kind), m.Type, fmtIndex(idx))
	}
	if !m.inBounds(idx) {
		return runtimeError(op, "out-of-bounds %s %s %s: index %s with size %s", kind, fromTo(kind), m.Type, fmtIndex(idx), fmtIndex(m.Sizes))
	}
	p, err := m.linear(idx)
	if err != nil {
		return runtimeError(op, "%s %s %s: %v", kind, fromTo(kind), m.Type, err)
	}
	return runtimeError(op, "out-of-bounds %s %s %s: index %s maps to element %d outside its allocation of %d elements",
		kind, fromTo(kind), m.Type, fmtIndex(idx), p, len(m.Buf.Data))
}

func fromTo(kind string) string {
	if kind == "store" || kind == "write" {
		return "to"
	}
	return "from"
}

func uninitError(op *ir.Operation, m *MemRef, idx []int64) *ir.Diagnostic {
	return runtimeError(op, "load of uninitialised memory from %s at index %s", m.Type, fmtIndex(idx))
}

func unsupported(op *ir.Operation, format string, args ...any) error {
	return op.Errorf("is not supported by the interpreter: %s", fmt.Sprintf(format, args...))
}
