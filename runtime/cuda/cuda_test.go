package cuda

import (
	"encoding/binary"
	"errors"
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/ebitengine/purego"
)

func TestNoDriver(t *testing.T) {
	_, err := LoadDriver("/nonexistent/libcuda.so.1")
	if !errors.Is(err, ErrNoDriver) {
		t.Fatalf("LoadDriver of a missing library: %v, want ErrNoDriver", err)
	}
	if want := "cuda: no NVIDIA driver: cannot load /nonexistent/libcuda.so.1: "; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q does not start with %q", err, want)
	}
	// The default search names the driver's soname; on a machine with a
	// driver Open succeeds and there is nothing to check.
	if dev, err := Open(0); err == nil {
		dev.Close()
	} else if errors.Is(err, ErrNoDriver) && !strings.HasPrefix(err.Error(), "cuda: no NVIDIA driver: cannot load libcuda.so.1: ") {
		t.Errorf("Open without a driver: %q", err)
	}
}

func TestMissingSymbol(t *testing.T) {
	_, err := LoadDriver("libc.so.6")
	if err == nil || !strings.Contains(err.Error(), "libc.so.6 has no function cuInit") {
		t.Fatalf("LoadDriver(libc) = %v, want a missing cuInit", err)
	}
}

func TestKernelParams(t *testing.T) {
	args := []any{DevicePtr(0xdeadbeef00), int32(-2), uint32(3), int64(-4), uint64(5), float32(1.5), float64(-2.25)}
	slots, ptrs, err := kernelParams(args)
	if err != nil {
		t.Fatal(err)
	}
	if len(ptrs) != len(args) {
		t.Fatalf("%d pointers for %d arguments", len(ptrs), len(args))
	}
	for i := range ptrs {
		if ptrs[i] != unsafe.Pointer(&slots[i]) {
			t.Errorf("pointer %d does not point at its slot", i)
		}
	}
	// What the driver reads: as many bytes as the kernel parameter has.
	if got := *(*uint64)(ptrs[0]); got != 0xdeadbeef00 {
		t.Errorf("pointer: %#x", got)
	}
	if got := *(*int32)(ptrs[1]); got != -2 {
		t.Errorf("int32: %d", got)
	}
	if got := *(*uint32)(ptrs[2]); got != 3 {
		t.Errorf("uint32: %d", got)
	}
	if got := *(*int64)(ptrs[3]); got != -4 {
		t.Errorf("int64: %d", got)
	}
	if got := *(*uint64)(ptrs[4]); got != 5 {
		t.Errorf("uint64: %d", got)
	}
	if got := *(*float32)(ptrs[5]); got != 1.5 {
		t.Errorf("float32: %v", got)
	}
	if got := *(*float64)(ptrs[6]); got != -2.25 {
		t.Errorf("float64: %v", got)
	}
	if _, _, err := kernelParams([]any{DevicePtr(1), 7}); err == nil || !strings.Contains(err.Error(), "kernel argument 1 has type int") {
		t.Errorf("an int argument: %v", err)
	}
}

func TestErrorText(t *testing.T) {
	e := &Error{Call: "cuModuleLoadDataEx", Code: 218, Name: "CUDA_ERROR_INVALID_PTX", Desc: "a PTX JIT compilation failed", Log: "line 3: error"}
	want := "cuda: cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed)\nJIT log:\nline 3: error"
	if e.Error() != want {
		t.Errorf("got %q, want %q", e.Error(), want)
	}
	if !errors.Is(e, ErrInvalidPTX) || errors.Is(e, ErrOutOfMemory) {
		t.Errorf("errors.Is does not follow the code")
	}
	if got := (&Error{Call: "cuInit", Code: 999}).Error(); got != "cuda: cuInit failed: error 999" {
		t.Errorf("unnamed code: %q", got)
	}
}

// fakeLibrary builds testdata/fakecuda.c into a shared library, or skips
// the test where there is no C compiler.
func fakeLibrary(t *testing.T) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler to build the fake driver")
	}
	out := filepath.Join(t.TempDir(), "libfakecuda.so")
	if b, err := exec.Command(cc, "-shared", "-fPIC", "-O1", "-o", out, "testdata/fakecuda.c").CombinedOutput(); err != nil {
		t.Skipf("cannot build the fake driver: %v\n%s", err, b)
	}
	return out
}

func f16(v float32) uint16 {
	if v == 0 {
		return 0
	}
	b := math.Float32bits(v)
	return uint16(b>>16&0x8000 | (b>>23&0xff-127+15)<<10 | b>>13&0x3ff)
}

func TestFakeDriver(t *testing.T) {
	path := fakeLibrary(t)
	drv, err := LoadDriver("/nonexistent/libcuda.so.1", path)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := drv.Version(); err != nil || v != 13000 {
		t.Errorf("Version = %d, %v", v, err)
	}
	if _, err := drv.Open(1); err == nil || err.Error() != "cuda: no device 1 (the driver sees 1)" {
		t.Errorf("Open(1): %v", err)
	}
	dev, err := drv.Open(0)
	if err != nil {
		t.Fatal(err)
	}
	p := dev.Props()
	if p.Name != "Fake GPU" || p.Arch() != "sm_90" || p.SMs != 1016 || p.L2Bytes != 1038 || p.SharedPerBlockOptin != 1097 || p.TotalMemory != 80<<30 {
		t.Errorf("props: %+v", p)
	}

	// Memory: set, copy in, copy across, copy out.
	const n = 300
	a, _ := dev.Alloc(4 * n)
	b, _ := dev.Alloc(4 * n)
	c, err := dev.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	host := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(host[4*i:], math.Float32bits(float32(i)))
	}
	if err := dev.CopyToDevice(a, host); err != nil {
		t.Fatal(err)
	}
	if err := dev.CopyDeviceToDevice(b, a, 4*n); err != nil {
		t.Fatal(err)
	}
	if err := dev.Memset(c, 0xff, 4*n); err != nil {
		t.Fatal(err)
	}
	if _, err := dev.Alloc(0); err == nil {
		t.Errorf("Alloc(0) succeeded")
	}

	// Modules: the info log on success, the error log in the error.
	mod, err := dev.LoadPTX(".version 8.0\n.target sm_90\n")
	if err != nil {
		t.Fatal(err)
	}
	if mod.InfoLog != "info    : 0 bytes gmem" {
		t.Errorf("info log %q", mod.InfoLog)
	}
	_, err = dev.LoadPTX("this has an error")
	var ce *Error
	if !errors.As(err, &ce) || !errors.Is(err, ErrInvalidPTX) || !strings.Contains(err.Error(), "JIT log:\nptxas application ptx input, line 3; error   : Unknown symbol 'bogus'") ||
		!strings.Contains(err.Error(), "cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed)") {
		t.Errorf("bad PTX: %v", err)
	}
	if _, err := mod.Function("nope"); err == nil || err.Error() != "kernel 'nope': cuda: cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND (named symbol not found)" {
		t.Errorf("missing kernel: %v", err)
	}

	// A launch reads each argument through the pointer array.
	vadd, err := mod.Function("vadd")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := dev.NewEvent()
	end, _ := dev.NewEvent()
	stream, err := dev.NewStream()
	if err != nil {
		t.Fatal(err)
	}
	start.Record(stream)
	if err := dev.Launch(vadd, [3]uint32{2, 1, 1}, [3]uint32{256, 1, 1}, 0, stream, a, b, c, int32(n)); err != nil {
		t.Fatal(err)
	}
	end.Record(stream)
	if ms, err := dev.ElapsedMillis(start, end); err != nil || ms != 0.5 {
		t.Errorf("ElapsedMillis = %v, %v", ms, err)
	}
	if err := stream.Synchronize(); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*n)
	if err := dev.CopyFromDevice(out, c); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])); got != float32(2*i) {
			t.Fatalf("c[%d] = %v, want %v", i, got, 2*i)
		}
	}
	if err := dev.Launch(vadd, [3]uint32{1, 1, 1}, [3]uint32{256, 1, 1}, 0, nil, a, b, c, int32(n)); err == nil ||
		!strings.Contains(err.Error(), "launch of 'vadd': cuda: cuLaunchKernel failed: CUDA_ERROR_INVALID_VALUE") {
		t.Errorf("launch of too few threads: %v", err)
	}
	if err := dev.Launch(vadd, [3]uint32{0, 1, 1}, [3]uint32{256, 1, 1}, 0, nil); err == nil {
		t.Errorf("launch of an empty grid succeeded")
	}

	// Every scalar type arrives with its value and width.
	scalars, _ := mod.Function("scalars")
	res, _ := dev.Alloc(8 * 7)
	if err := dev.Launch(scalars, [3]uint32{1, 2, 3}, [3]uint32{4, 5, 6}, 0, nil, res, int32(-7), int64(-1)<<40, uint64(1)<<63, float32(0.25), float64(1e300)); err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 8*7)
	dev.CopyFromDevice(raw, res)
	want := []float64{-7, -(1 << 40), 1 << 63, 0.25, 1e300, 123, 456}
	for i, w := range want {
		if got := math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:])); got != w {
			t.Errorf("scalar %d: got %v, want %v", i, got, w)
		}
	}

	// Function attributes.
	if err := vadd.SetMaxDynamicSharedMemory(100 << 10); err != nil {
		t.Fatal(err)
	}
	if v, err := vadd.Attribute(FuncAttrMaxDynamicSharedMemory); err != nil || v != 100<<10 {
		t.Errorf("max dynamic shared memory = %d, %v", v, err)
	}
	if err := vadd.SetMaxDynamicSharedMemory(300 << 10); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("too much shared memory: %v", err)
	}

	testFakeBLAS(t, dev, path)

	for _, err := range []error{stream.Destroy(), start.Destroy(), end.Destroy(), mod.Unload(), dev.Free(a), dev.Free(b), dev.Free(c), dev.Free(res)} {
		if err != nil {
			t.Error(err)
		}
	}
	if err := dev.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := dev.Alloc(4); err == nil || err.Error() != "cuda: device 0 is closed" {
		t.Errorf("Alloc after Close: %v", err)
	}
	// Close released the primary context Open retained.
	h, _ := purego.Dlopen(path, purego.RTLD_NOW)
	refs, _ := purego.Dlsym(h, "fakeContextRefs")
	if r, _, _ := purego.SyscallN(refs); int32(r) != 0 {
		t.Errorf("%d context references left after Close", int32(r))
	}
}

func testFakeBLAS(t *testing.T, dev *Device, path string) {
	if _, err := dev.NewBLAS("/nonexistent/libcublas.so.13"); err == nil || !strings.HasPrefix(err.Error(), "cuda: no cuBLAS: cannot load /nonexistent/libcublas.so.13: ") {
		t.Errorf("missing cuBLAS: %v", err)
	}
	blas, err := dev.NewBLAS("/nonexistent/libcublas.so.13", path)
	if err != nil {
		t.Fatal(err)
	}
	if err := blas.SetStream(nil); err != nil {
		t.Fatal(err)
	}
	// Row-major A (m×k) times B (k×n) into C (m×n), against a loop here.
	const m, n, k = 5, 3, 4
	ah, bh := make([]byte, 2*m*k), make([]byte, 2*k*n)
	av, bv := make([]float32, m*k), make([]float32, k*n)
	for i := range av {
		av[i] = float32(i%7-3) / 4
		binary.LittleEndian.PutUint16(ah[2*i:], f16(av[i]))
	}
	for i := range bv {
		bv[i] = float32(i%5-2) / 2
		binary.LittleEndian.PutUint16(bh[2*i:], f16(bv[i]))
	}
	A, _ := dev.Alloc(len(ah))
	B, _ := dev.Alloc(len(bh))
	C, _ := dev.Alloc(4 * m * n)
	dev.CopyToDevice(A, ah)
	dev.CopyToDevice(B, bh)
	dev.Memset(C, 0, 4*m*n)
	if err := blas.GemmRowMajorF16F32(m, n, k, A, B, C, 2, 0); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*m*n)
	dev.CopyFromDevice(out, C)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var want float32
			for p := 0; p < k; p++ {
				want += av[i*k+p] * bv[p*n+j]
			}
			if got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*(i*n+j):])); got != 2*want {
				t.Errorf("C[%d][%d] = %v, want %v", i, j, got, 2*want)
			}
		}
	}
	err = blas.GemmEx(Gemm{M: m, N: n, K: k, A: A, B: B, C: C, AType: R16F, BType: R16F, CType: R32F, LDA: 1, LDB: k, LDC: m, Compute: Compute32F, Algo: GemmDefault})
	if err == nil || err.Error() != "cuda: cublasGemmEx failed: CUBLAS_STATUS_INVALID_VALUE (an invalid value was used as an argument)" {
		t.Errorf("bad leading dimension: %v", err)
	}
	if err := blas.Destroy(); err != nil {
		t.Error(err)
	}
	for _, p := range []DevicePtr{A, B, C} {
		dev.Free(p)
	}
}
