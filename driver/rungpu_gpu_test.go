//go:build gpu

// The end-to-end Hopper test of goopt run --device=gpu on a real device:
// it needs an sm_90 GPU, so it is built only with -tags gpu. The GPU
// machine has no Go toolchain: build the test binary here and run it
// there (the PTX is embedded):
//
//	CGO_ENABLED=0 go test -c -tags gpu -o /tmp/driver.test ./driver
//	/tmp/driver.test -test.v -test.run GPUDevice

package driver

import (
	_ "embed"
	"testing"
)

//go:embed testdata/tile_tma.ptx
var tileTMAPTX string

// TestRunGPUDeviceTensorMap runs tmaSrc's host function on the device with
// the hand-written TMA kernel: goopt compiles the host side and writes the
// manifest, encodes the descriptor of %a's device buffer with
// cuTensorMapEncodeTiled, passes it by value, launches in clusters of 2
// with 1 KiB of dynamic shared memory; the box at (64, 8) of %a must come
// back in %out.
func TestRunGPUDeviceTensorMap(t *testing.T) {
	gpu, err := OpenCUDA()
	if err != nil {
		t.Fatal(err)
	}
	gpu.Close()
	res, errs := run(t, tmaSrc, RunOptions{Device: DeviceGPU, PTX: tileTMAPTX, Seed: 11})
	if errs != "" {
		t.Fatal(errs)
	}
	a, _ := res.Args[0].Ref.Elements()
	out, _ := res.Args[1].Ref.Elements()
	bad := 0
	for r := 0; r < 8; r++ {
		for c := 0; c < 64; c++ {
			if out[r*64+c] != a[(8+r)*256+64+c] && bad < 5 {
				t.Errorf("out[%d][%d] = %#x, want a[%d][%d] = %#x", r, c, out[r*64+c], 8+r, 64+c, a[(8+r)*256+64+c])
				bad++
			}
		}
	}
}
