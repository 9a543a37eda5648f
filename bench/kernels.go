package bench

// Memory-bound kernels: goopt bench vecadd|transpose|softmax FILE...
//
// The kernel is the user's: FILE's entry function, f32 memrefs with the
// output last (kernelSigs), an affine function that the mapping pipeline
// maps (goopt compile's choice by default) or one that already launches
// gpu.launch kernels. It runs at FILE's static shapes or at each of the
// shapes given, dynamic dimensions taking them (specialise): the kernels'
// grids must be constants of the manifest, so each shape is a compilation
// of its own.
//
// How a kernel is checked: the inputs are standard-normal f32 values from
// the seeded generator (none zero); the output is filled with NaN first,
// so an element the kernel never writes fails. vecadd and transpose are
// compared with the host bit for bit (an f32 addition is correctly rounded
// on both sides); softmax element by element with the row's softmax in
// float64, |y − y₆₄| / y₆₄ ≤ SoftmaxTol (1e-5). Mismatches are counted and
// the first one is named by its index.
//
// How it is timed: as matmul (Warmup launches, the median of Reps each
// timed alone with CUDA events, L2 flushed before each outside the timed
// interval; every kernel the entry launches, in order, is one run). Its
// traffic is every input element read once and every output element
// written once, Bytes; GB/s is Bytes over the median. The ceiling is a
// device-to-device copy (DeviceCopier, cuMemcpyDtoD) of Bytes/2 bytes,
// which reads and writes each byte: the same Bytes, timed the same way in
// the same run, per configuration. The peer (torch) is timed by a command
// goopt bench runs after each configuration (kernels_peer.go).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
	"github.com/goopt/goopt/printer"
)

// The benchmarks goopt bench knows. Matmul is the paper's sweep (run.go);
// the others are memory-bound kernels read from the user's files
// (KernelBench).
const (
	KernelMatmul    = "matmul"
	KernelVecAdd    = "vecadd"
	KernelTranspose = "transpose"
	KernelSoftmax   = "softmax"
)

// Kernels lists the benchmarks, matmul first.
var Kernels = []string{KernelMatmul, KernelTranspose, KernelSoftmax, KernelVecAdd}

// DefaultSoftmaxTol bounds each softmax element's error relative to the
// fp64 reference (issue 14's acceptance).
const DefaultSoftmaxTol = 1e-5

// kernelSig is what a memory-bound benchmark expects of its entry
// function: f32 memref arguments, inputs first and the output last
// (destination-passing style, as the seeds' kernels are written), whose
// shapes follow from the problem shape.
type kernelSig struct {
	// rank is the problem shape's rank: vecadd's N, transpose's M×N (of
	// the input), softmax's rows×columns.
	rank int
	// what describes the signature for diagnostics.
	what string
	// shapes gives each argument's shape from the problem shape.
	shapes func(p []int64) [][]int64
	// bytes is the minimum traffic of one run: every input element read
	// once, every output element written once.
	bytes func(p []int64) int64
}

var kernelSigs = map[string]kernelSig{
	KernelVecAdd: {1, "(memref<Nxf32>, memref<Nxf32>, memref<Nxf32>): C = A + B",
		func(p []int64) [][]int64 { return [][]int64{p, p, p} },
		func(p []int64) int64 { return 3 * 4 * p[0] }},
	KernelTranspose: {2, "(memref<MxNxf32>, memref<NxMxf32>): B[j][i] = A[i][j]",
		func(p []int64) [][]int64 { return [][]int64{p, {p[1], p[0]}} },
		func(p []int64) int64 { return 2 * 4 * p[0] * p[1] }},
	KernelSoftmax: {2, "(memref<RxCxf32>, memref<RxCxf32>): each row of the output is the softmax of the input's",
		func(p []int64) [][]int64 { return [][]int64{p, p} },
		func(p []int64) int64 { return 2 * 4 * p[0] * p[1] }},
}

// KernelOptions configure KernelBench: Options' device, timing and
// compilation fields, and what to measure.
type KernelOptions struct {
	Options
	// Kernel is vecadd, transpose or softmax.
	Kernel string
	// Files are the kernels to measure: affine functions (mapped by
	// Pipeline, or by goopt compile's choice when it is empty) or
	// functions that already launch gpu.launch kernels.
	Files []string
	// Entry names the function to run; empty means the file's only
	// public func.func.
	Entry string
	// Shapes are the problem shapes to run each file at (vecadd: N;
	// transpose: the input's M×N; softmax: rows×columns). A file's
	// dynamic dimensions take them; its static ones must agree. Empty
	// means each file's own static shape.
	Shapes [][]int64
	// SoftmaxTol bounds softmax's per-element relative error against fp64
	// (0: DefaultSoftmaxTol).
	SoftmaxTol float64
	// PeerCmd, when set, is run once per measured configuration to time
	// the peer (torch) on the same device in the same run (peer.go).
	PeerCmd string
}

// ParseShapes reads problem shapes: a comma-separated list of
// dimensions joined by 'x' ("8192x8192,1000x1000" or "268435456").
func ParseShapes(s string) ([][]int64, error) {
	var out [][]int64
	for _, item := range strings.Split(s, ",") {
		var shape []int64
		for _, d := range strings.Split(strings.TrimSpace(item), "x") {
			n, err := strconv.ParseInt(strings.TrimSpace(d), 10, 64)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("invalid sizes '%s': '%s' is not a positive integer (expected shapes like 8192x8192, comma-separated)", s, d)
			}
			shape = append(shape, n)
		}
		out = append(out, shape)
	}
	return out, nil
}

func shapeString(p []int64) string {
	var parts []string
	for _, d := range p {
		parts = append(parts, strconv.FormatInt(d, 10))
	}
	return strings.Join(parts, "x")
}

// kernelConfig is one file at one problem shape, specialised: its source
// has static shapes only.
type kernelConfig struct {
	label string
	file  string
	entry string
	shape []int64
	src   []byte // the specialised module's text (the file's own text when already static)
}

// loadKernelConfigs reads each file, checks its entry against the
// kernel's signature and specialises it at each shape. Errors are located
// diagnostics, formatted with the source line.
func loadKernelConfigs(o *KernelOptions) ([]kernelConfig, error) {
	sig, ok := kernelSigs[o.Kernel]
	if !ok {
		return nil, fmt.Errorf("unknown memory-bound kernel '%s': expected one of vecadd, transpose, softmax", o.Kernel)
	}
	if len(o.Files) == 0 {
		return nil, fmt.Errorf("goopt bench %s needs at least one FILE (an affine function, or one that launches gpu.launch kernels)", o.Kernel)
	}
	for _, s := range o.Shapes {
		if len(s) != sig.rank {
			return nil, fmt.Errorf("--sizes: %s takes %d-dimensional problem shapes, got '%s'", o.Kernel, sig.rank, shapeString(s))
		}
	}
	var out []kernelConfig
	for _, path := range o.Files {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("could not open input file '%s': %v", path, err)
		}
		cs, diags := specialise(src, path, o.Kernel, sig, o.Entry, o.Shapes)
		if len(diags) > 0 {
			var b strings.Builder
			driver.Sources{path: src}.WriteDiagnostics(&b, diags)
			return nil, fmt.Errorf("%s", strings.TrimSpace(strings.TrimPrefix(b.String(), "")))
		}
		out = append(out, cs...)
	}
	return out, nil
}

// specialise parses src, finds the entry and returns one configuration per
// shape (the file's static shape when shapes is empty). A dynamic
// dimension of an argument becomes the shape's static size, and the
// memref.dim ops reading it fold to constants (canonicalize), so that the
// kernel's launch sizes are constants a runtime can read from the
// manifest.
func specialise(src []byte, path, kernel string, sig kernelSig, entryName string, shapes [][]int64) ([]kernelConfig, ir.DiagList) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, path, src)
	if err == nil {
		err = ir.Verify(f.Module)
	}
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	entry, err := findEntry(f.Module, entryName)
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	ft := fn.FunctionType(entry)
	args := entry.Region(0).Front().Arguments()
	want := len(sig.shapes(make([]int64, sig.rank)))
	if len(ft.Results) != 0 || len(args) != want {
		return nil, ir.DiagList{ir.Errorf(entry.Loc(), "'func.func' op @%s: goopt bench %s expects %s, got %s", ir.SymbolNameOf(entry), kernel, sig.what, ft)}
	}
	var types []*ir.MemRefType
	for i, a := range args {
		mt, ok := a.Type().(*ir.MemRefType)
		if !ok || mt.Elem != ir.F32 || mt.Rank() != len(sig.shapes(make([]int64, sig.rank))[i]) || mt.Layout != nil || mt.MemorySpace != nil {
			return nil, ir.DiagList{ir.Errorf(entry.Loc(), "'func.func' op @%s: argument %d has type %s; goopt bench %s expects %s (identity layout, default memory space)", ir.SymbolNameOf(entry), i, a.Type(), kernel, sig.what)}
		}
		types = append(types, mt)
	}
	// The file's own problem shape: each dimension from the first argument
	// that states it (dynamic when none does), then checked against every
	// argument.
	own := make([]int64, sig.rank)
	for i := range own {
		own[i] = ir.Dynamic
	}
	probe := make([]int64, sig.rank)
	for d := range probe {
		probe[d] = int64(d) // which problem dimension each argument dimension is
	}
	roles := sig.shapes(probe)
	for i, t := range types {
		for j, dim := range t.Dims {
			if dim != ir.Dynamic && own[roles[i][j]] == ir.Dynamic {
				own[roles[i][j]] = dim
			}
		}
	}
	if len(shapes) == 0 {
		for _, d := range own {
			if d == ir.Dynamic {
				return nil, ir.DiagList{ir.Errorf(entry.Loc(), "'func.func' op @%s has dynamic shapes: give the problem sizes with --sizes", ir.SymbolNameOf(entry))}
			}
		}
		shapes = [][]int64{own}
	}
	var out []kernelConfig
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	for _, p := range shapes {
		wantTypes := sig.shapes(p)
		var diags ir.DiagList
		for i, t := range types {
			for j, dim := range t.Dims {
				if dim != ir.Dynamic && dim != wantTypes[i][j] {
					diags = append(diags, ir.Errorf(entry.Loc(), "'func.func' op @%s: argument %d is %s, which does not fit the size %s (%s expects %s)",
						ir.SymbolNameOf(entry), i, t, shapeString(p), kernel, ir.MemRef(wantTypes[i], t.Elem, nil, nil)))
					break
				}
			}
		}
		if len(diags) > 0 {
			return nil, diags
		}
		text := src
		if !allStatic(types) {
			var err error
			if text, err = specialiseText(src, path, ir.SymbolNameOf(entry), wantTypes); err != nil {
				return nil, ir.Diagnostics(err)
			}
		}
		out = append(out, kernelConfig{label: base + "@" + shapeString(p), file: path, entry: ir.SymbolNameOf(entry), shape: p, src: text})
	}
	return out, nil
}

func allStatic(ts []*ir.MemRefType) bool {
	for _, t := range ts {
		if !t.HasStaticShape() {
			return false
		}
	}
	return true
}

// findEntry returns the host function named name, or the only public
// func.func of the module when name is empty.
func findEntry(m *ir.Operation, name string) (*ir.Operation, error) {
	var cands []*ir.Operation
	for _, op := range m.Region(0).Front().Ops() {
		if op.Name() != "func.func" || fn.IsExternal(op) {
			continue
		}
		if name != "" {
			if ir.SymbolNameOf(op) == name {
				return op, nil
			}
			continue
		}
		if v, ok := op.Attr("sym_visibility").(*ir.StringAttr); ok && v.Value != "public" {
			continue
		}
		cands = append(cands, op)
	}
	switch {
	case name != "":
		return nil, ir.Errorf(m.Loc(), "no function @%s in the module", name)
	case len(cands) == 1:
		return cands[0], nil
	case len(cands) == 0:
		return nil, ir.Errorf(m.Loc(), "no public func.func with a body to benchmark")
	}
	return nil, ir.Errorf(cands[1].Loc(), "the module has %d public functions: choose one with --entry", len(cands))
}

// specialiseText re-parses src, gives the entry's arguments the static
// types, canonicalizes the entry (memref.dim of a static dimension folds
// to a constant) and prints the module.
func specialiseText(src []byte, path, entryName string, shapes [][]int64) ([]byte, error) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, path, src)
	if err != nil {
		return nil, err
	}
	entry, err := findEntry(f.Module, entryName)
	if err != nil {
		return nil, err
	}
	args := entry.Region(0).Front().Arguments()
	ins := make([]ir.Type, len(args))
	for i, a := range args {
		t := ir.MemRef(shapes[i], ir.F32, nil, nil)
		a.SetType(t)
		ins[i] = t
	}
	entry.SetAttr("function_type", ir.TypeAttrOf(ir.Function(ins, nil)))
	pm := pass.New(ctx, "builtin.module")
	if err := registry.All().AddPipeline(pm.OpPassManager, "func.func(canonicalize)"); err != nil {
		return nil, err
	}
	pm.Verify = ir.Verify
	if err := pm.Run(f.Module); err != nil {
		return nil, err
	}
	var b strings.Builder
	if err := printer.PrintFile(&b, f.Module, f.Resources, printer.Options{}); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// kernelPrebuiltName is the file stem of a kernel configuration in a
// prebuilt directory: the kernel, the shape and a hash of the pipeline
// and the specialised source, so that an edited file is not measured
// with a stale kernel.
func kernelPrebuiltName(kernel, pipeline string, c kernelConfig) string {
	h := sha256.New()
	h.Write([]byte(pipeline))
	h.Write([]byte{0})
	h.Write(c.src)
	sum := h.Sum(nil)
	return fmt.Sprintf("%s-%s-%s", kernel, shapeString(c.shape), hex.EncodeToString(sum[:6]))
}

// compileKernel returns a configuration's kernels: from Prebuilt when
// set, else compiled by goopt compile's flow (and saved to Prebuild when
// set).
func (o *KernelOptions) compileKernel(ctx context.Context, c kernelConfig) (*driver.CompileResult, error) {
	stem := kernelPrebuiltName(o.Kernel, o.Pipeline, c)
	if o.Prebuilt != "" {
		return readPrebuilt(filepath.Join(o.Prebuilt, stem))
	}
	res, diags := driver.Compile(ctx, c.src, c.file, driver.CompileOptions{Pipeline: o.Pipeline, Codegen: o.Codegen})
	if hasErrors(diags) || res == nil {
		var b strings.Builder
		driver.Sources{c.file: c.src}.WriteDiagnostics(&b, diags)
		return nil, fmt.Errorf("%s", strings.TrimSpace(b.String()))
	}
	if o.Prebuild == "" {
		return res, nil
	}
	return res, writePrebuilt(filepath.Join(o.Prebuild, stem), res)
}

// PrebuildKernels compiles, without a GPU, every configuration
// KernelBench would measure into o.Prebuild and returns how many.
func PrebuildKernels(ctx context.Context, o KernelOptions) (int, error) {
	if o.Prebuild == "" {
		return 0, fmt.Errorf("no prebuild directory")
	}
	cs, err := loadKernelConfigs(&o)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(o.Prebuild, 0o755); err != nil {
		return 0, err
	}
	for i, c := range cs {
		if _, err := o.compileKernel(ctx, c); err != nil {
			return i, fmt.Errorf("%s: %v", c.label, err)
		}
	}
	return len(cs), nil
}
