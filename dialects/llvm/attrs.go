package llvm

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// The dialect attributes are Go values printed as MLIR 19 prints them:
// `#llvm.linkage<internal>`, `#llvm.cconv<ptx_kernelcc>`,
// `#llvm.fastmath<nnan, ninf>`, `#llvm.overflow<nsw>`,
// `#llvm.tailcallkind<none>`. Visibility, unnamed_addr, atomic orderings,
// the atomicrmw operation, the asm dialect and the comparison predicates
// are i64 enums, as upstream stores them.

// Linkage keywords, indexed by MLIR's enum values.
var linkages = []string{"private", "internal", "available_externally", "linkonce", "weak", "common",
	"appending", "extern_weak", "linkonce_odr", "weak_odr", "external"}

// LinkageAttr is `#llvm.linkage<kind>`.
type LinkageAttr struct {
	ir.AttrBase
	Kind string
}

func (a *LinkageAttr) String() string { return "#llvm.linkage<" + a.Kind + ">" }

// Linkage returns the interned linkage attribute; kind must be one of the
// LLVM linkage keywords.
func Linkage(kind string) *LinkageAttr { return ir.InternAttr(&LinkageAttr{Kind: kind}) }

// cconvs are the calling conventions MLIR 19 spells (LLVM_CConvAttr).
var cconvs = []string{"ccc", "fastcc", "coldcc", "cc_10", "cc_11", "anyregcc", "preserve_mostcc",
	"preserve_allcc", "swiftcc", "cxx_fast_tlscc", "tailcc", "cfguard_checkcc", "swifttailcc",
	"x86_stdcallcc", "x86_fastcallcc", "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc", "msp430_intrcc",
	"x86_thiscallcc", "ptx_kernelcc", "ptx_devicecc", "spir_funccc", "spir_kernelcc", "intel_ocl_bicc",
	"x86_64_sysvcc", "win64cc", "x86_vectorcallcc", "hhvmcc", "hhvm_ccc", "x86_intrcc", "avr_intrcc",
	"avr_builtincc", "amdgpu_vscc", "amdgpu_gscc", "amdgpu_cscc", "amdgpu_kernelcc", "x86_regcallcc",
	"amdgpu_hscc", "msp430_builtincc", "amdgpu_lscc", "amdgpu_escc", "aarch64_vectorcallcc",
	"aarch64_sve_vectorcallcc", "wasm_emscripten_invokecc", "amdgpu_gfxcc", "m68k_intrcc"}

// CConvAttr is `#llvm.cconv<kind>`, a calling convention.
type CConvAttr struct {
	ir.AttrBase
	Kind string
}

func (a *CConvAttr) String() string { return "#llvm.cconv<" + a.Kind + ">" }

// CConv returns the interned calling-convention attribute.
func CConv(kind string) *CConvAttr { return ir.InternAttr(&CConvAttr{Kind: kind}) }

// TailCallKindAttr is `#llvm.tailcallkind<kind>` (none, tail, musttail, notail).
type TailCallKindAttr struct {
	ir.AttrBase
	Kind string
}

func (a *TailCallKindAttr) String() string { return "#llvm.tailcallkind<" + a.Kind + ">" }

// TailCallKind returns the interned tail-call attribute.
func TailCallKind(kind string) *TailCallKindAttr {
	return ir.InternAttr(&TailCallKindAttr{Kind: kind})
}

var tailCallKinds = []string{"none", "tail", "musttail", "notail"}

// FastMathFlags is LLVM's fast-math flag set, with MLIR's bit values.
type FastMathFlags uint32

// Fast-math flags.
const (
	FastMathNone     FastMathFlags = 0
	FastMathNNaN     FastMathFlags = 1
	FastMathNInf     FastMathFlags = 2
	FastMathNSZ      FastMathFlags = 4
	FastMathARCP     FastMathFlags = 8
	FastMathContract FastMathFlags = 16
	FastMathAFN      FastMathFlags = 32
	FastMathReassoc  FastMathFlags = 64
	FastMathFast     FastMathFlags = 127
)

// fastMathKeywords spells FastMathFlags, in upstream's keyword order.
var fastMathKeywords = &opsyntax.FlagSet{
	All: "fast", Sep: ", ",
	Names: []opsyntax.FlagName{
		{Name: "nnan", Bit: uint32(FastMathNNaN)}, {Name: "ninf", Bit: uint32(FastMathNInf)},
		{Name: "nsz", Bit: uint32(FastMathNSZ)}, {Name: "arcp", Bit: uint32(FastMathARCP)},
		{Name: "contract", Bit: uint32(FastMathContract)}, {Name: "afn", Bit: uint32(FastMathAFN)},
		{Name: "reassoc", Bit: uint32(FastMathReassoc)},
	},
}

// String prints the flags as MLIR does: `none`, `fast`, `nnan, ninf`.
func (f FastMathFlags) String() string { return fastMathKeywords.String(uint32(f)) }

// FastMathAttr is `#llvm.fastmath<flags>`.
type FastMathAttr = opsyntax.EnumAttr[FastMathFlags]

// FastMath returns the interned `#llvm.fastmath<flags>`.
func FastMath(f FastMathFlags) *FastMathAttr { return opsyntax.InternEnumAttr("#llvm.fastmath", f) }

// OverflowFlags is the `nsw`/`nuw` set of integer arithmetic.
type OverflowFlags uint32

// Overflow flags, with MLIR's bit values.
const (
	OverflowNone OverflowFlags = 0
	OverflowNSW  OverflowFlags = 1
	OverflowNUW  OverflowFlags = 2
)

// overflowKeywords spells OverflowFlags.
var overflowKeywords = &opsyntax.FlagSet{
	Sep:   ", ",
	Names: []opsyntax.FlagName{{Name: "nsw", Bit: uint32(OverflowNSW)}, {Name: "nuw", Bit: uint32(OverflowNUW)}},
}

// String prints the flags as MLIR does: `none`, `nsw`, `nsw, nuw`.
func (f OverflowFlags) String() string { return overflowKeywords.String(uint32(f)) }

// OverflowAttr is `#llvm.overflow<flags>`.
type OverflowAttr = opsyntax.EnumAttr[OverflowFlags]

// Overflow returns the interned `#llvm.overflow<flags>`.
func Overflow(f OverflowFlags) *OverflowAttr { return opsyntax.InternEnumAttr("#llvm.overflow", f) }

// parseAttr parses the bodies of the dialect attributes.
func parseAttr(body string, _ ir.Type) (ir.Attribute, error) {
	name, inner, ok := strings.Cut(body, "<")
	if !ok || !strings.HasSuffix(inner, ">") {
		return nil, fmt.Errorf("unknown attribute '#llvm%s'", body)
	}
	inner = strings.TrimSpace(inner[:len(inner)-1])
	switch name {
	case ".linkage":
		if !slices.Contains(linkages, inner) {
			return nil, fmt.Errorf("invalid linkage keyword '%s'", inner)
		}
		return Linkage(inner), nil
	case ".cconv":
		if !slices.Contains(cconvs, inner) {
			return nil, fmt.Errorf("invalid calling convention keyword '%s'", inner)
		}
		return CConv(inner), nil
	case ".tailcallkind":
		if !slices.Contains(tailCallKinds, inner) {
			return nil, fmt.Errorf("invalid tail call kind '%s'", inner)
		}
		return TailCallKind(inner), nil
	case ".fastmath":
		f, bad, ok := fastMathKeywords.ParseText(inner)
		if !ok {
			return nil, fmt.Errorf("expected one of [%s] for LLVM fastmath flags, got: %s", fastMathKeywords.Keywords(), bad)
		}
		return FastMath(FastMathFlags(f)), nil
	case ".overflow":
		f, bad, ok := overflowKeywords.ParseText(inner)
		if !ok {
			return nil, fmt.Errorf("expected one of [%s] for LLVM integer overflow flags, got: %s", overflowKeywords.Keywords(), bad)
		}
		return Overflow(OverflowFlags(f)), nil
	}
	return nil, fmt.Errorf("unknown attribute '#llvm%s'", body)
}

// ---- attribute constraints ----

var (
	linkageKind  = ir.AttrOf("LLVM linkage types", func(a ir.Attribute) bool { _, ok := a.(*LinkageAttr); return ok })
	cconvKind    = ir.AttrOf("LLVM Calling Convention specification", func(a ir.Attribute) bool { _, ok := a.(*CConvAttr); return ok })
	tailCallKind = ir.AttrOf("Tail Call Kind", func(a ir.Attribute) bool { _, ok := a.(*TailCallKindAttr); return ok })
	fastMathKind = ir.AttrOf("LLVM fastmath flags", func(a ir.Attribute) bool { _, ok := a.(*FastMathAttr); return ok })
	overflowKind = ir.AttrOf("LLVM integer overflow flags", func(a ir.Attribute) bool { _, ok := a.(*OverflowAttr); return ok })
)

// Enum keywords of the i64 enums, indexed by value.
var (
	visibilities = []string{"", "hidden", "protected"}
	unnamedAddrs = []string{"", "local_unnamed_addr", "unnamed_addr"}
	// Orderings is LLVM's AtomicOrdering (value 3 is unused, as upstream).
	orderings   = []string{"not_atomic", "unordered", "monotonic", "", "acquire", "release", "acq_rel", "seq_cst"}
	atomicBinOp = []string{"xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min", "umax", "umin",
		"fadd", "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap"}
	asmDialects = []string{"att", "intel"}
	icmpPreds   = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
	fcmpPreds   = []string{"_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge",
		"ult", "ule", "une", "uno", "_true"}
)

// enumKind is an i64 enum spelled by keyword where a format names it
// (holes in the table are values with no keyword).
func enumKind(desc string, kws []string) *ir.AttrConstraint {
	k := ir.EnumAttrKind(desc, ir.I64, kws)
	check := k.Check
	k.Check = func(a ir.Attribute) bool {
		return check(a) && kws[a.(*ir.IntegerAttr).Int()] != ""
	}
	return k
}

// quotedEnumKind is an i64 enum spelled as a string (`"slt"`), as the
// comparison predicates are.
func quotedEnumKind(desc string, kws []string) *ir.AttrConstraint {
	k := enumKind(desc, kws)
	k.Parse = func(p ir.OpParser) (ir.Attribute, error) {
		loc := p.Loc()
		s, err := p.ParseString()
		if err != nil {
			return nil, err
		}
		if i := slices.Index(kws, s); i >= 0 {
			return ir.IntAttr(ir.I64, int64(i)), nil
		}
		return nil, ir.Errorf(loc, "'%s' is an incorrect value of the 'predicate' attribute", s)
	}
	k.ParseOptional = nil
	k.Print = func(p ir.OpPrinter, a ir.Attribute) {
		p.Print(ir.Quote(kws[a.(*ir.IntegerAttr).Int()]))
	}
	return k
}

var (
	visibilityKind  = enumKind("LLVM GlobalValue Visibility", []string{"default", "hidden", "protected"})
	unnamedAddrKind = enumKind("LLVM GlobalValue UnnamedAddr", []string{"none", "local_unnamed_addr", "unnamed_addr"})
	orderingKind    = enumKind("Atomic ordering for LLVM's memory model", orderings)
	binOpKind       = enumKind("llvm.atomicrmw binary operations", atomicBinOp)
	asmDialectKind  = enumKind("ATT (0) or Intel (1) asm dialect", asmDialects)
	icmpPredKind    = quotedEnumKind("llvm.icmp comparison predicate", icmpPreds)
	fcmpPredKind    = quotedEnumKind("llvm.fcmp comparison predicate", fcmpPreds)
	i32Kind         = ir.I32AttrKind
	i64Kind         = ir.I64AttrKind
)

// Enum values of the i64 enums used by the interpreter and builders.
const (
	NotAtomic = 0
	Monotonic = 2
	Acquire   = 4
	Release   = 5
	AcqRel    = 6
	SeqCst    = 7
)

// Ordering returns the keyword of an atomic-ordering value, or "".
func Ordering(v int64) string { return keywordAt(orderings, v) }

// AtomicBinOp returns the keyword of an llvm.atomicrmw operation value, or "".
func AtomicBinOp(v int64) string { return keywordAt(atomicBinOp, v) }

// ICmpPredicate returns the keyword of an llvm.icmp predicate, or "".
func ICmpPredicate(v int64) string { return keywordAt(icmpPreds, v) }

// FCmpPredicate returns the keyword of an llvm.fcmp predicate, or "".
func FCmpPredicate(v int64) string { return keywordAt(fcmpPreds, v) }

// keywordAt returns the keyword of enum value v, or "" when v is out of range.
func keywordAt(keywords []string, v int64) string {
	if v >= 0 && v < int64(len(keywords)) {
		return keywords[v]
	}
	return ""
}

// FastMathOf returns op's fast-math flags (none when absent).
func FastMathOf(op *ir.Operation) FastMathFlags {
	return opsyntax.EnumValue(op, "fastmathFlags", FastMathNone)
}

// OverflowOf returns op's overflow flags (none when absent).
func OverflowOf(op *ir.Operation) OverflowFlags {
	return opsyntax.EnumValue(op, "overflowFlags", OverflowNone)
}
