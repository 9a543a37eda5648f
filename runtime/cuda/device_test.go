//go:build gpu

// The device smoke test: it needs an NVIDIA GPU and driver, so it is built
// only with -tags gpu. The GPU machine has no Go toolchain: build the test
// binary here and run it there (the PTX is embedded):
//
//	CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go test -c -tags gpu -o /tmp/cuda.test ./runtime/cuda
//	/tmp/cuda.test -test.v -test.run Device   # GOOPT_CUBLAS=path to pick a cuBLAS

package cuda

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

//go:embed testdata/kernels.ptx
var kernelsPTX string

func openDevice(t *testing.T) *Device {
	t.Helper()
	dev, err := Open(0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	return dev
}

// loadKernel loads the embedded test kernels and returns the entry name;
// the module is unloaded when t ends (before openDevice's Close).
func loadKernel(t *testing.T, dev *Device, name string) *Function {
	t.Helper()
	mod, err := dev.LoadPTX(kernelsPTX)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mod.Unload() })
	f, err := mod.Function(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestDeviceProps(t *testing.T) {
	dev := openDevice(t)
	v, err := dev.Driver().Version()
	if err != nil {
		t.Fatal(err)
	}
	p := dev.Props()
	t.Logf("driver %s, CUDA %d.%d; device 0: %s", dev.Driver().Path(), v/1000, v%1000/10, p)
	if p.Name == "" || p.Major < 7 || p.SMs <= 0 || p.L2Bytes <= 0 || p.SharedPerBlockOptin < p.SharedPerBlock || p.WarpSize != 32 {
		t.Errorf("implausible properties: %+v", p)
	}
}

func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func bytesF32(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func upload(t *testing.T, dev *Device, b []byte) DevicePtr {
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

func TestDeviceVectorAdd(t *testing.T) {
	dev := openDevice(t)
	f := loadKernel(t, dev, "vadd")
	if err := f.SetMaxDynamicSharedMemory(dev.Props().SharedPerBlockOptin); err != nil {
		t.Errorf("opting in to all shared memory: %v", err)
	}
	const n = 1<<20 + 3
	r := rand.New(rand.NewPCG(1, 2))
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
	}
	pa, pb := upload(t, dev, f32Bytes(a)), upload(t, dev, f32Bytes(b))
	pc := upload(t, dev, make([]byte, 4*n))
	if err := dev.Memset(pc, 0xff, 4*n); err != nil { // NaNs: every element must be written
		t.Fatal(err)
	}
	const block = 256
	if err := dev.Launch(f, [3]uint32{(n + block - 1) / block, 1, 1}, [3]uint32{block, 1, 1}, 0, nil, pa, pb, pc, int32(n)); err != nil {
		t.Fatal(err)
	}
	if err := dev.Synchronize(); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*n)
	if err := dev.CopyFromDevice(out, pc); err != nil {
		t.Fatal(err)
	}
	for i, got := range bytesF32(out) {
		if got != a[i]+b[i] {
			t.Fatalf("c[%d] = %v, want %v", i, got, a[i]+b[i])
		}
	}
}

// gemmInputs are row-major m×k and k×n f16 matrices of multiples of 1/64
// in [-2, 2] (exact in f16), as bytes and as float64.
func gemmInputs(m, n, k int) (ab, bb []byte, a, b []float64) {
	r := rand.New(rand.NewPCG(3, 4))
	gen := func(cnt int) ([]byte, []float64) {
		raw, vals := make([]byte, 2*cnt), make([]float64, cnt)
		for i := range vals {
			v := float32(r.IntN(257)-128) / 64
			vals[i] = float64(v)
			binary.LittleEndian.PutUint16(raw[2*i:], f16(v))
		}
		return raw, vals
	}
	ab, a = gen(m * k)
	bb, b = gen(k * n)
	return
}

func checkGemm(t *testing.T, what string, got []float32, a, b []float64, m, n, k int) {
	t.Helper()
	var num, den float64
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s float64
			for p := 0; p < k; p++ {
				s += a[i*k+p] * b[p*n+j]
			}
			d := float64(got[i*n+j]) - s
			num += d * d
			den += s * s
		}
	}
	if rel := math.Sqrt(num / den); !(rel <= 1e-5) {
		t.Errorf("%s: relative Frobenius error %g against the fp64 reference", what, rel)
	} else {
		t.Logf("%s: relative Frobenius error %g", what, rel)
	}
}

// timeIt is the median time of reps runs of launch, by events.
func timeIt(t *testing.T, dev *Device, reps int, launch func() error) float64 {
	t.Helper()
	start, _ := dev.NewEvent()
	end, err := dev.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	defer start.Destroy()
	defer end.Destroy()
	var ms []float64
	for i := 0; i < reps; i++ {
		start.Record(nil)
		if err := launch(); err != nil {
			t.Fatal(err)
		}
		end.Record(nil)
		d, err := dev.ElapsedMillis(start, end)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, float64(d))
	}
	slices.Sort(ms)
	return ms[len(ms)/2]
}

func TestDeviceGemm(t *testing.T) {
	dev := openDevice(t)
	const m, n, k = 512, 256, 384
	ab, bb, a, b := gemmInputs(m, n, k)
	pa, pb := upload(t, dev, ab), upload(t, dev, bb)
	pc := upload(t, dev, make([]byte, 4*m*n))
	out := make([]byte, 4*m*n)
	flop := 2.0 * m * n * k

	f := loadKernel(t, dev, "wmma_gemm")
	launch := func() error {
		return dev.Launch(f, [3]uint32{n / 16, m / 16, 1}, [3]uint32{32, 1, 1}, 0, nil, pa, pb, pc, int32(n), int32(k))
	}
	dev.Memset(pc, 0xff, 4*m*n)
	if err := launch(); err != nil {
		t.Fatal(err)
	}
	if err := dev.CopyFromDevice(out, pc); err != nil {
		t.Fatal(err)
	}
	checkGemm(t, "wmma_gemm (llc-19 PTX)", bytesF32(out), a, b, m, n, k)
	ms := timeIt(t, dev, 20, launch)
	t.Logf("wmma_gemm %dx%dx%d: %.3f ms, %.2f TFLOP/s", m, n, k, ms, flop/ms/1e9)

	var paths []string
	if p := os.Getenv("GOOPT_CUBLAS"); p != "" {
		paths = []string{p}
	}
	blas, err := dev.NewBLAS(paths...)
	if err != nil {
		t.Fatal(err)
	}
	defer blas.Destroy()
	ver, _ := blas.Version()
	t.Logf("cuBLAS %s, version %d", blas.Path(), ver)
	dev.Memset(pc, 0xff, 4*m*n)
	// beta = 0: the NaNs in C must not leak into the result.
	gemm := func() error { return blas.GemmRowMajorF16F32(m, n, k, pa, pb, pc, 1, 0) }
	if err := gemm(); err != nil {
		t.Fatal(err)
	}
	if err := dev.CopyFromDevice(out, pc); err != nil {
		t.Fatal(err)
	}
	checkGemm(t, "cublasGemmEx", bytesF32(out), a, b, m, n, k)
	ms = timeIt(t, dev, 20, gemm)
	t.Logf("cublasGemmEx %dx%dx%d: %.3f ms, %.2f TFLOP/s", m, n, k, ms, flop/ms/1e9)

	err = blas.GemmEx(Gemm{M: m, N: n, K: k, A: pa, B: pb, C: pc, AType: R16F, BType: R16F, CType: R32F, LDA: 1, LDB: k, LDC: m, Compute: Compute32F, Algo: GemmDefault})
	if err == nil || !strings.Contains(err.Error(), "cublasGemmEx failed: CUBLAS_STATUS_INVALID_VALUE") {
		t.Errorf("a leading dimension smaller than the matrix: %v", err)
	}
}

func TestDeviceJITError(t *testing.T) {
	dev := openDevice(t)
	bad := strings.Replace(kernelsPTX, "add.s32", "add.bogus32", 1)
	_, err := dev.LoadPTX(bad)
	var ce *Error
	if !errors.As(err, &ce) || ce.Call != "cuModuleLoadDataEx" || ce.Log == "" || !strings.Contains(err.Error(), "JIT log:") {
		t.Fatalf("bad PTX: %v", err)
	}
	t.Logf("bad PTX gives:\n%v", err)
	if _, err := dev.LoadPTX(kernelsPTX); err != nil {
		t.Errorf("the device is unusable after a JIT error: %v", err)
	}
}
