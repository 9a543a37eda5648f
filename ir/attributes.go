package ir

import (
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir/affine"
)

// Attribute is an immutable, interned MLIR attribute; `==` is equality.
// Locations are attributes too but are not interned (see Location).
type Attribute interface {
	// String renders the attribute in MLIR 19's textual syntax.
	String() string
	isAttr()
}

// TypedAttribute is implemented by attributes that carry a type.
type TypedAttribute interface {
	Attribute
	Type() Type
}

// InternAttr interns a dialect-defined attribute by its text so that `==` is equality.
func InternAttr[T Attribute](a T) T { return intern("a:"+a.String(), a) }

// attrText is embedded by the attributes that render their text once, when
// they are built: it is their String and their interning key.
type attrText struct{ text string }

func (attrText) isAttr()          {}
func (a attrText) String() string { return a.text }

func (a *attrText) setText(text string) { a.text = text }

// internText sets a's text and interns a by it.
func internText[A interface {
	Attribute
	setText(string)
}](text string, a A) A {
	a.setText(text)
	return intern("a:"+text, a)
}

// IntegerAttr is an integer (or index) constant, `42 : i32`; i1 prints as true/false.
type IntegerAttr struct {
	typ Type
	val *big.Int
	attrText
}

// Type returns the integer or index type.
func (a *IntegerAttr) Type() Type { return a.typ }

// Int returns the value as int64 (truncating wider values).
func (a *IntegerAttr) Int() int64 {
	if a.val.IsInt64() {
		return a.val.Int64()
	}
	return int64(a.val.Uint64())
}

// Big returns a copy of the arbitrary-precision value.
func (a *IntegerAttr) Big() *big.Int { return new(big.Int).Set(a.val) }

// ValueString prints the value alone, without the type.
func (a *IntegerAttr) ValueString() string {
	if a.typ == I1 {
		if a.val.Sign() != 0 {
			return "true"
		}
		return "false"
	}
	return a.val.String()
}

// IntAttr returns an integer attribute of type t (integer or index). The value is
// normalised to the type's width: signless and signed types hold the
// sign-extended value, unsigned types the zero-extended one; i1 is 0 or 1.
func IntAttr(t Type, v int64) *IntegerAttr { return BigIntAttr(t, big.NewInt(v)) }

// BigIntAttr is IntAttr for arbitrary-precision values.
func BigIntAttr(t Type, v *big.Int) *IntegerAttr {
	v = normalizeInt(t, v)
	a := &IntegerAttr{typ: t, val: v}
	if t == I1 {
		a.text = a.ValueString()
	} else {
		a.text = v.String() + " : " + t.String()
	}
	return intern("a:"+a.text, a)
}

func normalizeInt(t Type, v *big.Int) *big.Int {
	w := BitWidth(t)
	if w == 0 || w > 4096 {
		return new(big.Int).Set(v)
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	r := new(big.Int).Mod(v, mod) // in [0, 2^w)
	if it, ok := t.(*IntegerType); ok && it.Signedness == Unsigned {
		return r
	}
	if w == 1 {
		return r
	}
	half := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	if r.Cmp(half) >= 0 {
		r.Sub(r, mod)
	}
	return r
}

// BoolAttr returns `true` or `false` (an i1 IntegerAttr).
func BoolAttr(b bool) *IntegerAttr {
	if b {
		return IntAttr(I1, 1)
	}
	return IntAttr(I1, 0)
}

// IndexAttr returns `v : index`.
func IndexAttr(v int64) *IntegerAttr { return IntAttr(Index, v) }

// FloatAttr is a floating-point constant, `1.000000e+00 : f32`. Bits holds
// the value in the type's own encoding so NaN payloads and f16 values are exact.
type FloatAttr struct {
	typ  *FloatType
	val  float64
	bits uint64
	attrText
}

// Type returns the float type.
func (a *FloatAttr) Type() Type { return a.typ }

// Value returns the value as float64.
func (a *FloatAttr) Value() float64 { return a.val }

// Bits returns the value encoded in the type's format.
func (a *FloatAttr) Bits() uint64 { return a.bits }

// ValueString prints the value alone, in MLIR's style.
func (a *FloatAttr) ValueString() string { return formatFloat(a.typ, a.val, a.bits) }

// FloatAttrOf returns a float attribute of type t holding v rounded to t.
func FloatAttrOf(t *FloatType, v float64) *FloatAttr {
	bits := FloatToBits(t, v)
	return newFloatAttr(t, BitsToFloat(t, bits), bits)
}

// FloatAttrFromBits returns a float attribute from its encoding in type t (hex literals).
func FloatAttrFromBits(t *FloatType, bits uint64) *FloatAttr {
	return newFloatAttr(t, BitsToFloat(t, bits), bits)
}

func newFloatAttr(t *FloatType, v float64, bits uint64) *FloatAttr {
	a := &FloatAttr{typ: t, val: v, bits: bits}
	a.text = formatFloat(t, v, bits) + " : " + t.String()
	return intern("a:"+a.text, a)
}

// formatFloat follows MLIR's printFloatValue: APFloat's scientific form with
// six digits when that parses back to the same value, else APFloat's
// shortest natural form when it has a '.', else the hexadecimal encoding.
func formatFloat(t *FloatType, v float64, bits uint64) string {
	neg, sig, exp, prec, finite := floatParts(t, bits)
	if !finite && !math.IsInf(v, 0) && !math.IsNaN(v) { // zero
		s := "0.000000e+00"
		if math.Signbit(v) {
			s = "-" + s
		}
		return s
	}
	if finite {
		s := apfloatString(neg, sig, exp, prec, 6, 0, false)
		if parsesBackTo(t, s, bits) {
			return s
		}
		if s = apfloatString(neg, sig, exp, prec, 0, 3, true); strings.Contains(s, ".") {
			return s
		}
	}
	w := (t.Width() + 3) / 4
	return "0x" + strings.ToUpper(leftPad(strconv.FormatUint(bits, 16), w))
}

// floatPrecision is the significand precision in bits (implicit bit included).
var floatPrecision = map[FloatKind]int{KindF16: 11, KindBF16: 8, KindF32: 24, KindF64: 53, KindTF32: 11}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// StringAttr is `"text"`, optionally typed (`"x" : i32`).
type StringAttr struct {
	Value string
	typ   Type
	attrText
}

// Type returns the optional type (nil for plain strings).
func (a *StringAttr) Type() Type { return a.typ }

// Str returns the string attribute `"s"`.
func Str(s string) *StringAttr { return TypedStr(s, nil) }

// TypedStr returns `"s" : t`.
func TypedStr(s string, t Type) *StringAttr {
	text := Quote(s)
	if t != nil {
		text += " : " + t.String()
	}
	return internText(text, &StringAttr{Value: s, typ: t})
}

// Quote escapes s as an MLIR string literal the way MLIR prints it
// (llvm::printEscapedString): printable ASCII stays, `\` becomes `\\`, and
// `"` and everything else become `\XX` hex (`\22`, `\0A`).
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c >= 0x20 && c < 0x7f && c != '"':
			b.WriteByte(c)
		default:
			b.WriteByte('\\')
			b.WriteString(strings.ToUpper(leftPad(strconv.FormatUint(uint64(c), 16), 2)))
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ArrayAttr is `[a, b, c]`.
type ArrayAttr struct {
	Elems []Attribute
	attrText
}

// Array returns `[elems...]`.
func Array(elems ...Attribute) *ArrayAttr {
	var b strings.Builder
	b.WriteByte('[')
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.String())
	}
	b.WriteByte(']')
	text := b.String()
	return internText(text, &ArrayAttr{Elems: append([]Attribute(nil), elems...)})
}

// I64Array returns an ArrayAttr of i64 IntegerAttrs.
func I64Array(vs ...int64) *ArrayAttr {
	elems := make([]Attribute, len(vs))
	for i, v := range vs {
		elems[i] = IntAttr(I64, v)
	}
	return Array(elems...)
}

// DenseArrayAttr is `array<i64: 1, 2, 3>` (ints, bools or floats).
type DenseArrayAttr struct {
	Elem   Type
	Ints   []int64   // for integer element types
	Floats []float64 // for float element types
	attrText
}

// Len returns the number of elements.
func (a *DenseArrayAttr) Len() int {
	if IsFloat(a.Elem) {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// DenseI64Array returns `array<i64: vs...>`.
func DenseI64Array(vs ...int64) *DenseArrayAttr { return DenseIntArray(I64, vs) }

// DenseI32Array returns `array<i32: vs...>`.
func DenseI32Array(vs ...int32) *DenseArrayAttr {
	w := make([]int64, len(vs))
	for i, v := range vs {
		w[i] = int64(v)
	}
	return DenseIntArray(I32, w)
}

// DenseBoolArray returns `array<i1: true, false>`.
func DenseBoolArray(vs ...bool) *DenseArrayAttr {
	w := make([]int64, len(vs))
	for i, v := range vs {
		if v {
			w[i] = 1
		}
	}
	return DenseIntArray(I1, w)
}

// DenseIntArray returns an integer dense array of element type t.
func DenseIntArray(t Type, vs []int64) *DenseArrayAttr {
	text := denseArrayText(t, len(vs), func(i int) string {
		if t == I1 {
			return strconv.FormatBool(vs[i] != 0)
		}
		return strconv.FormatInt(vs[i], 10)
	})
	return internText(text, &DenseArrayAttr{Elem: t, Ints: append([]int64{}, vs...)})
}

// DenseFloatArray returns a float dense array of element type t.
func DenseFloatArray(t *FloatType, vs []float64) *DenseArrayAttr {
	text := denseArrayText(t, len(vs), func(i int) string { return formatFloat(t, vs[i], FloatToBits(t, vs[i])) })
	return internText(text, &DenseArrayAttr{Elem: t, Floats: append([]float64{}, vs...)})
}

// denseArrayText renders `array<t: e0, e1>` (`array<t>` when n is 0).
func denseArrayText(t Type, n int, elem func(i int) string) string {
	var b strings.Builder
	b.WriteString("array<")
	b.WriteString(t.String())
	for i := 0; i < n; i++ {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(elem(i))
	}
	b.WriteByte('>')
	return b.String()
}

// NamedAttribute is a name = value pair.
type NamedAttribute struct {
	Name  string
	Value Attribute
}

// DictionaryAttr is `{a = 1 : i32, b}`, entries sorted by name.
type DictionaryAttr struct {
	Entries []NamedAttribute
	attrText
}

// Get returns the value named name, or nil.
func (a *DictionaryAttr) Get(name string) Attribute {
	for _, e := range a.Entries {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// Dictionary returns a dictionary of entries (sorted by name; later duplicates win).
func Dictionary(entries []NamedAttribute) *DictionaryAttr {
	es := append([]NamedAttribute(nil), entries...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Name < es[j].Name })
	var b strings.Builder
	b.WriteByte('{')
	b.WriteString(AttrDictBody(es))
	b.WriteByte('}')
	text := b.String()
	return internText(text, &DictionaryAttr{Entries: es})
}

// AttrDictBody prints `a = 1 : i32, b` (unit attributes print as their name only).
func AttrDictBody(es []NamedAttribute) string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(AttrName(e.Name))
		if _, unit := e.Value.(*UnitAttr); !unit {
			b.WriteString(" = ")
			b.WriteString(e.Value.String())
		}
	}
	return b.String()
}

// AttrName prints an attribute or symbol name bare when it is an identifier, quoted otherwise.
func AttrName(name string) string {
	if IsBareIdentifier(name) {
		return name
	}
	return Quote(name)
}

// IsBareIdentifier reports whether s matches MLIR's bare-id `[a-zA-Z_][a-zA-Z0-9_$.]*`.
func IsBareIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		if i == 0 && !alpha {
			return false
		}
		if !alpha && !(c >= '0' && c <= '9') && c != '$' && c != '.' {
			return false
		}
	}
	return true
}

// SymbolRefAttr is `@root::@nested` (a flat reference when Nested is empty).
type SymbolRefAttr struct {
	Root   string
	Nested []string
	attrText
}

// Leaf returns the innermost referenced name.
func (a *SymbolRefAttr) Leaf() string {
	if len(a.Nested) > 0 {
		return a.Nested[len(a.Nested)-1]
	}
	return a.Root
}

// SymbolRef returns `@root::@nested...`.
func SymbolRef(root string, nested ...string) *SymbolRefAttr {
	text := SymbolName(root)
	for _, n := range nested {
		text += "::" + SymbolName(n)
	}
	return internText(text, &SymbolRefAttr{Root: root, Nested: append([]string(nil), nested...)})
}

// SymbolName prints `@name`, quoting when needed.
func SymbolName(name string) string {
	if IsBareIdentifier(name) {
		return "@" + name
	}
	return "@" + Quote(name)
}

// AffineMapAttr wraps an affine map: `affine_map<(d0) -> (d0)>`.
type AffineMapAttr struct {
	Map *affine.Map
	attrText
}

// AffineMapOf returns the attribute wrapping m.
func AffineMapOf(m *affine.Map) *AffineMapAttr {
	return internText("affine_map<"+m.String()+">", &AffineMapAttr{Map: m})
}

// IntegerSetAttr wraps an integer set: `affine_set<(d0) : (d0 >= 0)>`.
type IntegerSetAttr struct {
	Set *affine.Set
	attrText
}

// IntegerSetOf returns the attribute wrapping s.
func IntegerSetOf(s *affine.Set) *IntegerSetAttr {
	return internText("affine_set<"+s.String()+">", &IntegerSetAttr{Set: s})
}

// TypeAttr wraps a type.
type TypeAttr struct {
	Value Type
}

func (*TypeAttr) isAttr()          {}
func (a *TypeAttr) String() string { return a.Value.String() }

// TypeAttrOf returns the attribute wrapping t.
func TypeAttrOf(t Type) *TypeAttr { return intern("a:type:"+t.String(), &TypeAttr{Value: t}) }

// UnitAttr is the valueless `unit` attribute.
type UnitAttr struct{}

func (*UnitAttr) isAttr()        {}
func (*UnitAttr) String() string { return "unit" }

// Unit is the unit attribute.
var Unit = intern[*UnitAttr]("a:unit", &UnitAttr{})

// StridedLayoutAttr is `strided<[s0, s1], offset: o>`; Dynamic prints as `?`.
type StridedLayoutAttr struct {
	Offset  int64
	Strides []int64
	attrText
}

// StridedLayout returns `strided<[strides], offset: offset>` (offset 0 omitted).
func StridedLayout(offset int64, strides []int64) *StridedLayoutAttr {
	var b strings.Builder
	b.WriteString("strided<[")
	for i, s := range strides {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(dynString(s))
	}
	b.WriteByte(']')
	if offset != 0 {
		b.WriteString(", offset: ")
		b.WriteString(dynString(offset))
	}
	b.WriteByte('>')
	text := b.String()
	return internText(text, &StridedLayoutAttr{Offset: offset, Strides: append([]int64(nil), strides...)})
}

func dynString(v int64) string {
	if v == Dynamic {
		return "?"
	}
	return strconv.FormatInt(v, 10)
}

// DenseElementsAttr is `dense<...> : tensor<2xf32>` (or vector). Elements holds
// the flattened values (IntegerAttr, FloatAttr or a two-element ArrayAttr for
// complex); a splat holds one element. Hex is set for `dense<"0x...">` data
// kept verbatim.
type DenseElementsAttr struct {
	typ      ShapedType
	Elements []Attribute
	Splat    bool
	Hex      string
	attrText
}

// Type returns the tensor or vector type.
func (a *DenseElementsAttr) Type() Type { return a.typ }

// ShapedType returns the tensor or vector type.
func (a *DenseElementsAttr) ShapedType() ShapedType { return a.typ }

// DenseSplat returns `dense<v> : t`.
func DenseSplat(t ShapedType, v Attribute) *DenseElementsAttr {
	text := "dense<" + elementLiteral(v) + "> : " + t.String()
	return internText(text, &DenseElementsAttr{typ: t, Elements: []Attribute{v}, Splat: true})
}

// Dense returns `dense<[...]> : t` from flattened elements; all-equal elements
// become a splat, as MLIR does.
func Dense(t ShapedType, elems []Attribute) *DenseElementsAttr {
	if len(elems) > 0 {
		same := true
		for _, e := range elems[1:] {
			if e != elems[0] {
				same = false
				break
			}
		}
		if same && int64(len(elems)) == NumElements(t.Shape()) {
			return DenseSplat(t, elems[0])
		}
	}
	var b strings.Builder
	b.WriteString("dense<")
	shape := t.Shape()
	if NumElements(shape) == 0 {
		// MLIR prints every zero-element literal as `dense<>`.
	} else if len(shape) == 0 && len(elems) == 1 {
		b.WriteString(elementLiteral(elems[0]))
	} else {
		writeNested(&b, shape, elems)
	}
	b.WriteString("> : ")
	b.WriteString(t.String())
	text := b.String()
	return internText(text, &DenseElementsAttr{typ: t, Elements: append([]Attribute(nil), elems...)})
}

// DenseHex returns `dense<"0x...">` kept verbatim.
func DenseHex(t ShapedType, hex string) *DenseElementsAttr {
	text := "dense<" + Quote(hex) + "> : " + t.String()
	return internText(text, &DenseElementsAttr{typ: t, Hex: hex})
}

func writeNested(b *strings.Builder, shape []int64, elems []Attribute) {
	if len(shape) == 0 {
		if len(elems) > 0 {
			b.WriteString(elementLiteral(elems[0]))
		}
		return
	}
	b.WriteByte('[')
	n := int(shape[0])
	inner := 1
	for _, d := range shape[1:] {
		inner *= int(d)
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		lo, hi := i*inner, (i+1)*inner
		if hi > len(elems) {
			hi = len(elems)
		}
		if lo > hi {
			lo = hi
		}
		writeNested(b, shape[1:], elems[lo:hi])
	}
	b.WriteByte(']')
}

func elementLiteral(a Attribute) string {
	switch a := a.(type) {
	case *IntegerAttr:
		return a.ValueString()
	case *FloatAttr:
		return a.ValueString()
	case *ArrayAttr: // complex (re, im)
		if len(a.Elems) == 2 {
			return "(" + elementLiteral(a.Elems[0]) + "," + elementLiteral(a.Elems[1]) + ")"
		}
	}
	return a.String()
}

// DenseResourceAttr is `dense_resource<handle> : tensor<...>`.
type DenseResourceAttr struct {
	typ    ShapedType
	Handle string
	attrText
}

// Type returns the shaped type.
func (a *DenseResourceAttr) Type() Type { return a.typ }

// DenseResource returns `dense_resource<handle> : t`.
func DenseResource(t ShapedType, handle string) *DenseResourceAttr {
	h := handle
	if !IsBareIdentifier(h) {
		h = Quote(h)
	}
	text := "dense_resource<" + h + "> : " + t.String()
	return internText(text, &DenseResourceAttr{typ: t, Handle: handle})
}

// DistinctAttr is `distinct[N]<referenced>`: unique by ID, never merged.
type DistinctAttr struct {
	ID         int
	Referenced Attribute
	attrText
}

// Distinct returns a distinct attribute with the given numbering id.
func Distinct(id int, referenced Attribute) *DistinctAttr {
	text := "distinct[" + strconv.Itoa(id) + "]<" + referenced.String() + ">"
	return internText(text, &DistinctAttr{ID: id, Referenced: referenced})
}

// OpaqueAttr is an attribute of a dialect goopt does not model, kept as text:
// `#dialect.mnemonic<body>` or `#dialect<body>`, with an optional trailing type.
type OpaqueAttr struct {
	Dialect string
	Body    string
	typ     Type
	attrText
}

// Type returns the optional trailing type.
func (a *OpaqueAttr) Type() Type { return a.typ }

// OpaqueAttrOf returns `#dialect<body>` (Body includes the `.mnemonic<...>` or `<...>` part).
func OpaqueAttrOf(dialect, body string, t Type) *OpaqueAttr {
	text := "#" + dialect + body
	if t != nil {
		text += " : " + t.String()
	}
	return internText(text, &OpaqueAttr{Dialect: dialect, Body: body, typ: t})
}
