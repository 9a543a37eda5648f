package driver

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/interp/npy"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// Device names where `goopt run` executes.
const (
	DeviceInterp = "interp" // the reference interpreter, on the CPU
	DeviceCPU    = "cpu"    // the same as DeviceInterp
	DeviceGPU    = "gpu"    // a CUDA device: compiled kernels, launched by the host function
	DeviceAuto   = "auto"   // the GPU if one can be opened, else the interpreter
)

// Argument sources for RunOptions.Args.
const (
	ArgRandom = "random" // deterministic random values from RunOptions.Seed
	ArgZeros  = "zeros"  // zero-filled memrefs, zero scalars
)

// DefaultEquivSeeds are the seeds `goopt run --check-equiv` uses unless told.
var DefaultEquivSeeds = []int64{1, 2, 3}

// RunOptions configure Run; the zero value runs the default entry function
// on the CPU with random arguments from seed 0.
type RunOptions struct {
	// Entry is the function to call; "" means `main` if the module has
	// one, else its only public function with a body.
	Entry string
	// Args says where each argument comes from, one item per argument:
	// ArgRandom, ArgZeros, a path ending in ".npy" (memref arguments) or a
	// literal (scalar arguments: 3, -1.5, true). A single ArgRandom or
	// ArgZeros item applies to every argument; nil means ArgRandom.
	Args []string
	// Seed seeds ArgRandom.
	Seed int64
	// Device is DeviceInterp (or "" or DeviceCPU), DeviceGPU or
	// DeviceAuto.
	Device string
	// Compile configures the compilation for the GPU (pipeline, index
	// width, llc); its Emit is ignored.
	Compile CompileOptions
	// PTX, when set, is used instead of running llc on the compiled
	// module (for a machine without llc: `goopt compile` it elsewhere).
	// It must come from the same module and options.
	PTX string
	// OpenGPU opens the device; nil means OpenCUDA.
	OpenGPU func() (GPU, error)
	// MaxSteps bounds loop iterations and branches taken (0: unbounded).
	MaxSteps int64

	// CheckEquiv, when set, makes Run compare the entry function of the
	// input with that of this module instead of running it once (see
	// interp/equiv): same random inputs for each of Seeds, outputs equal
	// within RelTol (0: bit-exact).
	CheckEquiv *Source
	Seeds      []int64 // nil means DefaultEquivSeeds
	RelTol     float64

	AllowUnregistered bool
	// NewContext builds the IR context; nil means every dialect of dialects/all.
	NewContext func() *ir.Context
	// ReadFile reads .npy argument files; nil means os.ReadFile.
	ReadFile func(name string) ([]byte, error)
}

// Source is a named MLIR buffer.
type Source struct {
	Filename string
	Text     []byte
}

// RunResult is what Run computed.
type RunResult struct {
	// Entry is the function that ran.
	Entry string
	// Device is where it ran: DeviceInterp or DeviceGPU.
	Device string
	// Args are the arguments after the call: memrefs hold what the
	// function wrote through them.
	Args []interp.Value
	// Results are the returned values.
	Results []interp.Value
	// EquivSeeds is the number of seeds found equivalent (CheckEquiv only;
	// Args and Results are then empty).
	EquivSeeds int
}

// Run is `goopt run`'s flow: parse and verify src, then call the entry
// function with the requested arguments (or, with CheckEquiv, check it
// against another module). Problems with the input are diagnostics (an
// ir.DiagList located in src or in the CheckEquiv source): parse and
// verifier errors, bad arguments, the interpreter's runtime checks
// (out-of-bounds access, uninitialised read, ...) and equivalence
// failures. Problems with the options (device, entry name, tolerance) are
// plain errors. ctx is checked between executions; one call of the
// interpreter is bounded only by MaxSteps.
func Run(ctx context.Context, src []byte, filename string, o RunOptions) (RunResult, error) {
	var res RunResult
	if o.RelTol < 0 || math.IsNaN(o.RelTol) {
		return res, fmt.Errorf("relative tolerance must be a non-negative number, got %v", o.RelTol)
	}
	if o.NewContext == nil {
		o.NewContext = all.NewContext
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if o.OpenGPU == nil {
		o.OpenGPU = OpenCUDA
	}
	switch o.Device {
	case "", DeviceInterp, DeviceCPU:
	case DeviceGPU:
		gpu, err := o.OpenGPU()
		if err != nil {
			return res, fmt.Errorf("--device=gpu: no GPU to run on: %v", err)
		}
		defer gpu.Close()
		return runGPU(ctx, src, filename, o, gpu)
	case DeviceAuto:
		if gpu, err := o.OpenGPU(); err == nil {
			defer gpu.Close()
			return runGPU(ctx, src, filename, o, gpu)
		}
	default:
		return res, fmt.Errorf("unknown device '%s' (expected '%s', '%s' or '%s')", o.Device, DeviceGPU, DeviceInterp, DeviceAuto)
	}
	res.Device = DeviceInterp
	module, entry, err := parseEntry(o, filename, src)
	if err != nil {
		return res, err
	}
	res.Entry = ir.SymbolNameOf(entry)
	iopts := interp.Options{MaxSteps: o.MaxSteps}

	if o.CheckEquiv != nil {
		before, err := parseModule(o, o.CheckEquiv.Filename, o.CheckEquiv.Text)
		if err != nil {
			return res, err
		}
		beforeEntry, err := entryFunction(before, o.CheckEquiv.Filename, res.Entry)
		if err != nil {
			return res, err
		}
		for _, seed := range o.equivSeeds() {
			if err := ctx.Err(); err != nil {
				return res, err
			}
			err := equiv.Check(before, module, res.Entry, equiv.Options{Seeds: []int64{seed}, RelTol: o.RelTol, Interp: iopts})
			if err != nil {
				return res, equivDiag(beforeEntry, entry, o.CheckEquiv.Filename, filename, err)
			}
			res.EquivSeeds++
		}
		return res, nil
	}

	m, err := interp.New(module, iopts)
	if err != nil {
		return res, ir.DiagList(ir.Diagnostics(err))
	}
	if _, err := m.Function(res.Entry); err != nil {
		return res, ir.DiagList(ir.Diagnostics(err))
	}
	ft, _ := m.FunctionType(res.Entry)
	args, err := makeArgs(entry, ft, o)
	if err != nil {
		return res, err
	}
	results, err := m.Call(res.Entry, args)
	if err != nil {
		return res, ir.DiagList(ir.Diagnostics(err))
	}
	res.Args, res.Results = args, results
	return res, nil
}

func diagf(loc ir.Location, format string, args ...any) ir.DiagList {
	return ir.DiagList{ir.Errorf(loc, format, args...)}
}

func parseModule(o RunOptions, filename string, src []byte) (*ir.Operation, error) {
	irctx := o.NewContext()
	irctx.AllowUnregistered = o.AllowUnregistered
	m, diags := parseVerified(irctx, filename, src)
	if diags != nil {
		return nil, diags
	}
	return m, nil
}

// equivSeeds are the seeds --check-equiv runs on.
func (o RunOptions) equivSeeds() []int64 {
	if o.Seeds == nil {
		return DefaultEquivSeeds
	}
	return o.Seeds
}

// parseVerified is the first step of every goopt command: parse src and
// verify it, reporting either failure as located diagnostics.
func parseVerified(irctx *ir.Context, filename string, src []byte) (*ir.Operation, ir.DiagList) {
	f, err := parser.ParseFile(irctx, filename, src)
	if err == nil {
		err = ir.Verify(f.Module)
	}
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	return f.Module, nil
}

// entryFunction finds the function to run: name, or `main`, or the only
// public function with a body.
func entryFunction(module *ir.Operation, filename, name string) (*ir.Operation, error) {
	var funcs, public []*ir.Operation
	if module.NumRegions() > 0 {
		for _, b := range module.Region(0).Blocks() {
			for _, op := range b.Ops() {
				if op.Name() != "func.func" {
					continue
				}
				funcs = append(funcs, op)
				if vis, _ := op.Attr("sym_visibility").(*ir.StringAttr); vis == nil && op.NumRegions() > 0 && !op.Region(0).Empty() {
					public = append(public, op)
				}
			}
		}
	}
	find := func(n string) *ir.Operation {
		for _, f := range funcs {
			if ir.SymbolNameOf(f) == n {
				return f
			}
		}
		return nil
	}
	if name != "" {
		if f := find(name); f != nil {
			return f, nil
		}
		return nil, fmt.Errorf("entry function '%s' not found in '%s'", name, filename)
	}
	if f := find("main"); f != nil {
		return f, nil
	}
	switch len(public) {
	case 1:
		return public[0], nil
	case 0:
		return nil, fmt.Errorf("no function to run in '%s': it has no 'main' and no public function with a body", filename)
	}
	names := make([]string, len(public))
	for i, f := range public {
		names[i] = "'" + ir.SymbolNameOf(f) + "'"
	}
	return nil, fmt.Errorf("cannot choose an entry function in '%s' among %s: name one with --entry", filename, strings.Join(names, ", "))
}

// makeArgs builds the entry function's arguments from o.Args.
func makeArgs(entry *ir.Operation, ft *ir.FunctionType, o RunOptions) ([]interp.Value, error) {
	specs := o.Args
	if len(specs) == 0 {
		specs = []string{ArgRandom}
	}
	if len(specs) == 1 && len(ft.Inputs) != 1 && (specs[0] == ArgRandom || specs[0] == ArgZeros) {
		specs = slicesRepeat(specs[0], len(ft.Inputs))
	}
	if len(specs) != len(ft.Inputs) {
		return nil, diagf(entry.Loc(), "'%s' takes %d arguments but --args gives %d", ir.SymbolNameOf(entry), len(ft.Inputs), len(specs))
	}
	random, err := interp.RandomArgs(ft, o.Seed)
	if err != nil {
		return nil, diagf(entry.Loc(), "cannot make arguments for '%s': %v", ir.SymbolNameOf(entry), err)
	}
	zeros, err := interp.ZeroArgs(ft)
	if err != nil {
		return nil, diagf(entry.Loc(), "cannot make arguments for '%s': %v", ir.SymbolNameOf(entry), err)
	}
	readFile := o.ReadFile
	if readFile == nil {
		readFile = os.ReadFile
	}
	args := make([]interp.Value, len(specs))
	var diags ir.DiagList
	for i, spec := range specs {
		var err error
		switch {
		case spec == ArgRandom:
			args[i] = random[i]
		case spec == ArgZeros:
			args[i] = zeros[i]
		case strings.HasSuffix(spec, ".npy"):
			args[i], err = npyArg(ft.Inputs[i], spec, readFile)
		default:
			args[i], err = scalarArg(ft.Inputs[i], spec)
		}
		if err != nil {
			diags = append(diags, ir.Errorf(entry.Loc(), "argument %d of '%s': %v", i, ir.SymbolNameOf(entry), err))
		}
	}
	if len(diags) > 0 {
		return nil, diags
	}
	return args, nil
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// npyArg reads a memref argument of type t from a .npy file.
func npyArg(t ir.Type, path string, readFile func(string) ([]byte, error)) (interp.Value, error) {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return interp.Value{}, fmt.Errorf("'%s' gives an array for a value of type %s", path, t)
	}
	data, err := readFile(path)
	if err != nil {
		return interp.Value{}, fmt.Errorf("cannot read '%s': %v", path, err)
	}
	arr, err := npy.Read(bytes.NewReader(data))
	if err != nil {
		return interp.Value{}, fmt.Errorf("'%s': %v", path, err)
	}
	if arr.Type.Elem != mt.Elem {
		return interp.Value{}, fmt.Errorf("'%s' holds %s elements but the argument is %s", path, arr.Type.Elem, mt)
	}
	if len(arr.Sizes) != len(mt.Dims) {
		return interp.Value{}, fmt.Errorf("'%s' has shape %v but the argument is %s", path, arr.Sizes, mt)
	}
	for k, d := range mt.Dims {
		if d != ir.Dynamic && d != arr.Sizes[k] {
			return interp.Value{}, fmt.Errorf("'%s' has shape %v but the argument is %s", path, arr.Sizes, mt)
		}
	}
	m := interp.NewMemRef(mt, arr.Sizes)
	vals, _ := arr.Elements()
	if err := m.SetElements(vals); err != nil {
		return interp.Value{}, fmt.Errorf("'%s': %v", path, err)
	}
	return interp.MemRefValue(m), nil
}

// scalarArg parses a literal for a scalar argument of type t.
func scalarArg(t ir.Type, lit string) (interp.Value, error) {
	switch t := t.(type) {
	case *ir.FloatType:
		v, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			return interp.Value{}, fmt.Errorf("'%s' is not %s, %s, a .npy file or a %s literal", lit, ArgRandom, ArgZeros, t)
		}
		return interp.FloatValue(t, v), nil
	case *ir.IntegerType:
		if t.Width == 1 {
			switch lit {
			case "true", "1":
				return interp.IntValue(t, 1), nil
			case "false", "0":
				return interp.IntValue(t, 0), nil
			}
			return interp.Value{}, fmt.Errorf("'%s' is not %s, %s, true or false", lit, ArgRandom, ArgZeros)
		}
		v, err := strconv.ParseInt(lit, 0, 64)
		if err != nil && t.Signedness == ir.Unsigned {
			var u uint64
			u, err = strconv.ParseUint(lit, 0, 64)
			v = int64(u)
		}
		if err != nil {
			return interp.Value{}, fmt.Errorf("'%s' is not %s, %s or an integer literal", lit, ArgRandom, ArgZeros)
		}
		return interp.IntValue(t, v), nil
	case *ir.IndexType:
		v, err := strconv.ParseInt(lit, 0, 64)
		if err != nil {
			return interp.Value{}, fmt.Errorf("'%s' is not %s, %s or an integer literal", lit, ArgRandom, ArgZeros)
		}
		return interp.IndexValue(v), nil
	case *ir.MemRefType:
		return interp.Value{}, fmt.Errorf("'%s' is not %s, %s or a .npy file", lit, ArgRandom, ArgZeros)
	}
	return interp.Value{}, fmt.Errorf("cannot make a value of type %s", t)
}

// equivDiag turns an equivalence failure into a diagnostic: a runtime
// failure keeps its own location with a note saying which run failed, a
// difference is reported at the entry function of the transformed module.
func equivDiag(beforeEntry, entry *ir.Operation, beforeFile, afterFile string, err error) ir.DiagList {
	name := ir.SymbolNameOf(entry)
	var re *equiv.RunError
	if errors.As(err, &re) {
		which, at := "'"+afterFile+"'", entry
		if re.Which == "before" {
			which, at = "'"+beforeFile+"'", beforeEntry
		}
		d, ok := re.Err.(*ir.Diagnostic)
		if !ok {
			d = ir.Errorf(at.Loc(), "%v", re.Err)
		}
		d.AttachNote(at.Loc(), "while checking '%s' of %s on random inputs (seed %d)", name, which, re.Seed)
		return ir.DiagList{d}
	}
	return diagf(entry.Loc(), "function '%s' differs from its version in '%s': %v", name, beforeFile, err)
}

// Write prints the result: scalars as values, memrefs as a checksum line
// (the sum of the initialised elements and a hash of every element's bits
// and initialisation), or, with full, their whole contents in numpy's
// layout (uninitialised elements print as '?'). Memref arguments are
// printed as outputs because the function may have written them.
func (r *RunResult) Write(w io.Writer, full bool) error {
	var b strings.Builder
	if r.EquivSeeds > 0 {
		fmt.Fprintf(&b, "equivalent (%d seeds)\n", r.EquivSeeds)
	}
	line := func(label string, v interp.Value) {
		switch {
		case v.Ref != nil && full:
			fmt.Fprintf(&b, "%s: %s =\n%s\n", label, v.Ref.Type, FormatMemRef(v.Ref))
		case v.Ref != nil:
			fmt.Fprintf(&b, "%s: %s %s\n", label, v.Ref.Type, Checksum(v.Ref))
		default:
			fmt.Fprintf(&b, "%s: %s\n", label, v)
		}
	}
	for i, a := range r.Args {
		if a.Ref != nil {
			line(fmt.Sprintf("%%arg%d", i), a)
		}
	}
	for i, v := range r.Results {
		line(fmt.Sprintf("result %d", i), v)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Checksum summarises a memref's contents: `sum=S hash=H`, plus
// `uninit=N` when N elements were never written. The hash (FNV-1a over
// each element's register bits and initialisation, row-major) changes
// with any bit; the sum is for reading.
func Checksum(m *interp.MemRef) string {
	vals, init := m.Elements()
	h := fnv.New64a()
	var buf [9]byte
	var sum float64
	uninit := 0
	for i, v := range vals {
		binary.LittleEndian.PutUint64(buf[:8], v)
		buf[8] = 0
		if init[i] {
			buf[8] = 1
			sum += elemFloat(m.Type.Elem, v)
		} else {
			uninit++
		}
		h.Write(buf[:])
	}
	s := fmt.Sprintf("sum=%s hash=%016x", strconv.FormatFloat(sum, 'g', 10, 64), h.Sum64())
	if uninit > 0 {
		s += fmt.Sprintf(" uninit=%d", uninit)
	}
	return s
}

// elemFloat returns an element's numeric value (integers signed, i1 as 0/1).
func elemFloat(t ir.Type, bits uint64) float64 {
	v := interp.Value{Type: t, Bits: bits}
	switch t := t.(type) {
	case *ir.FloatType:
		return v.Float()
	case *ir.IntegerType:
		if t.Signedness == ir.Unsigned || t.Width == 1 {
			return float64(v.Uint())
		}
		return float64(v.Int())
	case *ir.IndexType:
		return float64(v.Int())
	}
	return 0
}

// FormatMemRef prints a memref's contents as numpy prints an array:
// nested brackets, one innermost row per line, columns aligned.
func FormatMemRef(m *interp.MemRef) string {
	vals, init := m.Elements()
	strs := make([]string, len(vals))
	width := 0
	for i, v := range vals {
		strs[i] = "?"
		if init[i] {
			strs[i] = formatElem(m.Type.Elem, v)
		}
		width = max(width, len(strs[i]))
	}
	for i, s := range strs {
		strs[i] = strings.Repeat(" ", width-len(s)) + s
	}
	if len(m.Sizes) == 0 {
		if len(strs) == 0 {
			return "[]"
		}
		return strings.TrimSpace(strs[0])
	}
	var b strings.Builder
	formatDim(&b, strs, m.Sizes, 0, 0)
	return b.String()
}

// formatDim writes the sub-array of dimension d starting at element off.
func formatDim(b *strings.Builder, strs []string, sizes []int64, d int, off int64) {
	b.WriteByte('[')
	stride := int64(1)
	for _, s := range sizes[d+1:] {
		stride *= s
	}
	for i := int64(0); i < sizes[d]; i++ {
		if i > 0 {
			if d == len(sizes)-1 {
				b.WriteString(", ")
			} else {
				b.WriteString(",")
				b.WriteString(strings.Repeat("\n", len(sizes)-d-1))
				b.WriteString(strings.Repeat(" ", d+1))
			}
		}
		if d == len(sizes)-1 {
			b.WriteString(strs[off+i])
		} else {
			formatDim(b, strs, sizes, d+1, off+i*stride)
		}
	}
	b.WriteByte(']')
}

func formatElem(t ir.Type, bits uint64) string {
	v := interp.Value{Type: t, Bits: bits}
	switch t := t.(type) {
	case *ir.FloatType:
		prec := 64
		if t.Width() <= 32 {
			prec = 32
		}
		return strconv.FormatFloat(v.Float(), 'g', -1, prec)
	case *ir.IntegerType:
		if t.Width == 1 {
			return strconv.FormatBool(bits != 0)
		}
		if t.Signedness == ir.Unsigned {
			return strconv.FormatUint(v.Uint(), 10)
		}
		return strconv.FormatInt(v.Int(), 10)
	case *ir.IndexType:
		return strconv.FormatInt(v.Int(), 10)
	}
	return fmt.Sprintf("0x%x", bits)
}
