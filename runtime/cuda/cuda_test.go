package cuda

import (
	"encoding/binary"
	"errors"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
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
	var tm TensorMap
	for i := range tm {
		tm[i] = byte(i)
	}
	args := []any{DevicePtr(0xdeadbeef00), int32(-2), uint32(3), int64(-4), uint64(5), float32(1.5), float64(-2.25), tm, ByValue{1, 2, 3}, &tm}
	buf, ptrs, err := kernelParams(args)
	if err != nil {
		t.Fatal(err)
	}
	if len(ptrs) != len(args) {
		t.Fatalf("%d pointers for %d arguments", len(ptrs), len(args))
	}
	base := uintptr(unsafe.Pointer(&buf[0]))
	for i, p := range ptrs {
		off := uintptr(p) - base
		if off >= uintptr(len(buf)) {
			t.Fatalf("pointer %d is outside the parameter buffer", i)
		}
		if uintptr(p)%8 != 0 {
			t.Errorf("argument %d at %#x is not 8-byte aligned", i, uintptr(p))
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
	// A tensor map is its 128 bytes at a 64-byte boundary, as the kernel's
	// `.param .align 64 .b8 p[128]` declares it.
	for _, i := range []int{7, 9} {
		if uintptr(ptrs[i])%64 != 0 {
			t.Errorf("tensor map argument %d is not 64-byte aligned", i)
		}
		if got := *(*TensorMap)(ptrs[i]); got != tm {
			t.Errorf("tensor map argument %d: bytes differ", i)
		}
	}
	if got := *(*[3]byte)(ptrs[8]); got != [3]byte{1, 2, 3} {
		t.Errorf("by-value bytes: %v", got)
	}
	if _, _, err := kernelParams([]any{DevicePtr(1), 7}); err == nil || !strings.Contains(err.Error(), "kernel argument 1 has type int") {
		t.Errorf("an int argument: %v", err)
	}
	if _, _, err := kernelParams([]any{ByValue{}}); err == nil || !strings.Contains(err.Error(), "empty ByValue") {
		t.Errorf("an empty by-value argument: %v", err)
	}
}

// tiled2D is a valid descriptor: a row-major 256×512 f16 matrix, 64×128
// boxes, 128-byte swizzle.
func tiled2D() TiledDesc {
	return TiledDesc{DataType: TensorFloat16, GlobalAddress: 0x7f0000000000, GlobalDims: []uint64{512, 256},
		GlobalStrides: []uint64{1024}, BoxDims: []uint32{64, 128}, Swizzle: Swizzle128B}
}

func TestTiledDescValidate(t *testing.T) {
	d := tiled2D()
	if err := d.Validate(); err != nil {
		t.Fatalf("valid descriptor: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(d *TiledDesc)
		want string
	}{
		{"unaligned address", func(d *TiledDesc) { d.GlobalAddress += 8 }, "global address 0x7f0000000008 is not 16-byte aligned"},
		{"null address", func(d *TiledDesc) { d.GlobalAddress = 0 }, "global address is null"},
		{"rank 0", func(d *TiledDesc) { d.GlobalDims, d.GlobalStrides, d.BoxDims = nil, nil, nil }, "rank 0: a tensor map has 1 to 5 dimensions"},
		{"rank 6", func(d *TiledDesc) {
			d.GlobalDims, d.GlobalStrides, d.BoxDims = make([]uint64, 6), make([]uint64, 5), make([]uint32, 6)
		}, "rank 6"},
		{"zero dim", func(d *TiledDesc) { d.GlobalDims[1] = 0 }, "global dimension 1 is 0: expected 1 to 2^32"},
		{"stride not 16", func(d *TiledDesc) { d.GlobalStrides[0] = 1000 }, "global stride 1 is 1000 bytes: not a multiple of 16"},
		{"stride too big", func(d *TiledDesc) { d.GlobalStrides[0] = 1 << 40 }, "global stride 1 is 1099511627776 bytes: not below 2^40"},
		{"stride count", func(d *TiledDesc) { d.GlobalStrides = []uint64{1024, 2048} }, "2 global strides for rank 2: expected 1"},
		{"box over 256", func(d *TiledDesc) { d.BoxDims[1] = 257 }, "box dimension 1 is 257: expected 1 to 256"},
		{"box count", func(d *TiledDesc) { d.BoxDims = d.BoxDims[:1] }, "1 box dimensions for rank 2"},
		{"inner box not 16 bytes", func(d *TiledDesc) { d.BoxDims[0], d.Swizzle = 4, SwizzleNone }, "the box's inner dimension is 8 bytes (4 × 2): not a multiple of 16"},
		{"swizzle span", func(d *TiledDesc) { d.BoxDims[0] = 128 }, "the box's inner dimension is 256 bytes (128 × 2): more than the 128 bytes swizzle 128 spans"},
		{"swizzle 32B span", func(d *TiledDesc) { d.Swizzle = Swizzle32B }, "more than the 32 bytes swizzle 32 spans"},
		{"element stride", func(d *TiledDesc) { d.ElementStrides = []uint32{1, 9} }, "element stride 1 is 9: expected 1 to 8"},
		{"interleave rank", func(d *TiledDesc) { d.Interleave = Interleave16B }, "an interleaved tensor map has at least 3 dimensions, this one 2"},
		{"interleave 32B swizzle", func(d *TiledDesc) {
			d.GlobalDims, d.GlobalStrides, d.BoxDims = []uint64{8, 4, 4}, []uint64{32, 128}, []uint32{8, 4, 4}
			d.Interleave, d.Swizzle = Interleave32B, Swizzle64B
		}, "interleave 32B needs swizzle 32B"},
		{"NaN fill on integers", func(d *TiledDesc) { d.DataType, d.OOBFill = TensorInt32, OOBFillNaNRequestZeroFMA }, "NaN out-of-bounds fill needs a floating-point type, not int32"},
		{"unknown type", func(d *TiledDesc) { d.DataType = 42 }, "unknown data type 42"},
		{"unknown swizzle", func(d *TiledDesc) { d.Swizzle = 9 }, "unknown swizzle 9"},
	} {
		d := tiled2D()
		c.edit(&d)
		err := d.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), "cuda: invalid tensor map: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	// Every problem is reported, not only the first.
	d = tiled2D()
	d.GlobalAddress, d.BoxDims[1] = 0x7f0000000004, 300
	if err := d.Validate(); err == nil || !strings.Contains(err.Error(), "not 16-byte aligned; box dimension 1 is 300") {
		t.Errorf("two problems: %v", err)
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

	testFakeTensorMapAndClusters(t, dev, mod)
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

func testFakeTensorMapAndClusters(t *testing.T, dev *Device, mod *Module) {
	// The fake map holds the encoding's arguments: dims, strides and box
	// arrive innermost first, element strides default to 1.
	d := tiled2D()
	d.L2Promotion, d.OOBFill = L2Promotion128B, OOBFillNaNRequestZeroFMA
	tm, err := dev.EncodeTiled(d)
	if err != nil {
		t.Fatal(err)
	}
	words := make([]uint32, 32)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(tm[4*i:])
	}
	want := []uint32{uint32(TensorFloat16), 2, 0, 0x7f00, 512, 256, 1024, 64, 128, 1, 1, 0, uint32(Swizzle128B), uint32(L2Promotion128B), 1}
	if !slices.Equal(words[:len(want)], want) {
		t.Errorf("encoded map %v, want %v", words[:len(want)], want)
	}
	bad := tiled2D()
	bad.BoxDims[0] = 0
	if _, err := dev.EncodeTiled(bad); err == nil || !strings.Contains(err.Error(), "box dimension 0 is 0") {
		t.Errorf("invalid descriptor: %v", err)
	}

	// By-value parameters: the kernel receives the map's 128 bytes and a
	// 12-byte struct.
	byval, err := mod.Function("byval")
	if err != nil {
		t.Fatal(err)
	}
	out, _ := dev.Alloc(140)
	defer dev.Free(out)
	small := ByValue{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	if err := dev.Launch(byval, [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, 0, nil, tm, out, small); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 140)
	dev.CopyFromDevice(got, out)
	if !slices.Equal(got[:128], tm[:]) || !slices.Equal(got[128:], small) {
		t.Errorf("by-value bytes arrived as %v", got)
	}

	// Clusters: cuLaunchKernelEx with the cluster attribute; above 8
	// blocks the kernel is allowed a non-portable size first, and 64 KiB
	// of dynamic shared memory raises its limit.
	cl, err := mod.Function("cluster")
	if err != nil {
		t.Fatal(err)
	}
	cfg := LaunchConfig{Grid: [3]uint32{32, 2, 1}, Block: [3]uint32{128, 1, 1}, Cluster: [3]uint32{16, 1, 1}, SharedBytes: 64 << 10}
	if err := dev.LaunchEx(cl, cfg, out); err != nil {
		t.Fatal(err)
	}
	dev.CopyFromDevice(got[:40], out)
	shape := make([]uint32, 10)
	for i := range shape {
		shape[i] = binary.LittleEndian.Uint32(got[4*i:])
	}
	if want := []uint32{32, 2, 1, 128, 1, 1, 16, 1, 1, 64 << 10}; !slices.Equal(shape, want) {
		t.Errorf("cluster launch saw %v, want %v", shape, want)
	}
	if v, err := cl.Attribute(FuncAttrNonPortableClusterSizeAllowed); err != nil || v != 1 {
		t.Errorf("non-portable cluster size allowed = %d, %v", v, err)
	}
	cfg.Cluster = [3]uint32{3, 1, 1}
	if err := dev.LaunchEx(cl, cfg, out); err == nil || !strings.Contains(err.Error(), "every grid dimension must be a multiple of the cluster's") {
		t.Errorf("grid not a multiple of the cluster: %v", err)
	}
	cfg.Cluster = [3]uint32{32, 1, 1}
	if err := dev.LaunchEx(cl, cfg, out); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("a cluster of 32: %v", err)
	}
}

// TestHalfExact: cuBLAS's 16F alpha and beta are halves; values f16 cannot
// hold exactly are refused rather than rounded.
func TestHalfExact(t *testing.T) {
	for _, c := range []struct {
		x    float32
		want uint16
		ok   bool
	}{{0, 0, true}, {1, 0x3c00, true}, {-2, 0xc000, true}, {0.5, 0x3800, true}, {65504, 0x7bff, true},
		{1.0 / 3, 0, false}, {1e-6, 0, false}, {70000, 0, false}} {
		got, ok := halfExact(c.x)
		if got != c.want || ok != c.ok {
			t.Errorf("halfExact(%g) = %#x, %v; want %#x, %v", c.x, got, ok, c.want, c.ok)
		}
	}
}
