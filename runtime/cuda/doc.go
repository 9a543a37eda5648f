// Package cuda is the part of the CUDA driver API, and of cuBLAS, that goopt
// needs to run the kernels it compiles: devices and their properties, the
// primary context, modules JIT-loaded from PTX, memory, launches, streams
// and events, and cublasGemmEx as the reference to check and time against;
// for Hopper (sm_90) kernels, TMA descriptors (EncodeTiled, checked by
// TiledDesc.Validate), parameters passed by value (TensorMap, ByValue),
// thread block clusters (LaunchEx) and dynamic shared memory above 48 KiB.
//
// The libraries are loaded at run time with purego (dlopen, no cgo), so a
// goopt built with CGO_ENABLED=0 on a machine without CUDA still runs on
// one that has the NVIDIA driver; where there is none, Open returns an
// error that says so. Every driver and cuBLAS call is checked: a failure
// is an *Error naming the call and the driver's name and description of
// the result.
//
// Example (vector add from PTX text):
//
//	dev, err := cuda.Open(0)
//	if err != nil {
//		return err // e.g. cuda: no NVIDIA driver: cannot load libcuda.so.1: ...
//	}
//	defer dev.Close()
//	mod, err := dev.LoadPTX(ptx)
//	f, err := mod.Function("vadd")
//	a, err := dev.Alloc(4 * n)
//	err = dev.CopyToDevice(a, aBytes)
//	// ... b, c likewise
//	err = dev.Launch(f, [3]uint32{(n + 255) / 256, 1, 1}, [3]uint32{256, 1, 1}, 0, nil, a, b, c, int32(n))
//	err = dev.CopyFromDevice(cBytes, c)
//
// Example (a TMA load of 64×64 f16 boxes of a row-major 1024×512 matrix
// at a, in clusters of 2 blocks, with 96 KiB of dynamic shared memory):
//
//	tm, err := dev.EncodeTiled(cuda.TiledDesc{DataType: cuda.TensorFloat16, GlobalAddress: a,
//		GlobalDims: []uint64{512, 1024}, GlobalStrides: []uint64{1024}, // innermost first, bytes
//		BoxDims: []uint32{64, 64}, Swizzle: cuda.Swizzle128B})
//	err = dev.LaunchEx(f, cuda.LaunchConfig{Grid: [3]uint32{8, 16, 1}, Block: [3]uint32{128, 1, 1},
//		Cluster: [3]uint32{2, 1, 1}, SharedBytes: 96 << 10}, tm, c) // tm passes its 128 bytes by value
package cuda
