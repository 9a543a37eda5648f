package gpu

import "github.com/goopt/goopt/ir"

// Dialect returns the gpu dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:      "gpu",
		Ops:       ops(),
		ParseType: parseType,
		ParseAttr: parseAttr,
	}
}

func ops() []*ir.OpDef {
	return []*ir.OpDef{
		moduleOp(),
		moduleEndOp(),
		funcOp(),
		returnOp(),
		launchOp(),
		terminatorOp(),
		launchFuncOp(),

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
		dynamicSharedMemoryOp(),
		shuffleOp(),
		allReduceOp(),
		subgroupReduceOp(),
		yieldOp(),

		mmaLoadOp(),
		mmaStoreOp(),
		mmaComputeOp(),
		mmaConstantOp(),
		mmaElementwiseOp(),

		allocOp(),
		deallocOp(),
		memcpyOp(),
		memsetOp(),
		waitOp(),
	}
}
