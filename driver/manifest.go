package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/runtime/cuda"
)

// KernelManifest describes the kernels of a compiled module for a runtime
// that launches them (goopt compile writes it as the JSON sidecar next to
// the PTX): which entry to call, with which parameters in which order,
// on which grid, with how much shared memory.
type KernelManifest struct {
	// Format names this layout ("goopt-kernels/1").
	Format string `json:"format"`
	// Module is the gpu.module the artifact holds.
	Module  string       `json:"module"`
	Kernels []KernelInfo `json:"kernels"`
}

// KernelInfo is one launch of a kernel by a host function.
type KernelInfo struct {
	// Name is the kernel's entry name in the PTX.
	Name string `json:"name"`
	// HostFunction is the function that launches it.
	HostFunction string `json:"host_function"`
	// Grid and Block are the launch dimensions; 0 marks one that is not a
	// constant of the host function (computed at run time).
	Grid  [3]int64 `json:"grid"`
	Block [3]int64 `json:"block"`
	// StaticSharedBytes is the size of the kernel module's shared-memory
	// globals; DynamicSharedBytes the launch's dynamic shared memory (-1
	// when not a constant).
	StaticSharedBytes  int64 `json:"static_shared_bytes"`
	DynamicSharedBytes int64 `json:"dynamic_shared_bytes"`
	// Cluster is the launch's thread block cluster shape (gpu.launch
	// `clusters(...)`), absent without clusters; 0 marks a size that is not
	// a constant.
	Cluster *[3]int64 `json:"cluster,omitempty"`
	// Params are the kernel's parameters in order.
	Params []KernelParam `json:"params"`
	// WorkspaceBytes is the device memory the host function allocates
	// for its own use (memref.alloc: e.g. an operand copied into rows
	// TMA can address), shared by all its launches: a runtime allocates
	// it once before the host function's first launch and frees it after
	// the last. "workspace" parameters point into it.
	WorkspaceBytes int64 `json:"workspace_bytes,omitempty"`
}

// KernelParam is one kernel parameter and where its value comes from.
type KernelParam struct {
	// Type is its llvm dialect type ("!llvm.ptr", "i64").
	Type string `json:"type"`
	// Source is "arg" (HostArg-th argument of the host function),
	// "constant" (Value), "tensormap" (a TMA descriptor of the memref
	// HostArg, described by TensorMap, passed by value: 128 bytes) or
	// "computed" (by the host function at run time), or "workspace" (a
	// buffer the host function allocates, at byte WorkspaceOffset of
	// KernelInfo's workspace). A "tensormap" describes the memref HostArg
	// or, with WorkspaceOffset, the workspace buffer there.
	Source          string `json:"source"`
	HostArg         *int   `json:"host_arg,omitempty"`
	WorkspaceOffset *int64 `json:"workspace_offset,omitempty"`
	Value           *int64 `json:"value,omitempty"`
	// MemRef is the memref type the parameter carries (a pointer to its
	// data, or a field of its descriptor: Field).
	MemRef string `json:"memref,omitempty"`
	Field  string `json:"field,omitempty"`
	// TensorMap describes a "tensormap" parameter.
	TensorMap *TensorMapParam `json:"tensormap,omitempty"`
}

// Source kinds of KernelParam.
const (
	SourceArg       = "arg"
	SourceConstant  = "constant"
	SourceTensorMap = "tensormap"
	SourceComputed  = "computed"
	SourceWorkspace = "workspace"
)

// workspaceAlign is the alignment of each buffer in a workspace: what a
// device allocation has (cuMemAlloc), so that a buffer's accesses and
// TMA maps see the alignment they would in an allocation of their own.
const workspaceAlign = 256

// TensorMapParam is what a runtime needs to encode a TMA descriptor
// (cuTensorMapEncodeTiled) for a host memref argument at launch, once its
// device address is known. Dimensions are in CUDA's order, innermost
// first: a row-major memref<MxNxf16> has GlobalDims [N, M] and
// GlobalStrides [2N].
type TensorMapParam struct {
	// ElementType is the memref's element type ("f16").
	ElementType string `json:"element_type"`
	// GlobalDims are the memref's sizes, GlobalStrides the byte strides
	// of all but the innermost (contiguous) dimension.
	GlobalDims    []int64 `json:"global_dims"`
	GlobalStrides []int64 `json:"global_strides"`
	// BoxDims are the sizes of the box one TMA copy moves.
	BoxDims []int64 `json:"box_dims"`
	// Swizzle is "none", "32B", "64B" or "128B"; L2Promo "none", "64B",
	// "128B" or "256B"; OOB "zero" or "nan"; Interleave "none", "16B" or
	// "32B" (nvgpu's spellings without their prefixes).
	Swizzle    string `json:"swizzle"`
	L2Promo    string `json:"l2promo"`
	OOB        string `json:"oob"`
	Interleave string `json:"interleave"`
}

// tensorElemTypes maps element types to CUtensorMapDataType.
var tensorElemTypes = map[string]cuda.TensorDataType{
	"i8": cuda.TensorUint8, "ui8": cuda.TensorUint8, "si8": cuda.TensorUint8,
	"i16": cuda.TensorUint16, "ui16": cuda.TensorUint16,
	"i32": cuda.TensorInt32, "si32": cuda.TensorInt32, "ui32": cuda.TensorUint32,
	"i64": cuda.TensorInt64, "si64": cuda.TensorInt64, "ui64": cuda.TensorUint64,
	"f16": cuda.TensorFloat16, "bf16": cuda.TensorBFloat16, "f32": cuda.TensorFloat32,
	"f64": cuda.TensorFloat64, "tf32": cuda.TensorTFloat32,
}

var (
	swizzleModes    = map[string]cuda.Swizzle{"none": cuda.SwizzleNone, "32B": cuda.Swizzle32B, "64B": cuda.Swizzle64B, "128B": cuda.Swizzle128B}
	l2PromoModes    = map[string]cuda.L2Promotion{"none": cuda.L2PromotionNone, "64B": cuda.L2Promotion64B, "128B": cuda.L2Promotion128B, "256B": cuda.L2Promotion256B}
	oobModes        = map[string]cuda.OOBFill{"zero": cuda.OOBFillZero, "nan": cuda.OOBFillNaNRequestZeroFMA}
	interleaveModes = map[string]cuda.Interleave{"none": cuda.InterleaveNone, "16B": cuda.Interleave16B, "32B": cuda.Interleave32B}
)

// tmaCreateDescriptor is the host op that makes a TMA descriptor.
const tmaCreateDescriptor = "nvgpu.tma.create.descriptor"

// tensorMapCheckAddress stands in for a device address when a
// description is checked before the tensor is on the device: device
// allocations are at least 256-byte aligned.
const tensorMapCheckAddress cuda.DevicePtr = 1 << 20

// Desc is the descriptor to encode for the tensor at global, checked
// (cuda.TiledDesc.Validate) so that a manifest the driver would refuse
// is an error naming the field.
func (t *TensorMapParam) Desc(global cuda.DevicePtr) (cuda.TiledDesc, error) {
	d := cuda.TiledDesc{GlobalAddress: global}
	var ok bool
	if d.DataType, ok = tensorElemTypes[t.ElementType]; !ok {
		return d, fmt.Errorf("element type '%s' has no TMA data type", t.ElementType)
	}
	if d.Swizzle, ok = swizzleModes[t.Swizzle]; !ok {
		return d, fmt.Errorf("unknown swizzle '%s'", t.Swizzle)
	}
	if d.L2Promotion, ok = l2PromoModes[t.L2Promo]; !ok {
		return d, fmt.Errorf("unknown l2promo '%s'", t.L2Promo)
	}
	if d.OOBFill, ok = oobModes[t.OOB]; !ok {
		return d, fmt.Errorf("unknown oob '%s'", t.OOB)
	}
	if d.Interleave, ok = interleaveModes[t.Interleave]; !ok {
		return d, fmt.Errorf("unknown interleave '%s'", t.Interleave)
	}
	for _, n := range t.GlobalDims {
		if n <= 0 {
			return d, fmt.Errorf("global dimension %d is not positive", n)
		}
		d.GlobalDims = append(d.GlobalDims, uint64(n))
	}
	for _, s := range t.GlobalStrides {
		if s <= 0 {
			return d, fmt.Errorf("global stride %d is not positive", s)
		}
		d.GlobalStrides = append(d.GlobalStrides, uint64(s))
	}
	for _, b := range t.BoxDims {
		if b <= 0 || b > math.MaxUint32 {
			return d, fmt.Errorf("box dimension %d is out of range", b)
		}
		d.BoxDims = append(d.BoxDims, uint32(b))
	}
	return d, d.Validate()
}

// Manifest describes the gpu.launch_func ops of module m and the kernels
// they launch in gpu.module name (the only one when name is empty); memref
// operands were passed as bare pointers (barePtr) or expanded descriptors.
func Manifest(m *ir.Operation, name string, barePtr bool) (*KernelManifest, error) {
	gm, err := pickGPUModule(m, name)
	if err != nil {
		return nil, err
	}
	syms := ir.NewSymbolTable(gm)
	man := &KernelManifest{Format: "goopt-kernels/1", Module: ir.SymbolNameOf(gm), Kernels: []KernelInfo{}}
	shared := sharedBytes(gm)
	spaces := map[*ir.Operation]*workspace{}
	var ferr error
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() != "gpu.launch_func" || ferr != nil {
			return
		}
		ref, _ := op.Attr("kernel").(*ir.SymbolRefAttr)
		if ref == nil || ref.Root != man.Module || len(ref.Nested) != 1 {
			return
		}
		kernel := syms.Lookup(ref.Nested[0])
		if kernel == nil || kernel.Name() != "llvm.func" {
			ferr = ir.Errorf(op.Loc(), "kernel '%s' was not lowered to an llvm.func", ref)
			return
		}
		k := KernelInfo{Name: ref.Nested[0], StaticSharedBytes: shared, DynamicSharedBytes: 0}
		var ws *workspace
		if fn := op.ParentOfName("func.func"); fn != nil {
			k.HostFunction = ir.SymbolNameOf(fn)
			if ws = spaces[fn]; ws == nil {
				ws = workspaceOf(fn)
				spaces[fn] = ws
			}
			k.WorkspaceBytes = ws.bytes
		}
		for d, xyz := range []string{"X", "Y", "Z"} {
			k.Grid[d] = constantOrZero(op.NamedOperand("gridSize" + xyz))
			k.Block[d] = constantOrZero(op.NamedOperand("blockSize" + xyz))
		}
		if op.NamedOperand("clusterSizeX") != nil {
			k.Cluster = new([3]int64)
			for d, xyz := range []string{"X", "Y", "Z"} {
				k.Cluster[d] = constantOrZero(op.NamedOperand("clusterSize" + xyz))
			}
		}
		if v := op.NamedOperand("dynamicSharedMemorySize"); v != nil {
			if c, ok := constantValue(v); ok {
				k.DynamicSharedBytes = c
			} else {
				k.DynamicSharedBytes = -1
			}
		}
		params, err := kernelParams(op, kernel, barePtr, ws)
		if err != nil {
			ferr = err
			return
		}
		k.Params = params
		man.Kernels = append(man.Kernels, k)
	})
	if ferr != nil {
		return nil, ferr
	}
	return man, nil
}

func pickGPUModule(m *ir.Operation, name string) (*ir.Operation, error) {
	var mods []*ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "gpu.module" && (name == "" || ir.SymbolNameOf(op) == name) {
			mods = append(mods, op)
		}
	})
	switch {
	case len(mods) == 1:
		return mods[0], nil
	case len(mods) == 0 && name != "":
		return nil, ir.Errorf(m.Loc(), "no gpu.module named '%s'", name)
	case len(mods) == 0:
		return nil, ir.Errorf(m.Loc(), "nothing to compile: no GPU kernel after the mapping pipeline (is the input an affine matmul, or already mapped to gpu.launch?)")
	}
	return nil, ir.Errorf(m.Loc(), "the module has %d gpu.modules: choose one with --gpu-module", len(mods))
}

// kernelParams maps the launch's kernel operands onto the kernel's
// parameters: a memref operand takes one pointer (bare-pointer convention)
// or its expanded descriptor, any other operand one parameter.
func kernelParams(launch, kernel *ir.Operation, barePtr bool, ws *workspace) ([]KernelParam, error) {
	ft := llvm.FuncType(kernel)
	if ft == nil {
		return nil, ir.Errorf(kernel.Loc(), "kernel has no function type")
	}
	params := ft.Params
	var out []KernelParam
	next := 0
	for _, v := range launch.NamedOperands("kernelOperands") {
		if dt, ok := v.Type().(*nvgpu.TensorMapDescriptorType); ok {
			// One by-value parameter: the 128-byte CUtensorMap.
			p, err := tensorMapSource(v, dt, ws)
			if err != nil {
				return nil, err
			}
			if next >= len(params) {
				return nil, ir.Errorf(launch.Loc(), "the launch passes more values than kernel '%s' takes", ir.SymbolNameOf(kernel))
			}
			if _, isPtr := params[next].(*llvm.PointerType); !isPtr {
				return nil, ir.Errorf(launch.Loc(), "kernel '%s' takes the TMA descriptor as %s: expected a by-value '!llvm.ptr' (is the kernel lowered with convert-nvgpu-to-nvvm?)", ir.SymbolNameOf(kernel), params[next])
			}
			p.Type = params[next].String()
			out = append(out, p)
			next++
			continue
		}
		src := ws.sourceOf(v)
		mt, isMem := v.Type().(*ir.MemRefType)
		n := 1
		fields := []string{""}
		if isMem {
			if barePtr {
				fields = []string{"data"}
			} else {
				r := len(mt.Dims)
				fields = []string{"allocated", "aligned", "offset"}
				for i := 0; i < r; i++ {
					fields = append(fields, fmt.Sprintf("size%d", i))
				}
				for i := 0; i < r; i++ {
					fields = append(fields, fmt.Sprintf("stride%d", i))
				}
				n = len(fields)
			}
		}
		if next+n > len(params) {
			return nil, ir.Errorf(launch.Loc(), "the launch passes more values than kernel '%s' takes", ir.SymbolNameOf(kernel))
		}
		for i := 0; i < n; i++ {
			p := src
			p.Type = params[next+i].String()
			if isMem {
				p.MemRef, p.Field = mt.String(), fields[i]
			}
			out = append(out, p)
		}
		next += n
	}
	if next != len(params) {
		return nil, ir.Errorf(launch.Loc(), "the launch passes %d values for the %d parameters of kernel '%s'", next, len(params), ir.SymbolNameOf(kernel))
	}
	return out, nil
}

// Names of the nvgpu modes in the manifest, indexed by their CUDA enum
// values (nvgpu's Code).
var (
	swizzleNames    = []string{"none", "32B", "64B", "128B"}
	l2PromoNames    = []string{"none", "64B", "128B", "256B"}
	oobNames        = []string{"zero", "nan"}
	interleaveNames = []string{"none", "16B", "32B"}
)

func modeName(names []string, code int) string {
	if code < 0 || code >= len(names) {
		return "unknown"
	}
	return names[code]
}

// tensorMapSource describes a TMA descriptor passed to a kernel. goopt
// encodes descriptors when it launches, from the device buffer of a host
// argument or of the workspace, so v must be an
// nvgpu.tma.create.descriptor of a host function argument or a buffer
// the host function allocates (workspace), possibly through memref.cast
// and a memref.subview at offset 0 with unit strides (a view with the
// buffer's row stride and a smaller extent: a padded operand), with
// constant box sizes; anything else is a located error.
func tensorMapSource(v *ir.Value, dt *nvgpu.TensorMapDescriptorType, ws *workspace) (KernelParam, error) {
	def := v.DefiningOp()
	if def == nil || def.Name() != tmaCreateDescriptor {
		loc := ir.Location(ir.Unknown)
		if def != nil {
			loc = def.Loc()
		} else if b := v.OwnerBlock(); b != nil && b.ParentOp() != nil {
			loc = b.ParentOp().Loc()
		}
		return KernelParam{}, ir.Errorf(loc, "a TMA descriptor passed to a kernel must be made on the host by '%s' (goopt encodes it at launch)", tmaCreateDescriptor)
	}
	op := "'" + tmaCreateDescriptor + "' op "
	src := def.Operand(0)
	var view *ir.MemRefType // the described shape and strides
	for d := src.DefiningOp(); d != nil; d = src.DefiningOp() {
		if d.Name() == "memref.subview" && view == nil {
			if !zeroOffsetUnitStrides(d) {
				return KernelParam{}, ir.Errorf(def.Loc(), "%sdescribes a subview that is not at offset 0 with unit strides: goopt describes views of a buffer's leading part only", op)
			}
			view, _ = d.Result(0).Type().(*ir.MemRefType)
		} else if d.Name() != "memref.cast" {
			break
		}
		src = d.Operand(0)
	}
	p := ws.sourceOf(src)
	if p.Source != SourceArg && p.Source != SourceWorkspace {
		return KernelParam{}, ir.Errorf(def.Loc(), "%sdescribes a tensor computed on the host: goopt builds TMA descriptors only of host function arguments and buffers it allocates (through memref.cast and memref.subview)", op)
	}
	mt, ok := src.Type().(*ir.MemRefType)
	if !ok || mt.Layout != nil || !mt.HasStaticShape() {
		what := "a buffer"
		if p.HostArg != nil {
			what = fmt.Sprintf("argument %d", *p.HostArg)
		}
		return KernelParam{}, ir.Errorf(def.Loc(), "%sdescribes %s of type %s: goopt builds TMA descriptors of statically shaped memrefs with the identity layout", op, what, src.Type())
	}
	strides := memref.CanonicalStrides(mt.Dims)
	if view != nil {
		var off int64
		strides, off, ok = memref.StridesAndOffset(view)
		if !ok || off != 0 || !view.HasStaticShape() || len(view.Dims) != len(mt.Dims) || strides[len(strides)-1] != 1 {
			return KernelParam{}, ir.Errorf(def.Loc(), "%sdescribes a view of type %s: goopt builds TMA descriptors of static, row-major views at offset 0", op, view)
		}
		mt = view
	}
	box := def.Operands()[1:]
	if len(box) != len(mt.Dims) {
		return KernelParam{}, ir.Errorf(def.Loc(), "%shas %d box sizes for the rank-%d tensor %s", op, len(box), len(mt.Dims), mt)
	}
	elem := mt.Elem.String()
	if _, ok := tensorElemTypes[elem]; !ok {
		return KernelParam{}, ir.Errorf(def.Loc(), "%sdescribes a tensor of %s: TMA has no such data type", op, elem)
	}
	esize := int64(ir.BitWidth(mt.Elem)+7) / 8
	t := &TensorMapParam{ElementType: elem, Swizzle: modeName(swizzleNames, dt.Swizzle.Code()),
		L2Promo: modeName(l2PromoNames, dt.L2Promo.Code()), OOB: modeName(oobNames, dt.OOB.Code()),
		Interleave: modeName(interleaveNames, dt.Interleave.Code())}
	// memref dimensions are outermost first, CUDA's innermost first; the
	// innermost is contiguous (stride 1), the others' byte strides are
	// the view's.
	for i := len(mt.Dims) - 1; i >= 0; i-- {
		c, ok := constantValue(box[i])
		if !ok {
			return KernelParam{}, ir.Errorf(def.Loc(), "%shas a dynamic box size (box dimension %d): goopt needs constant box sizes to describe the kernel's TMA descriptor", op, i)
		}
		t.BoxDims = append(t.BoxDims, c)
		t.GlobalDims = append(t.GlobalDims, mt.Dims[i])
		if i < len(mt.Dims)-1 {
			t.GlobalStrides = append(t.GlobalStrides, strides[i]*esize)
		}
	}
	// What the driver would refuse is an error here, at the op.
	if _, err := t.Desc(tensorMapCheckAddress); err != nil {
		return KernelParam{}, ir.Errorf(def.Loc(), "%sdescribes a TMA descriptor CUDA cannot encode: %v", op, err)
	}
	p.Source, p.MemRef, p.TensorMap = SourceTensorMap, mt.String(), t
	return p, nil
}

// zeroOffsetUnitStrides reports whether a memref.subview has static
// offsets 0 and strides 1 (its static_offsets and static_strides).
func zeroOffsetUnitStrides(sv *ir.Operation) bool {
	for _, name := range []string{"static_offsets", "static_strides"} {
		a, ok := sv.Attr(name).(*ir.DenseArrayAttr)
		if !ok {
			return false
		}
		want := int64(0)
		if name == "static_strides" {
			want = 1
		}
		for _, x := range a.Ints {
			if x != want {
				return false
			}
		}
	}
	return true
}

// workspace is the layout of the buffers a host function allocates
// (memref.alloc of static shape and identity layout) in the one device
// allocation a runtime makes for them, each at a multiple of
// workspaceAlign bytes, in the order of the allocs.
type workspace struct {
	offsets map[*ir.Operation]int64
	bytes   int64
}

func workspaceOf(fn *ir.Operation) *workspace {
	ws := &workspace{offsets: map[*ir.Operation]int64{}}
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() != "memref.alloc" || op.NumOperands() != 0 {
			return
		}
		mt, ok := op.Result(0).Type().(*ir.MemRefType)
		if !ok || mt.Layout != nil || !mt.HasStaticShape() || mt.MemorySpace != nil {
			return
		}
		n := int64(ir.BitWidth(mt.Elem)+7) / 8
		for _, d := range mt.Dims {
			n *= d
		}
		ws.offsets[op] = ws.bytes
		ws.bytes += (n + workspaceAlign - 1) / workspaceAlign * workspaceAlign
	})
	return ws
}

// sourceOf says where a host value comes from: sourceOf's answer, or a
// buffer of the workspace.
func (ws *workspace) sourceOf(v *ir.Value) KernelParam {
	if d := v.DefiningOp(); d != nil && ws != nil {
		if off, ok := ws.offsets[d]; ok {
			return KernelParam{Source: SourceWorkspace, WorkspaceOffset: &off}
		}
	}
	return sourceOf(v)
}

// sourceOf says where a host value comes from.
func sourceOf(v *ir.Value) KernelParam {
	if v.IsBlockArgument() {
		if b := v.OwnerBlock(); b != nil && b.IsEntry() && b.ParentOp() != nil && b.ParentOp().Name() == "func.func" {
			i := v.Index()
			return KernelParam{Source: "arg", HostArg: &i}
		}
	}
	if c, ok := constantValue(v); ok {
		return KernelParam{Source: "constant", Value: &c}
	}
	return KernelParam{Source: "computed"}
}

func constantValue(v *ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

func constantOrZero(v *ir.Value) int64 {
	if v == nil {
		return 1
	}
	c, _ := constantValue(v)
	return c
}

// sharedBytes sums the shared-memory (address space 3) globals of a
// module, each at its alignment.
func sharedBytes(gm *ir.Operation) int64 {
	var total int64
	ir.WalkOps(gm, func(op *ir.Operation) {
		if op.Name() != "llvm.mlir.global" || llvm.AddrSpace(op) != 3 {
			return
		}
		align := int64(1)
		if a, ok := op.Attr("alignment").(*ir.IntegerAttr); ok && a.Int() > 0 {
			align = a.Int()
		}
		size, _ := llvm.AllocSize(llvm.GlobalType(op)) // verified globals have a layout
		total = llvm.AlignTo(total, align) + size
	})
	return total
}

// JSON encodes the manifest as goopt compile writes it (indented, with
// types such as memref<4xf32> unescaped).
func (m *KernelManifest) JSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
