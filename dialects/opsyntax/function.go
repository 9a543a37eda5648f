package opsyntax

import "github.com/goopt/goopt/ir"

// FunctionSignature is a parsed `(args) -> results` signature of a func-like op.
type FunctionSignature struct {
	// Args are the arguments; when Named is false only their types were
	// written (a declaration) and Args[i].Name is empty.
	Args  []ir.Argument
	Named bool
	// ArgAttrs and ResultAttrs hold each argument's and result's attribute
	// dictionary (nil when none was written).
	ArgAttrs    []*ir.DictionaryAttr
	Results     []ir.Type
	ResultAttrs []*ir.DictionaryAttr
	// Variadic is set by a trailing `...` (only when parsing allowed it).
	Variadic bool
}

// ArgTypes returns the argument types.
func (s *FunctionSignature) ArgTypes() []ir.Type {
	ts := make([]ir.Type, len(s.Args))
	for i, a := range s.Args {
		ts[i] = a.Type
	}
	return ts
}

// FunctionOpSpec names the attributes a func-like op keeps its signature in,
// as MLIR's FunctionOpInterface does. FuncSpec returns func.func's.
type FunctionOpSpec struct {
	TypeAttr, ArgAttrs, ResAttrs string
	AllowVariadic                bool
	// BuildType makes the attribute stored under TypeAttr; nil stores the
	// builtin function type `(inputs) -> results`.
	BuildType func(inputs, results []ir.Type, variadic bool) ir.Type
	// Signature reads the signature back for printing; nil reads a builtin
	// function type from TypeAttr.
	Signature func(op *ir.Operation) (inputs, results []ir.Type, variadic bool)
}

// FuncSpec returns the spec of func.func: `function_type`, `arg_attrs`, `res_attrs`.
func FuncSpec() FunctionOpSpec {
	return FunctionOpSpec{TypeAttr: "function_type", ArgAttrs: "arg_attrs", ResAttrs: "res_attrs"}
}

func (s *FunctionOpSpec) signature(op *ir.Operation) (inputs, results []ir.Type, variadic bool) {
	if s.Signature != nil {
		return s.Signature(op)
	}
	if ta, ok := op.Attr(s.TypeAttr).(*ir.TypeAttr); ok {
		if ft, ok := ta.Value.(*ir.FunctionType); ok {
			return ft.Inputs, ft.Results, false
		}
	}
	return nil, nil, false
}

// visibilities are the keywords MLIR accepts before a symbol name.
var visibilities = []string{"private", "public", "nested"}

// ParseFunctionOp parses MLIR's function-op form:
//
//	[visibility] @name(%arg0: t {attrs} loc(...), ...) [-> results]
//	    [attributes {...}] [{ body }]
//
// storing sym_visibility, sym_name, the type and the argument and result
// attributes (only when some dictionary is non-empty), and one region.
func ParseFunctionOp(p ir.OpParser, st *ir.OperationState, spec FunctionOpSpec) error {
	if vis, ok := p.ParseOptionalKeywordOf(visibilities...); ok {
		st.AddAttr("sym_visibility", ir.Str(vis))
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", ir.Str(name))
	sig, err := ParseFunctionSignature(p, spec.AllowVariadic)
	if err != nil {
		return err
	}
	var ft ir.Type
	if spec.BuildType != nil {
		ft = spec.BuildType(sig.ArgTypes(), sig.Results, sig.Variadic)
	} else {
		ft = ir.Function(sig.ArgTypes(), sig.Results)
	}
	st.AddAttr(spec.TypeAttr, ir.TypeAttrOf(ft))
	return ParseFunctionTail(p, st, sig, spec)
}

// ParseFunctionTail parses what follows a function op's signature,
// `[attributes {...}] [{ body }]`: it stores sig's argument and result
// attributes under spec's names and adds the body region, whose entry
// arguments are sig's named arguments. A func-like op with its own
// signature rules (llvm.func) parses the head itself and ends with this.
func ParseFunctionTail(p ir.OpParser, st *ir.OperationState, sig *FunctionSignature, spec FunctionOpSpec) error {
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	if a := DictArray(sig.ArgAttrs); a != nil {
		st.AddAttr(spec.ArgAttrs, a)
	}
	if a := DictArray(sig.ResultAttrs); a != nil {
		st.AddAttr(spec.ResAttrs, a)
	}
	r := st.AddRegion()
	var args []ir.Argument
	if sig.Named {
		args = sig.Args
	}
	loc := p.Loc()
	parsed, err := p.ParseOptionalRegion(r, args)
	if err != nil {
		return err
	}
	if parsed && r.Empty() {
		return ir.Errorf(loc, "expected non-empty function body")
	}
	return nil
}

// DictArray returns the array of dictionaries MLIR stores as arg_attrs or
// res_attrs (nil entries become `{}`), or nil when every dictionary is empty.
func DictArray(ds []*ir.DictionaryAttr) *ir.ArrayAttr {
	nonEmpty := false
	for _, d := range ds {
		if d != nil && len(d.Entries) > 0 {
			nonEmpty = true
		}
	}
	if !nonEmpty {
		return nil
	}
	elems := make([]ir.Attribute, len(ds))
	for i, d := range ds {
		if d == nil {
			d = ir.Dictionary(nil)
		}
		elems[i] = d
	}
	return ir.Array(elems...)
}

// ParseFunctionSignature parses `(args) [-> results]`. Arguments are either
// all named (`%a: i32 {attrs} loc(...)`) or all bare types (`i32 {attrs}`).
func ParseFunctionSignature(p ir.OpParser, allowVariadic bool) (*FunctionSignature, error) {
	sig := &FunctionSignature{}
	if err := p.Parse("("); err != nil {
		return nil, err
	}
	if !p.ParseOptional(")") {
		for i := 0; ; i++ {
			if allowVariadic && p.ParseOptional("...") {
				sig.Variadic = true
				break
			}
			if err := parseFunctionArgument(p, sig, i == 0); err != nil {
				return nil, err
			}
			if !p.ParseOptional(",") {
				break
			}
		}
		if err := p.Parse(")"); err != nil {
			return nil, err
		}
	}
	if !p.ParseOptional("->") {
		return sig, nil
	}
	if !p.ParseOptional("(") {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		sig.Results = []ir.Type{t}
		sig.ResultAttrs = []*ir.DictionaryAttr{nil}
		return sig, nil
	}
	if p.ParseOptional(")") {
		return sig, nil
	}
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		d, err := parseOptionalDict(p)
		if err != nil {
			return nil, err
		}
		sig.Results = append(sig.Results, t)
		sig.ResultAttrs = append(sig.ResultAttrs, d)
		if !p.ParseOptional(",") {
			break
		}
	}
	return sig, p.Parse(")")
}

func parseFunctionArgument(p ir.OpParser, sig *FunctionSignature, first bool) error {
	var arg ir.Argument
	u, named, err := p.ParseOptionalOperand()
	if err != nil {
		return err
	}
	if first {
		sig.Named = named
	} else if named != sig.Named {
		if sig.Named {
			return p.Errorf("expected SSA identifier")
		}
		return p.Errorf("expected type instead of SSA identifier")
	}
	if named {
		arg.Name = u
		if err := p.Parse(":"); err != nil {
			return err
		}
	}
	if arg.Type, err = p.ParseType(); err != nil {
		return err
	}
	d, err := parseOptionalDict(p)
	if err != nil {
		return err
	}
	loc, ok, err := p.ParseOptionalLocationSpecifier()
	if err != nil {
		return err
	}
	if ok {
		arg.Loc = loc
	}
	sig.Args = append(sig.Args, arg)
	sig.ArgAttrs = append(sig.ArgAttrs, d)
	return nil
}

// parseOptionalDict parses an optional `{...}` attribute dictionary.
func parseOptionalDict(p ir.OpParser) (*ir.DictionaryAttr, error) {
	var tmp ir.OperationState
	if err := p.ParseOptionalAttrDict(&tmp); err != nil {
		return nil, err
	}
	if len(tmp.Attrs) == 0 {
		return nil, nil
	}
	return ir.Dictionary(tmp.Attrs), nil
}

// PrintFunctionOp prints what ParseFunctionOp reads, after the op name.
func PrintFunctionOp(p ir.OpPrinter, op *ir.Operation, spec FunctionOpSpec) {
	p.Print(" ")
	if vis, ok := op.Attr("sym_visibility").(*ir.StringAttr); ok {
		p.Print(vis.Value + " ")
	}
	if name, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		p.PrintSymbolName(name.Value)
	}
	PrintFunctionSignature(p, op, spec)
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_visibility", "sym_name", spec.TypeAttr, spec.ArgAttrs, spec.ResAttrs)
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		p.Print(" ")
		p.PrintRegion(op.Region(0), false, true)
	}
}

// PrintFunctionSignature prints `(args) [-> results]` of a func-like op:
// named entry-block arguments when the op has a body, bare types otherwise.
func PrintFunctionSignature(p ir.OpPrinter, op *ir.Operation, spec FunctionOpSpec) {
	inputs, results, variadic := spec.signature(op)
	argAttrs := dictsOf(op.Attr(spec.ArgAttrs))
	resAttrs := dictsOf(op.Attr(spec.ResAttrs))
	var entry *ir.Block
	if op.NumRegions() > 0 {
		entry = op.Region(0).Front()
	}
	p.Print("(")
	for i, t := range inputs {
		if i > 0 {
			p.Print(", ")
		}
		if entry != nil && i < entry.NumArguments() {
			a := entry.Argument(i)
			p.PrintOperand(a)
			p.Print(": ")
			p.PrintType(a.Type())
			printDict(p, argAttrs, i)
			p.PrintOptionalLocationSpecifier(a.Loc())
			continue
		}
		p.PrintType(t)
		printDict(p, argAttrs, i)
	}
	if variadic {
		if len(inputs) > 0 {
			p.Print(", ")
		}
		p.Print("...")
	}
	p.Print(")")
	if len(results) == 0 {
		return
	}
	p.Print(" -> ")
	_, isFn := results[0].(*ir.FunctionType)
	parens := len(results) > 1 || isFn || (len(resAttrs) > 0 && resAttrs[0] != nil && len(resAttrs[0].Entries) > 0)
	if parens {
		p.Print("(")
	}
	for i, t := range results {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintType(t)
		printDict(p, resAttrs, i)
	}
	if parens {
		p.Print(")")
	}
}

func printDict(p ir.OpPrinter, ds []*ir.DictionaryAttr, i int) {
	if i < len(ds) && ds[i] != nil && len(ds[i].Entries) > 0 {
		p.PrintOptionalAttrDict(ds[i].Entries)
	}
}

// dictsOf reads an array of dictionaries (arg_attrs / res_attrs).
func dictsOf(a ir.Attribute) []*ir.DictionaryAttr {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	ds := make([]*ir.DictionaryAttr, len(arr.Elems))
	for i, e := range arr.Elems {
		ds[i], _ = e.(*ir.DictionaryAttr)
	}
	return ds
}

// ArgAttrs returns argument i's attribute dictionary of a func-like op, or nil.
func ArgAttrs(op *ir.Operation, spec FunctionOpSpec, i int) *ir.DictionaryAttr {
	ds := dictsOf(op.Attr(spec.ArgAttrs))
	if i < len(ds) {
		return ds[i]
	}
	return nil
}
