//go:build gpu

package gpumatmulhopper

import (
	"encoding/binary"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/runtime/cuda"
)

// TestGPUUpstreamLoweredRungs runs every rung's kernel, lowered by
// upstream MLIR (TestUpstreamLowersEveryRung with HOPPER_WRITE_PTX=dir
// writes the PTX; HOPPER_PTX_DIR=dir reads it here), on the GPU at
// gpuM×gpuN×gpuK and checks C += A·B against a float64 reference on the
// host. Upstream's kernel takes the TMA descriptors as pointers to
// device memory, then C's memref descriptor.
func TestGPUUpstreamLoweredRungs(t *testing.T) {
	dir := os.Getenv("HOPPER_PTX_DIR")
	if dir == "" {
		t.Skip("HOPPER_PTX_DIR not set")
	}
	dev, err := cuda.Open(0)
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	rng := rand.New(rand.NewSource(1))
	a, aBits := randomF16(rng, gpuM*gpuK)
	b, bBits := randomF16(rng, gpuK*gpuN)
	c0 := make([]float32, gpuM*gpuN)
	for i := range c0 {
		c0[i] = float32(rng.Intn(9) - 4)
	}
	want := make([]float64, gpuM*gpuN)
	for i := 0; i < gpuM; i++ {
		for j := 0; j < gpuN; j++ {
			s := float64(c0[i*gpuN+j])
			for k := 0; k < gpuK; k++ {
				s += a[i*gpuK+k] * b[k*gpuN+j]
			}
			want[i*gpuN+j] = s
		}
	}
	dA, dB, dC := upload(t, dev, aBits), upload(t, dev, bBits), upload(t, dev, float32Bytes(c0))
	for _, r := range rungs {
		t.Run(r.name, func(t *testing.T) {
			ptx, err := os.ReadFile(filepath.Join(dir, r.name+".ptx"))
			if err != nil {
				t.Fatal(err)
			}
			k := kernelFor(t, r.opts, gpuM, gpuN, gpuK)
			mod, err := dev.LoadPTX(string(ptx))
			if err != nil {
				t.Fatal(err)
			}
			defer mod.Unload()
			f, err := mod.Function("gpu_matmul_hopper_kernel")
			if err != nil {
				t.Fatal(err)
			}
			if err := dev.CopyToDevice(dC, float32Bytes(c0)); err != nil {
				t.Fatal(err)
			}
			rows := uint32(k.rowsPerConsumer())
			// In a cluster along x each block loads its part of A's box.
			descA := deviceTensorMap(t, dev, cuda.TiledDesc{DataType: cuda.TensorFloat16, GlobalAddress: dA, GlobalDims: []uint64{gpuK, gpuM},
				GlobalStrides: []uint64{2 * gpuK}, BoxDims: []uint32{uint32(k.BK), rows / uint32(k.CX)}, Swizzle: cuda.Swizzle128B})
			descB := deviceTensorMap(t, dev, cuda.TiledDesc{DataType: cuda.TensorFloat16, GlobalAddress: dB, GlobalDims: []uint64{gpuN, gpuK},
				GlobalStrides: []uint64{2 * gpuN}, BoxDims: []uint32{swizzleElems, uint32(k.BK)}, Swizzle: cuda.Swizzle128B})
			args := []any{descA, descB, dC, dC, int64(0), int64(gpuM), int64(gpuN), int64(gpuN), int64(1)}
			if k.TMAEpilogue {
				args = append(args, deviceTensorMap(t, dev, cuda.TiledDesc{DataType: cuda.TensorFloat32, GlobalAddress: dC, GlobalDims: []uint64{gpuN, gpuM},
					GlobalStrides: []uint64{4 * gpuN}, BoxDims: []uint32{uint32(k.BN), rows}, Swizzle: cuda.SwizzleNone}))
			}
			cfg := cuda.LaunchConfig{Grid: [3]uint32{uint32(gpuN / k.BN), uint32(gpuM / k.BM), 1},
				Block: [3]uint32{uint32(k.threads()), 1, 1}, SharedBytes: uint32(k.sharedBytes())}
			if k.Persistent {
				cfg.Grid = [3]uint32{uint32(k.gridSize()), 1, 1}
			}
			if k.clusterSize() > 1 {
				cfg.Cluster = [3]uint32{uint32(k.CX), uint32(k.CY), 1}
			}
			if err := dev.LaunchEx(f, cfg, args...); err != nil {
				t.Fatal(err)
			}
			if err := dev.Synchronize(); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, 4*gpuM*gpuN)
			if err := dev.CopyFromDevice(got, dC); err != nil {
				t.Fatal(err)
			}
			bad := 0
			for i := range want {
				g := float64(math.Float32frombits(binary.LittleEndian.Uint32(got[4*i:])))
				if math.Abs(g-want[i]) > 1e-3*(1+math.Abs(want[i])) {
					if bad < 5 {
						t.Errorf("C[%d, %d] = %v, want %v", i/gpuN, i%gpuN, g, want[i])
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d elements wrong", bad, len(want))
			}
		})
	}
}

// randomF16 returns n values exactly representable in f16 (multiples of
// 1/64 in [-2, 2]) and their f16 bits.
func randomF16(rng *rand.Rand, n int) ([]float64, []byte) {
	v := make([]float64, n)
	bits := make([]byte, 2*n)
	for i := range v {
		q := rng.Intn(257) - 128
		v[i] = float64(q) / 64
		binary.LittleEndian.PutUint16(bits[2*i:], f16Bits(v[i]))
	}
	return v, bits
}

// f16Bits encodes x, a multiple of 1/64 of magnitude at most 2, as f16.
func f16Bits(x float64) uint16 {
	if x == 0 {
		return 0
	}
	var sign uint16
	if x < 0 {
		sign, x = 0x8000, -x
	}
	e := math.Floor(math.Log2(x))
	mant := uint16(math.Round((x/math.Pow(2, e) - 1) * 1024))
	return sign | uint16(e+15)<<10 | mant
}

func float32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func upload(t *testing.T, dev *cuda.Device, b []byte) cuda.DevicePtr {
	t.Helper()
	p, err := dev.Alloc(len(b))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Free(p) })
	if err := dev.CopyToDevice(p, b); err != nil {
		t.Fatal(err)
	}
	return p
}

// deviceTensorMap encodes d and copies the descriptor to device memory, where
// upstream's lowering reads it.
func deviceTensorMap(t *testing.T, dev *cuda.Device, d cuda.TiledDesc) cuda.DevicePtr {
	t.Helper()
	tm, err := dev.EncodeTiled(d)
	if err != nil {
		t.Fatal(err)
	}
	return upload(t, dev, tm[:])
}
