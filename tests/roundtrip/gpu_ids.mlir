// Thread, block, grid, cluster and subgroup queries with and without upper bounds.
gpu.module @ids {
  gpu.func @ids() kernel {
    %0 = gpu.thread_id x
    %1 = gpu.thread_id y upper_bound 64
    %2 = gpu.block_id z
    %3 = gpu.block_id x upper_bound 4
    %4 = gpu.block_dim y
    %5 = gpu.grid_dim z
    %6 = gpu.global_id x
    %7 = gpu.cluster_id y
    %8 = gpu.cluster_dim z
    %9 = gpu.cluster_block_id x
    %10 = gpu.cluster_dim_blocks y
    %11 = gpu.lane_id
    %12 = gpu.lane_id upper_bound 32
    %13 = gpu.subgroup_id : index
    %14 = gpu.subgroup_id upper_bound 4 : index
    %15 = gpu.num_subgroups : index
    %16 = gpu.subgroup_size : index
    %17 = gpu.thread_id z {foo}
    gpu.return
  }
}
