package gpu

import (
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Launch region arguments: block ids, thread ids, grid sizes and block
// sizes (x, y, z each), then, with clusters, cluster ids and cluster sizes.
const (
	numConfigArgs        = 12
	numClusterConfigArgs = 18
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
	for d, xyz := range [3]string{"X", "Y", "Z"} {
		c.Grid[d] = op.NamedOperand("gridSize" + xyz)
		c.Block[d] = op.NamedOperand("blockSize" + xyz)
		c.Cluster[d] = op.NamedOperand("clusterSize" + xyz)
	}
	c.DynamicSharedMemory = op.NamedOperand("dynamicSharedMemorySize")
	return c
}

// KernelOperands returns the kernel arguments of a gpu.launch_func.
func KernelOperands(op *ir.Operation) []*ir.Value { return op.NamedOperands("kernelOperands") }

// AsyncDependencies returns the async token operands of an async-capable gpu op.
func AsyncDependencies(op *ir.Operation) []*ir.Value { return op.NamedOperands("asyncDependencies") }

// Segment returns operand group i of a gpu op, in the order of its
// declaration (op.NamedOperands names them).
func Segment(op *ir.Operation, i int) []*ir.Value { return op.OperandGroup(i) }

// hasClusters reports whether a gpu.launch or gpu.launch_func has cluster sizes.
func hasClusters(op *ir.Operation) bool { return op.NamedOperand("clusterSizeX") != nil }

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

// launchSizes declares the grid, block and cluster size operands of
// gpu.launch and gpu.launch_func, whose sizes have type t.
func launchSizes(t *ir.TypeConstraint) []ir.ValueDef {
	var vs []ir.ValueDef
	for _, kind := range []string{"gridSize", "blockSize", "clusterSize"} {
		for _, xyz := range []string{"X", "Y", "Z"} {
			v := ir.Operand(kind+xyz, t)
			if kind == "clusterSize" {
				v.Arity = ir.Optional
			}
			vs = append(vs, v)
		}
	}
	return vs
}

func launchOp() *ir.OpDef {
	d := &ir.OpDef{
		Name:    "gpu.launch",
		Summary: "GPU kernel launch operation",
		Doc: "Launches its body as a kernel on a grid of thread blocks: the body sees its block and thread " +
			"ids and the grid and block sizes as region arguments.\n\n" +
			"    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)\n" +
			"               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {\n      gpu.terminator\n    }",
		Traits: ir.AutomaticAllocationScope | ir.RecursiveMemoryEffects,
		Operands: append(append([]ir.ValueDef{asyncDependencies}, launchSizes(ir.IndexConstraint)...),
			ir.Opt("dynamicSharedMemorySize", i32Type)),
		Results: []ir.ValueDef{asyncTokenResult},
		Attrs:   []ir.AttrDef{ir.OptAttr("kernelFunc", ir.SymbolRefKind), ir.OptAttr("kernelModule", ir.SymbolRefKind)},
		Regions: []ir.RegionDef{{Name: "body"}},
		Print:   printLaunch,
		Verify:  verifyLaunch,
	}
	d.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseLaunch(p, st, d) }
	return d
}

// parseLaunch parses gpu.launch's custom form, whose size clauses define
// the body's arguments.
func parseLaunch(p ir.OpParser, st *ir.OperationState, d *ir.OpDef) error {
	async, us, err := parseAsyncDependencies(p)
	if err != nil {
		return err
	}
	if async {
		st.Types = append(st.Types, AsyncToken())
	}
	deps, err := resolveAll(p, us, AsyncToken())
	if err != nil {
		return err
	}
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
	groups := [][]*ir.Value{deps}
	for _, vs := range [][]*ir.Value{gridVals, blockVals, clusterVals} {
		for i := 0; i < 3; i++ {
			if vs == nil {
				groups = append(groups, nil)
			} else {
				groups = append(groups, vs[i:i+1])
			}
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
	st.SetOperandGroups(d, append(groups, dsm)...)
	wg, priv, err := parseAttributions(p, st)
	if err != nil {
		return err
	}
	var args []ir.Argument
	for _, group := range [][]ir.Argument{blockIDs, threadIDs, gridArgs, blockArgs, clusterIDs, clusterArgs, wg, priv} {
		args = append(args, group...)
	}
	if err := p.ParseRegion(st.AddRegion(), args); err != nil {
		return err
	}
	return p.ParseOptionalAttrDict(st)
}

// resolveAll resolves every operand of us with type t (none when us is empty).
func resolveAll(p ir.OpParser, us []ir.UnresolvedOperand, t ir.Type) ([]*ir.Value, error) {
	if len(us) == 0 {
		return nil, nil
	}
	return p.ResolveOperands(us, []ir.Type{t})
}

func printLaunch(p ir.OpPrinter, op *ir.Operation) {
	// Unlike custom<AsyncDependencies>, MLIR prints the dependencies only
	// after `async`.
	if hasAsyncToken(op) {
		p.Print(" ")
		printAsyncDependencies(p, true, AsyncDependencies(op))
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
	printAttributions(p, op)
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, true)
	p.PrintOptionalAttrDict(op.Attrs(), ir.SegmentSizesAttr, WorkgroupAttributionsKey)
}

func verifyLaunch(op *ir.Operation) error {
	if op.Region(0).Empty() {
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
	return opsyntax.BareOp("gpu.terminator", "Terminator for GPU launch regions",
		"Ends the body of a gpu.launch: the thread is done.\n\n    gpu.terminator",
		ir.Terminator|ir.Pure, func(op *ir.Operation) error { return expectParent(op, "gpu.launch") })
}

// launchIndex is the type of gpu.launch_func's sizes.
var launchIndex = ir.TypeOf("index or 32-bit signless integer or 64-bit signless integer", func(t ir.Type) bool {
	return t == ir.Index || t == ir.I32 || t == ir.I64
})

// launchOps is this file's part of the dialect's op table.
func launchOps() opTable {
	return opTable{
		{
			Name:    "gpu.launch_func",
			Summary: "Launches a function as a GPU kernel",
			Doc: "Launches the kernel gpu.func named by a nested symbol reference on a grid of thread blocks " +
				"with the given arguments; the enclosing module must carry `gpu.container_module`.\n\n" +
				"    gpu.launch_func  @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  args(%a : memref<32xf32>)",
			Operands: append(append([]ir.ValueDef{asyncDependencies}, launchSizes(launchIndex)...),
				ir.Opt("dynamicSharedMemorySize", i32Type), ir.Var("kernelOperands", nil), ir.Opt("asyncObject", nil)),
			Results:       []ir.ValueDef{asyncTokenResult},
			Attrs:         []ir.AttrDef{ir.Attr("kernel", ir.SymbolRefKind)},
			AllTypesMatch: [][]string{launchFuncSizes[:]},
			Custom:        customDirectives,
			Format: asyncFormat("(`<` $asyncObject^ `:` type($asyncObject) `>`)? $kernel " +
				"(`clusters` `in` ` ` `(` $clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)`)? " +
				"`blocks` `in` ` ` `(` $gridSizeX `,` $gridSizeY `,` $gridSizeZ `)` " +
				"`threads` `in` ` ` `(` $blockSizeX `,` $blockSizeY `,` $blockSizeZ `)` " +
				"custom<LaunchDimType>(type($gridSizeX), type($clusterSizeX), type($clusterSizeY), type($clusterSizeZ)) " +
				"(`dynamic_shared_memory_size` $dynamicSharedMemorySize^)? " +
				"custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict"),
			Verify: verifyLaunchFunc,
		},
	}
}

// LaunchedKernel returns the gpu.func a gpu.launch_func launches, or nil.
func LaunchedKernel(op *ir.Operation) *ir.Operation {
	ref, ok := op.Attr("kernel").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	return ir.LookupNearestSymbolFrom(op, ref)
}

// launchFuncSizes are the operands of gpu.launch_func that share a type
// (its format spells the type once).
var launchFuncSizes = [...]string{"gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ"}

func verifyLaunchFunc(op *ir.Operation) error {
	for _, name := range launchFuncSizes[1:] {
		if op.NamedOperand(name).Type() != op.NamedOperand(launchFuncSizes[0]).Type() {
			return op.Errorf("failed to verify that all of {%s} have same type", strings.Join(launchFuncSizes[:], ", "))
		}
	}
	ref := op.Attr("kernel").(*ir.SymbolRefAttr)
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
