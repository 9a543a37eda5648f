package gpu

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// Dialect returns the gpu dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:      "gpu",
		Ops:       ops(),
		ParseType: parseType,
		ParseAttr: parseAttr,
	}
}

func ops() opTable {
	return slices.Concat(opTable{
		moduleEndOp(),
		funcOp(),
		returnOp(),
		launchOp(),
		terminatorOp(),

		dimOp("gpu.thread_id", "thread id", "thread_id"),
		dimOp("gpu.block_id", "block id", "block_id"),
		dimOp("gpu.block_dim", "block dimension (threads per block)", "block_dim"),
		dimOp("gpu.grid_dim", "grid dimension (blocks per grid)", "grid_dim"),
		dimOp("gpu.global_id", "global thread id", "global_id"),
		dimOp("gpu.cluster_id", "cluster id", "cluster_id"),
		dimOp("gpu.cluster_dim", "cluster dimension (clusters per grid)", "cluster_dim"),
		dimOp("gpu.cluster_block_id", "block id within the cluster", "cluster_block_id"),
		dimOp("gpu.cluster_dim_blocks", "cluster dimension in blocks", "cluster_dim_blocks"),
		laneOp("gpu.lane_id", "lane id within the subgroup", false),
		laneOp("gpu.subgroup_id", "subgroup id within the workgroup", true),
		laneOp("gpu.num_subgroups", "number of subgroups within the workgroup", true),
		laneOp("gpu.subgroup_size", "size of a subgroup", true),

		barrierOp(),
		allReduceOp(),
		subgroupReduceOp(),
		yieldOp(),
		deallocOp(),
		memcpyOp(),
		memsetOp(),
		waitOp(),
	}, launchOps(), memoryOps(), mmaOps(), moduleOps(), syncOps())
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef
