//go:build gpu

// Hopper tests (sm_90): a TMA copy through a descriptor from EncodeTiled
// passed by value, with more than 48 KiB of dynamic shared memory, and
// cluster launches. Build and run as device_test.go says (-tags gpu).

package cuda

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"testing"
)

//go:embed testdata/hopper.ptx
var hopperPTX string

func hopperModule(t *testing.T) (*Device, *Module) {
	t.Helper()
	dev := openDevice(t)
	if p := dev.Props(); p.Major < 9 {
		t.Skipf("%s is sm_%d%d: TMA and clusters need sm_90", p.Name, p.Major, p.Minor)
	}
	mod, err := dev.LoadPTX(hopperPTX)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mod.Unload() })
	return dev, mod
}

func TestDeviceTMATile(t *testing.T) {
	dev, mod := hopperModule(t)
	f, err := mod.Function("tma_tile")
	if err != nil {
		t.Fatal(err)
	}
	// A row-major 64×256 u16 tensor whose elements are their own index.
	const rows, cols, boxW, boxH = 64, 256, 64, 8
	host := make([]byte, 2*rows*cols)
	for i := 0; i < rows*cols; i++ {
		binary.LittleEndian.PutUint16(host[2*i:], uint16(i))
	}
	src := upload(t, dev, host)
	out, err := dev.Alloc(2 * boxW * boxH)
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Free(out)
	for _, c := range []struct {
		x, y    int
		swizzle Swizzle
		offset  int // of the tile in dynamic shared memory
	}{
		{64, 16, SwizzleNone, 0},
		{128, 8, Swizzle128B, 96 << 10}, // past the 48 KiB default: needs the opt-in
		{192, 60, SwizzleNone, 0},       // rows 64..67 are out of bounds: zero-filled
	} {
		t.Run(fmt.Sprintf("x%d_y%d_swizzle%d", c.x, c.y, c.swizzle.Span()), func(t *testing.T) {
			tm, err := dev.EncodeTiled(TiledDesc{DataType: TensorUint16, GlobalAddress: src, GlobalDims: []uint64{cols, rows},
				GlobalStrides: []uint64{2 * cols}, BoxDims: []uint32{boxW, boxH}, Swizzle: c.swizzle})
			if err != nil {
				t.Fatal(err)
			}
			if err := dev.Memset(out, 0xee, 2*boxW*boxH); err != nil {
				t.Fatal(err)
			}
			const tile = 2 * boxW * boxH
			cfg := LaunchConfig{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{128, 1, 1}, SharedBytes: uint32(c.offset + tile)}
			if err := dev.LaunchEx(f, cfg, tm, out, uint32(c.x), uint32(c.y), uint32(c.offset), uint32(tile)); err != nil {
				t.Fatal(err)
			}
			if err := dev.Synchronize(); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, tile)
			if err := dev.CopyFromDevice(got, out); err != nil {
				t.Fatal(err)
			}
			bad := 0
			for r := 0; r < boxH; r++ {
				for col := 0; col < boxW; col++ {
					want := uint16(0)
					if c.y+r < rows && c.x+col < cols {
						want = uint16((c.y+r)*cols + c.x + col)
					}
					o := 2 * (r*boxW + col)
					if c.swizzle == Swizzle128B { // 16-byte chunk j of row r lands at chunk j ^ (r mod 8)
						o ^= (o >> 7 & 7) << 4
					}
					if g := binary.LittleEndian.Uint16(got[o:]); g != want && bad < 5 {
						t.Errorf("tile[%d][%d] (shared byte %d) = %d, want %d", r, col, o, g, want)
						bad++
					}
				}
			}
		})
	}
}

func TestDeviceClusterLaunch(t *testing.T) {
	dev, mod := hopperModule(t)
	f, err := mod.Function("cluster_rank")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ grid, cluster [3]uint32 }{
		{[3]uint32{4, 4, 1}, [3]uint32{2, 2, 1}},
		{[3]uint32{32, 1, 1}, [3]uint32{16, 1, 1}}, // non-portable: more than 8 blocks
	} {
		t.Run(fmt.Sprintf("cluster%dx%d", c.cluster[0], c.cluster[1]), func(t *testing.T) {
			n := int(c.grid[0] * c.grid[1])
			out, err := dev.Alloc(16 * n)
			if err != nil {
				t.Fatal(err)
			}
			defer dev.Free(out)
			if err := dev.LaunchEx(f, LaunchConfig{Grid: c.grid, Block: [3]uint32{64, 1, 1}, Cluster: c.cluster}, out); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, 16*n)
			if err := dev.CopyFromDevice(got, out); err != nil {
				t.Fatal(err)
			}
			for by := uint32(0); by < c.grid[1]; by++ {
				for bx := uint32(0); bx < c.grid[0]; bx++ {
					i := 16 * int(by*c.grid[0]+bx)
					rank, size := binary.LittleEndian.Uint32(got[i:]), binary.LittleEndian.Uint32(got[i+4:])
					cx, cy := binary.LittleEndian.Uint32(got[i+8:]), binary.LittleEndian.Uint32(got[i+12:])
					wantRank := bx%c.cluster[0] + by%c.cluster[1]*c.cluster[0]
					if rank != wantRank || size != c.cluster[0]*c.cluster[1] || cx != bx/c.cluster[0] || cy != by/c.cluster[1] {
						t.Errorf("block (%d,%d): rank %d of %d in cluster (%d,%d), want %d of %d in (%d,%d)",
							bx, by, rank, size, cx, cy, wantRank, c.cluster[0]*c.cluster[1], bx/c.cluster[0], by/c.cluster[1])
					}
				}
			}
		})
	}
}
