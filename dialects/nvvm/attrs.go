package nvvm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// EnumKind names one of the nvvm dialect's enum attributes.
type EnumKind string

// The enum attributes of the nvvm dialect, by MLIR mnemonic.
const (
	MMALayoutKind      EnumKind = "mma_layout"
	MMATypeKind        EnumKind = "mma_type"
	MMAFragKind        EnumKind = "mma_frag"
	MMAB1OpKind        EnumKind = "mma_b1op"
	MMAIntOverflowKind EnumKind = "mma_int_overflow"
	ShflKindKind       EnumKind = "shfl_kind"
	LoadCacheKind      EnumKind = "load_cache_modifier"
	ActionKind         EnumKind = "action"
	ProxyKindKind      EnumKind = "proxy_kind"
	SharedSpaceKind    EnumKind = "shared_space"
	WGMMATypeKind      EnumKind = "wgmma_type"
	WGMMAScaleInKind   EnumKind = "wgmma_scale_in"
	WGMMAScaleOutKind  EnumKind = "wgmma_scale_out"
	ReduxKindKind      EnumKind = "redux_kind"
	// MemScopeKind postdates MLIR 19 (fence.proxy.acquire/release).
	MemScopeKind EnumKind = "mem_scope"
)

// enumInfo describes one enum: its keywords in MLIR's order, the C++ enum
// name of parse errors, the attribute class name of verifier errors, and
// whether MLIR spells it `#nvvm<kind value>` (angle) rather than
// `#nvvm.kind<value>`.
type enumInfo struct {
	values []string
	cpp    string
	desc   string
	angle  bool
}

var enums = map[EnumKind]enumInfo{
	MMALayoutKind:      {[]string{"row", "col"}, "MMALayout", "NVVM MMA layout", false},
	MMATypeKind:        {[]string{"f16", "f32", "tf32", "bf16", "s8", "u8", "s32", "s4", "u4", "b1", "f64"}, "MMATypes", "NVVM MMA types", false},
	MMAFragKind:        {[]string{"a", "b", "c"}, "MMAFrag", "NVVM MMA frag type", false},
	MMAB1OpKind:        {[]string{"none", "xor_popc", "and_popc"}, "MMAB1Op", "MMA binary operations", false},
	MMAIntOverflowKind: {[]string{"satfinite", "wrapped"}, "MMAIntOverflow", "MMA overflow options", false},
	ShflKindKind:       {[]string{"bfly", "up", "down", "idx"}, "ShflKind", "NVVM shuffle kind", true},
	LoadCacheKind:      {[]string{"ca", "cg", "cs", "lu", "cv"}, "LoadCacheModifierKind", "NVVM load cache modifier kind", true},
	ActionKind:         {[]string{"decrease", "increase"}, "SetMaxRegisterAction", "NVVM set max register action", true},
	ProxyKindKind:      {[]string{"alias", "async", "async.global", "async.shared", "tensormap", "generic"}, "ProxyKind", "Proxy kind", false},
	SharedSpaceKind:    {[]string{"cta", "cluster"}, "SharedSpace", "Shared memory space", false},
	WGMMATypeKind:      {[]string{"f16", "tf32", "u8", "s8", "b1", "bf16", "e4m3", "e5m2", "f32", "s32"}, "WGMMATypes", "NVVM WGMMA types", false},
	WGMMAScaleInKind:   {[]string{"one", "neg"}, "WGMMAScaleIn", "WGMMA overflow options", false},
	WGMMAScaleOutKind:  {[]string{"zero", "one"}, "WGMMAScaleOut", "WGMMA input predicate", false},
	ReduxKindKind:      {[]string{"add", "and", "max", "min", "or", "umax", "umin", "xor"}, "ReduxKind", "NVVM redux kind", true},
	MemScopeKind:       {[]string{"cta", "cluster", "gpu", "sys"}, "MemScopeKind", "NVVM Memory Scope kind", false},
}

// EnumAttr is one of the nvvm dialect's enum attributes:
// `#nvvm.mma_layout<row>`, `#nvvm.mma_type<f16>`, `#nvvm<shfl_kind bfly>`, ...
type EnumAttr struct {
	ir.AttrBase
	Kind  EnumKind
	Value string
}

func (a *EnumAttr) String() string {
	if enums[a.Kind].angle {
		return "#nvvm<" + string(a.Kind) + " " + a.Value + ">"
	}
	return "#nvvm." + string(a.Kind) + "<" + a.Value + ">"
}

// Enum returns the interned enum attribute, or nil when value is not one of kind's keywords.
func Enum(kind EnumKind, value string) *EnumAttr {
	if !slices.Contains(enums[kind].values, value) {
		return nil
	}
	return ir.InternAttr(&EnumAttr{Kind: kind, Value: value})
}

// EnumValue returns the keyword of op's enum attribute name, or "".
func EnumValue(op *ir.Operation, name string) string {
	if e, ok := op.Attr(name).(*EnumAttr); ok {
		return e.Value
	}
	return ""
}

func enumError(kind EnumKind) error {
	e := enums[kind]
	return fmt.Errorf("expected ::mlir::NVVM::%s to be one of: %s", e.cpp, strings.Join(e.values, ", "))
}

// ShapeAttr is `#nvvm.shape<m = 16, n = 8, k = 16>`, an MMA instruction shape.
type ShapeAttr struct {
	ir.AttrBase
	M, N, K int64
}

func (a *ShapeAttr) String() string { return "#nvvm.shape" + a.body() }

func (a *ShapeAttr) body() string {
	return fmt.Sprintf("<m = %d, n = %d, k = %d>", a.M, a.N, a.K)
}

// Shape returns the interned shape attribute.
func Shape(m, n, k int64) *ShapeAttr { return ir.InternAttr(&ShapeAttr{M: m, N: n, K: k}) }

// TargetAttr is `#nvvm.target<...>`, a GPU module's NVVM target: its
// optimisation level, triple, chip, PTX features, flags and bitcode files
// to link. Parameters equal to their defaults are not printed, as upstream.
type TargetAttr struct {
	ir.AttrBase
	O        int64
	Triple   string
	Chip     string
	Features string
	Flags    *ir.DictionaryAttr // nil when absent
	Link     *ir.ArrayAttr      // nil when absent
}

// Defaults of #nvvm.target's parameters (MLIR 19).
const (
	DefaultOptLevel = 2
	DefaultTriple   = "nvptx64-nvidia-cuda"
	DefaultChip     = "sm_50"
)

func (a *TargetAttr) String() string {
	var parts []string
	if a.O != DefaultOptLevel {
		parts = append(parts, "O = "+strconv.FormatInt(a.O, 10))
	}
	if a.Triple != DefaultTriple {
		parts = append(parts, "triple = "+strconv.Quote(a.Triple))
	}
	if a.Chip != DefaultChip {
		parts = append(parts, "chip = "+strconv.Quote(a.Chip))
	}
	if a.Features != "" {
		parts = append(parts, "features = "+strconv.Quote(a.Features))
	}
	if a.Flags != nil {
		parts = append(parts, "flags = "+a.Flags.String())
	}
	if a.Link != nil {
		parts = append(parts, "link = "+a.Link.String())
	}
	if len(parts) == 0 {
		return "#nvvm.target"
	}
	return "#nvvm.target<" + strings.Join(parts, ", ") + ">"
}

// Target returns the interned target attribute for chip with features
// (other parameters at their defaults).
func Target(chip, features string) *TargetAttr {
	return ir.InternAttr(&TargetAttr{O: DefaultOptLevel, Triple: DefaultTriple, Chip: chip, Features: features})
}

// The discardable function attributes of the nvvm dialect.
const (
	KernelAttrName   = "nvvm.kernel"   // unit: the function is a kernel entry
	MaxntidAttrName  = "nvvm.maxntid"  // array<i32: x[, y[, z]]>: most threads per block
	ReqntidAttrName  = "nvvm.reqntid"  // array<i32: ...>: exact threads per block
	MinctasmAttrName = "nvvm.minctasm" // integer: least blocks per SM
	MaxnregAttrName  = "nvvm.maxnreg"  // integer: most registers per thread
	// ClusterDimAttrName and ClusterMaxBlocksAttrName postdate MLIR 19
	// (upstream added them with the same spelling in LLVM 20).
	ClusterDimAttrName       = "nvvm.cluster_dim"        // array<i32: x[, y[, z]]>: blocks per cluster
	ClusterMaxBlocksAttrName = "nvvm.cluster_max_blocks" // integer: most blocks per cluster
	// GridConstantAttrName is a unit argument attribute: a kernel's by-value
	// (llvm.byval) parameter the kernel only reads, so it may be read in
	// place from the parameter space rather than copied to local memory.
	GridConstantAttrName = "nvvm.grid_constant"
)

// IsKernel reports whether fn carries `nvvm.kernel`.
func IsKernel(fn *ir.Operation) bool { return fn.Attr(KernelAttrName) != nil }

// ThreadBounds returns fn's `nvvm.maxntid` or `nvvm.reqntid` (name) as
// three dimensions, missing ones 1; ok is false when fn has none.
func ThreadBounds(fn *ir.Operation, name string) (dims [3]int64, ok bool) {
	a, isArr := fn.Attr(name).(*ir.DenseArrayAttr)
	if !isArr || len(a.Ints) == 0 || len(a.Ints) > 3 {
		return dims, false
	}
	dims = [3]int64{1, 1, 1}
	copy(dims[:], a.Ints)
	return dims, true
}

// VerifyAttribute checks one of the nvvm dialect's discardable attributes
// on op, with MLIR 19's messages (NVVMDialect::verifyOperationAttribute).
func VerifyAttribute(op *ir.Operation, name string, a ir.Attribute) error {
	switch name {
	case KernelAttrName:
		if op.Name() != "llvm.func" {
			return ir.Errorf(op.Loc(), "'%s' attribute attached to unexpected op", KernelAttrName)
		}
	case MaxntidAttrName, ReqntidAttrName:
		d, ok := a.(*ir.DenseArrayAttr)
		if !ok || d.Elem != ir.I32 || len(d.Ints) == 0 || len(d.Ints) > 3 {
			return ir.Errorf(op.Loc(), "'%q' attribute must be integer array with maximum 3 index", name)
		}
	case ClusterDimAttrName:
		d, ok := a.(*ir.DenseArrayAttr)
		if !ok || d.Elem != ir.I32 || len(d.Ints) == 0 || len(d.Ints) > 3 {
			return ir.Errorf(op.Loc(), "'%q' attribute must be integer array with maximum 3 index", name)
		}
	case MinctasmAttrName, MaxnregAttrName, ClusterMaxBlocksAttrName:
		if _, ok := a.(*ir.IntegerAttr); !ok {
			return ir.Errorf(op.Loc(), "'%q' attribute must be integer constant", name)
		}
	}
	return nil
}

// VerifyArgAttribute checks the nvvm dialect's attribute name on argument
// arg of the function op, with MLIR 19's messages
// (NVVMDialect::verifyRegionArgAttribute): nvvm.grid_constant is a unit
// attribute of a kernel's llvm.byval argument.
func VerifyArgAttribute(op *ir.Operation, arg int, name string, a ir.Attribute) error {
	if name != GridConstantAttrName {
		return nil
	}
	if _, ok := a.(*ir.UnitAttr); !ok {
		return ir.Errorf(op.Loc(), "'%q' must be a unit attribute", name)
	}
	if !IsKernel(op) {
		return ir.Errorf(op.Loc(), "'%q' attribute must be present only on kernel arguments", name)
	}
	if ArgAttr(op, arg, "llvm.byval") == nil {
		return ir.Errorf(op.Loc(), "'%q' attribute requires the argument to also have attribute 'llvm.byval'", name)
	}
	return nil
}

// ArgAttr returns the attribute name of argument arg of the function op
// (from its arg_attrs), or nil.
func ArgAttr(op *ir.Operation, arg int, name string) ir.Attribute {
	arr, ok := op.Attr("arg_attrs").(*ir.ArrayAttr)
	if !ok || arg < 0 || arg >= len(arr.Elems) {
		return nil
	}
	dict, ok := arr.Elems[arg].(*ir.DictionaryAttr)
	if !ok {
		return nil
	}
	for _, e := range dict.Entries {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// parseAttr parses the nvvm dialect's attributes from the text after `#nvvm`.
func parseAttr(body string, _ ir.Type) (ir.Attribute, error) {
	if strings.HasPrefix(body, "<") && strings.HasSuffix(body, ">") {
		kind, value, _ := strings.Cut(strings.TrimSpace(body[1:len(body)-1]), " ")
		e, ok := enums[EnumKind(kind)]
		if !ok || !e.angle {
			return nil, fmt.Errorf("unknown attribute `%s` in dialect `nvvm`", kind)
		}
		if a := Enum(EnumKind(kind), strings.TrimSpace(value)); a != nil {
			return a, nil
		}
		return nil, enumError(EnumKind(kind))
	}
	if !strings.HasPrefix(body, ".") {
		return nil, fmt.Errorf("expected attribute name")
	}
	mnemonic, params, _ := strings.Cut(body[1:], "<")
	if params != "" || strings.HasSuffix(body, ">") {
		if !strings.HasSuffix(params, ">") {
			return nil, fmt.Errorf("expected '>'")
		}
		params = strings.TrimSpace(params[:len(params)-1])
	}
	switch mnemonic {
	case "shape":
		return parseShapeBody(params)
	case "target":
		return parseTargetBody(params, strings.Contains(body, "<"))
	}
	e, ok := enums[EnumKind(mnemonic)]
	if !ok || e.angle {
		// Attributes goopt does not model yet are kept as text.
		return ir.OpaqueAttrOf("nvvm", body, nil), nil
	}
	if a := Enum(EnumKind(mnemonic), params); a != nil {
		return a, nil
	}
	return nil, enumError(EnumKind(mnemonic))
}

// parseShapeBody parses `m = 16, n = 8, k = 16`.
func parseShapeBody(s string) (ir.Attribute, error) {
	vals := map[string]int64{}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 32)
		if !ok || err != nil || (k != "m" && k != "n" && k != "k") {
			return nil, fmt.Errorf("expected 'm = <int>, n = <int>, k = <int>' in #nvvm.shape")
		}
		vals[k] = n
	}
	if len(vals) != 3 {
		return nil, fmt.Errorf("struct is missing required parameter")
	}
	return Shape(vals["m"], vals["n"], vals["k"]), nil
}

// splitTopLevel splits s at commas outside brackets, braces, parentheses and strings.
func splitTopLevel(s string) []string {
	var parts []string
	depth, start, inStr := 0, 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '<' || c == '(' || c == '[' || c == '{':
			depth++
		case c == '>' || c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			parts = append(parts, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" || len(parts) > 0 {
		parts = append(parts, rest)
	}
	return parts
}

// parseTargetBody parses #nvvm.target's `key = value` parameters, in any order.
func parseTargetBody(s string, angled bool) (ir.Attribute, error) {
	t := &TargetAttr{O: DefaultOptLevel, Triple: DefaultTriple, Chip: DefaultChip}
	if angled && s == "" {
		return nil, fmt.Errorf("expected a parameter name in struct")
	}
	seen := map[string]bool{}
	for _, part := range splitTopLevel(s) {
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok {
			return nil, fmt.Errorf("expected '=' after parameter name in #nvvm.target")
		}
		if seen[k] {
			return nil, fmt.Errorf("duplicate or unknown struct parameter name: %s", k)
		}
		seen[k] = true
		var err error
		switch k {
		case "O":
			t.O, err = strconv.ParseInt(v, 10, 32)
		case "triple":
			t.Triple, err = strconv.Unquote(v)
		case "chip":
			t.Chip, err = strconv.Unquote(v)
		case "features":
			t.Features, err = strconv.Unquote(v)
		case "flags":
			d, ok := parseDictText(v)
			if !ok {
				return nil, fmt.Errorf("expected a dictionary for #nvvm.target's 'flags'")
			}
			t.Flags = d
		case "link":
			a, ok := parseStringArrayText(v)
			if !ok {
				return nil, fmt.Errorf("All the elements in the `link` array must be strings.")
			}
			t.Link = a
		default:
			return nil, fmt.Errorf("duplicate or unknown struct parameter name: %s", k)
		}
		if err != nil {
			return nil, fmt.Errorf("failed to parse NVVMTargetAttr parameter '%s'", k)
		}
	}
	return ir.InternAttr(t), nil
}

// bracketedItems reads the text between open and close as items separated
// by top-level commas, each read by item; ok is false when s is not so
// bracketed or an item does not read.
func bracketedItems[T any](s, open, close string, item func(string) (T, bool)) (items []T, ok bool) {
	if !strings.HasPrefix(s, open) || !strings.HasSuffix(s, close) {
		return nil, false
	}
	for _, part := range splitTopLevel(s[len(open) : len(s)-len(close)]) {
		x, ok := item(part)
		if !ok {
			return nil, false
		}
		items = append(items, x)
	}
	return items, true
}

// parseDictText reads a dictionary of unit or string flags: `{fast, ftz = "true"}`.
func parseDictText(s string) (*ir.DictionaryAttr, bool) {
	entries, ok := bracketedItems(s, "{", "}", func(part string) (ir.NamedAttribute, bool) {
		k, v, hasValue := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		if k == "" {
			return ir.NamedAttribute{}, false
		}
		if !hasValue {
			return ir.NamedAttribute{Name: k, Value: ir.Unit}, true
		}
		str, err := strconv.Unquote(strings.TrimSpace(v))
		return ir.NamedAttribute{Name: k, Value: ir.Str(str)}, err == nil
	})
	if !ok {
		return nil, false
	}
	return ir.Dictionary(entries), true
}

// parseStringArrayText reads `["a.bc", "b.bc"]`.
func parseStringArrayText(s string) (*ir.ArrayAttr, bool) {
	elems, ok := bracketedItems(s, "[", "]", func(part string) (ir.Attribute, bool) {
		str, err := strconv.Unquote(part)
		return ir.Str(str), err == nil
	})
	if !ok {
		return nil, false
	}
	return ir.Array(elems...), true
}
