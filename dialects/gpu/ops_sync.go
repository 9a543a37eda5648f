package gpu

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

var (
	indexResult = []ir.ValueDef{ir.Operand("result", ir.IndexConstraint)}
	upperBound  = ir.OptAttr("upper_bound", ir.IndexAttrKind)
)

// dimOp declares an index query along one dimension: `gpu.thread_id  x [upper_bound N]`.
func dimOp(name, summary, resultPrefix string) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Doc: "Returns the " + summary + " along dimension x, y or z; `upper_bound` is an optional " +
			"exclusive bound on the value.\n\n    %0 = " + name + "  x",
		Traits:   ir.Pure,
		Operands: ir.NoValues,
		Results:  indexResult,
		Attrs:    []ir.AttrDef{ir.Attr("dimension", enumAttrKind(DimKind)), upperBound},
		Format:   "$dimension (`upper_bound` $upper_bound^)? attr-dict",
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
			if d := EnumValue(op, "dimension"); d != "" && op.NumResults() == 1 {
				set(op.Result(0), resultPrefix+"_"+d)
			}
		},
	}
}

// laneOp declares gpu.lane_id-like ops: `gpu.lane_id [upper_bound N]` (withType: `... : index`).
func laneOp(name, summary string, withType bool) *ir.OpDef {
	example, format := "    %0 = "+name, "(`upper_bound` $upper_bound^)? attr-dict"
	if withType {
		example += " : index"
		format += " `:` type($result)"
	}
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      "Returns the " + summary + ".\n\n" + example,
		Traits:   ir.Pure,
		Operands: ir.NoValues,
		Results:  indexResult,
		Attrs:    []ir.AttrDef{upperBound},
		Format:   format,
	}
}

func barrierOp() *ir.OpDef {
	return opsyntax.BareOp("gpu.barrier", "Synchronizes all work items of a workgroup",
		"Waits until every thread of the thread block has reached this barrier; shared-memory "+
			"writes before it are visible to every thread after it. All threads must reach the same "+
			"barrier.\n\n    gpu.barrier",
		ir.MemRead|ir.MemWrite, nil)
}

// syncOps is this file's part of the dialect's op table.
func syncOps() opTable {
	return opTable{
		{
			Name:    "gpu.shuffle",
			Summary: "Shuffles values within a subgroup",
			Doc: "Each lane reads value from another lane of its subgroup: lane^offset (xor), lane+offset " +
				"(down), lane-offset (up) or lane offset (idx). The i1 result says whether the source lane " +
				"is within width; when it is not, the lane gets its own value.\n\n" +
				"    %r, %valid = gpu.shuffle  xor %v, %c1, %c32 : f32",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("value", ir.TypeOf("i32, i64, f32 or f64", func(t ir.Type) bool {
					return t == ir.I32 || t == ir.I64 || t == ir.F32 || t == ir.F64
				})),
				ir.Operand("offset", i32Type),
				ir.Operand("width", i32Type),
			},
			Results:       []ir.ValueDef{ir.Operand("shuffleResult", nil), ir.Operand("valid", ir.I1Constraint)},
			Attrs:         []ir.AttrDef{ir.Attr("mode", enumAttrKind(ShuffleModeKind))},
			AllTypesMatch: [][]string{{"value", "shuffleResult"}},
			Format:        "$mode $value `,` $offset `,` $width attr-dict `:` type($value)",
			Verify: func(op *ir.Operation) error {
				if op.Result(0).Type() != op.Operand(0).Type() {
					return op.Errorf("failed to verify that all of {value, shuffleResult} have same type")
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
				set(op.Result(0), "shuffleResult")
				set(op.Result(1), "valid")
			},
		},
	}
}

// reduceOpAccepts reports whether the all_reduce_op kind applies to elem:
// add and mul to any number, the float min/max to floats, the rest to integers.
func reduceOpAccepts(kind string, elem ir.Type) bool {
	switch kind {
	case "add", "mul":
		return ir.IsIntOrIndex(elem) || ir.IsFloat(elem)
	case "minnumf", "maxnumf", "minimumf", "maximumf":
		return ir.IsFloat(elem)
	}
	return ir.IsIntOrIndex(elem)
}

// reduceOp declares gpu.all_reduce (withBody) or gpu.subgroup_reduce.
func reduceOp(name string, withBody bool) *ir.OpDef {
	d := &ir.OpDef{
		Name:     name,
		Operands: []ir.ValueDef{ir.Operand("value", nil)},
		Results:  []ir.ValueDef{ir.Operand("result", nil)},
		Attrs:    []ir.AttrDef{ir.OptAttr("op", enumAttrKind(AllReduceOpKind)), ir.OptAttr("uniform", unitAttr)},
		Regions:  ir.NoRegions,
		Custom:   customDirectives,
		Format: "custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? attr-dict " +
			"`:` functional-type(operands, results)",
	}
	if withBody {
		d.Regions = []ir.RegionDef{{Name: "body"}}
		d.Format = "custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body attr-dict " +
			"`:` functional-type(operands, results)"
	} else {
		d.Attrs[0].Optional = false
		d.Attrs = append(d.Attrs, ir.OptAttr("cluster_size", ir.I32AttrKind), ir.OptAttr("cluster_stride", ir.I32AttrKind))
	}
	return d
}

func allReduceOp() *ir.OpDef {
	d := reduceOp("gpu.all_reduce", true)
	d.Summary = "Reduce values among workgroup"
	d.Doc = "Reduces value over every thread of the thread block, with a named operation or a body that " +
		"combines two values and yields one; every thread gets the result.\n\n" +
		"    %sum = gpu.all_reduce  add %v uniform {\n    } : (f32) -> f32"
	d.Traits = ir.IsolatedFromAbove | ir.SameOperandsAndResultType
	d.Verify = verifyAllReduce
	return d
}

func verifyAllReduce(op *ir.Operation) error {
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
}

func subgroupReduceOp() *ir.OpDef {
	d := reduceOp("gpu.subgroup_reduce", false)
	d.Summary = "Reduce values among subgroup"
	d.Doc = "Reduces value over the lanes of the subgroup (warp) with the named operation; every lane " +
		"gets the result.\n\n    %max = gpu.subgroup_reduce  maxnumf %v : (f32) -> f32"
	d.Traits = ir.Pure | ir.SameOperandsAndResultType
	d.Verify = func(op *ir.Operation) error {
		t := op.Result(0).Type()
		if op.Operand(0).Type() != t {
			return op.Errorf("failed to verify that all of {value, result} have same type")
		}
		if kind := EnumValue(op, "op"); !reduceOpAccepts(kind, ir.ElementTypeOrSelf(t)) {
			return ir.Errorf(op.Loc(), "`%s` reduction operation is not compatible with type %s", kind, quoted(t))
		}
		return nil
	}
	return d
}

func yieldOp() *ir.OpDef {
	return opsyntax.ReturnLikeOp("gpu.yield", "values", "GPU yield operation",
		"Yields the combined value from the body of a gpu.all_reduce.\n\n    gpu.yield %sum : f32", nil)
}
