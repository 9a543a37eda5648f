package nvptx

import (
	"fmt"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// nvvm ops become the llvm.nvvm.* intrinsics of LLVM 19 (names and
// signatures as mlir-translate-19 writes them), or, for those LLVM 19 has no
// intrinsic for, the inline PTX upstream's convert-nvvm-to-llvm
// (BasicPtxBuilder) produces (ptx.go). The ops that postdate MLIR 19 —
// mapa, fence.proxy.acquire/release — translate as upstream's LLVM 20
// does where LLVM 19 has the intrinsic (mapa), and to the same PTX
// instruction as inline PTX where it has not.

// electSyncPTX is upstream's elect.sync, spaces included.
const electSyncPTX = "{                                  \n.reg .u32 rx;                      \n.reg .pred px;                     \n" +
	" mov.pred $0, 0;                   \n    elect.sync rx | px, 0xFFFFFFFF;\n@px mov.pred $0, 1;                \n}\n"

// sregWidths are the special registers that are not 32-bit.
var sregWidths = map[string]types.Type{"clock64": types.I64}

func (s *fnState) translateNVVM(op *ir.Operation) {
	name := op.Name()
	ops, rt, ok := s.signature(op)
	if !ok {
		return
	}
	if reg, ok := strings.CutPrefix(name, nvvm.SregPrefix); ok {
		it := types.Type(types.I32)
		if w, ok := sregWidths[reg]; ok {
			it = w
		}
		f := s.t.intrinsic("llvm.nvvm.read.ptx.sreg."+reg, it, nil)
		c := &llir.InstCall{Callee: f, Typ: it}
		s.emit(c)
		s.setResult(op, s.resize(op, c, it, rt))
		return
	}
	switch name {
	case "nvvm.barrier0":
		s.intrinsicCall(op, "llvm.nvvm.barrier0", types.Void)
	case "nvvm.barrier":
		switch len(ops) {
		case 0:
			s.intrinsicCall(op, "llvm.nvvm.barrier0", types.Void)
		case 1:
			s.intrinsicCall(op, "llvm.nvvm.barrier.n", types.Void, ops...)
		default:
			s.intrinsicCall(op, "llvm.nvvm.barrier", types.Void, ops...)
		}
	case "nvvm.shfl.sync":
		val := ops[1].Type()
		suffix := ""
		switch {
		case val.Equal(types.I32):
			suffix = "i32"
		case val.Equal(types.Float):
			suffix = "f32"
		default:
			s.t.errorf(op, "'nvvm.shfl.sync' op cannot be translated to LLVM IR: LLVM shuffles i32 and f32 only, not '%s'", val)
			return
		}
		if op.Attr("return_value_and_is_valid") != nil {
			suffix += "p"
		}
		s.intrinsicCall(op, "llvm.nvvm.shfl.sync."+nvvm.EnumValue(op, "kind")+"."+suffix, rt, ops...)
	case "nvvm.vote.ballot.sync":
		s.intrinsicCall(op, "llvm.nvvm.vote.ballot.sync", rt, ops...)
	case "nvvm.elect.sync":
		s.ptxOp(op, ops, rt, electSyncPTX, "=b")
	case "nvvm.fence.sc.cluster":
		s.intrinsicCall(op, "llvm.nvvm.fence.sc.cluster", types.Void)
	case "nvvm.fence.mbarrier.init":
		s.ptxOp(op, ops, types.Void, "fence.mbarrier_init.release.cluster;")
	case "nvvm.fence.proxy":
		kind := nvvm.EnumValue(op, "kind")
		switch kind {
		case "async.shared":
			s.ptxOp(op, ops, types.Void, "fence.proxy.async.shared::"+nvvm.EnumValue(op, "space")+";")
		case "alias", "async", "async.global":
			s.ptxOp(op, ops, types.Void, "fence.proxy."+kind+";")
		default:
			s.t.errorf(op, "'nvvm.fence.proxy' op cannot be translated to LLVM IR (proxy kind '%s')", kind)
		}
	case "nvvm.fence.proxy.acquire", "nvvm.fence.proxy.release":
		s.fenceProxyTensormap(op, ops)
	case "nvvm.barrier.arrive":
		if len(ops) == 1 {
			s.ptxOp(op, ops, types.Void, "bar.arrive 0, $0;")
		} else {
			s.ptxOp(op, ops, types.Void, "bar.arrive $0, $1;")
		}
	case "nvvm.bar.warp.sync":
		s.intrinsicCall(op, "llvm.nvvm.bar.warp.sync", types.Void, ops...)
	case "nvvm.redux.sync":
		s.intrinsicCall(op, "llvm.nvvm.redux.sync."+nvvm.EnumValue(op, "kind"), rt, ops...)
	case "nvvm.rcp.approx.ftz.f":
		s.intrinsicCall(op, "llvm.nvvm.rcp.approx.ftz.f", rt, ops...)
	case "nvvm.cluster.arrive", "nvvm.cluster.arrive.relaxed", "nvvm.cluster.wait":
		name := strings.Replace(name, "nvvm.cluster.", "llvm.nvvm.barrier.cluster.", 1)
		if op.Attr("aligned") != nil {
			name += ".aligned"
		}
		s.intrinsicCall(op, name, types.Void)
	case "nvvm.mapa":
		if p, ok := ops[0].Type().(*ptrType); ok && p.addrSpace == nvvm.SharedSpace {
			s.intrinsicCall(op, "llvm.nvvm.mapa.shared.cluster", rt, ops...)
		} else {
			s.intrinsicCall(op, "llvm.nvvm.mapa", rt, ops...)
		}
	case "nvvm.wmma.load":
		m, n, k := mnk(op)
		name := fmt.Sprintf("llvm.nvvm.wmma.m%dn%dk%d.load.%s.%s.stride.%s.%s", m, n, k, nvvm.EnumValue(op, "frag"),
			nvvm.EnumValue(op, "layout"), nvvm.EnumValue(op, "eltype"), mangle(ops[0].Type()))
		s.intrinsicCall(op, name, rt, ops...)
	case "nvvm.wmma.store":
		m, n, k := mnk(op)
		name := fmt.Sprintf("llvm.nvvm.wmma.m%dn%dk%d.store.d.%s.stride.%s.%s", m, n, k,
			nvvm.EnumValue(op, "layout"), nvvm.EnumValue(op, "eltype"), mangle(ops[0].Type()))
		// The op's operands are in the intrinsic's order: pointer,
		// registers, stride.
		s.intrinsicCall(op, name, types.Void, ops...)
	case "nvvm.wmma.mma":
		m, n, k := mnk(op)
		a, c := nvvm.EnumValue(op, "eltypeA"), nvvm.EnumValue(op, "eltypeB")
		types_ := c + "." + c
		if a != "f16" {
			types_ = a
		}
		name := fmt.Sprintf("llvm.nvvm.wmma.m%dn%dk%d.mma.%s.%s.%s", m, n, k, nvvm.EnumValue(op, "layoutA"),
			nvvm.EnumValue(op, "layoutB"), types_)
		s.intrinsicCall(op, name, rt, ops...)
	case "nvvm.ldmatrix":
		num, _ := intAttr(op, "num")
		trans := ""
		if nvvm.EnumValue(op, "layout") == "col" {
			trans = ".trans"
		}
		s.intrinsicCall(op, fmt.Sprintf("llvm.nvvm.ldmatrix.sync.aligned.m8n8.x%d%s.b16.%s", num, trans, mangle(ops[0].Type())), rt, ops...)
	case "nvvm.mma.sync":
		s.mmaSync(op, ops, rt)
	case "nvvm.cp.async.shared.global":
		size, _ := intAttr(op, "size")
		mod := nvvm.EnumValue(op, "modifier")
		if len(ops) == 3 {
			// With a source size, upstream writes inline PTX rather than
			// the .s intrinsic: the copy size is an immediate operand.
			reads := []asmOperand{{ops[0], op.Operand(0)}, {ops[1], op.Operand(1)}, i32Imm(size), {ops[2], op.Operand(2)}}
			s.ptxReads(op, types.Void, "cp.async."+mod+".shared.global [$0], [$1], $2, $3;\n", nil, reads)
			return
		}
		s.intrinsicCall(op, fmt.Sprintf("llvm.nvvm.cp.async.%s.shared.global.%d", mod, size), types.Void, ops...)
	case "nvvm.cp.async.commit.group":
		s.intrinsicCall(op, "llvm.nvvm.cp.async.commit.group", types.Void)
	case "nvvm.cp.async.wait.group":
		n, _ := intAttr(op, "n")
		s.intrinsicCall(op, "llvm.nvvm.cp.async.wait.group", types.Void, &constVal{typ: types.I32, text: fmt.Sprint(n)})
	case "nvvm.mbarrier.init", "nvvm.mbarrier.init.shared":
		if len(ops) == 3 {
			s.ptxOp(op, ops, types.Void, "mbarrier.init"+sharedSuffix(name)+".b64 [$0], $1;")
			return
		}
		s.intrinsicCall(op, "llvm."+name, types.Void, ops...)
	case "nvvm.mbarrier.arrive", "nvvm.mbarrier.arrive.shared", "nvvm.mbarrier.test.wait", "nvvm.mbarrier.test.wait.shared",
		"nvvm.mbarrier.inval", "nvvm.mbarrier.inval.shared":
		s.intrinsicCall(op, "llvm."+name, rt, ops...)
	case "nvvm.mbarrier.arrive.nocomplete", "nvvm.mbarrier.arrive.nocomplete.shared":
		s.intrinsicCall(op, "llvm.nvvm.mbarrier.arrive.noComplete"+sharedSuffix(name), rt, ops...)
	case "nvvm.mbarrier.arrive.expect_tx", "nvvm.mbarrier.arrive.expect_tx.shared":
		s.ptxOp(op, ops, types.Void, "mbarrier.arrive.expect_tx"+sharedSuffix(name)+".b64 _, [$0], $1;")
	case "nvvm.mbarrier.try_wait.parity", "nvvm.mbarrier.try_wait.parity.shared":
		s.ptxOp(op, ops, types.Void, "{\n\t.reg .pred       P1; \n\tLAB_WAIT: \n\tmbarrier.try_wait.parity"+sharedSuffix(name)+
			".b64 P1, [$0], $1, $2; \n\t@P1 bra.uni DONE; \n\tbra.uni     LAB_WAIT; \n\tDONE: \n\t}")
	case "nvvm.cp.async.mbarrier.arrive", "nvvm.cp.async.mbarrier.arrive.shared":
		name := "llvm.nvvm.cp.async.mbarrier.arrive"
		if b, ok := op.Attr("noinc").(*ir.IntegerAttr); ok && b.Int() != 0 {
			name += ".noinc"
		}
		s.intrinsicCall(op, name+sharedSuffix(op.Name()), types.Void, ops...)
	case "nvvm.cp.async.bulk.tensor.shared.cluster.global":
		s.bulkTensorLoad(op, ops)
	case "nvvm.cp.async.bulk.tensor.global.shared.cta":
		s.bulkTensorStore(op, ops)
	case "nvvm.cp.async.bulk.commit.group":
		s.intrinsicCall(op, "llvm.nvvm.cp.async.bulk.commit.group", types.Void)
	case "nvvm.cp.async.bulk.wait_group":
		g, _ := intAttr(op, "group")
		name := "llvm.nvvm.cp.async.bulk.wait.group"
		if op.Attr("read") != nil {
			name += ".read"
		}
		s.intrinsicCall(op, name, types.Void, &constVal{typ: types.I32, text: fmt.Sprint(g)})
	case "nvvm.prefetch.tensormap":
		s.ptxOp(op, ops, types.Void, "prefetch.tensormap [$0];")
	case "nvvm.stmatrix":
		n := len(ops) - 1
		trans := ""
		if nvvm.EnumValue(op, "layout") == "col" {
			trans = ".trans"
		}
		regs := make([]string, n)
		for i := range regs {
			regs[i] = fmt.Sprintf("$%d", i+1)
		}
		s.ptxOp(op, ops, types.Void, fmt.Sprintf("stmatrix.sync.aligned.x%d%s.m8n8.shared.b16 [$0], {%s};", n, trans,
			strings.Join(regs, ", ")))
	case "nvvm.wgmma.fence.aligned":
		s.ptxOp(op, ops, types.Void, "wgmma.fence.sync.aligned;")
	case "nvvm.wgmma.commit.group.sync.aligned":
		s.ptxOp(op, ops, types.Void, "wgmma.commit_group.sync.aligned;")
	case "nvvm.wgmma.wait.group.sync.aligned":
		g, _ := intAttr(op, "group")
		s.ptxReads(op, types.Void, "wgmma.wait_group.sync.aligned $0;", nil, []asmOperand{i32Imm(g)})
	case "nvvm.wgmma.mma_async":
		s.wgmma(op, ops, rt)
	case "nvvm.setmaxregister":
		n, _ := intAttr(op, "regCount")
		dir := "inc"
		if nvvm.EnumValue(op, "action") == "decrease" {
			dir = "dec"
		}
		// As upstream: LLVM 19 selects the intrinsic for sm_90a only, as
		// ptxas accepts setmaxnreg for sm_90a only.
		s.intrinsicCall(op, "llvm.nvvm.setmaxnreg."+dir+".sync.aligned.u32", types.Void, &constVal{typ: types.I32, text: fmt.Sprint(n)})
	default:
		s.t.errorf(op, "'%s' op cannot be translated to LLVM IR", name)
	}
}

func sharedSuffix(name string) string {
	if strings.HasSuffix(name, ".shared") {
		return ".shared"
	}
	return ""
}

func mnk(op *ir.Operation) (int64, int64, int64) {
	m, _ := intAttr(op, "m")
	n, _ := intAttr(op, "n")
	k, _ := intAttr(op, "k")
	return m, n, k
}

// intrinsicCall calls the intrinsic name, declared with the argument types.
func (s *fnState) intrinsicCall(op *ir.Operation, name string, rt types.Type, args ...value.Value) {
	s.call(op, s.t.intrinsic(name, rt, typesOf(args)), args, rt, nil)
}

// resize converts an intrinsic's integer result to the op's result type.
func (s *fnState) resize(op *ir.Operation, v value.Value, from, to types.Type) value.Value {
	fi, ok1 := from.(*types.IntType)
	ti, ok2 := to.(*types.IntType)
	if !ok1 || !ok2 || fi.BitSize == ti.BitSize {
		return v
	}
	var inst llir.Instruction
	if fi.BitSize < ti.BitSize {
		inst = &llir.InstZExt{From: v, To: to}
	} else {
		inst = &llir.InstTrunc{From: v, To: to}
	}
	s.emit(inst)
	return inst.(value.Value)
}

// mmaSync names LLVM's llvm.nvvm.mma.* intrinsic: shape, layouts, an
// optional satfinite, then the types (d.c for f16 multiplicands, a.b when
// A and B differ, else a); b1 ops carry their operation first; bf16
// registers are bitcast to the intrinsic's i32.
func (s *fnState) mmaSync(op *ir.Operation, ops []value.Value, rt types.Type) {
	shape, ok := op.Attr("shape").(*nvvm.ShapeAttr)
	if !ok {
		s.t.errorf(op, "'nvvm.mma.sync' op has no shape")
		return
	}
	a, b := nvvm.EnumValue(op, "multiplicandAPtxType"), nvvm.EnumValue(op, "multiplicandBPtxType")
	var sig string
	switch {
	case a == "f16":
		st, ok := rt.(*types.StructType)
		c := op.OperandGroup(2)
		if !ok || len(st.Fields) == 0 || len(c) == 0 {
			s.t.errorf(op, "'nvvm.mma.sync' op cannot be translated to LLVM IR")
			return
		}
		sig = mmaRegType(st.Fields[0]) + "." + mmaRegType(ops[len(ops)-1].Type())
	case a == "bf16":
		// MLIR 19 passes bf16 pairs in vector<2xf16> registers; LLVM's
		// intrinsic takes them as i32.
		sig = a
		nab := len(op.OperandGroup(0)) + len(op.OperandGroup(1))
		for i := 0; i < nab; i++ {
			if !ops[i].Type().Equal(types.I32) {
				c := &llir.InstBitCast{From: ops[i], To: types.I32}
				s.emit(c)
				ops[i] = c
			}
		}
	case a != b:
		sig = a + "." + b
	default:
		sig = a
	}
	prefix := "llvm.nvvm.mma."
	if b1 := nvvm.EnumValue(op, "b1Op"); a == "b1" && b1 != "" && b1 != "none" {
		prefix += strings.Replace(b1, "_", ".", 1) + "."
	}
	sat := ""
	if nvvm.EnumValue(op, "intOverflowBehavior") == "satfinite" {
		sat = ".satfinite"
	}
	name := fmt.Sprintf("%sm%dn%dk%d.%s.%s%s.%s", prefix, shape.M, shape.N, shape.K, nvvm.EnumValue(op, "layoutA"),
		nvvm.EnumValue(op, "layoutB"), sat, sig)
	s.intrinsicCall(op, name, rt, ops...)
}

func mmaRegType(t types.Type) string {
	if t.Equal(types.Float) {
		return "f32"
	}
	return "f16"
}

// fenceProxyTensormap is fence.proxy.tensormap::generic.{release,acquire}
// at the op's scope. LLVM 19 has no intrinsic for it (LLVM 20's
// llvm.nvvm.fence.proxy.tensormap_generic.* would become a call to an
// undefined function), so it is inline PTX; the acquire's size must be an
// immediate, as PTX wants (128).
func (s *fnState) fenceProxyTensormap(op *ir.Operation, ops []value.Value) {
	scope := nvvm.EnumValue(op, "scope")
	if op.Is("nvvm.fence.proxy.release") {
		s.ptxOp(op, ops, types.Void, "fence.proxy.tensormap::generic.release."+scope+";")
		return
	}
	if d := op.Operand(1).DefiningOp(); d == nil || !d.Is("llvm.mlir.constant") {
		s.t.errorf(op, "'nvvm.fence.proxy.acquire' op cannot be translated to LLVM IR: size must be an llvm.mlir.constant (128)")
		return
	}
	s.ptxOp(op, ops, types.Void, "fence.proxy.tensormap::generic.acquire."+scope+" [$0], $1;")
}
