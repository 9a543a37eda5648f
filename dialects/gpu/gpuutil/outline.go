package gpuutil

import (
	"strconv"

	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
)

// Kernel outlining (gpu-kernel-outlining) and the sinking of index
// computations into launches (gpu-launch-sink-index-computations), as
// MLIR 19's KernelOutlining.cpp.

// kernelSuffix names an outlined kernel and its module after the host
// function: `@f` launches `@f_kernel::@f_kernel`.
const kernelSuffix = "_kernel"

// dataLayoutAttrName is where a kernel module keeps its data layout
// (DLTIDialect::kDataLayoutAttrName).
const dataLayoutAttrName = "dlti.dl_spec"

// OutlineOptions configure OutlineKernels.
type OutlineOptions struct {
	// DataLayout, when not nil, becomes every kernel module's
	// `dlti.dl_spec` attribute (upstream's data-layout-str).
	DataLayout ir.Attribute
}

// KernelOperands returns the values defined above a gpu.launch and used
// in its body: the parameters of the kernel outlined from it, in their
// order. The order is upstream's (getUsedValuesDefinedAbove): the body is
// walked in post-order — an op's nested ops before the op itself, blocks
// and ops in textual order — and each op's operands in order; a value
// comes where it is first used. So `scf.for %i = %lb to %ub step %c1`
// whose body uses `%x` gives %x before %lb, %ub and %c1. The order depends
// only on the body, so it is stable from one run to the next.
func KernelOperands(launch *ir.Operation) []*ir.Value {
	if launch.NumRegions() == 0 {
		return nil
	}
	body := launch.Region(0)
	seen := map[*ir.Value]bool{}
	var vals []*ir.Value
	for _, op := range body.Ops() {
		ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
			for _, v := range o.Operands() {
				if !seen[v] && !body.IsAncestor(v.ParentRegion()) {
					seen[v] = true
					vals = append(vals, v)
				}
			}
			return ir.Advance
		})
	}
	return vals
}

// outlined is a gpu.launch about to be outlined, with everything checked.
type outlined struct {
	launch   *ir.Operation
	host     *ir.Operation // the func.func holding it
	name     string        // kernel function name
	operands []*ir.Value
}

// OutlineKernels outlines every gpu.launch of the func.func ops of module
// (a builtin.module) into a gpu.func kernel in a gpu.module of its own,
// launched by a gpu.launch_func in its place, as upstream's
// gpu-kernel-outlining:
//
//   - a launch in `@f` becomes `gpu.module @f_kernel { gpu.func @f_kernel
//     kernel }`, the module inserted after `@f`; a module name already
//     taken gets the suffix _0, _1, ... (one counter for the whole module,
//     as MLIR's SymbolTable::insert);
//   - the kernel's parameters are KernelOperands(launch), passed by the
//     gpu.launch_func in that order; the launch's workgroup and private
//     attributions become the kernel's;
//   - the body's id and size arguments become gpu.block_id, thread_id,
//     grid_dim and block_dim ops (and cluster_id, cluster_dim with
//     clusters) at the top of the kernel, gpu.terminator gpu.return;
//   - grid and block sizes that are all constants (fitting in 32 bits)
//     become the kernel's known_grid_size and known_block_size;
//   - async dependencies and token, cluster sizes and the dynamic shared
//     memory size carry over to the gpu.launch_func;
//   - the symbols the kernel references (memref.global, callees, and
//     theirs in turn) are copied into the kernel module, so that the
//     kernel verifies and can be compiled on its own;
//   - module gets the gpu.container_module attribute when a launch was
//     outlined.
//
// Unlike upstream, a private workgroup-memory memref.global (memory space
// 3 or #gpu.address_space<workgroup>) copied into kernel modules is then
// erased from module when no host code refers to it any more: shared
// memory only exists on the device, and the host copy would otherwise be
// lowered as host data. It returns how many launches were outlined. On
// error (a launch whose body is malformed, a kernel referring to a symbol
// module does not define) nothing is changed.
func OutlineKernels(ctx *ir.Context, module *ir.Operation, opts OutlineOptions) (int, error) {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return 0, nil
	}
	table := ir.NewSymbolTable(module)
	var work []outlined
	var errs ir.DiagList
	for _, host := range module.Region(0).Front().Ops() {
		if !host.Is("func.func") || host.NumRegions() == 0 || host.Region(0).Empty() {
			continue
		}
		name := ir.SymbolNameOf(host) + kernelSuffix
		// Upstream walks post-order: nested launches before the ones
		// enclosing them, siblings in order.
		ir.Walk(host, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
			if !op.Is("gpu.launch") {
				return ir.Advance
			}
			if err := checkLaunch(op, name, table); err != nil {
				errs = append(errs, ir.Diagnostics(err)...)
				return ir.Advance
			}
			work = append(work, outlined{launch: op, host: host, name: name, operands: KernelOperands(op)})
			return ir.Advance
		})
	}
	if len(errs) > 0 {
		return 0, errs
	}
	if len(work) == 0 {
		return 0, nil
	}
	names := newUniquer(table)
	copied := map[string]bool{}
	// Modules for the launches of one function go, in order, before the
	// op that followed the function when its first launch was outlined.
	insertAt := map[*ir.Operation]*ir.Operation{}
	for _, w := range work {
		if _, ok := insertAt[w.host]; !ok {
			insertAt[w.host] = w.host.Next()
		}
	}
	// Launches naming a kernelModule share that module (as upstream's
	// outlining does since LLVM 20): a host function whose kernels run
	// in sequence (a copy, then the kernel reading it) gets them in one
	// gpu.module, compiled to one PTX module.
	shared := map[string]*ir.Operation{}
	for _, w := range work {
		ref, _ := w.launch.Attr("kernelModule").(*ir.SymbolRefAttr)
		if ref != nil && shared[ref.Root] != nil {
			mod := shared[ref.Root]
			inner := ir.NewSymbolTable(mod)
			w.name = newUniquer(inner).unique(w.name)
			kernel := buildKernelFunc(ctx, w)
			addKernel(mod, kernel, table, copied)
			replaceWithLaunchFunc(ctx, w.launch, mod, kernel, w.operands)
			continue
		}
		kernel := buildKernelFunc(ctx, w)
		mod := buildKernelModule(ctx, kernel, table, opts, copied)
		modName := ir.SymbolNameOf(mod)
		if ref != nil {
			modName = ref.Root
			shared[ref.Root] = mod
		}
		mod.SetAttr(ir.SymbolAttrName, ir.Str(names.unique(modName)))
		blk := w.host.Block()
		blk.InsertBefore(insertAt[w.host], mod)
		table.Insert(mod)
		replaceWithLaunchFunc(ctx, w.launch, mod, kernel, w.operands)
	}
	eraseDeviceOnlyGlobals(module, table, copied)
	module.SetAttr(gpu.ContainerModuleAttrName, &ir.UnitAttr{})
	return len(work), nil
}

// checkLaunch reports what would make outlining launch fail: a body
// without the id and size arguments, or symbols the kernel would need
// that the module does not define (each reported once).
func checkLaunch(launch *ir.Operation, kernelName string, table *ir.SymbolTable) error {
	if _, ok := gpu.LaunchBody(launch); !ok || launch.Region(0).Empty() {
		return launch.Errorf("cannot be outlined: malformed body region")
	}
	have := map[string]bool{kernelName: true}
	var errs ir.DiagList
	var visit func(region *ir.Region)
	visit = func(region *ir.Region) {
		forSymbolUses(region, func(user *ir.Operation, name string) {
			if have[name] {
				return
			}
			have[name] = true
			def := table.Lookup(name)
			if def == nil {
				errs = append(errs, user.Errorf("cannot be outlined into a kernel: symbol '@%s' is not defined in the enclosing module", name))
				return
			}
			for _, r := range def.Regions() {
				visit(r)
			}
		})
	}
	visit(launch.Region(0))
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// forSymbolUses calls fn with every symbol reference (its root name) in
// the ops nested in r, in pre-order, not looking inside nested symbol
// tables (SymbolTable::getSymbolUses).
func forSymbolUses(r *ir.Region, fn func(user *ir.Operation, name string)) {
	for _, op := range r.Ops() {
		ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
			for _, a := range o.Attrs() {
				forRefs(a.Value, func(ref *ir.SymbolRefAttr) { fn(o, ref.Root) })
			}
			if ir.IsSymbolTable(o) {
				return ir.Skip
			}
			return ir.Advance
		})
	}
}

func forRefs(a ir.Attribute, fn func(*ir.SymbolRefAttr)) {
	switch a := a.(type) {
	case *ir.SymbolRefAttr:
		fn(a)
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			forRefs(e, fn)
		}
	case *ir.DictionaryAttr:
		for _, e := range a.Entries {
			forRefs(e.Value, fn)
		}
	}
}

// buildKernelFunc moves launch's body into a new, detached gpu.func
// kernel (upstream's outlineKernelFuncImpl, which clones it; the launch
// is erased right after, so moving is the same and cheaper).
func buildKernelFunc(ctx *ir.Context, w outlined) *ir.Operation {
	launch := w.launch
	loc := launch.Loc()
	cfg := gpu.LaunchConfigOf(launch)
	wg, priv := gpu.WorkgroupAttributions(launch), gpu.PrivateAttributions(launch)
	args, _ := gpu.LaunchBody(launch)
	var inputs []ir.Type
	for _, v := range w.operands {
		inputs = append(inputs, v.Type())
	}
	st := &ir.OperationState{Name: "gpu.func", Loc: loc}
	st.AddAttr(ir.SymbolAttrName, ir.Str(w.name))
	st.AddAttr("function_type", ir.TypeAttrOf(ir.Function(inputs, nil)))
	st.AddAttr(gpu.KernelAttrName, &ir.UnitAttr{})
	st.AddAttr(gpu.WorkgroupAttributionsKey, ir.IntAttr(ir.I64, int64(len(wg))))
	// Safe because launches are never deduplicated: the kernel only ever
	// runs with these sizes.
	if a := constantDims(cfg.Block); a != nil {
		st.AddAttr("known_block_size", a)
	}
	if a := constantDims(cfg.Grid); a != nil {
		st.AddAttr("known_grid_size", a)
	}
	region := st.AddRegion()
	fn := ctx.NewOperation(st)

	body := launch.Region(0)
	region.TakeBody(body)
	old := region.Front()
	entry := ir.NewBlock()
	// The kernel's arguments are located at the launch (GPUFuncOp::build).
	for _, v := range w.operands {
		entry.AddArgument(v.Type(), loc)
	}
	attribution := make([]*ir.Value, 0, len(wg)+len(priv))
	for _, v := range append(append([]*ir.Value(nil), wg...), priv...) {
		attribution = append(attribution, entry.AddArgument(v.Type(), loc))
	}
	region.InsertBlockAfter(nil, entry)

	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(entry)
	ids := [][3]*ir.Value{args.BlockIDs, args.ThreadIDs, args.GridSizes, args.BlockSizes}
	kinds := []string{"gpu.block_id", "gpu.thread_id", "gpu.grid_dim", "gpu.block_dim"}
	if cfg.Cluster[0] != nil {
		ids = append(ids, args.ClusterIDs, args.ClusterSizes)
		kinds = append(kinds, "gpu.cluster_id", "gpu.cluster_dim")
	}
	for i, kind := range kinds {
		for d, xyz := range [3]string{"x", "y", "z"} {
			v := b.CreateOp(kind, loc, nil, []ir.Type{ir.Index}, ir.NamedAttribute{Name: "dimension", Value: gpu.Dim(xyz)}).Result(0)
			ids[i][d].ReplaceAllUsesWith(v)
		}
	}
	for i, a := range append(append([]*ir.Value(nil), wg...), priv...) {
		a.ReplaceAllUsesWith(attribution[i])
	}
	for i, v := range w.operands {
		arg := entry.Argument(i)
		v.ReplaceUsesWithIf(arg, func(o *ir.OpOperand) bool { return region.IsAncestor(o.Owner().ParentRegion()) })
	}
	// The launch's entry block continues the kernel's (upstream splices it).
	for _, op := range old.Ops() {
		op.MoveToEnd(entry)
	}
	old.Erase()
	// The launch is erased next: give it back an empty body so that it
	// stays well formed until then.
	body.AppendBlock(ir.NewBlock())
	for _, blk := range region.Blocks() {
		if t := blk.Last(); t != nil && t.Is("gpu.terminator") {
			b.SetInsertionPointBefore(t)
			b.CreateOp("gpu.return", t.Loc(), nil, nil)
			t.Erase()
		}
	}
	return fn
}

// constantDims returns the sizes as `array<i32: x, y, z>` when all three
// are constants that fit in 32 bits unsigned (maybeConstantDimsAttr), or
// nil.
func constantDims(vs [3]*ir.Value) ir.Attribute {
	var out [3]int32
	for i, v := range vs {
		c, ok := ir.ConstantInt(v)
		if !ok || c < 0 || c > 1<<32-1 {
			return nil
		}
		out[i] = int32(uint32(c))
	}
	return ir.DenseI32Array(out[0], out[1], out[2])
}

// buildKernelModule returns a gpu.module named after kernel holding it
// and copies of the symbols it references, transitively
// (createKernelModule): each symbol is appended when first referenced,
// and the symbols it references are looked at after it, last copied
// first. copied records the names copied.
func buildKernelModule(ctx *ir.Context, kernel *ir.Operation, parent *ir.SymbolTable, opts OutlineOptions, copied map[string]bool) *ir.Operation {
	st := &ir.OperationState{Name: "gpu.module", Loc: kernel.Loc()}
	st.AddAttr(ir.SymbolAttrName, ir.Str(ir.SymbolNameOf(kernel)))
	if opts.DataLayout != nil {
		st.AddAttr(dataLayoutAttrName, opts.DataLayout)
	}
	body := ir.NewBlock()
	st.AddRegion().AppendBlock(body)
	mod := ctx.NewOperation(st)
	end := ctx.NewOperation(&ir.OperationState{Name: "gpu.module_end", Loc: kernel.Loc()})
	body.Append(end)
	addKernel(mod, kernel, parent, copied)
	return mod
}

// addKernel inserts kernel at the end of the kernel module mod with the
// symbols of parent it references (and theirs in turn) that mod does not
// hold yet.
func addKernel(mod, kernel *ir.Operation, parent *ir.SymbolTable, copied map[string]bool) {
	body := mod.Region(0).Front()
	end := body.Terminator()
	body.InsertBefore(end, kernel)
	have := map[string]bool{}
	for _, op := range body.Ops() {
		if n := ir.SymbolNameOf(op); n != "" {
			have[n] = true
		}
	}
	work := []*ir.Operation{kernel}
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		for _, r := range op.Regions() {
			forSymbolUses(r, func(_ *ir.Operation, name string) {
				if have[name] {
					return
				}
				// checkLaunch made sure the definition exists.
				c := parent.Lookup(name).Clone(nil)
				have[name] = true
				copied[name] = true
				body.InsertBefore(end, c)
				work = append(work, c)
			})
		}
	}
}

// replaceWithLaunchFunc replaces launch by a gpu.launch_func of kernel in
// mod with the given kernel operands.
func replaceWithLaunchFunc(ctx *ir.Context, launch, mod, kernel *ir.Operation, operands []*ir.Value) {
	cfg := gpu.LaunchConfigOf(launch)
	groups := [][]*ir.Value{gpu.AsyncDependencies(launch)}
	for _, v := range cfg.Grid {
		groups = append(groups, []*ir.Value{v})
	}
	for _, v := range cfg.Block {
		groups = append(groups, []*ir.Value{v})
	}
	for _, v := range cfg.Cluster {
		groups = append(groups, ir.OptionalGroup(v))
	}
	groups = append(groups, ir.OptionalGroup(cfg.DynamicSharedMemory), operands, nil)
	st := &ir.OperationState{Name: "gpu.launch_func", Loc: launch.Loc(), Types: launch.ResultTypes()}
	st.SetOperandGroups(ctx.OpDef("gpu.launch_func"), groups...)
	st.AddAttr("kernel", ir.SymbolRef(ir.SymbolNameOf(mod), ir.SymbolNameOf(kernel)))
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(launch)
	lf := b.Create(st)
	launch.ReplaceAllUsesWith(lf.Results())
	launch.Erase()
}

// uniquer renames symbols that clash with a symbol table's, with one
// counter for all names (MLIR's SymbolTable::insert).
type uniquer struct {
	table   *ir.SymbolTable
	counter int
}

func newUniquer(t *ir.SymbolTable) *uniquer { return &uniquer{table: t} }

func (u *uniquer) unique(name string) string {
	if u.table.Lookup(name) == nil {
		return name
	}
	for {
		n := name + "_" + strconv.Itoa(u.counter)
		u.counter++
		if u.table.Lookup(n) == nil {
			return n
		}
	}
}

// eraseDeviceOnlyGlobals erases the private workgroup-memory globals
// copied into kernel modules that nothing outside those modules refers to
// any more.
func eraseDeviceOnlyGlobals(module *ir.Operation, table *ir.SymbolTable, copied map[string]bool) {
	candidates := map[string]*ir.Operation{}
	for name := range copied {
		g := table.Lookup(name)
		if g != nil && g.Is("memref.global") && ir.Visibility(g) == "private" && isWorkgroupGlobal(g) {
			candidates[name] = g
		}
	}
	if len(candidates) == 0 {
		return
	}
	ir.Walk(module, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o != module && o.Is("gpu.module") {
			// Its references resolve to its own copies: every copied
			// name is defined in the kernel modules that use it.
			return ir.Skip
		}
		for _, a := range o.Attrs() {
			forRefs(a.Value, func(ref *ir.SymbolRefAttr) { delete(candidates, ref.Root) })
		}
		return ir.Advance
	})
	for name, g := range candidates {
		table.Remove(name)
		g.Erase()
	}
}

// isWorkgroupGlobal reports whether a memref.global lives in workgroup memory.
func isWorkgroupGlobal(g *ir.Operation) bool {
	ta, ok := g.Attr("type").(*ir.TypeAttr)
	if !ok {
		return false
	}
	mt, ok := ta.Value.(*ir.MemRefType)
	return ok && mt.MemorySpaceInt() == gpu.WorkgroupMemorySpace
}

// IsLikelyIndexComputation reports whether op is worth sinking into a
// gpu.launch (upstream's isLikelyAnIndexComputation): a constant,
// memref.dim, arith.select or arith.cmpi.
func IsLikelyIndexComputation(op *ir.Operation) bool {
	if op.HasTrait(ir.ConstantLike) {
		return true
	}
	switch op.Name() {
	case "memref.dim", "arith.select", "arith.cmpi":
		return true
	}
	return false
}

// SinkIntoLaunch clones into the body of a gpu.launch the ops defining
// values it uses from above for which beneficial holds, when that does not
// make the kernel use new values from above (an op's operands must be
// sunk too, or already be used by the body), as upstream's
// sinkOperationsIntoLaunchOp. The clones go at the start of the body, in
// dependence order, and replace the originals' uses in the body only;
// the originals stay for their other uses. It returns how many ops were
// sunk. beneficial must only accept ops without side effects, since
// sinking duplicates them.
func SinkIntoLaunch(launch *ir.Operation, beneficial func(*ir.Operation) bool) int {
	if launch.NumRegions() == 0 || launch.Region(0).Empty() {
		return 0
	}
	body := launch.Region(0)
	candidates := KernelOperands(launch)
	existing := map[*ir.Value]bool{}
	for _, v := range candidates {
		existing[v] = true
	}
	s := &sinker{beneficial: beneficial, existing: existing, sunk: map[*ir.Operation]bool{}, available: map[*ir.Value]bool{}}
	for _, v := range candidates {
		if d := v.DefiningOp(); d != nil {
			s.extract(d)
		}
	}
	if len(s.order) == 0 {
		return 0
	}
	entry := body.Front()
	first := entry.First()
	m := ir.NewMapping()
	for _, op := range s.order {
		c := op.Clone(m)
		entry.InsertBefore(first, c)
		for i, r := range op.Results() {
			r.ReplaceUsesWithIf(c.Result(i), func(o *ir.OpOperand) bool { return body.IsAncestor(o.Owner().ParentRegion()) })
		}
	}
	return len(s.order)
}

type sinker struct {
	beneficial func(*ir.Operation) bool
	existing   map[*ir.Value]bool
	sunk       map[*ir.Operation]bool
	order      []*ir.Operation
	available  map[*ir.Value]bool
}

// extract reports whether op can be sunk without new kernel arguments,
// recording it and the ops it needs (extractBeneficiaryOps).
func (s *sinker) extract(op *ir.Operation) bool {
	if s.sunk[op] {
		return true
	}
	if !s.beneficial(op) {
		return false
	}
	for _, v := range op.Operands() {
		if s.available[v] {
			continue
		}
		d := v.DefiningOp()
		if (d == nil || !s.extract(d)) && !s.existing[v] {
			return false
		}
	}
	s.sunk[op] = true
	s.order = append(s.order, op)
	for _, r := range op.Results() {
		s.available[r] = true
	}
	return true
}
