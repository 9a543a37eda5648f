package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"unsafe"
)

// JIT options (CUjit_option) LoadPTX passes.
const (
	jitInfoLogBuffer      = 3
	jitInfoLogBufferSize  = 4
	jitErrorLogBuffer     = 5
	jitErrorLogBufferSize = 6
)

// jitLogBytes is the size of each JIT log buffer: ptxas's messages for a
// whole module fit in far less.
const jitLogBytes = 64 << 10

// Module is a loaded CUDA module.
type Module struct {
	dev    *Device
	handle uintptr
	// InfoLog is what the JIT compiler reported while loading (ptxas's
	// information messages; often empty).
	InfoLog string
}

// LoadPTX JIT-compiles PTX text for the device and loads it
// (cuModuleLoadDataEx). On failure the error (an *Error) carries the JIT
// compiler's log: the line of the PTX and what is wrong with it.
func (dev *Device) LoadPTX(ptx string) (*Module, error) {
	image := cString(ptx)
	info := make([]byte, jitLogBytes)
	errLog := make([]byte, jitLogBytes)
	opts := []int32{jitInfoLogBuffer, jitInfoLogBufferSize, jitErrorLogBuffer, jitErrorLogBufferSize}
	// Option values are void*: buffers by address, sizes by value. The
	// driver writes the used log sizes back into the size slots.
	vals := []uintptr{uintptr(unsafe.Pointer(&info[0])), jitLogBytes, uintptr(unsafe.Pointer(&errLog[0])), jitLogBytes}
	m := &Module{dev: dev}
	err := dev.do(func() error {
		return dev.call(fnModuleLoadDataEx, uintptr(unsafe.Pointer(&m.handle)), uintptr(unsafe.Pointer(&image[0])),
			uintptr(len(opts)), uintptr(unsafe.Pointer(&opts[0])), uintptr(unsafe.Pointer(&vals[0])))
	})
	runtime.KeepAlive(info)
	runtime.KeepAlive(errLog)
	m.InfoLog = strings.TrimSpace(cBuffer(info))
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Log = strings.TrimSpace(cBuffer(errLog))
			if e.Log == "" {
				e.Log = m.InfoLog
			}
		}
		return nil, err
	}
	return m, nil
}

// Unload unloads the module (cuModuleUnload).
func (m *Module) Unload() error {
	return m.dev.release(fnModuleUnload, &m.handle)
}

// Function is a kernel of a loaded module.
type Function struct {
	mod    *Module
	handle uintptr
	Name   string
	// maxDynShared is the dynamic shared memory limit set on the kernel
	// (the driver's default until raised); nonPortable whether it may be
	// launched in clusters of more than portableClusterSize blocks.
	maxDynShared int
	nonPortable  bool
}

// defaultMaxDynamicShared is the dynamic shared memory a kernel may use
// without opting in.
const defaultMaxDynamicShared = 48 << 10

// portableClusterSize is the most blocks a cluster has on every sm_90
// device; larger ones need FuncAttrNonPortableClusterSizeAllowed.
const portableClusterSize = 8

// Function looks a kernel up by its PTX entry name (cuModuleGetFunction).
func (m *Module) Function(name string) (*Function, error) {
	if m.handle == 0 {
		return nil, fmt.Errorf("cuda: module is unloaded")
	}
	f := &Function{mod: m, Name: name, maxDynShared: defaultMaxDynamicShared}
	cname := cString(name)
	err := m.dev.do(func() error {
		return m.dev.call(fnModuleGetFunction, uintptr(unsafe.Pointer(&f.handle)), m.handle, uintptr(unsafe.Pointer(&cname[0])))
	})
	if err != nil {
		return nil, fmt.Errorf("kernel '%s': %w", name, err)
	}
	return f, nil
}

// Function attributes (CUfunction_attribute).
const (
	FuncAttrMaxThreadsPerBlock     = 0
	FuncAttrSharedSizeBytes        = 1
	FuncAttrLocalSizeBytes         = 3
	FuncAttrNumRegs                = 4
	FuncAttrPTXVersion             = 5
	FuncAttrBinaryVersion          = 6
	FuncAttrMaxDynamicSharedMemory = 8
	// FuncAttrNonPortableClusterSizeAllowed (1) lets the kernel run in
	// clusters larger than 8 blocks where the device has them (16 on H100).
	FuncAttrNonPortableClusterSizeAllowed = 14
)

// Attribute reads a function attribute (cuFuncGetAttribute).
func (f *Function) Attribute(attr int) (int, error) {
	var v int32
	dev := f.mod.dev
	err := dev.do(func() error {
		return dev.call(fnFuncGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(attr), f.handle)
	})
	return int(v), err
}

// SetMaxDynamicSharedMemory lets launches of f ask for up to bytes of
// dynamic shared memory: above 48 KiB a kernel must opt in
// (cuFuncSetAttribute with CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES).
func (f *Function) SetMaxDynamicSharedMemory(bytes int) error {
	if err := f.setAttribute(FuncAttrMaxDynamicSharedMemory, bytes); err != nil {
		return err
	}
	f.maxDynShared = bytes
	return nil
}

// setAttribute sets a function attribute (cuFuncSetAttribute).
func (f *Function) setAttribute(attr, value int) error {
	dev := f.mod.dev
	return dev.do(func() error {
		return dev.call(fnFuncSetAttribute, f.handle, uintptr(attr), uintptr(value))
	})
}
