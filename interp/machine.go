package interp

import (
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/goopt/goopt/ir"
)

// Options configures a Machine.
type Options struct {
	// Handlers adds or overrides op handlers (later dialects: vector, gpu, nvvm).
	Handlers []Handler
	// CountOps makes the machine count executed operations (see Machine.OpsExecuted);
	// it costs a little time per op, so it is off by default.
	CountOps bool
	// MaxSteps bounds the number of loop iterations and branches taken in one
	// Call (0: unbounded), so a non-terminating program fails instead of hanging.
	MaxSteps int64
	// Stdout receives what the program prints (vector.print); nil is os.Stdout.
	Stdout io.Writer
}

// Machine executes the functions of one module.
type Machine struct {
	module   *ir.Operation
	opts     Options
	handlers map[string]CompileFunc
	symbols  map[string]*ir.Operation

	mu      sync.Mutex
	funcs   map[string]*Func
	globals map[string]*Buffer

	ops   int64
	steps int64
	// host is the thread the host runs collectives as (see hostThread).
	host *Thread
	// addrs gives buffers synthetic addresses for llvm.ptrtoint and
	// pointers stored in memory (llvm_memory.go).
	addrs addressSpace
}

// New prepares module (a builtin.module) for execution. Functions are
// compiled on first use.
func New(module *ir.Operation, opts Options) (*Machine, error) {
	if module == nil {
		return nil, fmt.Errorf("interp: nil module")
	}
	// Execution assumes verified IR: a function declared to return i32 with a
	// bare return would otherwise run and yield nothing.
	if err := ir.Verify(module); err != nil {
		return nil, err
	}
	m := &Machine{module: module, opts: opts, handlers: map[string]CompileFunc{},
		symbols: map[string]*ir.Operation{}, funcs: map[string]*Func{}, globals: map[string]*Buffer{}}
	for _, h := range DefaultHandlers() {
		m.handlers[h.Name] = h.Compile
	}
	for _, h := range opts.Handlers {
		m.handlers[h.Name] = h.Compile
	}
	if module.NumRegions() > 0 {
		for _, b := range module.Region(0).Blocks() {
			for _, op := range b.Ops() {
				if name := ir.SymbolNameOf(op); name != "" {
					m.symbols[name] = op
				}
			}
		}
	}
	return m, nil
}

// Module returns the module the machine executes.
func (m *Machine) Module() *ir.Operation { return m.module }

// OpsExecuted returns the number of operations executed so far (only counted
// with Options.CountOps).
func (m *Machine) OpsExecuted() int64 { return m.ops }

// Symbol returns the top-level op named name, or nil.
func (m *Machine) Symbol(name string) *ir.Operation { return m.symbols[name] }

// Func is a compiled function.
type Func struct {
	Name  string
	Op    *ir.Operation
	Type  *ir.FunctionType
	Body  *Region
	Slots int
	kinds []slotKind
	args  []int
	// collective: the body declares collective ops, or calls a function
	// that may, so a kernel calling it must run threads as coroutines.
	collective bool
	// async: the body (or a callee) may block or start asynchronous work.
	async bool
}

// Function returns the compiled function name, compiling it (and, lazily,
// its callees) on first use.
func (m *Machine) Function(name string) (*Func, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.function(name)
}

func (m *Machine) function(name string) (*Func, error) {
	if f, ok := m.funcs[name]; ok {
		if f.Body == nil {
			return f, nil // being compiled (recursion): filled in when done
		}
		return f, nil
	}
	op, ft, err := m.funcOp(name)
	if err != nil {
		return nil, err
	}
	return m.compileFunc(name, op, ft)
}

// compileFunc compiles function op of type ft, known to the machine as
// name (its symbol name, or a path for a function nested in a gpu.module).
func (m *Machine) compileFunc(name string, op *ir.Operation, ft *ir.FunctionType) (*Func, error) {
	if f, ok := m.funcs[name]; ok {
		return f, nil
	}
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return nil, op.Errorf("'%s' is external (no body) and cannot be interpreted", name)
	}
	f := &Func{Name: name, Op: op, Type: ft}
	m.funcs[name] = f
	c := &Compiler{m: m, slots: map[*ir.Value]int{}}
	body, err := c.Region(op.Region(0))
	if err != nil {
		delete(m.funcs, name)
		return nil, err
	}
	for _, a := range op.Region(0).Front().Arguments() {
		f.args = append(f.args, c.Slot(a))
	}
	f.Body, f.Slots, f.kinds, f.collective, f.async = body, len(c.kinds), c.kinds, c.collective, c.async
	return f, nil
}

func funcType(op *ir.Operation) (*ir.FunctionType, bool) {
	ta, ok := op.Attr("function_type").(*ir.TypeAttr)
	if !ok {
		return nil, false
	}
	ft, ok := ta.Value.(*ir.FunctionType)
	return ft, ok
}

// Call runs function fn on args and returns its results. Memref arguments
// are shared, not copied: the callee's writes are visible to the caller.
// Runtime failures (out-of-bounds access, uninitialised read, division by
// zero, ...) are returned as *ir.Diagnostic located at the failing op.
func (m *Machine) Call(fn string, args []Value) (results []Value, err error) {
	f, err := m.Function(fn)
	if err != nil {
		return nil, err
	}
	if len(args) != len(f.Type.Inputs) {
		return nil, fmt.Errorf("interp: '%s' takes %d arguments, got %d", fn, len(f.Type.Inputs), len(args))
	}
	for i, a := range args {
		if err := checkArg(f.Type.Inputs[i], a); err != nil {
			return nil, fmt.Errorf("interp: argument %d of '%s': %v", i, fn, err)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("interp: internal error while running '%s': %v", fn, r)
		}
	}()
	m.steps = 0
	fr := m.newFrame(f)
	for i, a := range args {
		fr.setValue(f.args[i], a)
	}
	exit, err := fr.runFunc(f)
	if err != nil {
		return nil, err
	}
	for i, s := range exit.TermOperands {
		results = append(results, fr.value(s, f.Type.Results[i]))
	}
	return results, nil
}

func checkArg(t ir.Type, a Value) error {
	switch t := t.(type) {
	case *ir.MemRefType:
		if a.Ref == nil {
			return fmt.Errorf("expected a memref of type %s", t)
		}
		if a.Ref.Type.Elem != t.Elem || len(a.Ref.Sizes) != len(t.Dims) {
			return fmt.Errorf("memref of type %s does not match %s", a.Ref.Type, t)
		}
		for i, d := range t.Dims {
			if d != ir.Dynamic && a.Ref.Sizes[i] != d {
				return fmt.Errorf("memref sizes %v do not match %s", a.Ref.Sizes, t)
			}
		}
	case *ir.VectorType:
		if a.Vec == nil {
			return fmt.Errorf("expected a vector of type %s", t)
		}
	default:
		if kindOf(t) == kindObject {
			if a.Obj == nil || a.Type != t {
				return fmt.Errorf("expected a value of type %s", t)
			}
			return nil
		}
		if a.Ref != nil || a.Vec != nil || a.Obj != nil || a.Type == nil {
			return fmt.Errorf("expected a scalar of type %s", t)
		}
		if a.Type != t {
			return fmt.Errorf("expected a value of type %s, got %s", t, a.Type)
		}
		if w := ir.BitWidth(t); w > 0 && w < 64 && a.Bits&^widthMask(w) != 0 {
			return fmt.Errorf("value bits %#x do not fit %s", a.Bits, t)
		}
	}
	return nil
}

// ---- frames ----

type slotKind uint8

const (
	kindScalar slotKind = iota
	kindMemRef
	kindObject
)

func kindOf(t ir.Type) slotKind {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return kindMemRef
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
		return kindScalar
	}
	return kindObject
}

// Frame is the register file of one function activation: a scalar, memref
// and object slot per SSA value (each value uses the slot array of its kind).
type Frame struct {
	S []uint64
	M []*MemRef
	O []any
	// Machine is the machine running the frame.
	Machine *Machine
	fn      *Func
	allocas []*Buffer
	// thread is the GPU thread the frame runs on (nil on the host).
	thread *Thread
	tmpS   []uint64
	tmpM   []*MemRef
	tmpO   []any
	idx    []int64
}

func (m *Machine) newFrame(f *Func) *Frame {
	return &Frame{S: make([]uint64, f.Slots), M: make([]*MemRef, f.Slots), O: make([]any, f.Slots),
		Machine: m, fn: f, idx: make([]int64, 0, 16)}
}

func (fr *Frame) setValue(slot int, v Value) {
	switch {
	case v.Ref != nil:
		fr.M[slot] = v.Ref
	case v.Vec != nil:
		fr.O[slot] = v.Vec
	case v.Obj != nil:
		fr.O[slot] = v.Obj
	default:
		fr.S[slot] = v.Bits
	}
}

func (fr *Frame) value(slot int, t ir.Type) Value {
	switch kindOf(t) {
	case kindMemRef:
		return Value{Type: t, Ref: fr.M[slot]}
	case kindObject:
		if v, ok := fr.O[slot].(*Vector); ok {
			return Value{Type: t, Vec: v}
		}
		return Value{Type: t, Obj: fr.O[slot]}
	}
	return Value{Type: t, Bits: fr.S[slot]}
}

// Step counts one loop iteration or branch against Options.MaxSteps.
func (fr *Frame) Step(op *ir.Operation) error {
	m := fr.Machine
	if m.opts.MaxSteps > 0 {
		m.steps++
		if m.steps > m.opts.MaxSteps {
			return ir.Errorf(op.Loc(), "execution exceeded the step limit of %d", m.opts.MaxSteps)
		}
	}
	return nil
}

func (fr *Frame) runFunc(f *Func) (*Block, error) {
	exit, err := fr.RunRegion(f.Body)
	for _, b := range fr.allocas {
		b.free()
	}
	fr.allocas = nil
	return exit, err
}

// RunBlockOps runs a block's non-terminator ops.
func (fr *Frame) RunBlockOps(b *Block) error {
	for _, f := range b.Ops {
		if err := f(fr); err != nil {
			return err
		}
	}
	return nil
}

// RunRegion runs a region from its entry block, following branches, and
// returns the block whose (non-branching) terminator left the region. Entry
// block arguments must already be set.
func (fr *Frame) RunRegion(r *Region) (*Block, error) {
	b := r.Blocks[0]
	for {
		for _, f := range b.Ops {
			if err := f(fr); err != nil {
				return nil, err
			}
		}
		if b.Branch == nil {
			return b, nil
		}
		i, err := b.Branch(fr)
		if err != nil {
			return nil, err
		}
		if err := fr.Step(b.Term); err != nil {
			return nil, err
		}
		next := b.Succs[i]
		fr.Move(b.SuccOperands[i], next.Args)
		b = next
	}
}

// Move copies slots src[i] to dst[i] as a parallel copy (sources are all read
// before any destination is written).
func (fr *Frame) Move(src, dst []int) {
	n := len(src)
	if n == 0 {
		return
	}
	kinds := fr.fn.kinds
	if n == 1 {
		fr.copySlot(dst[0], src[0], kinds[src[0]])
		return
	}
	if cap(fr.tmpS) < n {
		fr.tmpS, fr.tmpM, fr.tmpO = make([]uint64, n), make([]*MemRef, n), make([]any, n)
	}
	ts, tm, to := fr.tmpS[:n], fr.tmpM[:n], fr.tmpO[:n]
	for i, s := range src {
		switch kinds[s] {
		case kindScalar:
			ts[i] = fr.S[s]
		case kindMemRef:
			tm[i] = fr.M[s]
		default:
			to[i] = fr.O[s]
		}
	}
	for i, d := range dst {
		switch kinds[src[i]] {
		case kindScalar:
			fr.S[d] = ts[i]
		case kindMemRef:
			fr.M[d] = tm[i]
		default:
			fr.O[d] = to[i]
		}
	}
}

func (fr *Frame) copySlot(dst, src int, k slotKind) { copySlotBetween(fr, dst, fr, src, k) }

// copySlotBetween copies slot src of from into slot dst of to, both of kind
// k: within a frame, or between a caller's and its callee's.
func copySlotBetween(to *Frame, dst int, from *Frame, src int, k slotKind) {
	switch k {
	case kindScalar:
		to.S[dst] = from.S[src]
	case kindMemRef:
		to.M[dst] = from.M[src]
	default:
		to.O[dst] = from.O[src]
	}
}

// copy copies one slot to another of the same kind.
func (fr *Frame) copy(dst, src int) { fr.copySlot(dst, src, fr.fn.kinds[src]) }

// ---- compiled form ----

// Exec runs one compiled operation.
type Exec func(fr *Frame) error

// BranchFunc runs a branching terminator and returns the successor taken.
type BranchFunc func(fr *Frame) (int, error)

// Compiled is what a handler makes of one operation: an Exec for ordinary
// ops, a Branch for terminators with successors, or neither for terminators
// that leave their region (their operands are read by the parent op).
type Compiled struct {
	Exec   Exec
	Branch BranchFunc
	// SuccessorOperands are the values a branch forwards to each successor's
	// block arguments.
	SuccessorOperands [][]*ir.Value
}

// CompileFunc compiles one operation.
type CompileFunc func(c *Compiler, op *ir.Operation) (Compiled, error)

// Handler registers a CompileFunc for an op name.
type Handler struct {
	Name    string
	Compile CompileFunc
}

// Region is a compiled region.
type Region struct{ Blocks []*Block }

// Block is a compiled block.
type Block struct {
	Args []int
	Ops  []Exec
	// Term is the terminator; TermOperands its operand slots.
	Term         *ir.Operation
	TermOperands []int
	Branch       BranchFunc
	Succs        []*Block
	SuccOperands [][]int
}

// Single returns the region's only block when it has exactly one and that
// block does not branch, else nil.
func (r *Region) Single() *Block {
	if len(r.Blocks) == 1 && r.Blocks[0].Branch == nil {
		return r.Blocks[0]
	}
	return nil
}

// DefaultHandlers returns the handlers of every dialect the core interprets.
func DefaultHandlers() []Handler {
	var hs []Handler
	for _, list := range [][]Handler{coreHandlers(), arithHandlers(), mathHandlers(),
		llvmHandlers(), nvvmHandlers(), nvvmAsyncHandlers()} {
		hs = append(hs, list...)
	}
	return hs
}

// SupportedOps lists the op names with handlers, sorted.
func (m *Machine) SupportedOps() []string {
	names := make([]string, 0, len(m.handlers))
	for n := range m.handlers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Compiler turns a function's IR into slot-indexed closures.
type Compiler struct {
	m     *Machine
	slots map[*ir.Value]int
	kinds []slotKind
	// collective: an op compiled so far declared a collective.
	collective bool
	// async: an op compiled so far may block or start asynchronous work (Suspending).
	async bool
}

// Machine returns the machine being compiled for.
func (c *Compiler) Machine() *Machine { return c.m }

// Slot returns the register slot of v, assigning one on first sight.
func (c *Compiler) Slot(v *ir.Value) int {
	if s, ok := c.slots[v]; ok {
		return s
	}
	s := len(c.kinds)
	c.slots[v] = s
	c.kinds = append(c.kinds, kindOf(v.Type()))
	return s
}

// Slots returns the slots of vs.
func (c *Compiler) Slots(vs []*ir.Value) []int {
	out := make([]int, len(vs))
	for i, v := range vs {
		out[i] = c.Slot(v)
	}
	return out
}

// OperandSlots returns the slots of op's operands.
func (c *Compiler) OperandSlots(op *ir.Operation) []int { return c.Slots(op.Operands()) }

// ResultSlots returns the slots of op's results.
func (c *Compiler) ResultSlots(op *ir.Operation) []int { return c.Slots(op.Results()) }

// Region compiles a region.
func (c *Compiler) Region(r *ir.Region) (*Region, error) {
	cr := &Region{}
	index := map[*ir.Block]*Block{}
	for _, b := range r.Blocks() {
		cb := &Block{Args: c.Slots(b.Arguments())}
		index[b] = cb
		cr.Blocks = append(cr.Blocks, cb)
	}
	if len(cr.Blocks) == 0 {
		return nil, fmt.Errorf("interp: cannot run an empty region")
	}
	var errs ir.DiagList
	for i, b := range r.Blocks() {
		cb := cr.Blocks[i]
		for _, op := range b.Ops() {
			comp, err := c.Op(op)
			if err != nil {
				errs = append(errs, ir.Diagnostics(err)...)
				continue
			}
			isTerm := op.Next() == nil && (op.HasTrait(ir.Terminator) || comp.Exec == nil)
			if !isTerm {
				if comp.Exec == nil {
					errs = append(errs, op.Errorf("cannot be executed here"))
					continue
				}
				cb.Ops = append(cb.Ops, c.count(comp.Exec))
				continue
			}
			cb.Term = op
			cb.TermOperands = c.OperandSlots(op)
			if comp.Exec != nil {
				cb.Ops = append(cb.Ops, c.count(comp.Exec))
			}
			cb.Branch = comp.Branch
			for si, s := range op.Successors() {
				if index[s] == nil {
					errs = append(errs, op.Errorf("branches to a block outside its region"))
					continue
				}
				cb.Succs = append(cb.Succs, index[s])
				var fwd []*ir.Value
				if si < len(comp.SuccessorOperands) {
					fwd = comp.SuccessorOperands[si]
				}
				if len(fwd) != len(index[s].Args) {
					errs = append(errs, op.Errorf("forwards %d values to a successor with %d arguments", len(fwd), len(index[s].Args)))
					continue
				}
				cb.SuccOperands = append(cb.SuccOperands, c.Slots(fwd))
			}
		}
		if cb.Term == nil {
			// A block without terminator (NoTerminator regions) leaves its region.
			cb.Term = b.ParentOp()
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return cr, nil
}

func (c *Compiler) count(e Exec) Exec {
	if !c.m.opts.CountOps {
		return e
	}
	m := c.m
	return func(fr *Frame) error { m.ops++; return e(fr) }
}

// Op compiles one operation through the handler table.
func (c *Compiler) Op(op *ir.Operation) (Compiled, error) {
	h := c.m.handlers[op.Name()]
	if h == nil {
		if why, ok := notExecutable[op.Name()]; ok {
			return Compiled{}, unsupported(op, "%s", why)
		}
		return Compiled{}, op.Errorf("is not supported by the interpreter")
	}
	return h(c, op)
}
