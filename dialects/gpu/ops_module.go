package gpu

import (
	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Attribute names of gpu.func and gpu.module.
const (
	KernelAttrName           = "gpu.kernel"
	ContainerModuleAttrName  = "gpu.container_module"
	WorkgroupAttributionsKey = "workgroup_attributions"
)

// funcSpec is gpu.func's FunctionOpInterface storage.
func funcSpec() opsyntax.FunctionOpSpec {
	return opsyntax.FunctionOpSpec{TypeAttr: "function_type", ArgAttrs: "arg_attrs", ResAttrs: "res_attrs"}
}

// Attribute constraints of gpu.module and gpu.func.
var (
	targetsAttr = ir.AttrOf("array of GPU target attributes with at least 1 elements", func(a ir.Attribute) bool {
		arr, ok := a.(*ir.ArrayAttr)
		return ok && len(arr.Elems) > 0
	})
	dimSizeHintAttr = ir.AttrOf("i32 dense array attribute with exactly 3 elements", func(a ir.Attribute) bool {
		d, ok := a.(*ir.DenseArrayAttr)
		return ok && d.Elem == ir.Type(ir.I32) && len(d.Ints) == 3
	})
)

// moduleOps is this file's part of the dialect's op table.
func moduleOps() opTable {
	return opTable{
		{
			Name:    "gpu.module",
			Summary: "A top level compilation unit containing code to be run on a GPU",
			Doc: "Holds gpu.func kernels (and other device code) next to the host code that launches them; " +
				"an optional offloading handler and targets say how to serialise it.\n\n" +
				"    gpu.module @kernels [#nvvm.target] {\n      gpu.func @k() kernel { gpu.return }\n    }",
			Traits:   ir.IsolatedFromAbove | ir.SymbolTableTrait | ir.Symbol | ir.SingleBlock,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs: []ir.AttrDef{
				ir.Attr("sym_name", ir.SymbolNameKind),
				ir.OptAttr("targets", targetsAttr),
				ir.OptAttr("offloadingHandler", nil),
			},
			Regions: []ir.RegionDef{{Name: "bodyRegion"}},
			// The body's terminator is implicit and the targets are followed by
			// two spaces, as MLIR's hand-written printer has them.
			Parse: parseModule,
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" ")
				if name, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
					p.PrintSymbolName(name.Value)
				}
				if h := op.Attr("offloadingHandler"); h != nil {
					p.Print(" <")
					p.PrintAttribute(h)
					p.Print(">")
				}
				if t := op.Attr("targets"); t != nil {
					p.Print(" ")
					p.PrintAttribute(t)
					p.Print(" ")
				}
				p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "targets", "offloadingHandler")
				p.Print(" ")
				p.PrintRegion(op.Region(0), false, false)
			},
		},
	}
}

// parseModule parses `@name [<handler>] [[targets]] [attributes {...}] {body}`.
func parseModule(p ir.OpParser, st *ir.OperationState) error {
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", ir.Str(name))
	if p.ParseOptional("<") {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		st.AddAttr("offloadingHandler", a)
		if err := p.Parse(">"); err != nil {
			return err
		}
	}
	if p.ParseOptional("[") {
		var targets []ir.Attribute
		if !p.ParseOptional("]") {
			for {
				a, err := p.ParseAttribute(nil)
				if err != nil {
					return err
				}
				targets = append(targets, a)
				if !p.ParseOptional(",") {
					break
				}
			}
			if err := p.Parse("]"); err != nil {
				return err
			}
		}
		st.AddAttr("targets", ir.Array(targets...))
	}
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	r := st.AddRegion()
	if err := p.ParseRegion(r, nil); err != nil {
		return err
	}
	regions.EnsureTerminator(p.Context(), r, "gpu.module_end", st.Loc)
	return nil
}

func moduleEndOp() *ir.OpDef {
	return opsyntax.BareOp("gpu.module_end", "A pseudo op that marks the end of a gpu.module",
		"The implicit terminator of a gpu.module body; it is never printed in custom form.",
		ir.Terminator|ir.Pure, func(op *ir.Operation) error { return expectParent(op, "gpu.module") })
}

func funcOp() *ir.OpDef {
	spec := funcSpec()
	return &ir.OpDef{
		Name:    "gpu.func",
		Summary: "Function executable on a GPU",
		Doc: "A function inside a gpu.module. `kernel` marks an entry point for gpu.launch_func; " +
			"workgroup attributions are memrefs in shared memory (one per thread block), private " +
			"attributions memrefs private to each thread. They follow the arguments in the entry block.\n\n" +
			"    gpu.func @k(%a: memref<32xf32>) workgroup(%w : memref<32xf32, 3>) kernel {\n      gpu.return\n    }",
		Traits:   ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope,
		Operands: ir.NoValues,
		Results:  ir.NoValues,
		Attrs: []ir.AttrDef{
			ir.Attr("function_type", opsyntax.FunctionTypeKind),
			ir.OptAttr("arg_attrs", opsyntax.DictArrayKind),
			ir.OptAttr("res_attrs", opsyntax.DictArrayKind),
			ir.OptAttr("workgroup_attrib_attrs", opsyntax.DictArrayKind),
			ir.OptAttr("private_attrib_attrs", opsyntax.DictArrayKind),
			ir.OptAttr("known_block_size", dimSizeHintAttr),
			ir.OptAttr("known_grid_size", dimSizeHintAttr),
		},
		Regions: []ir.RegionDef{{Name: "body"}},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			name, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			sig, err := opsyntax.ParseFunctionSignature(p, false)
			if err != nil {
				return err
			}
			if len(sig.Args) > 0 && !sig.Named {
				return p.Errorf("expected SSA identifier")
			}
			wg, priv, err := parseAttributions(p, st)
			if err != nil {
				return err
			}
			if p.ParseOptionalKeyword("kernel") {
				st.AddAttr(KernelAttrName, &ir.UnitAttr{})
			}
			if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
				return err
			}
			st.AddAttr("sym_name", ir.Str(name))
			st.AddAttr(spec.TypeAttr, ir.TypeAttrOf(ir.Function(sig.ArgTypes(), sig.Results)))
			if a := opsyntax.DictArray(sig.ArgAttrs); a != nil {
				st.AddAttr(spec.ArgAttrs, a)
			}
			if a := opsyntax.DictArray(sig.ResultAttrs); a != nil {
				st.AddAttr(spec.ResAttrs, a)
			}
			args := append(append(append([]ir.Argument(nil), sig.Args...), wg...), priv...)
			return p.ParseRegion(st.AddRegion(), args)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			if name, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
				p.PrintSymbolName(name.Value)
			}
			opsyntax.PrintFunctionSignature(p, op, spec)
			printAttributions(p, op)
			if op.HasAttr(KernelAttrName) {
				p.Print(" kernel")
			}
			p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name", spec.TypeAttr, spec.ArgAttrs, spec.ResAttrs,
				WorkgroupAttributionsKey, KernelAttrName, "workgroup_attrib_attrs", "private_attrib_attrs")
			if op.NumRegions() > 0 && !op.Region(0).Empty() {
				p.Print(" ")
				p.PrintRegion(op.Region(0), false, true)
			}
		},
		Verify: verifyFunc,
	}
}

// FuncType returns the function type of a gpu.func, or nil.
func FuncType(op *ir.Operation) *ir.FunctionType {
	if ta, ok := op.Attr("function_type").(*ir.TypeAttr); ok {
		ft, _ := ta.Value.(*ir.FunctionType)
		return ft
	}
	return nil
}

// IsKernel reports whether op is a gpu.func marked `kernel`.
func IsKernel(op *ir.Operation) bool { return op.Name() == "gpu.func" && op.HasAttr(KernelAttrName) }

// entryArgs returns the entry block arguments of op's body region, or nil.
func entryArgs(op *ir.Operation) []*ir.Value {
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return nil
	}
	return op.Region(0).Front().Arguments()
}

// WorkgroupAttributions returns the workgroup attributions of a gpu.func
// (entry block arguments after the function arguments) or gpu.launch
// (after the id and size arguments).
func WorkgroupAttributions(op *ir.Operation) []*ir.Value {
	args, first, n := attributions(op)
	return args[first : first+n]
}

// PrivateAttributions returns the private attributions of a gpu.func or gpu.launch.
func PrivateAttributions(op *ir.Operation) []*ir.Value {
	args, first, n := attributions(op)
	return args[first+n:]
}

// attributions returns op's entry block arguments, the index of the first
// attribution and the number of workgroup ones (the private ones follow);
// nil arguments when the three do not fit together.
func attributions(op *ir.Operation) (args []*ir.Value, first, nWorkgroup int) {
	args = entryArgs(op)
	first = attributionStart(op)
	n, _ := intAttr(op, WorkgroupAttributionsKey)
	if first < 0 || n < 0 || first+int(n) > len(args) {
		return nil, 0, 0
	}
	return args, first, int(n)
}

// attributionStart is the index of the first attribution among the entry block arguments.
func attributionStart(op *ir.Operation) int {
	switch op.Name() {
	case "gpu.func":
		if ft := FuncType(op); ft != nil {
			return len(ft.Inputs)
		}
		return -1
	case "gpu.launch":
		return numLaunchConfigArgs(op)
	}
	return -1
}

func verifyFunc(op *ir.Operation) error {
	ft := FuncType(op)
	if IsKernel(op) && len(ft.Results) != 0 {
		return op.Errorf("expected void return type for kernel function")
	}
	if op.Region(0).Empty() {
		return nil
	}
	args := op.Region(0).Front().Arguments()
	nwg, _ := intAttr(op, WorkgroupAttributionsKey)
	if len(args) < len(ft.Inputs)+int(nwg) {
		return op.Errorf("expected at least %d arguments to body region", len(ft.Inputs)+int(nwg))
	}
	for i, t := range ft.Inputs {
		if args[i].Type() != t {
			return op.Errorf("expected body region argument #%d to be of type %s, got %s", i, t, args[i].Type())
		}
	}
	if err := verifyAttributions(op, WorkgroupAttributions(op), Workgroup); err != nil {
		return err
	}
	return verifyAttributions(op, PrivateAttributions(op), Private)
}

// verifyAttributions checks that attributions are memrefs in the given address space (when one is named).
func verifyAttributions(op *ir.Operation, vs []*ir.Value, space AddressSpace) error {
	for _, v := range vs {
		t := memrefOf(v.Type())
		if t == nil {
			return op.Errorf("expected memref type in attribution")
		}
		if as, ok := t.MemorySpace.(*AddressSpaceAttr); ok && as.Space != space {
			return op.Errorf("expected memory space %s in attribution", space)
		}
	}
	return nil
}

func returnOp() *ir.OpDef {
	return opsyntax.ReturnLikeOp("gpu.return", "operands", "Terminator for GPU functions",
		"Returns from a gpu.func with the function's results.\n\n    gpu.return %v : f32", verifyReturn)
}

func verifyReturn(op *ir.Operation) error {
	if err := expectParent(op, "gpu.func"); err != nil {
		return err
	}
	ft := FuncType(op.ParentOp())
	if ft == nil {
		return nil
	}
	if op.NumOperands() != len(ft.Results) {
		return op.Errorf("expected %d result operands", len(ft.Results)).
			AttachNote(op.ParentOp().Loc(), "return type declared here")
	}
	for i, t := range ft.Results {
		if op.Operand(i).Type() != t {
			return op.Errorf("unexpected type `%s' for operand #%d", quoted(op.Operand(i).Type()), i)
		}
	}
	return nil
}
