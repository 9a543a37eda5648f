package nvptx

import (
	"fmt"
	"slices"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// The NVPTX target of every translated module.
const (
	Triple     = "nvptx64-nvidia-cuda"
	DataLayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
)

// TranslateOptions configure Translate.
type TranslateOptions struct {
	// GPUModule names the gpu.module to translate when the input holds
	// several; with one it may be left empty.
	GPUModule string
}

// Translate converts an llvm+nvvm dialect module to an LLVM IR module for
// NVPTX. module is a builtin.module of llvm.* ops, or one holding
// gpu.modules whose bodies are (only the chosen gpu.module is translated;
// host code beside it is left alone). Every op that cannot be translated
// is reported, each at its location, as an ir.DiagList.
func Translate(module *ir.Operation, opts TranslateOptions) (m *llir.Module, err error) {
	// A bug here must not crash a driver: report it at the module.
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, ir.DiagList{module.Errorf("internal error in the LLVM IR translation: %v", r)}
		}
	}()
	body, err := selectBody(module, opts.GPUModule)
	if err != nil {
		return nil, err
	}
	t := &translator{
		m:          llir.NewModule(),
		funcs:      map[string]*llir.Func{},
		globals:    map[string]*llir.Global{},
		intrinsics: map[string]*llir.Func{},
		structs:    map[*llvm.StructType]*types.StructType{},
		ptrs:       map[int]*ptrType{},
	}
	t.m.TargetTriple = Triple
	t.m.DataLayout = DataLayout
	// Symbols first, so calls and addressof may refer forward.
	for _, op := range body {
		switch op.Name() {
		case "llvm.func":
			t.declareFunc(op)
		case "llvm.mlir.global":
			t.declareGlobal(op)
		default:
			t.errorf(op, "'%s' op cannot be translated to LLVM IR", op.Name())
		}
	}
	for _, op := range body {
		switch op.Name() {
		case "llvm.func":
			t.defineFunc(op)
		case "llvm.mlir.global":
			t.defineGlobal(op)
		}
	}
	if len(t.errs) > 0 {
		return nil, t.errs
	}
	t.finishAnnotations()
	return t.m, nil
}

// selectBody returns the ops to translate: the body of the chosen
// gpu.module if module holds any, else module's own body.
func selectBody(module *ir.Operation, name string) ([]*ir.Operation, error) {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil, nil
	}
	top := module.Region(0).Front().Ops()
	var gpus []*ir.Operation
	for _, op := range top {
		if op.Is("gpu.module") {
			gpus = append(gpus, op)
		}
	}
	if len(gpus) == 0 {
		if name != "" {
			return nil, ir.DiagList{module.Errorf("no gpu.module named '%s' to translate", name)}
		}
		return top, nil
	}
	var chosen *ir.Operation
	var names []string
	for _, g := range gpus {
		n := ""
		if s, ok := g.Attr("sym_name").(*ir.StringAttr); ok {
			n = s.Value
		}
		names = append(names, n)
		if n == name || name == "" && len(gpus) == 1 {
			chosen = g
		}
	}
	if chosen == nil {
		if name == "" {
			return nil, ir.DiagList{module.Errorf("%d gpu.modules (%s): choose one to translate", len(gpus), strings.Join(names, ", "))}
		}
		return nil, ir.DiagList{module.Errorf("no gpu.module named '%s' to translate (have %s)", name, strings.Join(names, ", "))}
	}
	if chosen.NumRegions() == 0 || chosen.Region(0).Empty() {
		return nil, nil
	}
	var ops []*ir.Operation
	for _, op := range chosen.Region(0).Front().Ops() {
		if op.Is("gpu.module_end") {
			continue
		}
		ops = append(ops, op)
	}
	return ops, nil
}

type translator struct {
	m          *llir.Module
	funcs      map[string]*llir.Func
	globals    map[string]*llir.Global
	intrinsics map[string]*llir.Func
	structs    map[*llvm.StructType]*types.StructType
	ptrs       map[int]*ptrType
	// annotations are the !nvvm.annotations entries: launch bounds LLVM
	// 19's NVPTX backend reads only from there.
	annotations []*metadata.Tuple
	errs        ir.DiagList
}

func (t *translator) errorf(op *ir.Operation, format string, args ...any) {
	t.errs = append(t.errs, opError(op, format, args...))
}

// opError is op.Errorf for messages that may already name the op.
func opError(op *ir.Operation, format string, args ...any) *ir.Diagnostic {
	msg := strings.TrimPrefix(fmt.Sprintf(format, args...), "'"+op.Name()+"' op ")
	return op.Errorf("%s", msg)
}

func symName(op *ir.Operation) string {
	if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

var linkages = map[string]enum.Linkage{
	"private": enum.LinkagePrivate, "internal": enum.LinkageInternal,
	"available_externally": enum.LinkageAvailableExternally, "linkonce": enum.LinkageLinkOnce,
	"weak": enum.LinkageWeak, "common": enum.LinkageCommon, "appending": enum.LinkageAppending,
	"extern_weak": enum.LinkageExternWeak, "linkonce_odr": enum.LinkageLinkOnceODR,
	"weak_odr": enum.LinkageWeakODR, "external": enum.LinkageNone,
}

var visibilities = []enum.Visibility{enum.VisibilityNone, enum.VisibilityHidden, enum.VisibilityProtected}

var unnamedAddrs = []enum.UnnamedAddr{enum.UnnamedAddrNone, enum.UnnamedAddrLocalUnnamedAddr, enum.UnnamedAddrUnnamedAddr}

var cconvs = map[string]enum.CallingConv{
	"ccc": enum.CallingConvNone, "fastcc": enum.CallingConvFast, "coldcc": enum.CallingConvCold,
	"ptx_kernelcc": enum.CallingConvPTXKernel, "ptx_devicecc": enum.CallingConvPTXDevice,
	"tailcc": enum.CallingConvTail, "swiftcc": enum.CallingConvSwift,
	"preserve_mostcc": enum.CallingConvPreserveMost, "preserve_allcc": enum.CallingConvPreserveAll,
}

func intAttr(op *ir.Operation, name string) (int64, bool) {
	a, ok := op.Attr(name).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

func (t *translator) symbolEnums(op *ir.Operation) (enum.Visibility, enum.UnnamedAddr, bool) {
	v, _ := intAttr(op, "visibility_")
	u, _ := intAttr(op, "unnamed_addr")
	if v < 0 || int(v) >= len(visibilities) || u < 0 || int(u) >= len(unnamedAddrs) {
		t.errorf(op, "'%s' op has an invalid visibility or unnamed_addr", op.Name())
		return 0, 0, false
	}
	return visibilities[v], unnamedAddrs[u], true
}

// ---- functions ----

func (t *translator) declareFunc(op *ir.Operation) {
	ft := llvm.FuncType(op)
	name := symName(op)
	if ft == nil {
		t.errorf(op, "'llvm.func' op has no function type")
		return
	}
	sigT, err := t.typ(ft)
	if err != nil {
		t.errorf(op, "'llvm.func' op %v", err)
		return
	}
	sig := sigT.(*types.FuncType)
	f := &llir.Func{Sig: sig, Parent: t.m}
	f.SetName(name)
	f.Type()
	for i, pt := range sig.Params {
		p := llir.NewParam("", pt)
		p.Attrs = t.paramAttrs(op, i)
		f.Params = append(f.Params, p)
	}
	linkage := llvm.LinkageOf(op)
	f.Linkage = linkages[linkage]
	if vis, ua, ok := t.symbolEnums(op); ok {
		f.Visibility, f.UnnamedAddr = vis, ua
	}
	cc := "ccc"
	if c, ok := op.Attr("CConv").(*llvm.CConvAttr); ok {
		cc = c.Kind
	}
	conv, ok := cconvs[cc]
	if !ok {
		t.errorf(op, "'llvm.func' op calling convention '%s' cannot be translated to LLVM IR", cc)
	}
	f.CallingConv = conv
	if nvvm.IsKernel(op) {
		f.CallingConv = enum.CallingConvPTXKernel
	}
	if f.CallingConv == enum.CallingConvPTXKernel {
		t.launchBounds(op, f)
	}
	if a, ok := intAttr(op, "alignment"); ok {
		f.Align = llir.Align(a)
	}
	t.funcs[name] = f
	t.m.Funcs = append(t.m.Funcs, f)
}

// rawAttr is a parameter attribute llir has no type for (`align 16` on a
// parameter, `dereferenceable(8)`), written as LLVM IR text.
type rawAttr string

func (a rawAttr) String() string   { return string(a) }
func (rawAttr) IsParamAttribute()  {}
func (rawAttr) IsReturnAttribute() {}
func (rawAttr) IsFuncAttribute()   {}

var unitParamAttrs = map[string]enum.ParamAttr{
	"llvm.noalias": enum.ParamAttrNoAlias, "llvm.readonly": enum.ParamAttrReadOnly,
	"llvm.writeonly": enum.ParamAttrWriteOnly, "llvm.readnone": enum.ParamAttrReadNone,
	"llvm.nonnull": enum.ParamAttrNonNull, "llvm.noundef": enum.ParamAttrNoUndef,
	"llvm.nocapture": enum.ParamAttrNoCapture, "llvm.nofree": enum.ParamAttrNoFree,
	"llvm.inreg": enum.ParamAttrInReg, "llvm.signext": enum.ParamAttrSignExt,
	"llvm.zeroext": enum.ParamAttrZeroExt, "llvm.returned": enum.ParamAttrReturned,
	"llvm.nest": enum.ParamAttrNest, "llvm.immarg": enum.ParamAttrImmArg,
}

var intParamAttrs = map[string]string{
	"llvm.align": "align %d", "llvm.dereferenceable": "dereferenceable(%d)",
	"llvm.dereferenceable_or_null": "dereferenceable_or_null(%d)",
}

// typeParamAttrs are the parameter attributes that carry a type:
// `llvm.byval = !llvm.array<128 x i8>` is `byval([128 x i8])`.
var typeParamAttrs = map[string]string{
	"llvm.byval": "byval", "llvm.byref": "byref", "llvm.sret": "sret", "llvm.inalloca": "inalloca",
}

// paramAttrs translates the llvm.* entries of argument i's attribute
// dictionary, in LLVM's order (enum, type, then integer attributes, as
// mlir-translate-19 prints them); the nvvm ones become annotations
// (launchBounds), and other dialects' entries have no LLVM IR meaning and
// are dropped, as upstream does.
func (t *translator) paramAttrs(op *ir.Operation, i int) []llir.ParamAttribute {
	arr, ok := op.Attr("arg_attrs").(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	dict, ok := arr.Elems[i].(*ir.DictionaryAttr)
	if !ok {
		return nil
	}
	var units, typed, ints []llir.ParamAttribute
	for _, e := range dict.Entries {
		if strings.HasPrefix(e.Name, "nvvm.") {
			if err := nvvm.VerifyArgAttribute(op, i, e.Name, e.Value); err != nil {
				t.errs = append(t.errs, ir.Diagnostics(err)...)
			}
			continue
		}
		if !strings.HasPrefix(e.Name, "llvm.") {
			continue
		}
		if pa, ok := unitParamAttrs[e.Name]; ok {
			units = append(units, pa)
			continue
		}
		if f, ok := intParamAttrs[e.Name]; ok {
			if n, ok := e.Value.(*ir.IntegerAttr); ok {
				ints = append(ints, rawAttr(fmt.Sprintf(f, n.Int())))
				continue
			}
		}
		if kw, ok := typeParamAttrs[e.Name]; ok {
			if ta, ok := e.Value.(*ir.TypeAttr); ok {
				lt, err := t.typ(ta.Value)
				if err != nil {
					t.errorf(op, "'llvm.func' op argument attribute '%s': %v", e.Name, err)
					continue
				}
				typed = append(typed, rawAttr(kw+"("+lt.LLString()+")"))
				continue
			}
		}
		t.errorf(op, "'llvm.func' op argument attribute '%s' cannot be translated to LLVM IR", e.Name)
	}
	return append(append(units, typed...), ints...)
}

// annotate records the !nvvm.annotations entry `!{ptr @f, !"key", v}`.
func (t *translator) annotate(f *llir.Func, key string, v metadata.Field) {
	ref := &symRef{constVal{typ: t.ptr(0), text: f.Ident()}}
	t.annotations = append(t.annotations, &metadata.Tuple{MetadataID: -1, Fields: []metadata.Field{
		mdValue{ref}, &metadata.String{Value: key}, v,
	}})
}

func mdI32(v int64) metadata.Field {
	return mdValue{&constVal{typ: types.I32, text: fmt.Sprint(v)}}
}

// launchBounds records a kernel's nvvm.maxntid, reqntid, minctasm,
// maxnreg, cluster_dim, cluster_max_blocks and grid_constant arguments as
// !nvvm.annotations entries, the only form LLVM 19's NVPTX backend reads
// (it ignores "nvvm.maxntid" function attributes). llc-19 writes .maxntid,
// .reqntid, .minnctapersm, .maxnreg and .maxclusterrank from them and reads
// grid_constant parameters in place (cvta.param); it does not know
// cluster_dim_x/y/z (LLVM 20 writes .explicitcluster and
// .reqnctapercluster from them), so PTX adds those directives itself.
func (t *translator) launchBounds(op *ir.Operation, f *llir.Func) {
	for _, b := range []struct{ attr, key, sep string }{
		{nvvm.MaxntidAttrName, "maxntid", ""}, {nvvm.ReqntidAttrName, "reqntid", ""},
		{nvvm.ClusterDimAttrName, "cluster_dim", "_"},
	} {
		if op.Attr(b.attr) == nil {
			continue
		}
		dims, ok := nvvm.ThreadBounds(op, b.attr)
		if !ok {
			t.errorf(op, "'llvm.func' op '%s' must be an array of 1 to 3 i32", b.attr)
			continue
		}
		for i, d := range []string{"x", "y", "z"} {
			t.annotate(f, b.key+b.sep+d, mdI32(dims[i]))
		}
	}
	for _, b := range []struct{ attr, key string }{
		{nvvm.MinctasmAttrName, "minctasm"}, {nvvm.MaxnregAttrName, "maxnreg"},
		{nvvm.ClusterMaxBlocksAttrName, "maxclusterrank"},
	} {
		if op.Attr(b.attr) == nil {
			continue
		}
		n, ok := intAttr(op, b.attr)
		if !ok {
			t.errorf(op, "'llvm.func' op '%s' must be an integer", b.attr)
			continue
		}
		t.annotate(f, b.key, mdI32(n))
	}
	// One entry lists every grid_constant argument, 1-based.
	var args []metadata.Field
	for i := range f.Params {
		if nvvm.ArgAttr(op, i, nvvm.GridConstantAttrName) != nil {
			args = append(args, mdI32(int64(i+1)))
		}
	}
	if len(args) > 0 {
		t.annotate(f, "grid_constant", &metadata.Tuple{MetadataID: -1, Fields: args})
	}
}

// mdValue is a value inside a metadata tuple, written `i32 1` (llir's
// metadata.Value writes the `metadata i32 1` of a metadata argument).
type mdValue struct{ v value.Value }

func (m mdValue) String() string { return m.v.String() }

func (t *translator) finishAnnotations() {
	if len(t.annotations) == 0 {
		return
	}
	named := &metadata.NamedDef{Name: "nvvm.annotations"}
	for i, a := range t.annotations {
		a.MetadataID = metadata.MetadataID(i)
		t.m.MetadataDefs = append(t.m.MetadataDefs, a)
		named.Nodes = append(named.Nodes, a)
	}
	t.m.NamedMetadataDefs["nvvm.annotations"] = named
}

// ---- globals ----

func (t *translator) declareGlobal(op *ir.Operation) {
	gt, err := t.typ(llvm.GlobalType(op))
	if err != nil {
		t.errorf(op, "'llvm.mlir.global' op %v", err)
		return
	}
	g := &llir.Global{ContentType: gt}
	g.SetName(symName(op))
	g.Immutable = op.Attr("constant") != nil
	g.AddrSpace = types.AddrSpace(llvm.AddrSpace(op))
	g.Linkage = linkages[llvm.LinkageOf(op)]
	if vis, ua, ok := t.symbolEnums(op); ok {
		g.Visibility, g.UnnamedAddr = vis, ua
	}
	if a, ok := intAttr(op, "alignment"); ok {
		g.Align = llir.Align(a)
	}
	if s, ok := op.Attr("section").(*ir.StringAttr); ok {
		g.Section = s.Value
	}
	t.globals[symName(op)] = g
	t.m.Globals = append(t.m.Globals, g)
}

// defineGlobal sets the initializer: the value attribute, or the constant
// the initializer region returns, or (as upstream) undef when a global that
// is not external has neither; an external one without is a declaration.
func (t *translator) defineGlobal(op *ir.Operation) {
	g := t.globals[symName(op)]
	if g == nil {
		return
	}
	if v := op.Attr("value"); v != nil {
		c, err := t.constant(v, g.ContentType)
		if err != nil {
			t.errorf(op, "'llvm.mlir.global' op %v", err)
			return
		}
		g.Init = c
	} else if op.NumRegions() > 0 && !op.Region(0).Empty() {
		c, err := t.initializer(op)
		if err != nil {
			t.errs = append(t.errs, ir.Diagnostics(err)...)
			return
		}
		g.Init = c
	}
	if g.Init != nil {
		if c, ok := g.Init.(*constVal); ok && c.text == "undef" && isExternal(g.Linkage) {
			g.Init = nil
		}
	} else if !isExternal(g.Linkage) {
		g.Init = &constVal{typ: g.ContentType, text: "undef"}
	}
	if g.Init == nil {
		// llir prints a global without initializer as a definition of its
		// linkage; `external` makes it the declaration it is.
		g.Linkage = enum.LinkageExternal
	}
}

func isExternal(l enum.Linkage) bool {
	return l == enum.LinkageNone || l == enum.LinkageExternal || l == enum.LinkageExternWeak
}

// initializer evaluates a global's initializer region: its ops must be
// constant (constants, undef, poison, zero, addressof, insertvalue,
// insertelement and casts of those), folded into one LLVM IR constant.
func (t *translator) initializer(op *ir.Operation) (*constVal, error) {
	vals := map[*ir.Value]*constVal{}
	for _, o := range op.Region(0).Front().Ops() {
		if o.Is("llvm.return") {
			if o.NumOperands() != 1 {
				return nil, opError(o, "'llvm.return' op in an initializer must return one value")
			}
			return vals[o.Operand(0)], nil
		}
		if o.NumResults() != 1 {
			return nil, opError(o, "'%s' op cannot be translated to an LLVM IR constant", o.Name())
		}
		rt, err := t.typ(o.Result(0).Type())
		if err != nil {
			return nil, opError(o, "'%s' op %v", o.Name(), err)
		}
		var c *constVal
		switch o.Name() {
		case "llvm.mlir.constant":
			c, err = t.constant(o.Attr("value"), rt)
		case "llvm.mlir.undef":
			c = &constVal{typ: rt, text: "undef"}
		case "llvm.mlir.poison":
			c = &constVal{typ: rt, text: "poison"}
		case "llvm.mlir.zero":
			c = &constVal{typ: rt, text: zeroText(rt)}
		case "llvm.mlir.addressof":
			var v value.Value
			v, err = t.addressOf(o, rt)
			if err == nil {
				c = v.(*constVal)
			}
		case "llvm.insertvalue":
			c, err = insertConst(vals[o.Operand(0)], vals[o.Operand(1)], llvm.Position(o))
		default:
			if name, ok := constCasts[o.Name()]; ok {
				c = &constVal{typ: rt, text: fmt.Sprintf("%s (%s to %s)", name, vals[o.Operand(0)], rt)}
				break
			}
			return nil, opError(o, "'%s' op cannot be translated to an LLVM IR constant", o.Name())
		}
		if err != nil {
			return nil, opError(o, "'%s' op %v", o.Name(), err)
		}
		vals[o.Result(0)] = c
	}
	return nil, opError(op, "'llvm.mlir.global' op initializer region has no 'llvm.return'")
}

var constCasts = map[string]string{
	"llvm.bitcast": "bitcast", "llvm.addrspacecast": "addrspacecast",
	"llvm.ptrtoint": "ptrtoint", "llvm.inttoptr": "inttoptr", "llvm.trunc": "trunc",
}

// addressOf is the address of the global or function an
// llvm.mlir.addressof names.
func (t *translator) addressOf(op *ir.Operation, rt types.Type) (value.Value, error) {
	ref, _ := op.Attr("global_name").(*ir.SymbolRefAttr)
	if ref == nil {
		return nil, fmt.Errorf("has no symbol")
	}
	name := ref.Leaf()
	if g, ok := t.globals[name]; ok {
		return &constVal{typ: rt, text: g.Ident()}, nil
	}
	if f, ok := t.funcs[name]; ok {
		return &constVal{typ: rt, text: f.Ident()}, nil
	}
	return nil, fmt.Errorf("refers to '@%s', which is not a translated global or function", name)
}

// insertConst folds an insertvalue of constants into an aggregate constant.
func insertConst(agg, elem *constVal, pos []int64) (*constVal, error) {
	if agg == nil || elem == nil {
		return nil, fmt.Errorf("operand is not a constant")
	}
	fields, err := aggregateFields(agg)
	if err != nil {
		return nil, err
	}
	if len(pos) == 0 || pos[0] < 0 || int(pos[0]) >= len(fields) {
		return nil, fmt.Errorf("position out of bounds")
	}
	if len(pos) == 1 {
		fields[pos[0]] = elem
	} else {
		inner, err := insertConst(fields[pos[0]], elem, pos[1:])
		if err != nil {
			return nil, err
		}
		fields[pos[0]] = inner
	}
	return aggregate(agg.typ, fields), nil
}

// aggregateElemTypes returns the element types of a struct or array type,
// and false for any other type.
func aggregateElemTypes(t types.Type) ([]types.Type, bool) {
	switch t := t.(type) {
	case *types.StructType:
		return t.Fields, true
	case *types.ArrayType:
		elems := make([]types.Type, t.Len)
		for i := range elems {
			elems[i] = t.ElemType
		}
		return elems, true
	}
	return nil, false
}

// aggregateFields splits a struct or array constant into its elements; an
// undef, poison or zero aggregate becomes elements of that kind.
func aggregateFields(c *constVal) ([]*constVal, error) {
	elemTypes, ok := aggregateElemTypes(c.typ)
	if !ok {
		return nil, fmt.Errorf("'%s' is not an aggregate", c.typ)
	}
	out := make([]*constVal, len(elemTypes))
	switch c.text {
	case "undef", "poison", "zeroinitializer":
		for i, et := range elemTypes {
			text := c.text
			if text == "zeroinitializer" {
				text = zeroText(et)
			}
			out[i] = &constVal{typ: et, text: text}
		}
		return out, nil
	}
	if c.parts == nil {
		return nil, fmt.Errorf("cannot fold into constant '%s'", c)
	}
	return slices.Clone(c.parts), nil
}
