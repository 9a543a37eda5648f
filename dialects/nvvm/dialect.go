package nvvm

import "github.com/goopt/goopt/ir"

// Dialect returns the nvvm dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:      "nvvm",
		Ops:       ops(),
		ParseAttr: parseAttr,
	}
}

func ops() []*ir.OpDef {
	var defs []*ir.OpDef
	for _, r := range SpecialRegisters {
		defs = append(defs, sregOp(r))
	}
	defs = append(defs,
		bareOp("nvvm.barrier0", "CTA barrier synchronization (barrier 0)",
			"Waits until every thread of the block has reached the barrier; shared-memory writes before "+
				"it are visible to every thread after it (bar.sync 0).\n\n    nvvm.barrier0", sync),
		bareOp("nvvm.fence.mbarrier.init", "Fence for mbarrier initialisation",
			"Makes prior mbarrier.init operations visible to the cluster (fence.mbarrier_init.release.cluster)."+
				"\n\n    nvvm.fence.mbarrier.init", sync),
		bareOp("nvvm.fence.sc.cluster", "Sequentially consistent cluster fence",
			"fence.sc.cluster.\n\n    nvvm.fence.sc.cluster", sync),
	)
	defs = append(defs, fenceProxyTensormapOps()...)
	defs = append(defs, clusterBarrierOps()...)
	defs = append(defs,
		bareOp("nvvm.cp.async.commit.group", "Commit the pending cp.async ops as a group",
			"Groups the thread's cp.async operations issued since the last commit.\n\n    nvvm.cp.async.commit.group", sync),
	)
	defs = append(defs, mbarrierAllOps()...)
	defs = append(defs, cpAsyncMbarrierArriveOps()...)
	defs = append(defs, bulkAsyncGroupOps()...)
	defs = append(defs,
		bareOp("nvvm.wgmma.fence.aligned", "Fence before wgmma",
			"Orders register accesses of the warpgroup before the following wgmma.mma_async.\n\n"+
				"    nvvm.wgmma.fence.aligned", sync),
		bareOp("nvvm.wgmma.commit.group.sync.aligned", "Commit the pending wgmma ops as a group",
			"Groups the warpgroup's wgmma.mma_async operations issued since the last commit.\n\n"+
				"    nvvm.wgmma.commit.group.sync.aligned", sync),
		wgmmaMmaAsyncOp(),
	)
	defs = append(defs, basicOps()...)
	defs = append(defs, mmaOps()...)
	return append(defs, asyncOps()...)
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef
