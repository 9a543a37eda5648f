package gpu

import "github.com/goopt/goopt/ir"

// memrefLayoutSymbols returns the number of symbols of t's affine-map layout.
func memrefLayoutSymbols(t *ir.MemRefType) int {
	if m, ok := t.Layout.(*ir.AffineMapAttr); ok {
		return m.Map.NumSymbols
	}
	return 0
}

// memoryOps is this file's part of the dialect's op table.
func memoryOps() opTable {
	return opTable{
		{
			Name:    "gpu.alloc",
			Summary: "GPU memory allocation operation",
			Doc: "Allocates device memory (host_shared: memory shared with the host), optionally as an async " +
				"op ordered after its dependencies.\n\n" +
				"    %m, %t = gpu.alloc async [%dep] (%n) : memref<?xf32>",
			Traits:  ir.MemAlloc,
			Effects: ir.FixedEffects(ir.OnResult(ir.Allocate, 0)),
			Operands: []ir.ValueDef{
				asyncDependencies,
				ir.Var("dynamicSizes", ir.IndexConstraint),
				ir.Var("symbolOperands", ir.IndexConstraint),
			},
			Results: []ir.ValueDef{ir.Operand("memref", ir.AnyMemRef), asyncTokenResult},
			Attrs:   []ir.AttrDef{ir.OptAttr("hostShared", unitAttr)},
			Custom:  customDirectives,
			Format: asyncFormat("(` ` `host_shared` $hostShared^)? ` ` `(` $dynamicSizes `)` " +
				"(`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)"),
			Verify: func(op *ir.Operation) error {
				t := memrefOf(op.Result(0).Type())
				if len(op.NamedOperands("dynamicSizes")) != ir.CountDynamic(t.Dims) {
					return op.Errorf("dimension operand count does not equal memref dynamic dimension count")
				}
				if len(op.NamedOperands("symbolOperands")) != memrefLayoutSymbols(t) {
					return op.Errorf("symbol operand count does not equal memref symbol count")
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
				set(op.Result(0), "memref")
				if op.NumResults() == 2 {
					set(op.Result(1), "asyncToken")
				}
			},
		},
		// dynamicSharedMemoryOp is the base of the block's dynamic shared memory
		// (the size gpu.launch's dynamic_shared_memory_size gives), as bytes that
		// memref.view carves into tiles: the only way past the 48 KB a kernel may
		// declare statically.
		{
			Name:    "gpu.dynamic_shared_memory",
			Summary: "Get the memref for dynamic shared memory",
			Doc: "Returns the base of the dynamic shared memory of the enclosing kernel as a byte buffer; " +
				"memref.view takes typed tiles from it.\n\n" +
				"    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>",
			Traits:  ir.Pure,
			Results: []ir.ValueDef{ir.Operand("resultMemref", ir.AnyMemRef)},
			Format:  "attr-dict `:` type($resultMemref)",
			Verify: func(op *ir.Operation) error {
				if op.ParentOfName("gpu.launch") == nil && op.ParentOfName("gpu.func") == nil {
					return op.Errorf("must be inside an op with symbol table")
				}
				t := memrefOf(op.Result(0).Type())
				if as, ok := t.MemorySpace.(*AddressSpaceAttr); !ok || as.Space != Workgroup {
					return op.Errorf("address space must be address_space<workgroup>")
				}
				if len(t.Dims) != 1 || t.Dims[0] != ir.Dynamic || t.Elem != ir.I8 || t.Layout != nil {
					return op.Errorf("result memref type must be memref<?xi8, #gpu.address_space<workgroup>>")
				}
				return nil
			},
		},
	}
}

// asyncOp declares a gpu op whose custom form is `[async] [[deps]] operands
// attr-dict : types` and that returns an optional async token.
func asyncOp(name, summary, doc string, traits ir.Trait, operands []ir.ValueDef, format string, verify func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      doc,
		Traits:   traits,
		Effects:  asyncOpEffects(name),
		Operands: append([]ir.ValueDef{asyncDependencies}, operands...),
		Results:  []ir.ValueDef{asyncTokenResult},
		Custom:   customDirectives,
		Format:   asyncFormat(format),
		Verify:   verify,
	}
}

func deallocOp() *ir.OpDef {
	return asyncOp("gpu.dealloc", "GPU memory deallocation operation",
		"Frees memory that gpu.alloc allocated.\n\n    %t = gpu.dealloc async [%dep] %m : memref<?xf32>",
		ir.MemFree, []ir.ValueDef{ir.Operand("memref", ir.AnyMemRef)}, "$memref attr-dict `:` type($memref)", nil)
}

func memcpyOp() *ir.OpDef {
	return asyncOp("gpu.memcpy", "GPU memcpy operation",
		"Copies the source memref into the destination memref of the same shape and element type.\n\n"+
			"    %t = gpu.memcpy async [%dep] %dst, %src : memref<32xf32>, memref<32xf32, 1>",
		ir.MemRead|ir.MemWrite, []ir.ValueDef{ir.Operand("dst", ir.AnyMemRef), ir.Operand("src", ir.AnyMemRef)},
		"$dst`,` $src attr-dict `:` type($dst)`,` type($src)",
		func(op *ir.Operation) error {
			dst, src := memrefOf(op.NamedOperand("dst").Type()), memrefOf(op.NamedOperand("src").Type())
			if dst.Elem != src.Elem {
				return op.Errorf("arguments have incompatible element type")
			}
			if !shapesCompatible(dst.Dims, src.Dims) {
				return op.Errorf("arguments have incompatible shape")
			}
			return nil
		})
}

// shapesCompatible reports whether two shapes agree where both are static.
func shapesCompatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

func memsetOp() *ir.OpDef {
	return asyncOp("gpu.memset", "GPU memset operation",
		"Sets every element of the destination memref to the value.\n\n"+
			"    %t = gpu.memset async [%dep] %dst, %zero : memref<32xf32>, f32",
		ir.MemWrite, []ir.ValueDef{ir.Operand("dst", ir.AnyMemRef), ir.Operand("value", nil)},
		"$dst`,` $value attr-dict `:` type($dst)`,` type($value)",
		func(op *ir.Operation) error {
			if memrefOf(op.NamedOperand("dst").Type()).Elem != op.NamedOperand("value").Type() {
				return op.Errorf("failed to verify that all of {dst, value} have same element type")
			}
			return nil
		})
}

func waitOp() *ir.OpDef {
	return asyncOp("gpu.wait", "Wait for async gpu ops to complete",
		"Waits for its dependencies; `async` makes it return a token instead of blocking the host.\n\n"+
			"    %t = gpu.wait async [%t1, %t2]",
		ir.MemRead|ir.MemWrite, nil, "attr-dict", nil)
}
