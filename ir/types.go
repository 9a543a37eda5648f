package ir

import (
	"strconv"
	"strings"
	"sync"
)

// Type is an immutable, interned MLIR type. Two types are equal exactly when
// they are the same pointer, so `==` is type equality.
type Type interface {
	// String renders the type in MLIR 19's textual syntax.
	String() string
	isType()
}

// Dynamic marks a dynamic dimension, stride or offset (MLIR's ShapedType::kDynamic).
const Dynamic int64 = -1 << 63

// uniquer interns types and attributes by their canonical text. It is an
// append-only, concurrency-safe cache: it holds no state a caller can observe
// other than identity, so it is shared by every Context in the process.
type uniquer struct {
	mu sync.RWMutex
	m  map[string]any
}

var interned = &uniquer{m: map[string]any{}}

// intern returns the canonical instance for key, storing v when absent.
func intern[T any](key string, v T) T {
	interned.mu.RLock()
	got, ok := interned.m[key]
	interned.mu.RUnlock()
	if ok {
		return got.(T)
	}
	interned.mu.Lock()
	defer interned.mu.Unlock()
	if got, ok := interned.m[key]; ok {
		return got.(T)
	}
	interned.m[key] = v
	return v
}

// Signedness of an integer type.
type Signedness uint8

const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is `iN`, `siN` or `uiN`.
type IntegerType struct {
	Width      int
	Signedness Signedness
	text       string
}

func (*IntegerType) isType()          {}
func (t *IntegerType) String() string { return t.text }

// IsSignless reports whether the type is a plain `iN`.
func (t *IntegerType) IsSignless() bool { return t.Signedness == Signless }

// Integer returns the signless integer type of the given width.
func Integer(width int) *IntegerType { return IntegerWithSign(width, Signless) }

// IntegerWithSign returns `iN`, `siN` or `uiN`.
func IntegerWithSign(width int, s Signedness) *IntegerType {
	prefix := [...]string{"i", "si", "ui"}[s]
	text := prefix + strconv.Itoa(width)
	return intern("t:"+text, &IntegerType{Width: width, Signedness: s, text: text})
}

// Common integer types.
var (
	I1  = Integer(1)
	I8  = Integer(8)
	I16 = Integer(16)
	I32 = Integer(32)
	I64 = Integer(64)
)

// IndexType is `index`: a target-sized integer, 64 bits in goopt's interpreter.
type IndexType struct{}

func (*IndexType) isType()        {}
func (*IndexType) String() string { return "index" }

// Index is the `index` type.
var Index = intern[*IndexType]("t:index", &IndexType{})

// NoneType is `none`.
type NoneType struct{}

func (*NoneType) isType()        {}
func (*NoneType) String() string { return "none" }

// None is the `none` type.
var None = intern[*NoneType]("t:none", &NoneType{})

// FloatKind names a floating-point format.
type FloatKind uint8

const (
	KindF16 FloatKind = iota
	KindBF16
	KindF32
	KindF64
	KindTF32
	KindF80
	KindF128
	KindF8E5M2
	KindF8E4M3
	KindF8E4M3FN
	KindF8E5M2FNUZ
	KindF8E4M3FNUZ
	KindF8E4M3B11FNUZ
	KindF8E3M4
	KindF6E2M3FN
	KindF6E3M2FN
	KindF4E2M1FN
)

var floatNames = [...]string{"f16", "bf16", "f32", "f64", "tf32", "f80", "f128", "f8E5M2", "f8E4M3",
	"f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"}

var floatWidths = [...]int{16, 16, 32, 64, 19, 80, 128, 8, 8, 8, 8, 8, 8, 8, 6, 6, 4}

// FloatType is a builtin floating-point type.
type FloatType struct{ Kind FloatKind }

func (*FloatType) isType()          {}
func (t *FloatType) String() string { return floatNames[t.Kind] }

// Width is the storage width in bits.
func (t *FloatType) Width() int { return floatWidths[t.Kind] }

// Float returns the float type of the given kind.
func Float(k FloatKind) *FloatType { return intern("t:"+floatNames[k], &FloatType{Kind: k}) }

// FloatByName returns the float type spelled name, or nil.
func FloatByName(name string) *FloatType {
	for k, n := range floatNames {
		if n == name {
			return Float(FloatKind(k))
		}
	}
	return nil
}

// Common float types.
var (
	F16  = Float(KindF16)
	BF16 = Float(KindBF16)
	F32  = Float(KindF32)
	F64  = Float(KindF64)
	TF32 = Float(KindTF32)
)

// ComplexType is `complex<T>`.
type ComplexType struct {
	Elem Type
	text string
}

func (*ComplexType) isType()          {}
func (t *ComplexType) String() string { return t.text }

// Complex returns `complex<elem>`.
func Complex(elem Type) *ComplexType {
	text := "complex<" + elem.String() + ">"
	return intern("t:"+text, &ComplexType{Elem: elem, text: text})
}

// TupleType is `tuple<T...>`.
type TupleType struct {
	Elems []Type
	text  string
}

func (*TupleType) isType()          {}
func (t *TupleType) String() string { return t.text }

// Tuple returns `tuple<elems...>`.
func Tuple(elems ...Type) *TupleType {
	text := "tuple<" + joinTypes(elems) + ">"
	return intern("t:"+text, &TupleType{Elems: append([]Type(nil), elems...), text: text})
}

// FunctionType is `(inputs) -> results`.
type FunctionType struct {
	Inputs, Results []Type
	text            string
}

func (*FunctionType) isType()          {}
func (t *FunctionType) String() string { return t.text }

// Function returns the function type `(inputs) -> results`.
func Function(inputs, results []Type) *FunctionType {
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(joinTypes(inputs))
	b.WriteString(") -> ")
	b.WriteString(ResultTypesString(results))
	text := b.String()
	return intern("t:"+text, &FunctionType{Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...), text: text})
}

// ResultTypesString prints a result type list as MLIR does: a single non-function
// type bare, otherwise parenthesised.
func ResultTypesString(results []Type) string {
	if len(results) == 1 {
		if _, isFn := results[0].(*FunctionType); !isFn {
			return results[0].String()
		}
	}
	return "(" + joinTypes(results) + ")"
}

func joinTypes(ts []Type) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// ShapedType is implemented by vector, tensor and memref types.
type ShapedType interface {
	Type
	ElementType() Type
	// HasRank is false for unranked tensors and memrefs.
	HasRank() bool
	Shape() []int64
}

// NumElements returns the product of a static shape, or -1 when a dimension is dynamic.
func NumElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		if d == Dynamic {
			return -1
		}
		n *= d
	}
	return n
}

// CountDynamic returns how many entries of dims (sizes, strides or
// offsets) are Dynamic: how many SSA values a static list leaves to its op's
// operands.
func CountDynamic(dims []int64) int {
	n := 0
	for _, d := range dims {
		if d == Dynamic {
			n++
		}
	}
	return n
}

// WriteDims writes shape as shaped types print it: each dimension (`?`
// when dynamic, in brackets when scalable) followed by `x`.
func WriteDims(b *strings.Builder, shape []int64, scalable []bool) {
	for i, d := range shape {
		sc := i < len(scalable) && scalable[i]
		if sc {
			b.WriteByte('[')
		}
		if d == Dynamic {
			b.WriteByte('?')
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
		}
		if sc {
			b.WriteByte(']')
		}
		b.WriteByte('x')
	}
}

// VectorType is `vector<4x[8]xf32>`; Scalable marks scalable dimensions.
type VectorType struct {
	Dims     []int64
	Scalable []bool
	Elem     Type
	text     string
}

func (*VectorType) isType()              {}
func (t *VectorType) String() string     { return t.text }
func (t *VectorType) ElementType() Type  { return t.Elem }
func (t *VectorType) HasRank() bool      { return true }
func (t *VectorType) Shape() []int64     { return t.Dims }
func (t *VectorType) IsScalable() bool   { return anyTrue(t.Scalable) }
func (t *VectorType) NumElements() int64 { return NumElements(t.Dims) }
func (t *VectorType) Rank() int          { return len(t.Dims) }
func anyTrue(bs []bool) bool {
	for _, b := range bs {
		if b {
			return true
		}
	}
	return false
}

// Vector returns `vector<shape x elem>`; scalable may be nil.
func Vector(shape []int64, elem Type, scalable []bool) *VectorType {
	if !anyTrue(scalable) {
		scalable = nil
	}
	var b strings.Builder
	b.WriteString("vector<")
	WriteDims(&b, shape, scalable)
	b.WriteString(elem.String())
	b.WriteByte('>')
	text := b.String()
	return intern("t:"+text, &VectorType{Dims: append([]int64(nil), shape...), Scalable: append([]bool(nil), scalable...), Elem: elem, text: text})
}

// RankedTensorType is `tensor<4x?xf32, #enc>`.
type RankedTensorType struct {
	Dims     []int64
	Elem     Type
	Encoding Attribute // nil when absent
	text     string
}

func (*RankedTensorType) isType()             {}
func (t *RankedTensorType) String() string    { return t.text }
func (t *RankedTensorType) ElementType() Type { return t.Elem }
func (t *RankedTensorType) HasRank() bool     { return true }
func (t *RankedTensorType) Shape() []int64    { return t.Dims }

// RankedTensor returns `tensor<shape x elem[, encoding]>`.
func RankedTensor(shape []int64, elem Type, encoding Attribute) *RankedTensorType {
	var b strings.Builder
	b.WriteString("tensor<")
	WriteDims(&b, shape, nil)
	b.WriteString(elem.String())
	if encoding != nil {
		b.WriteString(", ")
		b.WriteString(encoding.String())
	}
	b.WriteByte('>')
	text := b.String()
	return intern("t:"+text, &RankedTensorType{Dims: append([]int64(nil), shape...), Elem: elem, Encoding: encoding, text: text})
}

// UnrankedTensorType is `tensor<*xf32>`.
type UnrankedTensorType struct {
	Elem Type
	text string
}

func (*UnrankedTensorType) isType()             {}
func (t *UnrankedTensorType) String() string    { return t.text }
func (t *UnrankedTensorType) ElementType() Type { return t.Elem }
func (t *UnrankedTensorType) HasRank() bool     { return false }
func (t *UnrankedTensorType) Shape() []int64    { return nil }

// UnrankedTensor returns `tensor<*xelem>`.
func UnrankedTensor(elem Type) *UnrankedTensorType {
	text := "tensor<*x" + elem.String() + ">"
	return intern("t:"+text, &UnrankedTensorType{Elem: elem, text: text})
}

// MemRefType is `memref<4x?xf32, layout, memspace>`. Layout is nil for the
// identity layout; MemorySpace is nil for the default space.
type MemRefType struct {
	Dims        []int64
	Elem        Type
	Layout      Attribute // *AffineMapAttr, *StridedLayoutAttr or nil
	MemorySpace Attribute
	text        string
}

func (*MemRefType) isType()             {}
func (t *MemRefType) String() string    { return t.text }
func (t *MemRefType) ElementType() Type { return t.Elem }
func (t *MemRefType) HasRank() bool     { return true }
func (t *MemRefType) Shape() []int64    { return t.Dims }
func (t *MemRefType) Rank() int         { return len(t.Dims) }

// HasStaticShape reports whether no dimension is dynamic.
func (t *MemRefType) HasStaticShape() bool { return NumElements(t.Dims) >= 0 }

// MemorySpaceInt returns the integer memory space (0 when absent or not an
// integer). A dialect memory-space attribute that implements
// NumberedMemorySpace (`#gpu.address_space<workgroup>`) gives its number.
func (t *MemRefType) MemorySpaceInt() int64 {
	switch a := t.MemorySpace.(type) {
	case *IntegerAttr:
		return a.Int()
	case NumberedMemorySpace:
		return a.MemorySpaceNumber()
	}
	return 0
}

// NumberedMemorySpace is implemented by dialect memory-space attributes that
// stand for a numeric memory space (NVVM: global 1, shared 3, local 5).
type NumberedMemorySpace interface {
	Attribute
	MemorySpaceNumber() int64
}

// MemRef returns a memref type. An identity affine-map layout is dropped, as
// MLIR does, and an integer memory space 0 is dropped too.
func MemRef(shape []int64, elem Type, layout, memSpace Attribute) *MemRefType {
	if m, ok := layout.(*AffineMapAttr); ok && m.Map.IsIdentity() && m.Map.NumDims == len(shape) {
		layout = nil
	}
	if ia, ok := memSpace.(*IntegerAttr); ok && ia.Int() == 0 {
		memSpace = nil
	}
	var b strings.Builder
	b.WriteString("memref<")
	WriteDims(&b, shape, nil)
	b.WriteString(elem.String())
	if layout != nil {
		b.WriteString(", ")
		b.WriteString(layout.String())
	}
	if memSpace != nil {
		b.WriteString(", ")
		b.WriteString(memorySpaceString(memSpace))
	}
	b.WriteByte('>')
	text := b.String()
	return intern("t:"+text, &MemRefType{Dims: append([]int64(nil), shape...), Elem: elem, Layout: layout, MemorySpace: memSpace, text: text})
}

// memorySpaceString prints an integer memory space without its `: i64` type, as MLIR does.
func memorySpaceString(a Attribute) string {
	if ia, ok := a.(*IntegerAttr); ok && ia.Type() == I64 {
		return ia.ValueString()
	}
	return a.String()
}

// UnrankedMemRefType is `memref<*xf32, memspace>`.
type UnrankedMemRefType struct {
	Elem        Type
	MemorySpace Attribute
	text        string
}

func (*UnrankedMemRefType) isType()             {}
func (t *UnrankedMemRefType) String() string    { return t.text }
func (t *UnrankedMemRefType) ElementType() Type { return t.Elem }
func (t *UnrankedMemRefType) HasRank() bool     { return false }
func (t *UnrankedMemRefType) Shape() []int64    { return nil }

// UnrankedMemRef returns `memref<*xelem[, memspace]>`.
func UnrankedMemRef(elem Type, memSpace Attribute) *UnrankedMemRefType {
	if ia, ok := memSpace.(*IntegerAttr); ok && ia.Int() == 0 {
		memSpace = nil
	}
	text := "memref<*x" + elem.String()
	if memSpace != nil {
		text += ", " + memorySpaceString(memSpace)
	}
	text += ">"
	return intern("t:"+text, &UnrankedMemRefType{Elem: elem, MemorySpace: memSpace, text: text})
}

// OpaqueType is a type of a dialect goopt does not model (yet), kept as text:
// `!dialect.mnemonic<body>` or `!dialect<"body">`. It round-trips unchanged.
type OpaqueType struct {
	Dialect string
	// Body is everything after `!dialect`, e.g. `.mma_matrix<16x16xf16, "AOp">`.
	Body string
	text string
}

func (*OpaqueType) isType()          {}
func (t *OpaqueType) String() string { return t.text }

// Opaque returns the dialect type `!dialect<body>` kept as text.
func Opaque(dialect, body string) *OpaqueType {
	text := "!" + dialect + body
	return intern("t:"+text, &OpaqueType{Dialect: dialect, Body: body, text: text})
}

// DialectType is implemented by types that dialects define in Go; the
// parser calls Dialect.ParseType and the printer calls String.
type DialectType interface {
	Type
	DialectName() string
}

// InternType interns a dialect-defined type by its text so that `==` is equality.
// Dialects call it from their type constructors.
func InternType[T Type](t T) T { return intern("t:"+t.String(), t) }

// IsIntOrIndex reports whether t is a builtin integer or index type.
func IsIntOrIndex(t Type) bool {
	switch t.(type) {
	case *IntegerType, *IndexType:
		return true
	}
	return false
}

// IsFloat reports whether t is a builtin float type.
func IsFloat(t Type) bool { _, ok := t.(*FloatType); return ok }

// ElementTypeOrSelf returns the element type of a shaped type, or t itself.
func ElementTypeOrSelf(t Type) Type {
	if s, ok := t.(ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// BitWidth returns the bit width of an integer or float type (index is 64), or 0.
func BitWidth(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return t.Width
	case *IndexType:
		return 64
	case *FloatType:
		return t.Width()
	}
	return 0
}
