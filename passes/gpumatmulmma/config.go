package gpumatmulmma

import (
	"fmt"
	"math/bits"
)

// Hardware facts the kernel is shaped by (sm_80 and later).
const (
	warpSize = 32
	// mma.sync m16n8k16 (f16, bf16) and m16n8k8 (tf32): a warp's A
	// fragment is 16 x k, B's k x 8, C's 16x8.
	mmaM, mmaN = 16, 8
	// chunkBytes is what one cp.async (cp.async.cg) and one ldmatrix row
	// move: 8 f16 or bf16, 4 f32.
	chunkBytes = 16
	// bankPeriod is how many 16-byte chunks the 32 4-byte banks span: the
	// 8 row addresses of one ldmatrix phase are conflict-free when their
	// chunks differ modulo 8.
	bankPeriod = 8
	// maxSharedMemory is the dynamic shared memory a block may opt into
	// on sm_90 (227 KB; sm_80 allows 163 KB).
	maxSharedMemory = 232448
	// maxAccumulators bounds the f32 accumulators a thread holds, leaving
	// registers for the fragments and addresses under the 255 limit.
	maxAccumulators = 128
	maxThreads      = 1024
)

// Element types: the kernel's A and B (In) and C (Acc), as MLIR spells them.
const (
	f16  = "f16"
	bf16 = "bf16"
	f32  = "f32" // as an input: tf32 tensor cores, under allow-tf32
)

// kernel is one configuration of the mma.sync matmul kernel: the matmul's
// sizes and the validated options.
type kernel struct {
	M, N, K     int64
	BM, BN, BK  int64  // thread-block tile
	WM, WN      int64  // warp tile
	Stages      int64  // slots of the cp.async ring
	GridSwizzle int64  // tile rows per rasterisation group; <= 1 is row-major
	In, Acc     string // element types of A and B, and of C and the accumulators
	AllowTF32   bool   // f32 inputs may run as tf32
	UnrollRing  bool   // unroll the main loop by Stages: constant ring slots
	// SpreadCopies issues a K tile's copies in equal shares before each
	// k step instead of all before the first.
	SpreadCopies bool
	// InterleaveLoads issues the next step's ldmatrix among the rows of
	// mma.sync instead of all before them.
	InterleaveLoads bool
	// BarrierRow is the rows of a tile's last step whose mma.sync come
	// before the next tile's wait and barrier, under InterleaveLoads.
	BarrierRow int64
}

// inBytes is the size of an A or B element.
func (k *kernel) inBytes() int64 {
	if k.In == f32 {
		return 4
	}
	return 2
}

// chunk is the number of A or B elements one 16-byte copy moves.
func (k *kernel) chunk() int64 { return chunkBytes / k.inBytes() }

// mmaK is mma.sync's k: 16 for 16-bit inputs, 8 for tf32.
func (k *kernel) mmaK() int64 { return 32 / k.inBytes() }

func (k *kernel) warpsN() int64  { return k.BN / k.WN }
func (k *kernel) threads() int64 { return k.BM / k.WM * k.warpsN() * warpSize }
func (k *kernel) kTiles() int64  { return k.K / k.BK }

// Shared memory: the A ring (Stages x BM x BK) then the B ring
// (Stages x BK x BN), both f16 and XOR-swizzled in 16-byte chunks.
func (k *kernel) aRingBytes() int64  { return k.Stages * k.BM * k.BK * k.inBytes() }
func (k *kernel) sharedBytes() int64 { return k.aRingBytes() + k.Stages*k.BK*k.BN*k.inBytes() }

// accumulators is the number of 16x8 accumulators of a warp.
func (k *kernel) accumulators() int64 { return k.WM / mmaM * (k.WN / mmaN) }

// accRegs is the number of 32-bit registers of a thread's part of one
// 16x8 accumulator.
func (k *kernel) accRegs() int64 {
	if k.Acc == f16 {
		return 2
	}
	return 4
}

// check validates the configuration against the hardware; the message
// names the option at fault.
func (k *kernel) check() error {
	switch {
	case k.BM <= 0 || k.BN <= 0 || k.BK <= 0:
		return fmt.Errorf("tile sizes must be positive, got %dx%dx%d", k.BM, k.BN, k.BK)
	case k.WM <= 0 || k.WN <= 0:
		return fmt.Errorf("warp tile sizes must be positive, got %dx%d", k.WM, k.WN)
	case k.BK%16 != 0 || !pow2(k.BK):
		// 16: mma.sync's k for 16-bit inputs, two of tf32's.
		return fmt.Errorf("the K tile must be a power of two and a multiple of 16 (mma.sync's k), got %d", k.BK)
	case !pow2(k.BN) || k.BN < 2*k.chunk():
		return fmt.Errorf("the N tile must be a power of two of at least %d, got %d", 2*k.chunk(), k.BN)
	case k.WM%mmaM != 0 || k.WN%(2*mmaN) != 0:
		// B's fragments come in pairs of n tiles, one ldmatrix x4.trans each.
		return fmt.Errorf("the warp tile must be a multiple of %dx%d (mma.sync's m, two of its n), got %dx%d", mmaM, 2*mmaN, k.WM, k.WN)
	case k.BM%k.WM != 0 || k.BN%k.WN != 0:
		return fmt.Errorf("the warp tile %dx%d must divide the thread-block tile %dx%d", k.WM, k.WN, k.BM, k.BN)
	case k.Stages < 2:
		return fmt.Errorf("stages must be at least 2 (one slot loading while one is read), got %d", k.Stages)
	case k.BarrierRow < 0:
		return fmt.Errorf("barrier-row must not be negative, got %d", k.BarrierRow)
	case k.GridSwizzle < 0:
		return fmt.Errorf("grid-swizzle must not be negative, got %d", k.GridSwizzle)
	}
	if t := k.threads(); t > maxThreads {
		return fmt.Errorf("%d warps of %dx%d in a %dx%d tile need %d threads, more than %d", t/warpSize, k.WM, k.WN, k.BM, k.BN, t, maxThreads)
	}
	// Every thread copies whole rows' worth of chunks: the chunks of a
	// tile must split evenly over the block, and a row's chunks must not
	// be split across the thread-index wrap.
	for _, tile := range []struct {
		name       string
		rows, cols int64
	}{{"A", k.BM, k.BK}, {"B", k.BK, k.BN}} {
		chunks := tile.rows * tile.cols / k.chunk()
		if chunks%k.threads() != 0 || k.threads()%(tile.cols/k.chunk()) != 0 {
			return fmt.Errorf("the %dx%d %s tile's %d 16-byte chunks do not split evenly over %d threads", tile.rows, tile.cols, tile.name, chunks, k.threads())
		}
	}
	// A 16x8 accumulator is 4 registers a thread in f32, 2 in f16.
	if f := k.accumulators() * k.accRegs(); f > maxAccumulators {
		return fmt.Errorf("a %dx%d warp tile needs %d accumulator registers a thread (at most %d): use more warps", k.WM, k.WN, f, maxAccumulators)
	}
	if s := k.sharedBytes(); s > maxSharedMemory {
		return fmt.Errorf("%d stages of %dx%dx%d tiles need %d bytes of shared memory, more than the %d of sm_90", k.Stages, k.BM, k.BN, k.BK, s, maxSharedMemory)
	}
	return nil
}

func pow2(v int64) bool { return v > 0 && v&(v-1) == 0 }

// tf32SwizzleB is B's pattern under tf32 (see swizzleOfB): chunk c of row
// r is stored at c ^ (((r & 3) << shift) & mask); mask keeps the XOR inside
// the row (narrow rows get a weaker spread).
func tf32SwizzleB(rowChunks int64) (shift, mask int64) { return 1, min(rowChunks, bankPeriod) - 1 }

// swizzle is the XOR pattern of a shared tile whose rows hold rowChunks
// 16-byte chunks: chunk c of row r is stored at c ^ ((r >> shift) & mask).
// Any 8 rows from a multiple of 8 (an ldmatrix phase reads one chunk of each)
// then land on 8 distinct chunks modulo the bank period, and a row's
// chunks are only permuted, so cp.async's 16-byte writes stay aligned.
func swizzle(rowChunks int64) (shift, mask int64) {
	rowsPerPeriod := max(1, bankPeriod/rowChunks) // rows sharing one bank period
	return int64(bits.TrailingZeros64(uint64(rowsPerPeriod))), min(rowChunks, bankPeriod) - 1
}
