package gpumatmulhopper

import "fmt"

// Hardware facts the kernel is shaped by (sm_90).
const (
	warpgroupSize = 128 // threads of a warpgroup, the unit that issues wgmma
	wgmmaM        = 64  // rows of one wgmma; a warpgroup's tile is a multiple
	// swizzleElems is the inner extent of a TMA box under the 128-byte
	// swizzle: 128 bytes of f16. K tiles and B's column boxes use it.
	swizzleElems = 64
	maxBoxDim    = 256 // a TMA box extent along any dimension
	// maxSharedMemory is the dynamic shared memory a block may opt into
	// on sm_90 (227 KB).
	maxSharedMemory = 232448
	// maxAccumulatorRegs bounds the f32 accumulator a consumer thread holds
	// (wgmma's n is at most 256, so 64 x 256 / 128 threads).
	maxAccumulatorRegs = 128
	// Register budgets under warp specialisation (setmaxnreg): the producer
	// gives registers up, consumers take what the 64K register file leaves.
	producerRegs    = 40
	maxConsumerRegs = 240
	registerFile    = 65536
	// tryWaitTicks is the suspend-time hint of mbarrier.try_wait.parity.
	tryWaitTicks = 10000000
	f16Bytes     = 2
	f32Bytes     = 4
	epilogueVec  = 4 // f32 elements per vector access of the C update
)

// kernel is one configuration of the Hopper matmul kernel: the matmul's
// sizes and the validated options.
type kernel struct {
	M, N, K        int64
	Elem           string // A's and B's element type: f16 or bf16 (C is f32)
	BM, BN, BK     int64
	Stages         int64
	Consumers      int64 // warpgroups issuing wgmma
	WarpSpecialize bool  // one more warpgroup, the TMA producer
	TMAEpilogue    bool  // C written by a TMA store from shared memory
	// RegisterEpilogue: each consumer adds its accumulator's registers
	// to C in place, with no staging tile and no consumer-wide barrier
	// (epilogue=registers; pingpong's always: epilogue_registers.go).
	RegisterEpilogue bool
	// TileBySize: 128x256 tiles become 128x128 where those finish in
	// fewer waves (tileBySize).
	TileBySize bool
	// PadOperands copies A or B into a buffer with 16-byte rows before
	// the matmul when its rows are not (pad.go), rather than having the
	// kernel's threads copy its boxes (producer_fallback.go).
	PadOperands bool
	GridSwizzle int64 // tile rows per group of the rasterisation; <= 1 is row-major
	// Persistent launches SMs blocks (fewer when there are fewer tiles)
	// that loop over the output tiles (rung 4); the ring's slot and phase
	// counters run on across tiles.
	Persistent bool
	SMs        int64
	// OverlapEpilogue gives the staging tile its own shared memory past
	// the ring, so the producer fills the ring with the next tile while
	// the consumers store this one (rung 5; persistent only).
	OverlapEpilogue bool
	// CX, CY is the thread-block cluster (rung 3; 1, 1: none). The
	// blocks of a cluster along x compute tiles of the same rows and share
	// A, those along y share B: each block loads its part of the shared
	// operand's box and multicasts it to the cluster.
	CX, CY int64
	// PingPong (rung 7, persistent and warp-specialised) gives each
	// consumer warpgroup whole tiles in turn, ordered so that one runs its
	// main loop while the other stores its tile from registers
	// (pingpong.go).
	PingPong bool
}

// clusterSize is the blocks of a cluster.
func (k *kernel) clusterSize() int64 { return k.CX * k.CY }

// emptyBarrierBase is the byte offset of the cluster-wide empty barriers
// (8 bytes each) in dynamic shared memory, past the ring and the staging
// tile: their peers arrive on them through distributed shared memory, by
// address, which needs them at a known place.
func (k *kernel) emptyBarrierBase() int64 {
	if k.RegisterEpilogue {
		return (k.ringBytes() + 7) / 8 * 8
	}
	return (max(k.ringBytes(), k.stagingBytes()) + 7) / 8 * 8
}

// rowsPerConsumer is the height of each consumer warpgroup's part of the
// block tile (BM split in row bands).
func (k *kernel) rowsPerConsumer() int64 {
	if k.PingPong {
		return k.BM
	}
	return k.BM / k.Consumers
}

// threads is the block size.
func (k *kernel) threads() int64 {
	n := k.Consumers * warpgroupSize
	if k.WarpSpecialize {
		n += warpgroupSize
	}
	return n
}

// Shared-memory layout (bytes): the ring holds Stages A slots, then
// Stages B slots; the epilogue's f32 staging tile reuses it from offset 0
// once the main loop is over, or follows it with an overlapped epilogue;
// a register epilogue has none.
func (k *kernel) aSlotBytes() int64   { return k.BM * k.BK * f16Bytes }
func (k *kernel) bSlotBytes() int64   { return k.BK * k.BN * f16Bytes }
func (k *kernel) bBase() int64        { return k.Stages * k.aSlotBytes() }
func (k *kernel) stagingBytes() int64 { return k.BM * k.BN * f32Bytes }
func (k *kernel) ringBytes() int64    { return k.Stages * (k.aSlotBytes() + k.bSlotBytes()) }
func (k *kernel) stagingBase() int64 {
	if k.OverlapEpilogue {
		return k.ringBytes()
	}
	return 0
}
func (k *kernel) sharedBytes() int64 {
	switch {
	case k.clusterSize() > 1:
		return k.emptyBarrierBase() + 8*k.Stages
	case k.RegisterEpilogue:
		return k.ringBytes() // no staging tile: the epilogue stores from registers
	case k.OverlapEpilogue:
		return k.ringBytes() + k.stagingBytes()
	}
	return max(k.ringBytes(), k.stagingBytes())
}

// tiles is the number of output tiles; gridSize the blocks launched.
func (k *kernel) tiles() int64 { return k.tilesM() * k.tilesN() }
func (k *kernel) gridSize() int64 {
	if k.Persistent {
		// Whole clusters (clusterSize divides the tiles).
		return min(k.SMs, k.tiles()) / k.clusterSize() * k.clusterSize()
	}
	return k.tiles()
}

// kTiles is the trip count of the K loop; a last partial K tile reads
// zeros past K (boundary.go).
func (k *kernel) kTiles() int64 { return ceilDiv(k.K, k.BK) }

// consumerRegs is the setmaxnreg budget of a consumer thread: what the
// register file leaves after the producer's, a multiple of 8.
func (k *kernel) consumerRegs() int64 {
	r := (registerFile - warpgroupSize*k.producerRegisters()) / (k.Consumers * warpgroupSize)
	return min(r/8*8, maxConsumerRegs)
}

// check validates the configuration against the matmul's sizes and the
// hardware; the message names the option at fault.
func (k *kernel) check() error {
	switch {
	case k.BM <= 0 || k.BN <= 0 || k.BK <= 0:
		return fmt.Errorf("tile sizes must be positive, got %dx%dx%d", k.BM, k.BN, k.BK)
	case k.BK != swizzleElems:
		return fmt.Errorf("the K tile must be %d (a 128-byte swizzled row of f16), got %d", swizzleElems, k.BK)
	case k.BN%swizzleElems != 0 || k.BN > maxBoxDim:
		return fmt.Errorf("the N tile must be a multiple of %d and at most %d (wgmma's n), got %d", swizzleElems, maxBoxDim, k.BN)
	case k.Stages < 1:
		return fmt.Errorf("stages must be at least 1, got %d", k.Stages)
	case k.Consumers < 1:
		return fmt.Errorf("consumers must be at least 1, got %d", k.Consumers)
	case k.BM%k.Consumers != 0 && !k.PingPong:
		return fmt.Errorf("consumers %d do not divide the M tile %d", k.Consumers, k.BM)
	}
	if err := k.checkPingPong(); err != nil {
		return err
	}
	if r := k.rowsPerConsumer(); r%wgmmaM != 0 || r > maxBoxDim {
		return fmt.Errorf("each consumer warpgroup gets %d rows of the M tile %d: must be a multiple of %d and at most %d", r, k.BM, wgmmaM, maxBoxDim)
	}
	if regs := k.rowsPerConsumer() * k.BN / warpgroupSize; regs > maxAccumulatorRegs {
		return fmt.Errorf("a %dx%d accumulator per consumer warpgroup needs %d registers a thread (at most %d): use more consumers or a smaller tile", k.rowsPerConsumer(), k.BN, regs, maxAccumulatorRegs)
	}
	switch {
	case k.Persistent && !k.WarpSpecialize:
		return fmt.Errorf("persistent needs warp-specialize: the producer warpgroup runs the ring across tiles")
	case k.RegisterEpilogue && !k.WarpSpecialize:
		return fmt.Errorf("epilogue=registers needs warp-specialize: each consumer warpgroup stores its own rows, with no barrier over the block")
	case k.RegisterEpilogue && k.OverlapEpilogue && !k.PingPong:
		return fmt.Errorf("overlap-epilogue does not apply to epilogue=registers: there is no staging tile, and the producer already fills the ring during the epilogue")
	case k.OverlapEpilogue && !k.Persistent && !k.WarpSpecialize:
		return fmt.Errorf("overlap-epilogue needs persistent, and so warp-specialize: only a block that goes on to a next tile has a main loop to overlap")
	case k.OverlapEpilogue && !k.Persistent:
		return fmt.Errorf("overlap-epilogue needs persistent: only a block that goes on to a next tile has a main loop to overlap")
	case k.Persistent && k.SMs < 1:
		return fmt.Errorf("sm-count must be at least 1, got %d", k.SMs)
	}
	if err := k.checkCluster(); err != nil {
		return err
	}
	if s := k.sharedBytes(); s > maxSharedMemory {
		if k.OverlapEpilogue {
			return fmt.Errorf("%d stages of %dx%dx%d tiles and a separate %d-byte staging tile (overlap-epilogue) need %d bytes of shared memory, more than the %d of sm_90: use fewer stages or a smaller tile", k.Stages, k.BM, k.BN, k.BK, k.stagingBytes(), s, maxSharedMemory)
		}
		return fmt.Errorf("%d stages of %dx%dx%d tiles need %d bytes of shared memory, more than the %d of sm_90", k.Stages, k.BM, k.BN, k.BK, s, maxSharedMemory)
	}
	if k.GridSwizzle < 0 {
		return fmt.Errorf("grid-swizzle must not be negative, got %d", k.GridSwizzle)
	}
	return nil
}

// checkCluster validates the cluster shape: along one dimension, of 2 or
// 4 blocks, each loading a whole number of the shared operand's rows
// (A: 8-row groups of the 128-byte swizzle) or boxes (B).
func (k *kernel) checkCluster() error {
	if k.CX == 1 && k.CY == 1 {
		return nil
	}
	switch {
	case k.CX < 1 || k.CY < 1 || k.CX > 1 && k.CY > 1 || k.clusterSize() > 4 || k.clusterSize()&(k.clusterSize()-1) != 0:
		return fmt.Errorf("cluster must be 1,1 or 2 or 4 blocks along one dimension, got %d,%d", k.CX, k.CY)
	case !k.WarpSpecialize:
		return fmt.Errorf("cluster needs warp-specialize: the producer waits on the cluster-wide empty barriers")
	case k.Persistent && !k.RegisterEpilogue:
		return fmt.Errorf("cluster with persistent needs epilogue=registers or pingpong (a staging tile over the ring would be overwritten by a peer's multicast)")
	case k.Persistent && k.SMs < k.clusterSize():
		return fmt.Errorf("sm-count %d is less than one cluster of %d blocks", k.SMs, k.clusterSize())
	case k.CX > 1 && (k.rowsPerConsumer()/k.CX)%8 != 0:
		return fmt.Errorf("cluster %d,1 splits each consumer's %d rows of A in %d: each part must be a multiple of 8 rows", k.CX, k.rowsPerConsumer(), k.CX)
	case k.CY > 1 && (k.BN/swizzleElems)%k.CY != 0:
		return fmt.Errorf("cluster 1,%d splits B's %d boxes of %d columns in %d: must divide", k.CY, k.BN/swizzleElems, swizzleElems, k.CY)
	}
	return nil
}
