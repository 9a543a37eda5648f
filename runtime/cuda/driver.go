package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"unsafe"
)

// Indices of the driver functions in driverSymbols.
const (
	fnInit = iota
	fnDriverGetVersion
	fnDeviceGetCount
	fnDeviceGet
	fnDeviceGetName
	fnDeviceGetAttribute
	fnDeviceTotalMem
	fnPrimaryCtxRetain
	fnPrimaryCtxRelease
	fnCtxSetCurrent
	fnCtxSynchronize
	fnModuleLoadDataEx
	fnModuleUnload
	fnModuleGetFunction
	fnFuncSetAttribute
	fnFuncGetAttribute
	fnMemAlloc
	fnMemFree
	fnMemcpyHtoD
	fnMemcpyDtoH
	fnMemcpyDtoD
	fnMemsetD8
	fnLaunchKernel
	fnStreamCreate
	fnStreamDestroy
	fnStreamSynchronize
	fnEventCreate
	fnEventDestroy
	fnEventRecord
	fnEventSynchronize
	fnEventElapsedTime
	fnGetErrorName
	fnGetErrorString
	fnTensorMapEncodeTiled
	fnLaunchKernelEx
)

func sym(name string, exports ...string) symbol {
	if len(exports) == 0 {
		exports = []string{name}
	}
	return symbol{name: name, exports: exports}
}

// driverSymbols follows cuda.h: the _v2 exports are what the header maps
// the plain names to since CUDA 3.2 (4.0 for contexts, 11.0 for the
// primary context release, 12.8 for cuEventElapsedTime).
var driverSymbols = []symbol{
	fnInit:               sym("cuInit"),
	fnDriverGetVersion:   sym("cuDriverGetVersion"),
	fnDeviceGetCount:     sym("cuDeviceGetCount"),
	fnDeviceGet:          sym("cuDeviceGet"),
	fnDeviceGetName:      sym("cuDeviceGetName"),
	fnDeviceGetAttribute: sym("cuDeviceGetAttribute"),
	fnDeviceTotalMem:     sym("cuDeviceTotalMem", "cuDeviceTotalMem_v2"),
	fnPrimaryCtxRetain:   sym("cuDevicePrimaryCtxRetain"),
	fnPrimaryCtxRelease:  sym("cuDevicePrimaryCtxRelease", "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"),
	fnCtxSetCurrent:      sym("cuCtxSetCurrent"),
	fnCtxSynchronize:     sym("cuCtxSynchronize"),
	fnModuleLoadDataEx:   sym("cuModuleLoadDataEx"),
	fnModuleUnload:       sym("cuModuleUnload"),
	fnModuleGetFunction:  sym("cuModuleGetFunction"),
	fnFuncSetAttribute:   sym("cuFuncSetAttribute"),
	fnFuncGetAttribute:   sym("cuFuncGetAttribute"),
	fnMemAlloc:           sym("cuMemAlloc", "cuMemAlloc_v2"),
	fnMemFree:            sym("cuMemFree", "cuMemFree_v2"),
	fnMemcpyHtoD:         sym("cuMemcpyHtoD", "cuMemcpyHtoD_v2"),
	fnMemcpyDtoH:         sym("cuMemcpyDtoH", "cuMemcpyDtoH_v2"),
	fnMemcpyDtoD:         sym("cuMemcpyDtoD", "cuMemcpyDtoD_v2"),
	fnMemsetD8:           sym("cuMemsetD8", "cuMemsetD8_v2"),
	fnLaunchKernel:       sym("cuLaunchKernel"),
	fnStreamCreate:       sym("cuStreamCreate"),
	fnStreamDestroy:      sym("cuStreamDestroy", "cuStreamDestroy_v2", "cuStreamDestroy"),
	fnStreamSynchronize:  sym("cuStreamSynchronize"),
	fnEventCreate:        sym("cuEventCreate"),
	fnEventDestroy:       sym("cuEventDestroy", "cuEventDestroy_v2", "cuEventDestroy"),
	fnEventRecord:        sym("cuEventRecord"),
	fnEventSynchronize:   sym("cuEventSynchronize"),
	fnEventElapsedTime:   sym("cuEventElapsedTime", "cuEventElapsedTime_v2", "cuEventElapsedTime"),
	fnGetErrorName:       sym("cuGetErrorName"),
	fnGetErrorString:     sym("cuGetErrorString"),
	// CUDA 12.0: TMA descriptors and cluster launches. Optional, so that
	// an older driver still runs the kernels that use neither.
	fnTensorMapEncodeTiled: optional("cuTensorMapEncodeTiled"),
	fnLaunchKernelEx:       optional("cuLaunchKernelEx"),
}

func optional(name string) symbol { return symbol{name: name, exports: []string{name}, optional: true} }

// Driver is the loaded CUDA driver library.
type Driver struct {
	lib *library
}

// LoadDriver dlopens the CUDA driver: the first of paths that loads, or
// of DriverLibraries when none are given. With no driver on the machine
// the error wraps ErrNoDriver and says which library could not be loaded.
func LoadDriver(paths ...string) (*Driver, error) {
	if len(paths) == 0 {
		paths = DriverLibraries
	}
	lib, err := loadLibrary(paths, driverSymbols)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoDriver, err)
	}
	d := &Driver{lib: lib}
	if err := d.check(fnInit, d.lib.syscall(fnInit, 0)); err != nil {
		return nil, err
	}
	return d, nil
}

// Path is the library that was loaded.
func (d *Driver) Path() string { return d.lib.path }

// check turns function fn's status into an *Error (nil on success).
func (d *Driver) check(fn int, status int32) error {
	if status == 0 {
		return nil
	}
	e := &Error{Call: driverSymbols[fn].name, Code: status}
	var p *byte
	if d.lib.syscall(fnGetErrorName, uintptr(status), uintptr(unsafe.Pointer(&p))) == 0 {
		e.Name = goString(p)
	} else {
		e.Name = resultNames[Result(status)]
	}
	p = nil
	if d.lib.syscall(fnGetErrorString, uintptr(status), uintptr(unsafe.Pointer(&p))) == 0 {
		e.Desc = goString(p)
	}
	return e
}

// Version is the driver's CUDA version as major*1000 + minor*10.
func (d *Driver) Version() (int, error) {
	var v int32
	err := d.check(fnDriverGetVersion, d.lib.syscall(fnDriverGetVersion, uintptr(unsafe.Pointer(&v))))
	return int(v), err
}

// DeviceCount is the number of CUDA devices.
func (d *Driver) DeviceCount() (int, error) {
	var n int32
	err := d.check(fnDeviceGetCount, d.lib.syscall(fnDeviceGetCount, uintptr(unsafe.Pointer(&n))))
	return int(n), err
}

// Open loads the driver (DriverLibraries) and opens device ordinal.
func Open(ordinal int) (*Device, error) {
	d, err := LoadDriver()
	if err != nil {
		return nil, err
	}
	return d.Open(ordinal)
}

// Device is an open CUDA device with its primary context. Its methods may
// be called from any goroutine but not concurrently: each binds the
// context to the OS thread it runs on for the duration of the call.
type Device struct {
	drv     *Driver
	ordinal int
	dev     int32 // CUdevice
	ctx     uintptr
	props   Props
	closed  bool
}

// Open opens device ordinal: retains its primary context (released by
// Close) and reads its properties.
func (d *Driver) Open(ordinal int) (*Device, error) {
	n, err := d.DeviceCount()
	if err != nil {
		return nil, err
	}
	if ordinal < 0 || ordinal >= n {
		return nil, fmt.Errorf("cuda: no device %d (the driver sees %d)", ordinal, n)
	}
	dev := &Device{drv: d, ordinal: ordinal}
	if err := d.check(fnDeviceGet, d.lib.syscall(fnDeviceGet, uintptr(unsafe.Pointer(&dev.dev)), uintptr(ordinal))); err != nil {
		return nil, err
	}
	if err := d.check(fnPrimaryCtxRetain, d.lib.syscall(fnPrimaryCtxRetain, uintptr(unsafe.Pointer(&dev.ctx)), uintptr(dev.dev))); err != nil {
		return nil, err
	}
	if err := dev.readProps(); err != nil {
		dev.Close()
		return nil, err
	}
	return dev, nil
}

// bind makes the device's context current on this goroutine's OS thread
// until the returned function runs. CUDA's current context is per thread
// and goroutines move between threads, so every call binds it.
func (dev *Device) bind() (func(), error) {
	if dev.closed {
		return nil, fmt.Errorf("cuda: device %d is closed", dev.ordinal)
	}
	runtime.LockOSThread()
	if err := dev.call(fnCtxSetCurrent, dev.ctx); err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	return runtime.UnlockOSThread, nil
}

// call calls driver function fn and checks its status.
//
//go:uintptrescapes
func (dev *Device) call(fn int, args ...uintptr) error {
	return dev.drv.check(fn, dev.drv.lib.syscall(fn, args...))
}

// do runs fn with the context bound.
func (dev *Device) do(fn func() error) error {
	unbind, err := dev.bind()
	if err != nil {
		return err
	}
	defer unbind()
	return fn()
}

// Close releases the primary context (and, with it, when nothing else
// holds it, every allocation, module, stream and event made through this
// Device). Closing twice is harmless.
func (dev *Device) Close() error {
	if dev.closed {
		return nil
	}
	dev.closed = true
	return dev.call(fnPrimaryCtxRelease, uintptr(dev.dev))
}

// Ordinal is the device's index.
func (dev *Device) Ordinal() int { return dev.ordinal }

// Driver is the driver the device was opened with.
func (dev *Device) Driver() *Driver { return dev.drv }

// Device attributes (CUdevice_attribute) that Props reads.
const (
	AttrMaxThreadsPerBlock           = 1
	AttrMaxSharedMemoryPerBlock      = 8
	AttrWarpSize                     = 10
	AttrClockRate                    = 13
	AttrMultiprocessorCount          = 16
	AttrMemoryClockRate              = 36
	AttrGlobalMemoryBusWidth         = 37
	AttrL2CacheSize                  = 38
	AttrMaxThreadsPerMultiprocessor  = 39
	AttrComputeCapabilityMajor       = 75
	AttrComputeCapabilityMinor       = 76
	AttrMaxSharedMemoryPerSM         = 81
	AttrMaxRegistersPerSM            = 82
	AttrMaxSharedMemoryPerBlockOptin = 97
)

// Props are the properties of a device that code generation and
// benchmarking care about.
type Props struct {
	Name                string
	Major, Minor        int // compute capability
	SMs                 int
	L2Bytes             int
	SharedPerBlock      int // without opt-in
	SharedPerBlockOptin int // the most a kernel can ask for (cuFuncSetAttribute)
	SharedPerSM         int
	RegistersPerSM      int
	MaxThreadsPerBlock  int
	MaxThreadsPerSM     int
	WarpSize            int
	ClockKHz            int
	MemoryClockKHz      int
	MemoryBusWidth      int // bits
	TotalMemory         uint64
}

// Arch is the PTX target for the device: sm_90 for compute capability 9.0.
func (p Props) Arch() string { return fmt.Sprintf("sm_%d%d", p.Major, p.Minor) }

func (p Props) String() string {
	return fmt.Sprintf("%s (%s): %d SMs, %d MiB, L2 %d KiB, shared memory %d KiB/block (opt-in %d KiB), %d KiB/SM, %d registers/SM, clock %d MHz",
		p.Name, p.Arch(), p.SMs, p.TotalMemory>>20, p.L2Bytes>>10, p.SharedPerBlock>>10, p.SharedPerBlockOptin>>10,
		p.SharedPerSM>>10, p.RegistersPerSM, p.ClockKHz/1000)
}

// Props returns the device's properties (read once by Open).
func (dev *Device) Props() Props { return dev.props }

// Attribute reads a device attribute (cuDeviceGetAttribute; Attr*
// constants, or any CUdevice_attribute value).
func (dev *Device) Attribute(attr int) (int, error) {
	var v int32
	err := dev.call(fnDeviceGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(attr), uintptr(dev.dev))
	return int(v), err
}

func (dev *Device) readProps() error {
	var name [256]byte
	if err := dev.call(fnDeviceGetName, uintptr(unsafe.Pointer(&name[0])), uintptr(len(name)), uintptr(dev.dev)); err != nil {
		return err
	}
	p := Props{Name: strings.TrimSpace(cBuffer(name[:]))}
	for _, a := range []struct {
		attr int
		dst  *int
	}{
		{AttrComputeCapabilityMajor, &p.Major},
		{AttrComputeCapabilityMinor, &p.Minor},
		{AttrMultiprocessorCount, &p.SMs},
		{AttrL2CacheSize, &p.L2Bytes},
		{AttrMaxSharedMemoryPerBlock, &p.SharedPerBlock},
		{AttrMaxSharedMemoryPerBlockOptin, &p.SharedPerBlockOptin},
		{AttrMaxSharedMemoryPerSM, &p.SharedPerSM},
		{AttrMaxRegistersPerSM, &p.RegistersPerSM},
		{AttrMaxThreadsPerBlock, &p.MaxThreadsPerBlock},
		{AttrMaxThreadsPerMultiprocessor, &p.MaxThreadsPerSM},
		{AttrWarpSize, &p.WarpSize},
		{AttrClockRate, &p.ClockKHz},
		{AttrMemoryClockRate, &p.MemoryClockKHz},
		{AttrGlobalMemoryBusWidth, &p.MemoryBusWidth},
	} {
		v, err := dev.Attribute(a.attr)
		if err != nil {
			return err
		}
		*a.dst = v
	}
	var total uint64
	if err := dev.call(fnDeviceTotalMem, uintptr(unsafe.Pointer(&total)), uintptr(dev.dev)); err != nil {
		return err
	}
	p.TotalMemory = total
	dev.props = p
	return nil
}

// Synchronize waits for all work on the device (cuCtxSynchronize).
func (dev *Device) Synchronize() error {
	return dev.do(func() error { return dev.call(fnCtxSynchronize) })
}
