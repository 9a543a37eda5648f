package gpu

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goopt/goopt/ir"
)

// AddressSpace is a GPU memory address space.
type AddressSpace uint8

// Address spaces, in MLIR's order.
const (
	Global AddressSpace = iota
	Workgroup
	Private
)

var addressSpaceNames = [...]string{"global", "workgroup", "private"}

// NVVM's numeric memory spaces of the address spaces (global 1, shared 3, local 5).
var addressSpaceNumbers = [...]int64{1, 3, 5}

// WorkgroupMemorySpace is NVVM's numeric memory space of workgroup (shared) memory.
const WorkgroupMemorySpace = 3

// PrivateMemorySpace is NVVM's numeric memory space of private (local) memory.
const PrivateMemorySpace = 5

func (s AddressSpace) String() string { return addressSpaceNames[s] }

// AddressSpaceAttr is `#gpu.address_space<workgroup>`, used as a memref memory space.
type AddressSpaceAttr struct {
	ir.AttrBase
	Space AddressSpace
}

func (a *AddressSpaceAttr) String() string { return "#gpu.address_space<" + a.Space.String() + ">" }

// MemorySpaceNumber returns NVVM's numeric memory space (global 1,
// workgroup 3, private 5), so that memrefs in `#gpu.address_space<...>`
// and in the numeric space behave alike (ir.MemRefType.MemorySpaceInt).
func (a *AddressSpaceAttr) MemorySpaceNumber() int64 { return addressSpaceNumbers[a.Space] }

// AddressSpaceOf returns the interned `#gpu.address_space<s>`.
func AddressSpaceOf(s AddressSpace) *AddressSpaceAttr {
	return ir.InternAttr(&AddressSpaceAttr{Space: s})
}

// EnumKind names one of the gpu dialect's enum attributes, printed `#gpu<kind value>`.
type EnumKind string

// The enum attributes of the gpu dialect.
const (
	DimKind            EnumKind = "dim"
	ShuffleModeKind    EnumKind = "shuffle_mode"
	AllReduceOpKind    EnumKind = "all_reduce_op"
	MMAElementwiseKind EnumKind = "mma_element_wise"
)

// enumValues lists each kind's keywords in MLIR's order, the C++ enum
// name used in parse errors, and MLIR's description of the enum (used in
// verifier errors).
var enumValues = map[EnumKind]struct {
	cpp    string
	values []string
	desc   string
}{
	DimKind: {"::mlir::gpu::Dimension", []string{"x", "y", "z"}, "a dimension, either 'x', 'y', or 'z'"},
	ShuffleModeKind: {"::mlir::gpu::ShuffleMode", []string{"xor", "up", "down", "idx"},
		"Indexing modes supported by gpu.shuffle."},
	AllReduceOpKind: {"::mlir::gpu::AllReduceOperation", []string{"add", "mul", "minui", "minsi", "minnumf",
		"maxui", "maxsi", "maxnumf", "and", "or", "xor", "minimumf", "maximumf"},
		"built-in reduction operations supported by gpu.allreduce."},
	MMAElementwiseKind: {"::mlir::gpu::MMAElementwiseOp", []string{"addf", "mulf", "subf", "maxf", "minf", "divf",
		"addi", "muli", "subi", "divs", "divu", "negatef", "negates", "extf"},
		"elementwise operation to apply to mma matrix"},
}

// EnumAttr is one of the gpu dialect's enum attributes: `#gpu<dim x>`,
// `#gpu<shuffle_mode xor>`, `#gpu<all_reduce_op add>`, `#gpu<mma_element_wise addf>`.
type EnumAttr struct {
	ir.AttrBase
	Kind  EnumKind
	Value string
}

func (a *EnumAttr) String() string { return "#gpu<" + string(a.Kind) + " " + a.Value + ">" }

// Enum returns the interned enum attribute, or nil when value is not one of kind's keywords.
func Enum(kind EnumKind, value string) *EnumAttr {
	if !slices.Contains(enumValues[kind].values, value) {
		return nil
	}
	return ir.InternAttr(&EnumAttr{Kind: kind, Value: value})
}

// Dim returns `#gpu<dim d>` for d in "x", "y", "z".
func Dim(d string) *EnumAttr { return Enum(DimKind, d) }

// DimIndex returns 0, 1 or 2 for the dimension attribute a (-1 when a is not one).
func DimIndex(a ir.Attribute) int {
	if e, ok := a.(*EnumAttr); ok && e.Kind == DimKind {
		return slices.Index(enumValues[DimKind].values, e.Value)
	}
	return -1
}

// EnumValue returns the keyword of op's enum attribute name, or "".
func EnumValue(op *ir.Operation, name string) string {
	if e, ok := op.Attr(name).(*EnumAttr); ok {
		return e.Value
	}
	return ""
}

// parseAttr parses `#gpu.address_space<...>` and `#gpu<kind value>`.
func parseAttr(body string, t ir.Type) (ir.Attribute, error) {
	if strings.HasPrefix(body, ".address_space<") && strings.HasSuffix(body, ">") {
		v := strings.TrimSpace(body[len(".address_space<") : len(body)-1])
		i := slices.Index(addressSpaceNames[:], v)
		if i < 0 {
			return nil, fmt.Errorf("expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private")
		}
		return AddressSpaceOf(AddressSpace(i)), nil
	}
	if strings.HasPrefix(body, "<") && strings.HasSuffix(body, ">") {
		kind, value, _ := strings.Cut(strings.TrimSpace(body[1:len(body)-1]), " ")
		e, ok := enumValues[EnumKind(kind)]
		if !ok {
			return nil, fmt.Errorf("unknown attribute `%s` in dialect `gpu`", kind)
		}
		value = strings.TrimSpace(value)
		if a := Enum(EnumKind(kind), value); a != nil {
			return a, nil
		}
		return nil, fmt.Errorf("expected %s to be one of: %s", e.cpp, strings.Join(e.values, ", "))
	}
	// Attributes goopt does not model yet (#gpu.thread<x> loop mappings,
	// #gpu.select_object, ...) are kept as text and round-trip unchanged.
	return ir.OpaqueAttrOf("gpu", body, t), nil
}

// parseEnumKeyword parses a bare enum keyword of kind (`x`, `xor`, `add`) into an attribute.
func parseEnumKeyword(p ir.OpParser, kind EnumKind) (*EnumAttr, error) {
	loc := p.Loc()
	kw, err := p.ParseIdentifier()
	if err != nil {
		return nil, err
	}
	a := Enum(kind, kw)
	if a == nil {
		e := enumValues[kind]
		return nil, ir.Errorf(loc, "expected %s to be one of: %s", e.cpp, strings.Join(e.values, ", "))
	}
	return a, nil
}
