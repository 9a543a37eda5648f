package llvm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// The LLVM dialect's types. Each is an interned Go value whose String is
// MLIR 19's text. Nested inside another LLVM type, an LLVM type is written
// without its `!llvm.` prefix (`!llvm.struct<(ptr, array<2 x i64>)>`), as
// upstream's printer does; the parser accepts both spellings.

// VoidType is `!llvm.void`, the result type of a function returning nothing.
type VoidType struct{ ir.TypeBase }

func (*VoidType) String() string { return "!llvm.void" }

// DialectName returns "llvm".
func (*VoidType) DialectName() string { return "llvm" }

// Void returns the interned `!llvm.void`.
func Void() *VoidType { return ir.InternType(&VoidType{}) }

// PointerType is the opaque pointer `!llvm.ptr` in address space AddrSpace
// (`!llvm.ptr<3>`; 0 is written `!llvm.ptr`).
type PointerType struct {
	ir.TypeBase
	AddrSpace int
}

func (t *PointerType) String() string { return "!llvm." + t.short() }

// DialectName returns "llvm".
func (*PointerType) DialectName() string { return "llvm" }

func (t *PointerType) short() string {
	if t.AddrSpace == 0 {
		return "ptr"
	}
	return "ptr<" + strconv.Itoa(t.AddrSpace) + ">"
}

// Ptr returns the interned pointer type of address space as.
func Ptr(as int) *PointerType { return ir.InternType(&PointerType{AddrSpace: as}) }

// ArrayType is `!llvm.array<N x T>`.
type ArrayType struct {
	ir.TypeBase
	Len  int64
	Elem ir.Type
	text string
}

func (t *ArrayType) String() string { return t.text }

// DialectName returns "llvm".
func (*ArrayType) DialectName() string { return "llvm" }

// Array returns the interned `!llvm.array<n x elem>`.
func Array(n int64, elem ir.Type) *ArrayType {
	text := fmt.Sprintf("!llvm.array<%d x %s>", n, nested(elem))
	return ir.InternType(&ArrayType{Len: n, Elem: elem, text: text})
}

// StructType is `!llvm.struct<...>`: literal (`<(i32, f32)>`, `<packed
// (i8, i32)>`) or identified by a name (`<"name", (i32)>`, `<"name",
// opaque>`). Identified structs are interned by their full text, so two
// bodies under one name are two types (upstream rejects the second).
type StructType struct {
	ir.TypeBase
	Name       string
	Identified bool
	Opaque     bool
	Packed     bool
	Body       []ir.Type
	text       string
}

func (t *StructType) String() string { return t.text }

// DialectName returns "llvm".
func (*StructType) DialectName() string { return "llvm" }

// Struct returns the interned literal struct of the given fields.
func Struct(packed bool, body ...ir.Type) *StructType {
	return internStruct(&StructType{Packed: packed, Body: body})
}

// IdentifiedStruct returns the interned identified struct `name`; opaque
// structs have no body.
func IdentifiedStruct(name string, opaque, packed bool, body ...ir.Type) *StructType {
	return internStruct(&StructType{Name: name, Identified: true, Opaque: opaque, Packed: packed, Body: body})
}

func internStruct(t *StructType) *StructType {
	var b strings.Builder
	b.WriteString("!llvm.struct<")
	if t.Identified {
		b.WriteString(ir.Quote(t.Name))
		b.WriteString(", ")
	}
	switch {
	case t.Opaque:
		b.WriteString("opaque")
	default:
		if t.Packed {
			b.WriteString("packed ")
		}
		b.WriteString("(")
		for i, e := range t.Body {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(nested(e))
		}
		b.WriteString(")")
	}
	b.WriteString(">")
	t.text = b.String()
	return ir.InternType(t)
}

// FunctionType is `!llvm.func<result (params, ...)>`: an LLVM function
// signature, with `!llvm.void` as the result of one returning nothing.
type FunctionType struct {
	ir.TypeBase
	Result ir.Type
	Params []ir.Type
	VarArg bool
	text   string
}

func (t *FunctionType) String() string { return t.text }

// DialectName returns "llvm".
func (*FunctionType) DialectName() string { return "llvm" }

// Func returns the interned `!llvm.func<result (params)>`.
func Func(result ir.Type, params []ir.Type, varArg bool) *FunctionType {
	var b strings.Builder
	b.WriteString("!llvm.func<")
	b.WriteString(nested(result))
	b.WriteString(" (")
	for i, p := range params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(nested(p))
	}
	if varArg {
		if len(params) > 0 {
			b.WriteString(", ")
		}
		b.WriteString("...")
	}
	b.WriteString(")>")
	return ir.InternType(&FunctionType{Result: result, Params: append([]ir.Type(nil), params...), VarArg: varArg, text: b.String()})
}

// Results returns the function's results: none for void.
func (t *FunctionType) Results() []ir.Type {
	if _, ok := t.Result.(*VoidType); ok {
		return nil
	}
	return []ir.Type{t.Result}
}

// nested writes t as it appears inside another LLVM type: LLVM types
// without their `!llvm.` prefix, others as usual.
func nested(t ir.Type) string {
	if isLLVMType(t) {
		return strings.TrimPrefix(t.String(), "!llvm.")
	}
	return t.String()
}

func isLLVMType(t ir.Type) bool {
	switch t.(type) {
	case *VoidType, *PointerType, *ArrayType, *StructType, *FunctionType:
		return true
	}
	return false
}

// IsCompatibleType reports whether t may appear in the LLVM dialect
// (MLIR's LLVM::isCompatibleType): signless integers, the floats LLVM has,
// vectors of those and of pointers, and the dialect's own types.
func IsCompatibleType(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.IsSignless()
	case *ir.FloatType:
		return t == ir.F16 || t == ir.BF16 || t == ir.F32 || t == ir.F64 || t.String() == "f80" || t.String() == "f128"
	case *ir.VectorType:
		return IsCompatibleType(t.Elem) && isVectorElement(t.Elem)
	case *VoidType, *PointerType, *FunctionType:
		return true
	case *ArrayType:
		return IsCompatibleType(t.Elem)
	case *StructType:
		for _, e := range t.Body {
			if !IsCompatibleType(e) {
				return false
			}
		}
		return true
	}
	return false
}

func isVectorElement(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.FloatType, *PointerType:
		return true
	}
	return false
}

// validElementType is upstream's LLVMArrayType/LLVMStructType element check.
func validElementType(t ir.Type) bool {
	switch t.(type) {
	case *VoidType, *FunctionType:
		return false
	}
	return IsCompatibleType(t)
}

// ---- parsing ----

// parseType parses the body of an `!llvm...` type (the text after `!llvm`).
func parseType(body string) (ir.Type, error) {
	rest, ok := strings.CutPrefix(body, ".")
	if !ok {
		return nil, fmt.Errorf("expected '.' after dialect name 'llvm'")
	}
	s := &typeScanner{opsyntax.Scanner{Text: rest}}
	t, err := s.llvmType()
	if err != nil {
		return nil, err
	}
	if !s.AtEnd() {
		return nil, fmt.Errorf("unexpected '%s' after LLVM type", s.Text[s.Pos:])
	}
	return t, nil
}

// typeScanner reads LLVM types in their short form from a type body.
type typeScanner struct{ opsyntax.Scanner }

func (s *typeScanner) expect(tok string) error { return s.Expect(tok, " in LLVM type") }

func (s *typeScanner) keyword() string {
	s.SkipSpace()
	start := s.Pos
	for s.Pos < len(s.Text) {
		c := s.Text[s.Pos]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			s.Pos++
			continue
		}
		break
	}
	return s.Text[start:s.Pos]
}

func (s *typeScanner) integer() (int64, error) {
	s.SkipSpace()
	start := s.Pos
	for s.Pos < len(s.Text) && s.Text[s.Pos] >= '0' && s.Text[s.Pos] <= '9' {
		s.Pos++
	}
	if start == s.Pos {
		return 0, fmt.Errorf("expected integer in LLVM type")
	}
	return strconv.ParseInt(s.Text[start:s.Pos], 10, 64)
}

// llvmType parses one LLVM type in short form (`ptr`, `struct<...>`).
func (s *typeScanner) llvmType() (ir.Type, error) {
	kw := s.keyword()
	switch kw {
	case "void":
		return Void(), nil
	case "ptr":
		as := int64(0)
		if s.Consume("<") {
			n, err := s.integer()
			if err != nil {
				return nil, err
			}
			if err := s.expect(">"); err != nil {
				return nil, err
			}
			as = n
		}
		return Ptr(int(as)), nil
	case "array":
		if err := s.expect("<"); err != nil {
			return nil, err
		}
		n, err := s.integer()
		if err != nil {
			return nil, err
		}
		if s.keyword() != "x" {
			return nil, fmt.Errorf("expected 'x' in LLVM array type")
		}
		elem, err := s.anyType()
		if err != nil {
			return nil, err
		}
		if err := s.expect(">"); err != nil {
			return nil, err
		}
		if !validElementType(elem) {
			return nil, fmt.Errorf("invalid array element type: %s", elem)
		}
		return Array(n, elem), nil
	case "func":
		return s.funcBody()
	case "struct":
		return s.structBody()
	case "":
		return nil, fmt.Errorf("expected LLVM type")
	}
	return nil, fmt.Errorf("unknown LLVM type: %s", kw)
}

func (s *typeScanner) funcBody() (ir.Type, error) {
	if err := s.expect("<"); err != nil {
		return nil, err
	}
	res, err := s.anyType()
	if err != nil {
		return nil, err
	}
	params, varArg, err := s.typeListBody(true, nil)
	if err != nil {
		return nil, err
	}
	if _, ok := res.(*FunctionType); ok || !IsCompatibleType(res) {
		return nil, fmt.Errorf("invalid function result type: %s", res)
	}
	for _, p := range params {
		if !validElementType(p) {
			return nil, fmt.Errorf("invalid function argument type: %s", p)
		}
	}
	return Func(res, params, varArg), nil
}

func (s *typeScanner) structBody() (ir.Type, error) {
	if err := s.expect("<"); err != nil {
		return nil, err
	}
	s.SkipSpace()
	name, identified := "", false
	if s.Pos < len(s.Text) && s.Text[s.Pos] == '"' {
		str, err := s.quoted()
		if err != nil {
			return nil, err
		}
		name, identified = str, true
		if s.Consume(">") {
			return nil, fmt.Errorf("recursive references to identified structs are not supported")
		}
		if err := s.expect(","); err != nil {
			return nil, err
		}
		save := s.Pos
		if s.keyword() == "opaque" {
			if err := s.expect(">"); err != nil {
				return nil, err
			}
			return IdentifiedStruct(name, true, false), nil
		}
		s.Pos = save
	}
	save := s.Pos
	packed := s.keyword() == "packed"
	if !packed {
		s.Pos = save
	}
	body, _, err := s.typeListBody(false, func(t ir.Type) error {
		if !validElementType(t) {
			return fmt.Errorf("invalid LLVM structure element type: %s", t)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if identified {
		return IdentifiedStruct(name, false, packed, body...), nil
	}
	return Struct(packed, body...), nil
}

// typeListBody scans the `(t, t) >` that ends a function or struct body.
// Where varArgs allows it the list may end in `...` (reported by varArg);
// check, when given, rejects each type as soon as it is read, before the
// rest of the list.
func (s *typeScanner) typeListBody(varArgs bool, check func(ir.Type) error) (types []ir.Type, varArg bool, err error) {
	if err := s.expect("("); err != nil {
		return nil, false, err
	}
	if !s.Consume(")") {
		for {
			if varArgs && s.Consume("...") {
				varArg = true
				break
			}
			t, err := s.anyType()
			if err != nil {
				return nil, false, err
			}
			if check != nil {
				if err := check(t); err != nil {
					return nil, false, err
				}
			}
			types = append(types, t)
			if !s.Consume(",") {
				break
			}
		}
		if err := s.expect(")"); err != nil {
			return nil, false, err
		}
	}
	if err := s.expect(">"); err != nil {
		return nil, false, err
	}
	return types, varArg, nil
}

func (s *typeScanner) quoted() (string, error) {
	start := s.Pos
	for i := s.Pos + 1; i < len(s.Text); i++ {
		switch s.Text[i] {
		case '\\':
			i++
		case '"':
			s.Pos = i + 1
			v, err := strconv.Unquote(s.Text[start : i+1])
			if err != nil {
				return "", fmt.Errorf("invalid struct name %s", s.Text[start:i+1])
			}
			return v, nil
		}
	}
	return "", fmt.Errorf("unterminated struct name")
}

// llvmKeywords are the short-form LLVM types a nested type may start with.
var llvmKeywords = map[string]bool{"void": true, "ptr": true, "array": true, "func": true, "struct": true}

// anyType parses a nested type: an LLVM type in short form or with its
// prefix, or any builtin type (read by goopt's parser).
func (s *typeScanner) anyType() (ir.Type, error) {
	s.SkipSpace()
	if s.Consume("!llvm.") {
		return s.llvmType()
	}
	save := s.Pos
	if llvmKeywords[s.keyword()] {
		s.Pos = save
		return s.llvmType()
	}
	s.Pos = save
	end := s.typeEnd()
	text := strings.TrimSpace(s.Text[s.Pos:end])
	if text == "" {
		return nil, fmt.Errorf("expected type")
	}
	if strings.HasPrefix(text, "!") {
		return nil, fmt.Errorf("unexpected type '%s' in LLVM type: only builtin and LLVM types nest", text)
	}
	t, err := parser.ParseType(ir.NewContext(), text)
	if err != nil {
		return nil, fmt.Errorf("invalid type '%s' in LLVM type", text)
	}
	s.Pos = end
	return t, nil
}

// typeEnd returns the end of the builtin type starting at s.Pos: the next
// ',', ' ', ')' or '>' outside brackets (a `->` inside a type does not
// close it; builtin types LLVM types hold have no space at the top level).
func (s *typeScanner) typeEnd() int {
	depth := 0
	for i := s.Pos; i < len(s.Text); i++ {
		switch c := s.Text[i]; c {
		case '<', '(', '[', '{':
			depth++
		case '>':
			if i > 0 && s.Text[i-1] == '-' {
				continue
			}
			if depth == 0 {
				return i
			}
			depth--
		case ')', ']', '}':
			if depth == 0 {
				return i
			}
			depth--
		case ',', ' ':
			if depth == 0 {
				return i
			}
		}
	}
	return len(s.Text)
}
