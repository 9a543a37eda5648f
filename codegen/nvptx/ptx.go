package nvptx

import (
	"fmt"
	"strconv"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// The nvvm ops LLVM 19 has no intrinsic for become inline PTX, written the
// way upstream's convert-nvvm-to-llvm (BasicPtxBuilderInterface) writes it,
// so that goopt's LLVM IR and mlir-translate-19's agree call for call:
//
//   - operands are numbered in order — results written by the asm first,
//     then values read and written (tied to the results by their number),
//     then values only read;
//   - a value's constraint is its register class (b i1, h i16, r i32 and
//     shared pointers, l i64 and other pointers, f f32, d f64), except that
//     a value defined by llvm.mlir.constant is an immediate, "n";
//   - a struct result is one register per field, a struct read and written
//     is taken apart with extractvalue;
//   - a predicate operand guards the instruction: `@$N ` before it.

// asmOperand is one value the inline PTX reads: the translated value and,
// when it comes from the op, the MLIR value (whose defining op decides
// whether it is an immediate). Constants the translation makes are
// immediates.
type asmOperand struct {
	v   value.Value
	src *ir.Value
}

// regClass is the inline-asm register class of an LLVM IR type.
func regClass(t types.Type) (string, bool) {
	switch t := t.(type) {
	case *types.IntType:
		switch t.BitSize {
		case 1:
			return "b", true
		case 16:
			return "h", true
		case 32:
			return "r", true
		case 64:
			return "l", true
		}
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return "f", true
		case types.FloatKindDouble:
			return "d", true
		}
	case *ptrType:
		// Shared memory is addressed with 32-bit pointers.
		if t.addrSpace == nvvm.SharedSpace {
			return "r", true
		}
		return "l", true
	}
	return "", false
}

// constraint is the constraint of a value the asm reads.
func (s *fnState) constraint(op *ir.Operation, a asmOperand) (string, bool) {
	if a.src == nil {
		if _, ok := a.v.(*constVal); ok {
			return "n", true
		}
	} else if d := a.src.DefiningOp(); d != nil && d.Is("llvm.mlir.constant") {
		return "n", true
	}
	c, ok := regClass(a.v.Type())
	if !ok {
		s.t.errorf(op, "'%s' op cannot be translated to LLVM IR: no PTX register type for '%s'", op.Name(), a.v.Type())
	}
	return c, ok
}

// opOperands pairs op's translated operands with its MLIR operands.
func opOperands(op *ir.Operation, ops []value.Value) []asmOperand {
	out := make([]asmOperand, len(ops))
	for i, v := range ops {
		out[i] = asmOperand{v: v, src: op.Operand(i)}
	}
	return out
}

// i32Imm is an i32 immediate the translation passes to inline PTX.
func i32Imm(n int64) asmOperand {
	return asmOperand{v: &constVal{typ: types.I32, text: strconv.FormatInt(n, 10)}}
}

// ptxOp emits asm reading all of op's operands in order; when the op has
// a predicate operand (its last), the asm is guarded by it. results are
// the constraints of values the asm writes (e.g. "=b"), rt their type.
func (s *fnState) ptxOp(op *ir.Operation, ops []value.Value, rt types.Type, asm string, results ...string) {
	reads := opOperands(op, ops)
	if p := op.NamedOperand("predicate"); p != nil {
		asm = fmt.Sprintf("@$%d %s", len(results)+len(reads)-1, asm)
	}
	s.ptxReads(op, rt, asm, results, reads)
}

// ptxReads emits asm with side effects, as upstream's PTX builder does:
// results written, then reads.
func (s *fnState) ptxReads(op *ir.Operation, rt types.Type, asm string, results []string, reads []asmOperand) {
	cons := append([]string(nil), results...)
	args := make([]value.Value, len(reads))
	for i, r := range reads {
		c, ok := s.constraint(op, r)
		if !ok {
			return
		}
		cons = append(cons, c)
		args[i] = r.v
	}
	s.ptx(op, rt, asm, strings.Join(cons, ","), args...)
}

// placeholders numbers upstream's `%` operand placeholders $0, $1, ...
// in order.
func placeholders(asm string) string {
	var b strings.Builder
	n := 0
	for _, c := range asm {
		if c == '%' {
			fmt.Fprintf(&b, "$%d", n)
			n++
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// ptx emits inline PTX with side effects, as upstream's PTX builder does.
func (s *fnState) ptx(op *ir.Operation, rt types.Type, asm, constraints string, args ...value.Value) {
	a := &llir.InlineAsm{Asm: asm, Constraint: constraints, SideEffect: true,
		Typ: types.NewPointer(types.NewFunc(rt, typesOf(args)...))}
	s.call(op, a, args, rt, nil)
}

// ---- the TMA copies ----

// bulkTensorLoad is cp.async.bulk.tensor.Nd.shared::cluster.global (LLVM
// 19 has no intrinsic): dst, descriptor, coordinates, mbarrier, then the
// optional im2col offsets, multicast mask and L2 cache hint, in the op's
// operand order.
func (s *fnState) bulkTensorLoad(op *ir.Operation, ops []value.Value) {
	coords, offsets := len(op.NamedOperands("coordinates")), len(op.NamedOperands("im2colOffsets"))
	var b strings.Builder
	fmt.Fprintf(&b, "cp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes", coords)
	if offsets > 0 {
		b.WriteString(".im2col")
	}
	mask, hint := op.NamedOperand("multicastMask") != nil, op.NamedOperand("l2CacheHint") != nil
	if mask {
		b.WriteString(".multicast::cluster")
	}
	if hint {
		b.WriteString(".L2::cache_hint")
	}
	b.WriteString(" [%], [%, {" + percents(coords, ",") + "} ], [%]")
	if offsets > 0 {
		b.WriteString(",{" + percents(offsets, ",") + "}")
	}
	if mask {
		b.WriteString(", %")
	}
	if hint {
		b.WriteString(", %")
	}
	b.WriteString(";")
	s.ptxOp(op, ops, types.Void, placeholders(b.String()))
}

// bulkTensorStore is cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group:
// descriptor $0 and source $1 come first among the operands, the
// coordinates after them, but the instruction names the box first.
func (s *fnState) bulkTensorStore(op *ir.Operation, ops []value.Value) {
	coords := len(op.NamedOperands("coordinates"))
	regs := make([]string, coords)
	for i := range regs {
		regs[i] = fmt.Sprintf("$%d", i+2)
	}
	s.ptxOp(op, ops, types.Void, fmt.Sprintf("cp.async.bulk.tensor.%dd.global.shared::cta.bulk_group [$0, {%s} ], [$1];",
		coords, strings.Join(regs, ", ")))
}

func percents(n int, sep string) string {
	return strings.TrimSuffix(strings.Repeat("%"+sep, n), sep)
}

// ---- wgmma ----

// wgmma is wgmma.mma_async as upstream's WgmmaMmaAsyncOp::getPtx writes
// it: the accumulator registers are written ($0..) and read (tied), then
// the descriptors, the scale-d immediate (its predicate p), the scale-a
// and scale-b immediates (±1, not for s32 accumulators) and, for f16 and
// bf16 inputs, the transpose immediates (A col-major, B row-major).
func (s *fnState) wgmma(op *ir.Operation, ops []value.Value, rt types.Type) {
	st, ok := rt.(*types.StructType)
	if !ok || len(st.Fields) == 0 {
		s.t.errorf(op, "'nvvm.wgmma.mma_async' op cannot be translated to LLVM IR: result is not a struct")
		return
	}
	shape, _ := op.Attr("shape").(*nvvm.ShapeAttr)
	if shape == nil {
		s.t.errorf(op, "'nvvm.wgmma.mma_async' op has no shape")
		return
	}
	n := len(st.Fields)
	cls, ok := regClass(st.Fields[0])
	if !ok {
		s.t.errorf(op, "'nvvm.wgmma.mma_async' op cannot be translated to LLVM IR: no PTX register type for '%s'", st.Fields[0])
		return
	}
	d, a, b := nvvm.EnumValue(op, "typeD"), nvvm.EnumValue(op, "typeA"), nvvm.EnumValue(op, "typeB")
	f16In := a == "f16" || a == "bf16"

	var asm strings.Builder
	fmt.Fprintf(&asm, "{\n.reg .pred p;\nsetp.ne.b32 p, $%d, 0;\nwgmma.mma_async.sync.aligned.m%dn%dk%d.%s.%s.%s",
		2*n+2, shape.M, shape.N, shape.K, d, a, b)
	if nvvm.EnumValue(op, "satfinite") == "satfinite" {
		asm.WriteString(".satfinite")
	}
	regs := make([]string, n)
	for i := range regs {
		regs[i] = fmt.Sprintf("$%d", i)
	}
	fmt.Fprintf(&asm, " {%s}, $%d, $%d, p", strings.Join(regs, ", "), 2*n, 2*n+1)
	if d != "s32" {
		fmt.Fprintf(&asm, ", $%d,  $%d", 2*n+3, 2*n+4)
	}
	if f16In {
		fmt.Fprintf(&asm, ", $%d,  $%d", 2*n+5, 2*n+6)
	}
	asm.WriteString(";\n}\n")

	var results []string
	var reads []asmOperand
	for range n {
		results = append(results, "="+cls)
	}
	inouts := op.NamedOperand("inouts")
	for i, f := range st.Fields {
		ev := &llir.InstExtractValue{X: ops[0], Indices: []uint64{uint64(i)}, Typ: f}
		s.emit(ev)
		reads = append(reads, asmOperand{v: ev, src: inouts})
	}
	scaleD := int64(0)
	if nvvm.EnumValue(op, "scaleD") == "one" {
		scaleD = 1
	}
	reads = append(reads, asmOperand{v: ops[1], src: op.NamedOperand("descriptorA")},
		asmOperand{v: ops[2], src: op.NamedOperand("descriptorB")}, i32Imm(scaleD))
	if d != "s32" {
		reads = append(reads, i32Imm(scaleIn(op, "scaleA")), i32Imm(scaleIn(op, "scaleB")))
	}
	if f16In {
		var transA, transB int64
		if nvvm.EnumValue(op, "layoutA") == "col" {
			transA = 1
		}
		if nvvm.EnumValue(op, "layoutB") == "row" {
			transB = 1
		}
		reads = append(reads, i32Imm(transA), i32Imm(transB))
	}
	// The accumulator read and written is tied to its result register.
	cons := results
	args := make([]value.Value, 0, len(reads))
	for i, r := range reads {
		c := strconv.Itoa(i)
		if i >= n {
			var ok bool
			if c, ok = s.constraint(op, r); !ok {
				return
			}
		}
		cons = append(cons, c)
		args = append(args, r.v)
	}
	s.ptx(op, rt, asm.String(), strings.Join(cons, ","), args...)
}

func scaleIn(op *ir.Operation, name string) int64 {
	if nvvm.EnumValue(op, name) == "neg" {
		return -1
	}
	return 1
}
