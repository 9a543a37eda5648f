package gpu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// AsyncTokenType is `!gpu.async.token`: the value async gpu ops produce and
// wait on to order work on the device.
type AsyncTokenType struct{ ir.TypeBase }

func (*AsyncTokenType) String() string { return "!gpu.async.token" }

// DialectName returns "gpu".
func (*AsyncTokenType) DialectName() string { return "gpu" }

// AsyncToken returns the interned `!gpu.async.token`.
func AsyncToken() *AsyncTokenType { return ir.InternType(&AsyncTokenType{}) }

// MMA operand roles of an MMAMatrixType.
const (
	OperandA = "AOp"
	OperandB = "BOp"
	OperandC = "COp"
)

// MMAMatrixType is `!gpu.mma_matrix<RxCxelem, "Op">`: a matrix fragment
// distributed over the lanes of a warp (subgroup), used as the A, B or C/D
// operand of gpu.subgroup_mma_compute.
type MMAMatrixType struct {
	ir.TypeBase
	Rows, Cols int64
	Elem       ir.Type
	// Operand is "AOp", "BOp" or "COp".
	Operand string
	text    string
}

func (t *MMAMatrixType) String() string { return t.text }

// DialectName returns "gpu".
func (*MMAMatrixType) DialectName() string { return "gpu" }

// ElementType returns the element type.
func (t *MMAMatrixType) ElementType() ir.Type { return t.Elem }

// Shape returns {Rows, Cols}.
func (t *MMAMatrixType) Shape() []int64 { return []int64{t.Rows, t.Cols} }

// NumElements returns Rows*Cols.
func (t *MMAMatrixType) NumElements() int64 { return t.Rows * t.Cols }

// MMAMatrix returns the interned `!gpu.mma_matrix<rows x cols x elem, "operand">`.
func MMAMatrix(rows, cols int64, elem ir.Type, operand string) *MMAMatrixType {
	text := fmt.Sprintf("!gpu.mma_matrix<%dx%dx%s, %s>", rows, cols, elem, ir.Quote(operand))
	return ir.InternType(&MMAMatrixType{Rows: rows, Cols: cols, Elem: elem, Operand: operand, text: text})
}

// validMMAElement reports whether MLIR accepts elem in an MMAMatrixType.
func validMMAElement(elem ir.Type) bool {
	switch t := elem.(type) {
	case *ir.FloatType:
		return t == ir.F16 || t == ir.F32
	case *ir.IntegerType:
		return t.Width == 32 && t.IsSignless() || t.Width == 8 && !t.IsSignless()
	}
	return false
}

// parseType parses the bodies of `!gpu.async.token` and `!gpu.mma_matrix<...>`.
func parseType(body string) (ir.Type, error) {
	switch {
	case body == ".async.token":
		return AsyncToken(), nil
	case strings.HasPrefix(body, ".mma_matrix<") && strings.HasSuffix(body, ">"):
		return parseMMAMatrix(body[len(".mma_matrix<") : len(body)-1])
	}
	// Types goopt does not model yet are kept as text.
	return ir.Opaque("gpu", body), nil
}

// parseMMAMatrix parses `16x16xf16, "AOp"`.
func parseMMAMatrix(s string) (ir.Type, error) {
	shape, op, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("expected ','")
	}
	parts := strings.Split(strings.TrimSpace(shape), "x")
	var dims []int64
	for len(parts) > 1 {
		d, err := strconv.ParseInt(parts[0], 10, 64)
		if err != nil {
			break
		}
		dims = append(dims, d)
		parts = parts[1:]
	}
	elemText := strings.Join(parts, "x")
	op = strings.TrimSpace(op)
	operand := op
	if len(op) >= 2 && op[0] == '"' && op[len(op)-1] == '"' {
		operand = op[1 : len(op)-1]
	}
	if len(dims) != 2 {
		return nil, fmt.Errorf("MMAMatrixType must have exactly two dimensions")
	}
	elem := scalarType(elemText)
	if elem == nil || !validMMAElement(elem) {
		return nil, fmt.Errorf("MMAMatrixType elements must be SI8, UI8, I32, F16, or F32")
	}
	if operand != OperandA && operand != OperandB && operand != OperandC {
		return nil, fmt.Errorf("operand expected to be one of AOp, BOp or COp")
	}
	return MMAMatrix(dims[0], dims[1], elem, operand), nil
}

// scalarType parses a builtin integer or float type name, or returns nil.
func scalarType(s string) ir.Type {
	if ft := ir.FloatByName(s); ft != nil {
		return ft
	}
	sign, rest := ir.Signless, s
	switch {
	case strings.HasPrefix(s, "si"):
		sign, rest = ir.Signed, s[2:]
	case strings.HasPrefix(s, "ui"):
		sign, rest = ir.Unsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		rest = s[1:]
	default:
		return nil
	}
	w, err := strconv.Atoi(rest)
	if err != nil || w <= 0 || rest[0] == '0' {
		return nil
	}
	return ir.IntegerWithSign(w, sign)
}
