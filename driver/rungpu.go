package driver

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/runtime/cuda"
)

// GPU is what `goopt run --device=gpu` needs of a device; *cuda.Device
// provides it through OpenCUDA, and tests plug in a fake.
type GPU interface {
	Alloc(bytes int) (cuda.DevicePtr, error)
	Free(p cuda.DevicePtr) error
	CopyToDevice(dst cuda.DevicePtr, src []byte) error
	CopyFromDevice(dst []byte, src cuda.DevicePtr) error
	// LoadKernels JIT-loads PTX; launches then name kernels by entry name.
	LoadKernels(ptx string) error
	// Launch launches a kernel (with clusters when cfg.Cluster is set;
	// cfg.Stream is ignored). args are cuda.Device.Launch's: device
	// pointers, scalars, and cuda.TensorMap passed by value.
	Launch(kernel string, cfg cuda.LaunchConfig, args ...any) error
	// EncodeTiled encodes a TMA descriptor (cuTensorMapEncodeTiled).
	EncodeTiled(d cuda.TiledDesc) (cuda.TensorMap, error)
	Synchronize() error
	Close() error
}

// OpenCUDA opens CUDA device 0 as a GPU.
func OpenCUDA() (GPU, error) {
	dev, err := cuda.Open(0)
	if err != nil {
		return nil, err
	}
	return &cudaGPU{Device: dev}, nil
}

// cudaGPU adapts *cuda.Device to GPU, holding the loaded module.
type cudaGPU struct {
	*cuda.Device
	mod   *cuda.Module
	funcs map[string]*cuda.Function
}

func (g *cudaGPU) LoadKernels(ptx string) error {
	mod, err := g.LoadPTX(ptx)
	if err != nil {
		return err
	}
	g.mod, g.funcs = mod, map[string]*cuda.Function{}
	return nil
}

// Launch launches on the default stream; cuda.Device.LaunchEx raises the
// kernel's dynamic shared memory limit above the default 48 KiB and allows
// non-portable cluster sizes as the launch needs.
func (g *cudaGPU) Launch(kernel string, cfg cuda.LaunchConfig, args ...any) error {
	f := g.funcs[kernel]
	if f == nil {
		var err error
		if f, err = g.mod.Function(kernel); err != nil {
			return err
		}
		g.funcs[kernel] = f
	}
	cfg.Stream = nil
	return g.Device.LaunchEx(f, cfg, args...)
}

// gpuLaunch is one kernel launch of the entry function, ready to go.
type gpuLaunch struct {
	kernel string
	cfg    cuda.LaunchConfig
	params []gpuParam
}

// gpuParam is a kernel parameter: the device address of the memref
// argument memref (or, with tensorMap, a TMA descriptor of it), the
// scalar argument scalar as llvm type typ, or value.
type gpuParam struct {
	memref, scalar int // -1: not this kind
	typ            string
	value          any
	tensorMap      *TensorMapParam
	// workspace, when not nil, is the byte offset in the host function's
	// workspace of the buffer the parameter points to (or, with
	// tensorMap, describes); memref is then -1.
	workspace *int64
}

// parseEntry parses the module Run runs and finds its entry function.
func parseEntry(o RunOptions, filename string, src []byte) (module, entry *ir.Operation, err error) {
	if module, err = parseModule(o, filename, src); err != nil {
		return nil, nil, err
	}
	if entry, err = entryFunction(module, filename, o.Entry); err != nil {
		return nil, nil, err
	}
	return module, entry, nil
}

// runGPU is Run's flow on a GPU: open the device, compile the module,
// check that the entry function's host code is only kernel launches the
// manifest can describe, then copy the memref arguments in, launch each
// kernel in order and copy them back.
func runGPU(ctx context.Context, src []byte, filename string, o RunOptions, gpu GPU) (RunResult, error) {
	var res RunResult
	_, entry, err := parseEntry(o, filename, src)
	if err != nil {
		return res, err
	}
	res.Entry, res.Device = ir.SymbolNameOf(entry), DeviceGPU
	ft := entryType(entry)
	if ft == nil {
		return res, diagf(entry.Loc(), "'%s' has no function type", res.Entry)
	}
	co := o.Compile
	co.Emit, co.NewContext = EmitMLIR, o.NewContext
	compiled, diags := Compile(ctx, src, filename, co)
	if diags != nil {
		return res, diags
	}
	launches, wsBytes, err := planLaunches(compiled, res.Entry, ft)
	if err != nil {
		return res, err
	}
	ptx := o.PTX
	if ptx == "" {
		m, err := nvptx.Translate(compiled.Module, nvptx.TranslateOptions{GPUModule: compiled.Kernels.Module})
		if err != nil {
			return res, ir.DiagList(ir.Diagnostics(err))
		}
		if ptx, err = nvptx.PTX(ctx, m.String(), co.Codegen); err != nil {
			return res, err
		}
	}
	if err := gpu.LoadKernels(ptx); err != nil {
		return res, err
	}
	exec := func(args []interp.Value) error {
		return execLaunches(ctx, gpu, entry, res.Entry, launches, wsBytes, args, co.IndexBitwidth)
	}
	if o.CheckEquiv != nil {
		return checkEquivGPU(ctx, o, res, ft, exec)
	}
	args, err := makeArgs(entry, ft, o)
	if err != nil {
		return res, err
	}
	if err := exec(args); err != nil {
		return res, err
	}
	res.Args = args
	return res, nil
}

// execLaunches runs the planned launches on args: the memref arguments go
// to the device whole, the kernels write results through them, and they
// come back into args.
func execLaunches(ctx context.Context, gpu GPU, entry *ir.Operation, name string, launches []gpuLaunch, wsBytes int64, args []interp.Value, indexBits int) (err error) {
	ptrs := make([]cuda.DevicePtr, len(args))
	var ws cuda.DevicePtr // the host function's own buffers
	defer func() {
		for _, p := range append(ptrs, ws) {
			if p != 0 {
				gpu.Free(p)
			}
		}
	}()
	if wsBytes > 0 {
		if ws, err = gpu.Alloc(int(wsBytes)); err != nil {
			return err
		}
	}
	for i, a := range args {
		if a.Ref == nil {
			continue
		}
		data := memrefBytes(a.Ref, indexBits)
		if len(data) == 0 {
			continue
		}
		if ptrs[i], err = gpu.Alloc(len(data)); err != nil {
			return err
		}
		if err := gpu.CopyToDevice(ptrs[i], data); err != nil {
			return err
		}
	}
	for _, l := range launches {
		if err := ctx.Err(); err != nil {
			return err
		}
		vals := make([]any, len(l.params))
		for i, p := range l.params {
			switch {
			case p.tensorMap != nil:
				// Encoded at each launch: the descriptor holds the device
				// address of this call's buffer.
				base := ws
				if p.workspace != nil {
					base += cuda.DevicePtr(*p.workspace)
				} else {
					base = ptrs[p.memref]
				}
				d, err := p.tensorMap.Desc(base)
				if err != nil {
					return diagf(entry.Loc(), "TMA descriptor of argument %d of '%s': %v", p.memref, name, err)
				}
				if vals[i], err = gpu.EncodeTiled(d); err != nil {
					return diagf(entry.Loc(), "TMA descriptor of argument %d of '%s': %v", p.memref, name, err)
				}
			case p.workspace != nil:
				vals[i] = ws + cuda.DevicePtr(*p.workspace)
			case p.memref >= 0:
				vals[i] = ptrs[p.memref]
			case p.scalar >= 0:
				if vals[i], err = scalarArgParam(p.typ, args[p.scalar]); err != nil {
					return diagf(entry.Loc(), "argument %d of '%s': %v", p.scalar, name, err)
				}
			default:
				vals[i] = p.value
			}
		}
		if err := gpu.Launch(l.kernel, l.cfg, vals...); err != nil {
			return err
		}
	}
	if err := gpu.Synchronize(); err != nil {
		return err
	}
	for i, a := range args {
		if a.Ref == nil || ptrs[i] == 0 {
			continue
		}
		data := make([]byte, len(memrefBytes(a.Ref, indexBits)))
		if err := gpu.CopyFromDevice(data, ptrs[i]); err != nil {
			return err
		}
		if err := setMemrefBytes(a.Ref, data, indexBits); err != nil {
			return err
		}
	}
	return nil
}

func entryType(entry *ir.Operation) *ir.FunctionType {
	ta, _ := entry.Attr("function_type").(*ir.TypeAttr)
	if ta == nil {
		return nil
	}
	ft, _ := ta.Value.(*ir.FunctionType)
	return ft
}

// planLaunches checks that the lowered entry function is nothing but
// constants and kernel launches (then a return of no values), and turns
// the manifest's description of each launch into values to pass. Other
// host code would need a host-side executor: it is a located error.
func planLaunches(c *CompileResult, entry string, ft *ir.FunctionType) ([]gpuLaunch, int64, error) {
	host := ir.NewSymbolTable(c.Module).Lookup(entry)
	if host == nil || host.NumRegions() == 0 || host.Region(0).Empty() {
		return nil, 0, diagf(c.Module.Loc(), "the compiled module has no function '%s'", entry)
	}
	var diags ir.DiagList
	var launchOps []*ir.Operation
	body := host.Region(0)
	if len(body.Blocks()) != 1 {
		diags = append(diags, ir.Errorf(host.Loc(), "'%s' has control flow on the host: goopt run --device=gpu runs host functions that only launch kernels (use --device=interp)", entry))
	}
	for _, b := range body.Blocks() {
		for _, op := range b.Ops() {
			switch {
			case op.HasTrait(ir.ConstantLike):
			case op.Name() == "memref.cast", op.Name() == "memref.subview", op.Name() == tmaCreateDescriptor:
				// The TMA descriptors of host arguments and buffers: the
				// manifest describes them, and execLaunches encodes them.
			case op.Name() == "memref.alloc", op.Name() == "memref.dealloc":
				// The host function's buffers: the manifest's workspace,
				// allocated before the first launch and freed after the
				// last (an alloc it cannot place is a parameter error).
			case op.Name() == "gpu.launch_func":
				launchOps = append(launchOps, op)
			case op.Name() == "func.return" && op.NumOperands() == 0:
			case op.Name() == "func.return":
				diags = append(diags, ir.Errorf(op.Loc(), "'func.return' op: goopt run --device=gpu cannot return values from the host function (use --device=interp)"))
			default:
				diags = append(diags, ir.Errorf(op.Loc(), "'%s' op: goopt run --device=gpu runs host functions that only launch kernels; this op would need host execution (use --device=interp)", op.Name()))
			}
		}
	}
	var kernels []KernelInfo
	for _, k := range c.Kernels.Kernels {
		if k.HostFunction == entry {
			kernels = append(kernels, k)
		}
	}
	if len(kernels) != len(launchOps) {
		if len(diags) == 0 {
			diags = append(diags, ir.Errorf(host.Loc(), "'%s' launches %d kernels but the manifest describes %d", entry, len(launchOps), len(kernels)))
		}
		return nil, 0, diags
	}
	var out []gpuLaunch
	var wsBytes int64
	for i, k := range kernels {
		wsBytes = k.WorkspaceBytes
		loc := launchOps[i].Loc()
		l := gpuLaunch{kernel: k.Name}
		for d := 0; d < 3; d++ {
			if k.Grid[d] <= 0 || k.Block[d] <= 0 || k.Grid[d] > 1<<31-1 || k.Block[d] > 1024 {
				diags = append(diags, ir.Errorf(loc, "'gpu.launch_func' op: goopt run --device=gpu needs constant grid and block sizes, got grid %v and block %v (0: computed on the host)", k.Grid, k.Block))
				break
			}
			l.cfg.Grid[d], l.cfg.Block[d] = uint32(k.Grid[d]), uint32(k.Block[d])
		}
		if k.Cluster != nil {
			for d := 0; d < 3; d++ {
				if k.Cluster[d] <= 0 || k.Grid[d] <= 0 || k.Grid[d]%k.Cluster[d] != 0 {
					diags = append(diags, ir.Errorf(loc, "'gpu.launch_func' op: goopt run --device=gpu needs constant cluster sizes that divide the grid, got cluster %v and grid %v (0: computed on the host)", *k.Cluster, k.Grid))
					break
				}
				l.cfg.Cluster[d] = uint32(k.Cluster[d])
			}
		}
		if k.DynamicSharedBytes < 0 || k.DynamicSharedBytes > math.MaxUint32 {
			diags = append(diags, ir.Errorf(loc, "'gpu.launch_func' op: goopt run --device=gpu needs a constant dynamic shared memory size"))
		}
		l.cfg.SharedBytes = uint32(max(k.DynamicSharedBytes, 0))
		for pi, p := range k.Params {
			gp, err := paramValue(p, ft)
			if err != nil {
				diags = append(diags, ir.Errorf(loc, "'gpu.launch_func' op: parameter %d of kernel '%s': %v", pi, k.Name, err))
				continue
			}
			l.params = append(l.params, gp)
		}
		out = append(out, l)
	}
	if len(diags) > 0 {
		return nil, 0, diags
	}
	return out, wsBytes, nil
}

// paramValue turns a manifest parameter into the value to pass.
func paramValue(p KernelParam, ft *ir.FunctionType) (gpuParam, error) {
	switch p.Source {
	case SourceTensorMap, SourceWorkspace:
		if p.WorkspaceOffset == nil {
			break
		}
		if p.Source == SourceTensorMap {
			if p.TensorMap == nil {
				return gpuParam{}, fmt.Errorf("a TMA descriptor of no tensor")
			}
			if _, err := p.TensorMap.Desc(tensorMapCheckAddress); err != nil {
				return gpuParam{}, fmt.Errorf("TMA descriptor of a workspace buffer: %v", err)
			}
		} else if p.Field != "" && p.Field != "data" && p.Field != "allocated" && p.Field != "aligned" {
			return gpuParam{}, fmt.Errorf("field '%s' of a workspace buffer: goopt run --device=gpu passes workspace buffers as bare pointers", p.Field)
		}
		return gpuParam{memref: -1, scalar: -1, tensorMap: p.TensorMap, workspace: p.WorkspaceOffset}, nil
	}
	switch p.Source {
	case SourceTensorMap:
		if p.HostArg == nil || *p.HostArg < 0 || *p.HostArg >= len(ft.Inputs) || p.TensorMap == nil {
			return gpuParam{}, fmt.Errorf("a TMA descriptor of no host argument")
		}
		i := *p.HostArg
		if mt, ok := ft.Inputs[i].(*ir.MemRefType); !ok || mt.Layout != nil || !mt.HasStaticShape() {
			return gpuParam{}, fmt.Errorf("a TMA descriptor of argument %d of type %s: only statically shaped memrefs with the identity layout can be described", i, ft.Inputs[i])
		}
		// Check the description now: a bad one is an error before any launch.
		if _, err := p.TensorMap.Desc(tensorMapCheckAddress); err != nil {
			return gpuParam{}, fmt.Errorf("TMA descriptor of argument %d: %v", i, err)
		}
		return gpuParam{memref: i, scalar: -1, tensorMap: p.TensorMap}, nil
	case "constant":
		if p.Value == nil {
			return gpuParam{}, fmt.Errorf("constant without a value")
		}
		return scalarParam(p.Type, *p.Value)
	case "arg":
		if p.HostArg == nil || *p.HostArg < 0 || *p.HostArg >= len(ft.Inputs) {
			return gpuParam{}, fmt.Errorf("no such host argument")
		}
		i := *p.HostArg
		mt, ok := ft.Inputs[i].(*ir.MemRefType)
		if !ok {
			switch p.Type {
			case "i32", "i64", "f32", "f64":
				return gpuParam{memref: -1, scalar: i, typ: p.Type}, nil
			}
			return gpuParam{}, fmt.Errorf("argument %d of type %s is passed as %s, which is not supported", i, ft.Inputs[i], p.Type)
		}
		if mt.Layout != nil || !mt.HasStaticShape() {
			return gpuParam{}, fmt.Errorf("argument %d has type %s: only statically shaped memrefs with the identity layout can be passed", i, mt)
		}
		return memrefField(p, i, mt)
	}
	return gpuParam{}, fmt.Errorf("its value is computed by host code; goopt run --device=gpu passes only arguments of the host function, its buffers and constants (use --device=interp)")
}

// memrefField is the descriptor field p.Field of argument i, of the
// statically shaped, identity-layout type mt.
func memrefField(p KernelParam, i int, mt *ir.MemRefType) (gpuParam, error) {
	switch p.Field {
	case "data", "allocated", "aligned":
		return gpuParam{memref: i, scalar: -1}, nil
	case "offset":
		return gpuParam{memref: -1, scalar: -1, value: int64(0)}, nil
	}
	var d int
	if _, err := fmt.Sscanf(p.Field, "size%d", &d); err == nil && d < len(mt.Dims) {
		return gpuParam{memref: -1, scalar: -1, value: mt.Dims[d]}, nil
	}
	if _, err := fmt.Sscanf(p.Field, "stride%d", &d); err == nil && d < len(mt.Dims) {
		stride := int64(1)
		for _, s := range mt.Dims[d+1:] {
			stride *= s
		}
		return gpuParam{memref: -1, scalar: -1, value: stride}, nil
	}
	return gpuParam{}, fmt.Errorf("unknown memref field '%s'", p.Field)
}

// scalarParam is a constant of llvm type t as the launch passes it.
func scalarParam(t string, v int64) (gpuParam, error) {
	switch t {
	case "i64":
		return gpuParam{memref: -1, scalar: -1, value: v}, nil
	case "i32":
		return gpuParam{memref: -1, scalar: -1, value: int32(v)}, nil
	}
	return gpuParam{}, fmt.Errorf("a constant of type %s is not supported", t)
}

// scalarArgParam is a scalar argument as the kernel parameter of llvm
// type t takes it.
func scalarArgParam(t string, v interp.Value) (any, error) {
	switch t {
	case "i32":
		return int32(v.Int()), nil
	case "i64":
		return v.Int(), nil
	case "f32":
		return float32(v.Float()), nil
	case "f64":
		return v.Float(), nil
	}
	return nil, fmt.Errorf("a parameter of type %s is not supported", t)
}

// elemBytes is the size of an element in device memory; index is the
// kernels' index width.
func elemBytes(t ir.Type, indexBits int) int {
	if _, ok := t.(*ir.IndexType); ok {
		if indexBits == 0 {
			indexBits = 64
		}
		return indexBits / 8
	}
	return (ir.BitWidth(t) + 7) / 8
}

// memrefBytes lays a memref's elements out row-major, little-endian, as
// the kernels see them through a bare pointer.
func memrefBytes(m *interp.MemRef, indexBits int) []byte {
	vals, _ := m.Elements()
	w := elemBytes(m.Type.Elem, indexBits)
	out := make([]byte, len(vals)*w)
	var buf [8]byte
	for i, v := range vals {
		binary.LittleEndian.PutUint64(buf[:], v)
		copy(out[i*w:], buf[:w])
	}
	return out
}

// setMemrefBytes is the inverse of memrefBytes.
func setMemrefBytes(m *interp.MemRef, data []byte, indexBits int) error {
	w := elemBytes(m.Type.Elem, indexBits)
	vals := make([]uint64, len(data)/w)
	var buf [8]byte
	for i := range vals {
		clear(buf[:])
		copy(buf[:w], data[i*w:])
		vals[i] = binary.LittleEndian.Uint64(buf[:])
		if ir.BitWidth(m.Type.Elem) == 1 && vals[i] != 0 {
			vals[i] = 1
		}
	}
	if _, ok := m.Type.Elem.(*ir.IndexType); ok && w < 8 {
		for i, v := range vals { // sign-extend a 32-bit index
			vals[i] = uint64(int64(int32(uint32(v))))
		}
	}
	return m.SetElements(vals)
}

// checkEquivGPU is --check-equiv with --device=gpu: for each seed, the
// entry function of the --check-equiv file runs on the interpreter and the
// compiled one on the GPU, on the same random arguments; every memref
// argument must then hold the same values (within RelTol).
func checkEquivGPU(ctx context.Context, o RunOptions, res RunResult, ft *ir.FunctionType, exec func([]interp.Value) error) (RunResult, error) {
	before, err := parseModule(o, o.CheckEquiv.Filename, o.CheckEquiv.Text)
	if err != nil {
		return res, err
	}
	if _, err := entryFunction(before, o.CheckEquiv.Filename, res.Entry); err != nil {
		return res, err
	}
	m, err := interp.New(before, interp.Options{MaxSteps: o.MaxSteps})
	if err != nil {
		return res, ir.DiagList(ir.Diagnostics(err))
	}
	if bt, err := m.FunctionType(res.Entry); err != nil || bt != ft {
		return res, fmt.Errorf("'%s' has type %v in %s and %v in the compiled file", res.Entry, bt, o.CheckEquiv.Filename, ft)
	}
	for _, seed := range o.equivSeeds() {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		args, err := interp.RandomArgs(ft, seed)
		if err != nil {
			return res, err
		}
		ref := make([]interp.Value, len(args))
		for i, a := range args {
			ref[i] = a
			if a.Ref != nil {
				ref[i] = interp.MemRefValue(a.Ref.Clone())
			}
		}
		if _, err := m.Call(res.Entry, ref); err != nil {
			return res, ir.DiagList(ir.Diagnostics(err))
		}
		if err := exec(args); err != nil {
			return res, err
		}
		for i := range args {
			if args[i].Ref == nil {
				continue
			}
			if d := ref[i].Ref.Compare(args[i].Ref, o.RelTol); d != nil {
				return res, fmt.Errorf("not equivalent on the GPU: seed %d, argument %d (%s): %s (interpreter, then GPU)", seed, i, args[i].Ref.Type, d)
			}
		}
		res.EquivSeeds++
	}
	return res, nil
}
