package interp

import (
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/ir"
)

// gpu.launch_func of an llvm.func kernel, as convert-gpu-to-nvvm leaves a
// gpu.module: the host still passes memrefs and builtin scalars, and the
// kernel takes them as the LLVM calling convention converted them. A
// memref is one !llvm.ptr under the bare-pointer convention (PointerTo: the
// buffer at the view's offset) or its descriptor's fields in
// llvmcommon's order (allocated pointer, aligned pointer, offset, sizes,
// strides; both pointers at the buffer's start, the offset in elements); an
// index becomes the kernel's integer (i64, or i32 under index-bitwidth=32),
// and other scalars pass as they are; a TMA descriptor (!nvgpu.tensormap.descriptor)
// becomes the pointer to its 128-byte image, the kernel's `!llvm.ptr
// {llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}` parameter. Which convention the kernel uses is
// read off its parameter count. Threads then run exactly as for gpu.func
// kernels (gpu.go).

// launchArg says how one launch operand becomes kernel arguments.
type launchArg struct {
	slot int
	kind slotKind
	// memref operands: bare pointer, or descriptor of rank with index
	// fields of width iw; scalars: the parameter's width.
	bare  bool
	rank  int
	width int
}

func compileLLVMLaunchFunc(c *Compiler, op, kop *ir.Operation, sizes launchSizes) (Compiled, error) {
	if llvm.IsExternal(kop) {
		return Compiled{}, op.Errorf("launches '%s', an external llvm.func without a body", ir.SymbolNameOf(kop))
	}
	_, ft, err := llvmFuncOp(kop)
	if err != nil {
		return Compiled{}, err
	}
	params := ft.Inputs
	operands := gpu.KernelOperands(op)
	// Under the bare-pointer convention each memref is one parameter.
	expanded := 0
	for _, v := range operands {
		if mt, ok := v.Type().(*ir.MemRefType); ok {
			expanded += 3 + 2*len(mt.Dims)
		} else {
			expanded++
		}
	}
	bare := len(params) == len(operands)
	if !bare && len(params) != expanded {
		return Compiled{}, op.Errorf("passes %d operands to '%s', whose %d parameters match neither bare pointers nor expanded memref descriptors",
			len(operands), ir.SymbolNameOf(kop), len(params))
	}
	var plan []launchArg
	p := 0
	for i, v := range operands {
		a := launchArg{slot: c.Slot(v), kind: kindOf(v.Type())}
		bad := func() (Compiled, error) {
			return Compiled{}, op.Errorf("kernel operand #%d of type %s does not match the parameters of '%s' (%s)",
				i, v.Type(), ir.SymbolNameOf(kop), llvm.FuncType(kop))
		}
		switch t := v.Type().(type) {
		case *ir.MemRefType:
			a.bare, a.rank = bare, len(t.Dims)
			if _, ok := params[p].(*llvm.PointerType); !ok {
				return bad()
			}
			if !bare {
				if _, ok := params[p+1].(*llvm.PointerType); !ok {
					return bad()
				}
				if a.width, err = intWidth(op, params[p+2]); err != nil {
					return bad()
				}
				p += 3 + 2*a.rank
			} else {
				p++
			}
		default:
			if a.kind == kindScalar {
				if ir.IsIntOrIndex(t) {
					if a.width, err = intWidth(op, params[p]); err != nil {
						return bad()
					}
				} else if params[p] != t {
					return bad()
				}
			} else if _, isTM := t.(*nvgpu.TensorMapDescriptorType); isTM {
				// A TMA descriptor reaches the kernel as the pointer to
				// its image (tma.go).
				if _, ok := params[p].(*llvm.PointerType); !ok {
					return bad()
				}
			} else if params[p] != t {
				return bad()
			}
			p++
		}
		plan = append(plan, a)
	}
	kc := &Compiler{m: c.m, slots: map[*ir.Value]int{}}
	k := &gpuKernel{op: kop}
	k.args = kc.Slots(kop.Region(0).Front().Arguments())
	if k.body, err = kc.Region(kop.Region(0)); err != nil {
		return Compiled{}, err
	}
	k.collective, k.async = kc.collective, kc.async
	k.fn = &Func{Name: ir.SymbolNameOf(kop), Op: kop, Type: ft, Body: k.body, Slots: len(kc.kinds), kinds: kc.kinds, args: k.args}
	return Compiled{Exec: func(fr *Frame) error {
		g, b, cl, err := readSizes(fr, op, sizes)
		if err != nil {
			return err
		}
		vals := make([]kernelArg, 0, len(params))
		for i, a := range plan {
			switch a.kind {
			case kindMemRef:
				m := fr.M[a.slot]
				switch {
				case m == nil:
					return runtimeError(op, "kernel operand #%d is a null memref", i)
				case m.layout != nil:
					return unsupported(op, "passing a memref with a non-strided layout to an llvm kernel")
				case m.Buf.workgroup != nil:
					return unsupported(op, "passing the host's instance of a workgroup global to an llvm kernel")
				}
				if a.bare {
					vals = append(vals, kernelArg{kind: kindObject, o: PointerTo(m)})
					continue
				}
				mask := widthMask(a.width)
				vals = append(vals, kernelArg{kind: kindObject, o: Pointer{Buf: m.Buf}}, kernelArg{kind: kindObject, o: Pointer{Buf: m.Buf}},
					kernelArg{kind: kindScalar, s: uint64(m.Offset) & mask})
				for _, d := range m.Sizes {
					vals = append(vals, kernelArg{kind: kindScalar, s: uint64(d) & mask})
				}
				for _, d := range m.Strides {
					vals = append(vals, kernelArg{kind: kindScalar, s: uint64(d) & mask})
				}
			case kindScalar:
				s := fr.S[a.slot]
				if a.width > 0 {
					s &= widthMask(a.width)
				}
				vals = append(vals, kernelArg{kind: kindScalar, s: s})
			default:
				o := fr.O[a.slot]
				if tm, ok := o.(*TensorMap); ok {
					o = tm.Image()
				}
				vals = append(vals, kernelArg{kind: kindObject, o: o})
			}
		}
		return k.launch(fr, op, g, b, cl, sizes.dynamicShared(fr), vals)
	}}, nil
}
