package gpu

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// dimOp declares an index query along one dimension: `gpu.thread_id  x [upper_bound N]`.
func dimOp(name, summary, resultPrefix string) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Doc: "Returns the " + summary + " along dimension x, y or z; `upper_bound` is an optional " +
			"exclusive bound on the value.\n\n    %0 = " + name + "  x",
		Traits:   ir.Pure,
		Inherent: []string{"dimension", "upper_bound"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			d, err := parseEnumKeyword(p, DimKind)
			if err != nil {
				return err
			}
			st.AddAttr("dimension", d)
			if err := parseUpperBound(p, st); err != nil {
				return err
			}
			st.Types = append(st.Types, ir.Index)
			return p.ParseOptionalAttrDict(st)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print("  " + EnumValue(op, "dimension"))
			printUpperBound(p, op)
			p.PrintOptionalAttrDict(op.Attrs(), "dimension", "upper_bound")
		},
		Verify: func(op *ir.Operation) error {
			if DimIndex(op.Attr("dimension")) < 0 {
				return op.Errorf("requires attribute 'dimension'")
			}
			return verifyIndexResult(op)
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
			if d := EnumValue(op, "dimension"); d != "" && op.NumResults() == 1 {
				set(op.Result(0), resultPrefix+"_"+d)
			}
		},
	}
}

func parseUpperBound(p ir.OpParser, st *ir.OperationState) error {
	if !p.ParseOptionalKeyword("upper_bound") {
		return nil
	}
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("upper_bound", ir.IndexAttr(n))
	return nil
}

func printUpperBound(p ir.OpPrinter, op *ir.Operation) {
	if n, ok := intAttr(op, "upper_bound"); ok {
		p.Print(" upper_bound ")
		p.Print(ir.IndexAttr(n).ValueString())
	}
}

func verifyIndexResult(op *ir.Operation) error {
	if op.NumResults() != 1 || op.Result(0).Type() != ir.Index {
		return op.Errorf("result #0 must be index")
	}
	return nil
}

// laneOp declares gpu.lane_id-like ops: `gpu.lane_id [upper_bound N]` (withType: `... : index`).
func laneOp(name, summary string, withType bool) *ir.OpDef {
	example := "    %0 = " + name
	if withType {
		example += " : index"
	}
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      "Returns the " + summary + ".\n\n" + example,
		Traits:   ir.Pure,
		Inherent: []string{"upper_bound"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			if err := parseUpperBound(p, st); err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			t := ir.Type(ir.Index)
			if withType {
				var err error
				if t, err = p.ParseColonType(); err != nil {
					return err
				}
			}
			st.Types = append(st.Types, t)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			printUpperBound(p, op)
			p.PrintOptionalAttrDict(op.Attrs(), "upper_bound")
			if withType {
				p.Print(" : ")
				p.PrintType(op.Result(0).Type())
			}
		},
		Verify: verifyIndexResult,
	}
}

func barrierOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.barrier",
		Summary: "Synchronizes all work items of a workgroup",
		Doc: "Waits until every thread of the thread block has reached this barrier; shared-memory " +
			"writes before it are visible to every thread after it. All threads must reach the same " +
			"barrier.\n\n    gpu.barrier",
		Traits: ir.MemRead | ir.MemWrite,
		Parse:  func(p ir.OpParser, st *ir.OperationState) error { return p.ParseOptionalAttrDict(st) },
		Print:  func(p ir.OpPrinter, op *ir.Operation) { p.PrintOptionalAttrDict(op.Attrs()) },
	}
}

func shuffleOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.shuffle",
		Summary: "Shuffles values within a subgroup",
		Doc: "Each lane reads value from another lane of its subgroup: lane^offset (xor), lane+offset " +
			"(down), lane-offset (up) or lane offset (idx). The i1 result says whether the source lane " +
			"is within width; when it is not, the lane gets its own value.\n\n" +
			"    %r, %valid = gpu.shuffle  xor %v, %c1, %c32 : f32",
		Traits:   ir.Pure,
		Inherent: []string{"mode"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			m, err := parseEnumKeyword(p, ShuffleModeKind)
			if err != nil {
				return err
			}
			st.AddAttr("mode", m)
			us, err := p.ParseOperandList(ir.DelimNone)
			if err != nil {
				return err
			}
			if len(us) != 3 {
				return p.Errorf("expected 3 operands")
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			vs, err := p.ResolveOperands(us, []ir.Type{t, ir.I32, ir.I32})
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			st.Types = append(st.Types, t, ir.I1)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print("  " + EnumValue(op, "mode") + " ")
			p.PrintOperands(op.Operands())
			p.PrintOptionalAttrDict(op.Attrs(), "mode")
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 3 || op.NumResults() != 2 {
				return op.Errorf("expected 3 operands and 2 results")
			}
			t := op.Operand(0).Type()
			if t != ir.I32 && t != ir.I64 && t != ir.F32 && t != ir.F64 {
				return op.Errorf("operand #0 must be i32, i64, f32 or f64, but got %s", quoted(t))
			}
			if op.Result(0).Type() != t {
				return op.Errorf("failed to verify that all of {value, shuffleResult} have same type")
			}
			return nil
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
			if op.NumResults() == 2 {
				set(op.Result(0), "shuffleResult")
				set(op.Result(1), "valid")
			}
		},
	}
}

// reduceOpKind classifies an all_reduce_op: integer-only, float-only or both.
func reduceOpAccepts(kind string, elem ir.Type) bool {
	switch kind {
	case "add", "mul":
		return ir.IsIntOrIndex(elem) || ir.IsFloat(elem)
	case "minnumf", "maxnumf", "minimumf", "maximumf":
		return ir.IsFloat(elem)
	}
	return ir.IsIntOrIndex(elem)
}

// parseReduceHead parses `[op] %value [uniform]` of gpu.all_reduce / gpu.subgroup_reduce.
func parseReduceHead(p ir.OpParser, st *ir.OperationState) (ir.UnresolvedOperand, error) {
	if kw, ok := p.ParseOptionalKeywordOf(enumValues[AllReduceOpKind].values...); ok {
		st.AddAttr("op", Enum(AllReduceOpKind, kw))
	}
	u, err := p.ParseOperand()
	if err != nil {
		return u, err
	}
	if p.ParseOptionalKeyword("uniform") {
		st.AddAttr("uniform", &ir.UnitAttr{})
	}
	return u, nil
}

// parseReduceTail parses `attr-dict : (t) -> t` and resolves the value.
func parseReduceTail(p ir.OpParser, st *ir.OperationState, u ir.UnresolvedOperand) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.Parse(":"); err != nil {
		return err
	}
	if err := p.Parse("("); err != nil {
		return err
	}
	in, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.Parse(")"); err != nil {
		return err
	}
	outs, err := p.ParseArrowTypeList()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, in)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, v)
	st.Types = append(st.Types, outs...)
	return nil
}

func printReduceHead(p ir.OpPrinter, op *ir.Operation) {
	p.Print("  ")
	if k := EnumValue(op, "op"); k != "" {
		p.Print(k + " ")
	}
	p.PrintOperand(op.Operand(0))
	if op.HasAttr("uniform") {
		p.Print(" uniform")
	}
}

func printReduceTail(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.Attrs(), "op", "uniform")
	p.Print(" : (")
	p.PrintType(op.Operand(0).Type())
	p.Print(") -> ")
	p.PrintType(op.Result(0).Type())
}

func allReduceOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.all_reduce",
		Summary: "Reduce values among workgroup",
		Doc: "Reduces value over every thread of the thread block, with a named operation or a body that " +
			"combines two values and yields one; every thread gets the result.\n\n" +
			"    %sum = gpu.all_reduce  add %v uniform {\n    } : (f32) -> f32",
		Traits:   ir.IsolatedFromAbove | ir.SameOperandsAndResultType,
		Inherent: []string{"op", "uniform"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := parseReduceHead(p, st)
			if err != nil {
				return err
			}
			if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
				return err
			}
			return parseReduceTail(p, st, u)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			printReduceHead(p, op)
			p.Print(" ")
			p.PrintRegion(op.Region(0), true, true)
			printReduceTail(p, op)
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || op.NumResults() != 1 || op.NumRegions() != 1 {
				return op.Errorf("expected one operand, one result and one region")
			}
			t := op.Result(0).Type()
			if op.Operand(0).Type() != t {
				return op.Errorf("failed to verify that all of {value, result} have same type")
			}
			body := op.Region(0)
			kind := EnumValue(op, "op")
			if body.Empty() == (kind == "") {
				return ir.Errorf(op.Loc(), "expected either an op attribute or a non-empty body")
			}
			if body.Empty() {
				if !reduceOpAccepts(kind, t) {
					return ir.Errorf(op.Loc(), "`%s` reduction operation is not compatible with type %s", kind, quoted(t))
				}
				return nil
			}
			entry := body.Front()
			if entry.NumArguments() != 2 {
				return ir.Errorf(op.Loc(), "expected two region arguments")
			}
			for _, a := range entry.Arguments() {
				if a.Type() != t {
					return ir.Errorf(op.Loc(), "incorrect region argument type")
				}
			}
			yields := 0
			for _, b := range body.Blocks() {
				if y := b.Last(); y != nil && y.Name() == "gpu.yield" {
					if y.NumOperands() != 1 {
						return ir.Errorf(op.Loc(), "expected one gpu.yield operand")
					}
					if y.Operand(0).Type() != t {
						return ir.Errorf(op.Loc(), "incorrect gpu.yield type")
					}
					yields++
				}
			}
			if yields == 0 {
				return ir.Errorf(op.Loc(), "expected gpu.yield op in region")
			}
			return nil
		},
	}
}

func subgroupReduceOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.subgroup_reduce",
		Summary: "Reduce values among subgroup",
		Doc: "Reduces value over the lanes of the subgroup (warp) with the named operation; every lane " +
			"gets the result.\n\n    %max = gpu.subgroup_reduce  maxnumf %v : (f32) -> f32",
		Traits:   ir.Pure | ir.SameOperandsAndResultType,
		Inherent: []string{"op", "uniform", "cluster_size", "cluster_stride"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := parseReduceHead(p, st)
			if err != nil {
				return err
			}
			return parseReduceTail(p, st, u)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			printReduceHead(p, op)
			printReduceTail(p, op)
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || op.NumResults() != 1 {
				return op.Errorf("expected one operand and one result")
			}
			t := op.Result(0).Type()
			if op.Operand(0).Type() != t {
				return op.Errorf("failed to verify that all of {value, result} have same type")
			}
			kind := EnumValue(op, "op")
			if kind == "" {
				return op.Errorf("requires attribute 'op'")
			}
			if !reduceOpAccepts(kind, ir.ElementTypeOrSelf(t)) {
				return ir.Errorf(op.Loc(), "`%s` reduction operation is not compatible with type %s", kind, quoted(t))
			}
			return nil
		},
	}
}

func yieldOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.yield",
		Summary: "GPU yield operation",
		Doc:     "Yields the combined value from the body of a gpu.all_reduce.\n\n    gpu.yield %sum : f32",
		Traits:  ir.Terminator | ir.ReturnLike | ir.Pure,
		Parse:   opsyntax.ParseOptionalOperandsColonTypes,
		Print:   opsyntax.PrintOptionalOperandsColonTypes,
	}
}
