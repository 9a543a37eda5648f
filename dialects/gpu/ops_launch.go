package gpu

import (
	"github.com/goopt/goopt/dialects/internal/segments"
	"github.com/goopt/goopt/ir"
)

// Launch region arguments: block ids, thread ids, grid sizes and block
// sizes (x, y, z each), then, with clusters, cluster ids and cluster sizes.
const (
	numConfigArgs        = 12
	numClusterConfigArgs = 18
)

// Operand groups of gpu.launch.
const (
	launchAsyncDeps = iota
	launchGridX
	launchGridY
	launchGridZ
	launchBlockX
	launchBlockY
	launchBlockZ
	launchClusterX
	launchClusterY
	launchClusterZ
	launchDynamicSharedMemory
	numLaunchSegments
)

// Operand groups of gpu.launch_func.
const (
	launchFuncAsyncDeps = iota
	launchFuncGridX
	launchFuncGridY
	launchFuncGridZ
	launchFuncBlockX
	launchFuncBlockY
	launchFuncBlockZ
	launchFuncClusterX
	launchFuncClusterY
	launchFuncClusterZ
	launchFuncDynamicSharedMemory
	launchFuncKernelOperands
	launchFuncAsyncObject
	numLaunchFuncSegments
)

// LaunchConfig is the operands of a gpu.launch or gpu.launch_func that size the launch.
type LaunchConfig struct {
	Grid, Block [3]*ir.Value
	// Cluster is all nil without clusters.
	Cluster [3]*ir.Value
	// DynamicSharedMemory is nil when not given.
	DynamicSharedMemory *ir.Value
}

// LaunchConfigOf returns the launch sizes of a gpu.launch or gpu.launch_func.
func LaunchConfigOf(op *ir.Operation) LaunchConfig {
	var c LaunchConfig
	one := func(i int) *ir.Value {
		if s := Segment(op, i); len(s) == 1 {
			return s[0]
		}
		return nil
	}
	for d := 0; d < 3; d++ {
		c.Grid[d], c.Block[d], c.Cluster[d] = one(launchGridX+d), one(launchBlockX+d), one(launchClusterX+d)
	}
	c.DynamicSharedMemory = one(launchDynamicSharedMemory)
	return c
}

// KernelOperands returns the kernel arguments of a gpu.launch_func.
func KernelOperands(op *ir.Operation) []*ir.Value { return Segment(op, launchFuncKernelOperands) }

// AsyncDependencies returns the async token operands of an async-capable gpu op.
func AsyncDependencies(op *ir.Operation) []*ir.Value {
	if op.HasAttr(segments.Attr) {
		return Segment(op, 0)
	}
	var deps []*ir.Value
	for _, v := range op.Operands() {
		if _, ok := v.Type().(*AsyncTokenType); ok {
			deps = append(deps, v)
		}
	}
	return deps
}

// hasClusters reports whether a gpu.launch or gpu.launch_func has cluster sizes.
func hasClusters(op *ir.Operation) bool { return len(Segment(op, launchClusterX)) == 1 }

// numLaunchConfigArgs is the number of id/size region arguments of a gpu.launch.
func numLaunchConfigArgs(op *ir.Operation) int {
	if hasClusters(op) {
		return numClusterConfigArgs
	}
	return numConfigArgs
}

// LaunchBodyArgs names the id and size arguments of a gpu.launch body.
type LaunchBodyArgs struct {
	BlockIDs, ThreadIDs, GridSizes, BlockSizes [3]*ir.Value
	// ClusterIDs and ClusterSizes are nil without clusters.
	ClusterIDs, ClusterSizes [3]*ir.Value
}

// LaunchBody returns the id and size arguments of a gpu.launch body.
func LaunchBody(op *ir.Operation) (LaunchBodyArgs, bool) {
	var a LaunchBodyArgs
	args := entryArgs(op)
	if len(args) < numLaunchConfigArgs(op) {
		return a, false
	}
	for d := 0; d < 3; d++ {
		a.BlockIDs[d], a.ThreadIDs[d], a.GridSizes[d], a.BlockSizes[d] = args[d], args[3+d], args[6+d], args[9+d]
		if hasClusters(op) {
			a.ClusterIDs[d], a.ClusterSizes[d] = args[12+d], args[15+d]
		}
	}
	return a, true
}

// parseSizeAssignment parses `(%a, %b, %c) in (%x = %v1, %y = %v2, %z = %v3)`.
func parseSizeAssignment(p ir.OpParser) (ids, sizeArgs []ir.Argument, vals []*ir.Value, err error) {
	if ids, err = p.ParseArgumentList(ir.DelimParen, false); err != nil {
		return
	}
	if len(ids) != 3 {
		err = p.Errorf("expected 3 identifiers")
		return
	}
	if err = p.ParseKeyword("in"); err != nil {
		return
	}
	if err = p.Parse("("); err != nil {
		return
	}
	for i := 0; i < 3; i++ {
		if i > 0 {
			if err = p.Parse(","); err != nil {
				return
			}
		}
		var a ir.Argument
		if a, err = p.ParseArgument(false); err != nil {
			return
		}
		a.Type = ir.Index
		sizeArgs = append(sizeArgs, a)
		if err = p.Parse("="); err != nil {
			return
		}
		var u ir.UnresolvedOperand
		if u, err = p.ParseOperand(); err != nil {
			return
		}
		var v *ir.Value
		if v, err = p.ResolveOperand(u, ir.Index); err != nil {
			return
		}
		vals = append(vals, v)
	}
	for i := range ids {
		ids[i].Type = ir.Index
	}
	err = p.Parse(")")
	return
}

func printSizeAssignment(p ir.OpPrinter, keyword string, ids, sizeArgs []*ir.Value, vals [3]*ir.Value) {
	p.Print(" " + keyword + "(")
	p.PrintOperands(ids)
	p.Print(") in (")
	for i := 0; i < 3; i++ {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintOperand(sizeArgs[i])
		p.Print(" = ")
		p.PrintOperand(vals[i])
	}
	p.Print(")")
}

func launchOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.launch",
		Summary: "GPU kernel launch operation",
		Doc: "Launches its body as a kernel on a grid of thread blocks: the body sees its block and thread " +
			"ids and the grid and block sizes as region arguments.\n\n" +
			"    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)\n" +
			"               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {\n      gpu.terminator\n    }",
		Traits:   ir.AutomaticAllocationScope | ir.RecursiveMemoryEffects,
		Inherent: []string{segments.Attr, "kernelFunc", "kernelModule"},
		Parse:    parseLaunch,
		Print:    printLaunch,
		Verify:   verifyLaunch,
	}
}

func parseLaunch(p ir.OpParser, st *ir.OperationState) error {
	deps, err := parseAsyncDependencies(p, st)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, deps...)
	var clusterIDs, clusterArgs []ir.Argument
	var clusterVals []*ir.Value
	if p.ParseOptionalKeyword("clusters") {
		if clusterIDs, clusterArgs, clusterVals, err = parseSizeAssignment(p); err != nil {
			return err
		}
	}
	if err := p.ParseKeyword("blocks"); err != nil {
		return err
	}
	blockIDs, gridArgs, gridVals, err := parseSizeAssignment(p)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("threads"); err != nil {
		return err
	}
	threadIDs, blockArgs, blockVals, err := parseSizeAssignment(p)
	if err != nil {
		return err
	}
	st.Operands = append(append(st.Operands, gridVals...), blockVals...)
	st.Operands = append(st.Operands, clusterVals...)
	nc := 0
	if clusterVals != nil {
		nc = 1
	}
	nd := 0
	if p.ParseOptionalKeyword("dynamic_shared_memory_size") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, ir.I32)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
		nd = 1
	}
	segments.Set(st, len(deps), 1, 1, 1, 1, 1, 1, nc, nc, nc, nd)
	wg, err := parseAttributions(p, "workgroup")
	if err != nil {
		return err
	}
	priv, err := parseAttributions(p, "private")
	if err != nil {
		return err
	}
	st.AddAttr(WorkgroupAttributionsKey, ir.IntAttr(ir.I64, int64(len(wg))))
	var args []ir.Argument
	for _, group := range [][]ir.Argument{blockIDs, threadIDs, gridArgs, blockArgs, clusterIDs, clusterArgs, wg, priv} {
		args = append(args, group...)
	}
	if err := p.ParseRegion(st.AddRegion(), args); err != nil {
		return err
	}
	return p.ParseOptionalAttrDict(st)
}

func printLaunch(p ir.OpPrinter, op *ir.Operation) {
	if hasAsyncToken(op) {
		p.Print(" async")
		if deps := AsyncDependencies(op); len(deps) > 0 {
			p.Print(" [")
			p.PrintOperands(deps)
			p.Print("]")
		}
	}
	cfg := LaunchConfigOf(op)
	body, ok := LaunchBody(op)
	if !ok {
		return
	}
	if hasClusters(op) {
		printSizeAssignment(p, "clusters", body.ClusterIDs[:], body.ClusterSizes[:], cfg.Cluster)
	}
	printSizeAssignment(p, "blocks", body.BlockIDs[:], body.GridSizes[:], cfg.Grid)
	printSizeAssignment(p, "threads", body.ThreadIDs[:], body.BlockSizes[:], cfg.Block)
	if cfg.DynamicSharedMemory != nil {
		p.Print(" dynamic_shared_memory_size ")
		p.PrintOperand(cfg.DynamicSharedMemory)
	}
	printAttributions(p, "workgroup", WorkgroupAttributions(op))
	printAttributions(p, "private", PrivateAttributions(op))
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, true)
	p.PrintOptionalAttrDict(op.Attrs(), segments.Attr, WorkgroupAttributionsKey)
}

func verifyLaunch(op *ir.Operation) error {
	if err := segments.Check(op, numLaunchSegments); err != nil {
		return err
	}
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return op.Errorf("region #0 ('body') failed to verify constraint: region with 1 blocks")
	}
	nwg, _ := intAttr(op, WorkgroupAttributionsKey)
	if len(entryArgs(op)) < numLaunchConfigArgs(op)+int(nwg) {
		return op.Errorf("unexpected number of region arguments")
	}
	for _, a := range entryArgs(op)[:numLaunchConfigArgs(op)] {
		if a.Type() != ir.Index {
			return op.Errorf("unexpected number of region arguments")
		}
	}
	if err := verifyAttributions(op, WorkgroupAttributions(op), Workgroup); err != nil {
		return err
	}
	if err := verifyAttributions(op, PrivateAttributions(op), Private); err != nil {
		return err
	}
	for _, b := range op.Region(0).Blocks() {
		t := b.Last()
		if t == nil || len(t.Successors()) != 0 || t.Name() == "gpu.terminator" {
			continue
		}
		if t.HasTrait(ir.Terminator) {
			return ir.Errorf(t.Loc(), "expected 'gpu.terminator' or a terminator with successors").
				AttachNote(op.Loc(), "in 'gpu.launch' body region")
		}
	}
	return nil
}

func terminatorOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.terminator",
		Summary: "Terminator for GPU launch regions",
		Doc:     "Ends the body of a gpu.launch: the thread is done.\n\n    gpu.terminator",
		Traits:  ir.Terminator | ir.Pure,
		Parse:   func(p ir.OpParser, st *ir.OperationState) error { return p.ParseOptionalAttrDict(st) },
		Print:   func(p ir.OpPrinter, op *ir.Operation) { p.PrintOptionalAttrDict(op.Attrs()) },
		Verify:  func(op *ir.Operation) error { return expectParent(op, "gpu.launch") },
	}
}

func launchFuncOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.launch_func",
		Summary: "Launches a function as a GPU kernel",
		Doc: "Launches the kernel gpu.func named by a nested symbol reference on a grid of thread blocks " +
			"with the given arguments; the enclosing module must carry `gpu.container_module`.\n\n" +
			"    gpu.launch_func  @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  args(%a : memref<32xf32>)",
		Inherent: []string{"kernel", segments.Attr},
		Parse:    parseLaunchFunc,
		Print:    printLaunchFunc,
		Verify:   verifyLaunchFunc,
	}
}

// parseDims parses `(%a, %b, %c)` into unresolved operands.
func parseDims(p ir.OpParser) ([]ir.UnresolvedOperand, error) {
	us, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return nil, err
	}
	if len(us) != 3 {
		return nil, p.Errorf("expected 3 operands")
	}
	return us, nil
}

func parseLaunchFunc(p ir.OpParser, st *ir.OperationState) error {
	deps, err := parseAsyncDependencies(p, st)
	if err != nil {
		return err
	}
	var asyncObject []*ir.Value
	if p.ParseOptional("<") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		asyncObject = []*ir.Value{v}
		if err := p.Parse(">"); err != nil {
			return err
		}
	}
	loc := p.Loc()
	k, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	ref, ok := k.(*ir.SymbolRefAttr)
	if !ok {
		return ir.Errorf(loc, "invalid kind of attribute specified")
	}
	st.AddAttr("kernel", ref)
	var clusters []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("clusters") {
		if err := p.ParseKeyword("in"); err != nil {
			return err
		}
		if clusters, err = parseDims(p); err != nil {
			return err
		}
	}
	if err := p.ParseKeyword("blocks"); err != nil {
		return err
	}
	if err := p.ParseKeyword("in"); err != nil {
		return err
	}
	grid, err := parseDims(p)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("threads"); err != nil {
		return err
	}
	if err := p.ParseKeyword("in"); err != nil {
		return err
	}
	block, err := parseDims(p)
	if err != nil {
		return err
	}
	var dimType ir.Type = ir.Index
	if p.ParseOptional(":") {
		if dimType, err = p.ParseType(); err != nil {
			return err
		}
	}
	gv, err := p.ResolveOperands(append(grid, block...), []ir.Type{dimType})
	if err != nil {
		return err
	}
	var cv []*ir.Value
	if len(clusters) > 0 {
		if cv, err = p.ResolveOperands(clusters, []ir.Type{dimType}); err != nil {
			return err
		}
	}
	var dsm []*ir.Value
	if p.ParseOptionalKeyword("dynamic_shared_memory_size") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, ir.I32)
		if err != nil {
			return err
		}
		dsm = []*ir.Value{v}
	}
	var args []*ir.Value
	if p.ParseOptionalKeyword("args") {
		if err := p.Parse("("); err != nil {
			return err
		}
		for {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			args = append(args, v)
			if !p.ParseOptional(",") {
				break
			}
		}
		if err := p.Parse(")"); err != nil {
			return err
		}
	}
	nc := len(cv) / 3
	for _, g := range [][]*ir.Value{deps, gv, cv, dsm, args, asyncObject} {
		st.Operands = append(st.Operands, g...)
	}
	segments.Set(st, len(deps), 1, 1, 1, 1, 1, 1, nc, nc, nc, len(dsm), len(args), len(asyncObject))
	return p.ParseOptionalAttrDict(st)
}

func printLaunchFunc(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	printAsyncDependencies(p, hasAsyncToken(op), AsyncDependencies(op))
	if obj := Segment(op, launchFuncAsyncObject); len(obj) == 1 {
		p.Print(" <")
		p.PrintOperand(obj[0])
		p.Print(" : ")
		p.PrintType(obj[0].Type())
		p.Print(">")
	}
	p.Print(" ")
	p.PrintAttribute(op.Attr("kernel"))
	cfg := LaunchConfigOf(op)
	dims := func(kw string, vs [3]*ir.Value) {
		p.Print(" " + kw + " in (")
		p.PrintOperands(vs[:])
		p.Print(")")
	}
	if hasClusters(op) {
		dims("clusters", cfg.Cluster)
	}
	dims("blocks", cfg.Grid)
	dims("threads", cfg.Block)
	p.Print(" ")
	if cfg.Grid[0] != nil && cfg.Grid[0].Type() != ir.Index {
		p.Print(": ")
		p.PrintType(cfg.Grid[0].Type())
	}
	if cfg.DynamicSharedMemory != nil {
		p.Print(" dynamic_shared_memory_size ")
		p.PrintOperand(cfg.DynamicSharedMemory)
	}
	p.Print(" ")
	if args := KernelOperands(op); len(args) > 0 {
		p.Print("args(")
		for i, a := range args {
			if i > 0 {
				p.Print(", ")
			}
			p.PrintOperand(a)
			p.Print(" : ")
			p.PrintType(a.Type())
		}
		p.Print(")")
	}
	p.PrintOptionalAttrDict(op.Attrs(), "kernel", segments.Attr)
}

// LaunchedKernel returns the gpu.func a gpu.launch_func launches, or nil.
func LaunchedKernel(op *ir.Operation) *ir.Operation {
	ref, ok := op.Attr("kernel").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	return ir.LookupNearestSymbolFrom(op, ref)
}

func verifyLaunchFunc(op *ir.Operation) error {
	if err := segments.Check(op, numLaunchFuncSegments); err != nil {
		return err
	}
	ref, ok := op.Attr("kernel").(*ir.SymbolRefAttr)
	if !ok {
		return op.Errorf("requires attribute 'kernel'")
	}
	module := op.ParentOfName("builtin.module")
	if module == nil || !module.HasAttr(ContainerModuleAttrName) {
		return op.Errorf("expected the closest surrounding module to have the '%s' attribute", ContainerModuleAttrName)
	}
	if len(ref.Nested) == 0 {
		return op.Errorf("expected a nested symbol reference to the kernel")
	}
	container := ir.LookupSymbolIn(module, ir.SymbolRef(ref.Root))
	if container == nil {
		return op.Errorf("kernel container '%s' is undefined", ref.Root)
	}
	kernel := ir.LookupSymbolIn(module, ref)
	if kernel == nil {
		return op.Errorf("kernel function '%s' is undefined", ref)
	}
	if kernel.Name() != "gpu.func" && kernel.Name() != "llvm.func" {
		return op.Errorf("referenced kernel '%s' is not a function", ref)
	}
	if !kernel.HasAttr(KernelAttrName) {
		return op.Errorf("kernel function is missing the '%s' attribute", KernelAttrName)
	}
	ft := FuncType(kernel)
	if ft == nil {
		return nil
	}
	args := KernelOperands(op)
	if len(args) != len(ft.Inputs) {
		return op.Errorf("got %d kernel operands but expected %d", len(args), len(ft.Inputs))
	}
	for i, a := range args {
		if a.Type() != ft.Inputs[i] {
			return op.Errorf("type of function argument %d does not match", i)
		}
	}
	return nil
}
