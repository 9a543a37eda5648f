package nvptx

import (
	"fmt"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/internal/cfg"
	"github.com/goopt/goopt/ir"
)

// fnState is the translation of one function body: MLIR values to LLVM IR
// values, blocks to blocks, and the branch edges whose operands become the
// incoming values of the phis standing for block arguments.
type fnState struct {
	t      *translator
	f      *llir.Func
	values map[*ir.Value]value.Value
	blocks map[*ir.Block]*llir.Block
	phis   map[*ir.Block][]*llir.InstPhi
	edges  []edge
	cur    *llir.Block
}

type edge struct {
	op   *ir.Operation
	from *llir.Block
	to   *ir.Block
	args []*ir.Value
}

func (t *translator) defineFunc(op *ir.Operation) {
	f := t.funcs[symName(op)]
	if f == nil || llvm.IsExternal(op) {
		return
	}
	s := &fnState{t: t, f: f, values: map[*ir.Value]value.Value{}, blocks: map[*ir.Block]*llir.Block{},
		phis: map[*ir.Block][]*llir.InstPhi{}}
	region := op.Region(0)
	for i, b := range region.Blocks() {
		lb := &llir.Block{Parent: f}
		f.Blocks = append(f.Blocks, lb)
		s.blocks[b] = lb
		if i == 0 {
			for j, a := range b.Arguments() {
				if j < len(f.Params) {
					s.values[a] = f.Params[j]
				}
			}
			continue
		}
		for _, a := range b.Arguments() {
			ty, err := t.typ(a.Type())
			if err != nil {
				t.errorf(op, "'llvm.func' op block argument: %v", err)
				return
			}
			phi := &llir.InstPhi{Typ: ty}
			lb.Insts = append(lb.Insts, phi)
			s.phis[b] = append(s.phis[b], phi)
			s.values[a] = phi
		}
	}
	// Blocks in reverse post-order, so every value is translated before
	// its uses outside phis; unreachable blocks after.
	order := cfg.ReversePostOrder(region.Front())
	seen := map[*ir.Block]bool{}
	for _, b := range order {
		seen[b] = true
	}
	for _, b := range region.Blocks() {
		if !seen[b] {
			order = append(order, b)
		}
	}
	nerr := len(t.errs)
	for _, b := range order {
		s.cur = s.blocks[b]
		for _, o := range b.Ops() {
			s.translateOp(o)
		}
	}
	if len(t.errs) == nerr {
		s.fillPhis()
	}
}

// fillPhis adds one incoming value per branch edge. LLVM wants one entry
// per edge even when two edges join the same blocks, with equal values.
func (s *fnState) fillPhis() {
	for _, e := range s.edges {
		phis := s.phis[e.to]
		if len(phis) != len(e.args) {
			s.t.errorf(e.op, "'%s' op passes %d values to a block of %d arguments", e.op.Name(), len(e.args), len(phis))
			continue
		}
		for i, a := range e.args {
			v := s.values[a]
			for _, inc := range phis[i].Incs {
				if inc.Pred == e.from && inc.X != v {
					s.t.errorf(e.op, "'%s' op passes different values to one block along two edges, which LLVM IR cannot express", e.op.Name())
				}
			}
			phis[i].Incs = append(phis[i].Incs, &llir.Incoming{X: v, Pred: e.from})
		}
	}
}

// operand returns the translation of v, or nil after reporting at op.
func (s *fnState) operand(op *ir.Operation, v *ir.Value) value.Value {
	if lv, ok := s.values[v]; ok {
		return lv
	}
	// A value whose defining op failed was reported there already.
	if len(s.t.errs) == 0 {
		s.t.errorf(op, "'%s' op uses a value that was not translated", op.Name())
	}
	return nil
}

func (s *fnState) operands(op *ir.Operation, vs []*ir.Value) ([]value.Value, bool) {
	out := make([]value.Value, len(vs))
	for i, v := range vs {
		out[i] = s.operand(op, v)
		if out[i] == nil {
			return nil, false
		}
	}
	return out, true
}

func (s *fnState) emit(inst llir.Instruction) { s.cur.Insts = append(s.cur.Insts, inst) }

func (s *fnState) resultType(op *ir.Operation) (types.Type, bool) {
	if op.NumResults() == 0 {
		return types.Void, true
	}
	ty, err := s.t.typ(op.Result(0).Type())
	if err != nil {
		s.t.errorf(op, "'%s' op %v", op.Name(), err)
		return nil, false
	}
	return ty, true
}

// signature returns op's translated operands and result type (void for
// none); on failure the error is reported and ok is false.
func (s *fnState) signature(op *ir.Operation) (ops []value.Value, rt types.Type, ok bool) {
	if ops, ok = s.operands(op, op.Operands()); !ok {
		return nil, nil, false
	}
	if rt, ok = s.resultType(op); !ok {
		return nil, nil, false
	}
	return ops, rt, true
}

// setResult maps op's single result to v.
func (s *fnState) setResult(op *ir.Operation, v value.Value) {
	if op.NumResults() == 1 {
		s.values[op.Result(0)] = v
	}
}

var fastMathFlags = []struct {
	bit  llvm.FastMathFlags
	flag enum.FastMathFlag
}{
	{llvm.FastMathNNaN, enum.FastMathFlagNNaN}, {llvm.FastMathNInf, enum.FastMathFlagNInf},
	{llvm.FastMathNSZ, enum.FastMathFlagNSZ}, {llvm.FastMathARCP, enum.FastMathFlagARcp},
	{llvm.FastMathContract, enum.FastMathFlagContract}, {llvm.FastMathAFN, enum.FastMathFlagAFn},
	{llvm.FastMathReassoc, enum.FastMathFlagReassoc},
}

func fastMath(op *ir.Operation) []enum.FastMathFlag {
	f := llvm.FastMathOf(op)
	if f == llvm.FastMathFast {
		return []enum.FastMathFlag{enum.FastMathFlagFast}
	}
	var out []enum.FastMathFlag
	for _, m := range fastMathFlags {
		if f&m.bit != 0 {
			out = append(out, m.flag)
		}
	}
	return out
}

func overflow(op *ir.Operation) []enum.OverflowFlag {
	f := llvm.OverflowOf(op)
	var out []enum.OverflowFlag
	if f&llvm.OverflowNUW != 0 {
		out = append(out, enum.OverflowFlagNUW)
	}
	if f&llvm.OverflowNSW != 0 {
		out = append(out, enum.OverflowFlagNSW)
	}
	return out
}

var icmpPreds = map[string]enum.IPred{
	"eq": enum.IPredEQ, "ne": enum.IPredNE, "slt": enum.IPredSLT, "sle": enum.IPredSLE, "sgt": enum.IPredSGT,
	"sge": enum.IPredSGE, "ult": enum.IPredULT, "ule": enum.IPredULE, "ugt": enum.IPredUGT, "uge": enum.IPredUGE,
}

var fcmpPreds = map[string]enum.FPred{
	"_false": enum.FPredFalse, "oeq": enum.FPredOEQ, "ogt": enum.FPredOGT, "oge": enum.FPredOGE,
	"olt": enum.FPredOLT, "ole": enum.FPredOLE, "one": enum.FPredONE, "ord": enum.FPredORD,
	"ueq": enum.FPredUEQ, "ugt": enum.FPredUGT, "uge": enum.FPredUGE, "ult": enum.FPredULT,
	"ule": enum.FPredULE, "une": enum.FPredUNE, "uno": enum.FPredUNO, "_true": enum.FPredTrue,
}

var orderings = map[int64]enum.AtomicOrdering{
	0: enum.AtomicOrderingNone, 1: enum.AtomicOrderingUnordered, 2: enum.AtomicOrderingMonotonic,
	4: enum.AtomicOrderingAcquire, 5: enum.AtomicOrderingRelease, 6: enum.AtomicOrderingAcquireRelease,
	7: enum.AtomicOrderingSequentiallyConsistent,
}

// atomicOps maps llvm.atomicrmw operations to llir's; fmax, fmin,
// uinc_wrap and udec_wrap postdate llir/llvm v0.3.6.
var atomicOps = map[string]enum.AtomicOp{
	"xchg": enum.AtomicOpXChg, "add": enum.AtomicOpAdd, "sub": enum.AtomicOpSub, "_and": enum.AtomicOpAnd,
	"nand": enum.AtomicOpNAnd, "_or": enum.AtomicOpOr, "_xor": enum.AtomicOpXor, "max": enum.AtomicOpMax,
	"min": enum.AtomicOpMin, "umax": enum.AtomicOpUMax, "umin": enum.AtomicOpUMin,
	"fadd": enum.AtomicOpFAdd, "fsub": enum.AtomicOpFSub,
}

func ordering(op *ir.Operation, name string) (enum.AtomicOrdering, bool) {
	v, _ := intAttr(op, name)
	o, ok := orderings[v]
	return o, ok
}

func syncScope(op *ir.Operation) string {
	if s, ok := op.Attr("syncscope").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

func align(op *ir.Operation) llir.Align {
	a, _ := intAttr(op, "alignment")
	return llir.Align(a)
}

func (s *fnState) translateOp(op *ir.Operation) {
	name := op.Name()
	if strings.HasPrefix(name, "nvvm.") {
		s.translateNVVM(op)
		return
	}
	if !strings.HasPrefix(name, "llvm.") {
		s.t.errorf(op, "'%s' op cannot be translated to LLVM IR: only llvm and nvvm dialect ops can", name)
		return
	}
	ops, rt, ok := s.signature(op)
	if !ok {
		return
	}
	if s.binary(op, ops, rt) || s.cast(op, ops, rt) {
		return
	}
	if strings.HasPrefix(name, "llvm.intr.") {
		// Every llvm.intr.* op goopt has is overloaded on its result type.
		callee := s.t.intrinsic("llvm."+strings.TrimPrefix(name, "llvm.intr.")+"."+mangle(rt), rt, typesOf(ops))
		s.call(op, callee, ops, rt, fastMath(op))
		return
	}
	switch name {
	case "llvm.fneg":
		s.value(op, &llir.InstFNeg{X: ops[0], Typ: rt, FastMathFlags: fastMath(op)})
	case "llvm.icmp":
		p, _ := intAttr(op, "predicate")
		s.value(op, &llir.InstICmp{Pred: icmpPreds[llvm.ICmpPredicate(p)], X: ops[0], Y: ops[1], Typ: rt})
	case "llvm.fcmp":
		p, _ := intAttr(op, "predicate")
		s.value(op, &llir.InstFCmp{Pred: fcmpPreds[llvm.FCmpPredicate(p)], X: ops[0], Y: ops[1], Typ: rt, FastMathFlags: fastMath(op)})
	case "llvm.select":
		s.value(op, &llir.InstSelect{Cond: ops[0], ValueTrue: ops[1], ValueFalse: ops[2], Typ: rt, FastMathFlags: fastMath(op)})
	case "llvm.mlir.constant":
		c, err := s.t.constant(op.Attr("value"), rt)
		if err != nil {
			s.t.errorf(op, "'llvm.mlir.constant' op %v", err)
			return
		}
		s.setResult(op, c)
	case "llvm.mlir.undef":
		s.setResult(op, &constVal{typ: rt, text: "undef"})
	case "llvm.mlir.poison":
		s.setResult(op, &constVal{typ: rt, text: "poison"})
	case "llvm.mlir.zero":
		s.setResult(op, &constVal{typ: rt, text: zeroText(rt)})
	case "llvm.mlir.addressof":
		v, err := s.t.addressOf(op, rt)
		if err != nil {
			s.t.errorf(op, "'llvm.mlir.addressof' op %v", err)
			return
		}
		s.setResult(op, v)
	case "llvm.getelementptr":
		s.gep(op, ops, rt)
	case "llvm.load":
		o, ok := ordering(op, "ordering")
		if !ok {
			s.t.errorf(op, "'llvm.load' op has an invalid ordering")
			return
		}
		s.value(op, &llir.InstLoad{ElemType: rt, Src: ops[0], Atomic: o != enum.AtomicOrderingNone, Ordering: o,
			Volatile: op.Attr("volatile_") != nil, SyncScope: syncScope(op), Align: align(op)})
	case "llvm.store":
		o, ok := ordering(op, "ordering")
		if !ok {
			s.t.errorf(op, "'llvm.store' op has an invalid ordering")
			return
		}
		s.emit(&llir.InstStore{Src: ops[0], Dst: ops[1], Atomic: o != enum.AtomicOrderingNone, Ordering: o,
			Volatile: op.Attr("volatile_") != nil, SyncScope: syncScope(op), Align: align(op)})
	case "llvm.atomicrmw":
		b, _ := intAttr(op, "bin_op")
		aop, ok := atomicOps[llvm.AtomicBinOp(b)]
		o, ok2 := ordering(op, "ordering")
		if !ok || !ok2 {
			s.t.errorf(op, "'llvm.atomicrmw' op '%s' cannot be translated to LLVM IR by llir/llvm", llvm.AtomicBinOp(b))
			return
		}
		s.value(op, &llir.InstAtomicRMW{Op: aop, Dst: ops[0], X: ops[1], Ordering: o, Typ: rt,
			Volatile: op.Attr("volatile_") != nil, SyncScope: syncScope(op)})
	case "llvm.cmpxchg":
		so, ok := ordering(op, "success_ordering")
		fo, ok2 := ordering(op, "failure_ordering")
		st, ok3 := rt.(*types.StructType)
		if !ok || !ok2 || !ok3 {
			s.t.errorf(op, "'llvm.cmpxchg' op has invalid orderings or result type")
			return
		}
		s.value(op, &llir.InstCmpXchg{Ptr: ops[0], Cmp: ops[1], New: ops[2], SuccessOrdering: so, FailureOrdering: fo,
			Typ: st, Weak: op.Attr("weak") != nil, Volatile: op.Attr("volatile_") != nil, SyncScope: syncScope(op)})
	case "llvm.extractvalue":
		s.value(op, &llir.InstExtractValue{X: ops[0], Indices: indices(llvm.Position(op)), Typ: rt})
	case "llvm.insertvalue":
		s.value(op, &llir.InstInsertValue{X: ops[0], Elem: ops[1], Indices: indices(llvm.Position(op)), Typ: rt})
	case "llvm.extractelement":
		s.value(op, &llir.InstExtractElement{X: ops[0], Index: ops[1], Typ: rt})
	case "llvm.insertelement":
		s.value(op, &llir.InstInsertElement{X: ops[0], Elem: ops[1], Index: ops[2], Typ: rt.(*types.VectorType)})
	case "llvm.shufflevector":
		vt := rt.(*types.VectorType)
		mt := &types.VectorType{Len: vt.Len, ElemType: types.I32, Scalable: vt.Scalable}
		var parts []*constVal
		for _, m := range llvm.ShuffleMask(op) {
			text := fmt.Sprint(m)
			if m < 0 {
				text = "poison"
			}
			parts = append(parts, &constVal{typ: types.I32, text: text})
		}
		s.value(op, &llir.InstShuffleVector{X: ops[0], Y: ops[1], Mask: aggregate(mt, parts), Typ: vt})
	case "llvm.call":
		s.callOp(op, ops, rt)
	case "llvm.call_intrinsic":
		name := ""
		if a, ok := op.Attr("intrin").(*ir.StringAttr); ok {
			name = a.Value
		}
		s.call(op, s.t.intrinsic(name, rt, typesOf(ops)), ops, rt, fastMath(op))
	case "llvm.inline_asm":
		s.inlineAsm(op, ops, rt)
	case "llvm.return":
		var x value.Value
		if len(ops) == 1 {
			x = ops[0]
		}
		s.cur.Term = &llir.TermRet{X: x}
	case "llvm.unreachable":
		s.cur.Term = &llir.TermUnreachable{}
	case "llvm.br":
		s.cur.Term = &llir.TermBr{Target: s.branch(op, op.Successor(0), op.Operands())}
	case "llvm.cond_br":
		s.cur.Term = &llir.TermCondBr{Cond: ops[0],
			TargetTrue:  s.branch(op, op.Successor(0), op.OperandGroup(1)),
			TargetFalse: s.branch(op, op.Successor(1), op.OperandGroup(2))}
	case "llvm.switch":
		term := &llir.TermSwitch{X: ops[0], TargetDefault: s.branch(op, op.Successor(0), op.OperandGroup(1))}
		for i, c := range llvm.SwitchCases(op) {
			cv, err := scalarConst(ops[0].Type(), ir.IntAttr(op.Operand(0).Type(), c))
			if err != nil {
				s.t.errorf(op, "'llvm.switch' op %v", err)
				return
			}
			term.Cases = append(term.Cases, &llir.Case{X: cv, Target: s.branch(op, op.Successor(i+1), llvm.SwitchCaseOperands(op, i))})
		}
		s.cur.Term = term
	default:
		s.t.errorf(op, "'%s' op cannot be translated to LLVM IR", name)
	}
}

// value emits an instruction that defines op's result.
func (s *fnState) value(op *ir.Operation, inst llir.Instruction) {
	s.emit(inst)
	if v, ok := inst.(value.Value); ok {
		s.setResult(op, v)
	}
}

func (s *fnState) branch(op *ir.Operation, to *ir.Block, args []*ir.Value) *llir.Block {
	s.edges = append(s.edges, edge{op: op, from: s.cur, to: to, args: args})
	return s.blocks[to]
}

func indices(pos []int64) []uint64 {
	out := make([]uint64, len(pos))
	for i, p := range pos {
		out[i] = uint64(p)
	}
	return out
}

func typesOf(vs []value.Value) []types.Type {
	out := make([]types.Type, len(vs))
	for i, v := range vs {
		out[i] = v.Type()
	}
	return out
}

// plainBinary builds the binary instructions that carry no flags; their
// result type is the operands' type.
var plainBinary = map[string]func(x, y value.Value) llir.Instruction{
	"llvm.udiv": binaryOf(llir.NewUDiv),
	"llvm.sdiv": binaryOf(llir.NewSDiv),
	"llvm.urem": binaryOf(llir.NewURem),
	"llvm.srem": binaryOf(llir.NewSRem),
	"llvm.and":  binaryOf(llir.NewAnd),
	"llvm.or":   binaryOf(llir.NewOr),
	"llvm.xor":  binaryOf(llir.NewXor),
	"llvm.lshr": binaryOf(llir.NewLShr),
	"llvm.ashr": binaryOf(llir.NewAShr),
}

// casts builds the conversion instructions from the operand and the
// result type.
var casts = map[string]func(from value.Value, to types.Type) llir.Instruction{
	"llvm.bitcast":       castOf(llir.NewBitCast),
	"llvm.addrspacecast": castOf(llir.NewAddrSpaceCast),
	"llvm.ptrtoint":      castOf(llir.NewPtrToInt),
	"llvm.inttoptr":      castOf(llir.NewIntToPtr),
	"llvm.sext":          castOf(llir.NewSExt),
	"llvm.zext":          castOf(llir.NewZExt),
	"llvm.trunc":         castOf(llir.NewTrunc),
	"llvm.fpext":         castOf(llir.NewFPExt),
	"llvm.fptrunc":       castOf(llir.NewFPTrunc),
	"llvm.sitofp":        castOf(llir.NewSIToFP),
	"llvm.uitofp":        castOf(llir.NewUIToFP),
	"llvm.fptosi":        castOf(llir.NewFPToSI),
	"llvm.fptoui":        castOf(llir.NewFPToUI),
}

func binaryOf[I llir.Instruction](f func(x, y value.Value) I) func(x, y value.Value) llir.Instruction {
	return func(x, y value.Value) llir.Instruction { return f(x, y) }
}

func castOf[I llir.Instruction](f func(value.Value, types.Type) I) func(value.Value, types.Type) llir.Instruction {
	return func(from value.Value, to types.Type) llir.Instruction { return f(from, to) }
}

func (s *fnState) binary(op *ir.Operation, ops []value.Value, rt types.Type) bool {
	if mk, ok := plainBinary[op.Name()]; ok {
		s.value(op, mk(ops[0], ops[1]))
		return true
	}
	var inst llir.Instruction
	switch op.Name() {
	case "llvm.add":
		inst = &llir.InstAdd{X: ops[0], Y: ops[1], Typ: rt, OverflowFlags: overflow(op)}
	case "llvm.sub":
		inst = &llir.InstSub{X: ops[0], Y: ops[1], Typ: rt, OverflowFlags: overflow(op)}
	case "llvm.mul":
		inst = &llir.InstMul{X: ops[0], Y: ops[1], Typ: rt, OverflowFlags: overflow(op)}
	case "llvm.shl":
		inst = &llir.InstShl{X: ops[0], Y: ops[1], Typ: rt, OverflowFlags: overflow(op)}
	case "llvm.fadd":
		inst = &llir.InstFAdd{X: ops[0], Y: ops[1], Typ: rt, FastMathFlags: fastMath(op)}
	case "llvm.fsub":
		inst = &llir.InstFSub{X: ops[0], Y: ops[1], Typ: rt, FastMathFlags: fastMath(op)}
	case "llvm.fmul":
		inst = &llir.InstFMul{X: ops[0], Y: ops[1], Typ: rt, FastMathFlags: fastMath(op)}
	case "llvm.fdiv":
		inst = &llir.InstFDiv{X: ops[0], Y: ops[1], Typ: rt, FastMathFlags: fastMath(op)}
	case "llvm.frem":
		inst = &llir.InstFRem{X: ops[0], Y: ops[1], Typ: rt, FastMathFlags: fastMath(op)}
	default:
		return false
	}
	s.value(op, inst)
	return true
}

func (s *fnState) cast(op *ir.Operation, ops []value.Value, rt types.Type) bool {
	mk, ok := casts[op.Name()]
	if ok {
		s.value(op, mk(ops[0], rt))
	}
	return ok
}

// gep translates llvm.getelementptr: constant indices become i32
// constants, as upstream writes them (struct fields require i32).
func (s *fnState) gep(op *ir.Operation, ops []value.Value, rt types.Type) {
	et, err := s.t.typ(llvm.GEPElemType(op))
	if err != nil {
		s.t.errorf(op, "'llvm.getelementptr' op %v", err)
		return
	}
	var idx []value.Value
	for _, i := range llvm.GEPIndices(op) {
		if i.Value != nil {
			v := s.operand(op, i.Value)
			if v == nil {
				return
			}
			idx = append(idx, v)
			continue
		}
		idx = append(idx, &constVal{typ: types.I32, text: fmt.Sprint(i.Const)})
	}
	s.value(op, &llir.InstGetElementPtr{ElemType: et, Src: ops[0], Indices: idx, Typ: rt, InBounds: op.Attr("inbounds") != nil})
}

// intrinsic declares (once) and returns the intrinsic name of signature
// ret(params).
func (t *translator) intrinsic(name string, ret types.Type, params []types.Type) *llir.Func {
	if f, ok := t.intrinsics[name]; ok {
		return f
	}
	f := &llir.Func{Sig: types.NewFunc(ret, params...), Parent: t.m}
	f.SetName(name)
	f.Type()
	for _, p := range params {
		f.Params = append(f.Params, llir.NewParam("", p))
	}
	t.intrinsics[name] = f
	t.m.Funcs = append(t.m.Funcs, f)
	return f
}

func (s *fnState) call(op *ir.Operation, callee value.Value, args []value.Value, rt types.Type, fmf []enum.FastMathFlag) *llir.InstCall {
	c := &llir.InstCall{Callee: callee, Args: args, Typ: rt, FastMathFlags: fmf}
	s.value(op, c)
	return c
}

var tails = map[string]enum.Tail{"tail": enum.TailTail, "musttail": enum.TailMustTail, "notail": enum.TailNoTail}

func (s *fnState) callOp(op *ir.Operation, ops []value.Value, rt types.Type) {
	var callee value.Value
	args := ops
	if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
		f, ok := s.t.funcs[ref.Leaf()]
		if !ok {
			s.t.errorf(op, "'llvm.call' op callee '@%s' is not a translated function", ref.Leaf())
			return
		}
		callee = f
	} else {
		var sig *types.FuncType
		if ta, ok := op.Attr("var_callee_type").(*ir.TypeAttr); ok {
			ft, err := s.t.typ(ta.Value)
			if err != nil {
				s.t.errorf(op, "'llvm.call' op %v", err)
				return
			}
			sig = ft.(*types.FuncType)
		} else {
			sig = types.NewFunc(rt, typesOf(ops[1:])...)
		}
		callee, args = &calleeVal{v: ops[0], sig: sig}, ops[1:]
	}
	c := s.call(op, callee, args, rt, fastMath(op))
	if cc, ok := op.Attr("CConv").(*llvm.CConvAttr); ok {
		conv, ok := cconvs[cc.Kind]
		if !ok {
			s.t.errorf(op, "'llvm.call' op calling convention '%s' cannot be translated to LLVM IR", cc.Kind)
		}
		c.CallingConv = conv
	}
	if tk, ok := op.Attr("TailCallKind").(*llvm.TailCallKindAttr); ok {
		c.Tail = tails[tk.Kind]
	}
}

func (s *fnState) inlineAsm(op *ir.Operation, ops []value.Value, rt types.Type) {
	str := func(n string) string {
		if a, ok := op.Attr(n).(*ir.StringAttr); ok {
			return a.Value
		}
		return ""
	}
	d, _ := intAttr(op, "asm_dialect")
	asm := &llir.InlineAsm{Asm: str("asm_string"), Constraint: str("constraints"),
		Typ: types.NewPointer(types.NewFunc(rt, typesOf(ops)...)), SideEffect: op.Attr("has_side_effects") != nil,
		AlignStack: op.Attr("is_align_stack") != nil, IntelDialect: d == 1}
	s.call(op, asm, ops, rt, nil)
}
