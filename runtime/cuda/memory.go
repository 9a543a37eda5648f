package cuda

import (
	"fmt"
	"unsafe"
)

// DevicePtr is a device memory address (CUdeviceptr).
type DevicePtr uint64

// Alloc allocates bytes of device memory (cuMemAlloc).
func (dev *Device) Alloc(bytes int) (DevicePtr, error) {
	if bytes <= 0 {
		return 0, fmt.Errorf("cuda: cannot allocate %d bytes", bytes)
	}
	var p DevicePtr
	err := dev.do(func() error {
		return dev.call(fnMemAlloc, uintptr(unsafe.Pointer(&p)), uintptr(bytes))
	})
	return p, err
}

// Free frees memory from Alloc (cuMemFree).
func (dev *Device) Free(p DevicePtr) error {
	return dev.do(func() error { return dev.call(fnMemFree, uintptr(p)) })
}

// CopyToDevice copies src to dst (cuMemcpyHtoD; synchronous).
func (dev *Device) CopyToDevice(dst DevicePtr, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	return dev.do(func() error {
		return dev.call(fnMemcpyHtoD, uintptr(dst), uintptr(unsafe.Pointer(&src[0])), uintptr(len(src)))
	})
}

// CopyFromDevice fills dst from src (cuMemcpyDtoH; synchronous).
func (dev *Device) CopyFromDevice(dst []byte, src DevicePtr) error {
	if len(dst) == 0 {
		return nil
	}
	return dev.do(func() error {
		return dev.call(fnMemcpyDtoH, uintptr(unsafe.Pointer(&dst[0])), uintptr(src), uintptr(len(dst)))
	})
}

// CopyDeviceToDevice copies bytes from src to dst (cuMemcpyDtoD).
func (dev *Device) CopyDeviceToDevice(dst, src DevicePtr, bytes int) error {
	if bytes < 0 {
		return fmt.Errorf("cuda: cannot copy %d bytes", bytes)
	}
	return dev.do(func() error { return dev.call(fnMemcpyDtoD, uintptr(dst), uintptr(src), uintptr(bytes)) })
}

// Memset sets bytes bytes at dst to value (cuMemsetD8).
func (dev *Device) Memset(dst DevicePtr, value byte, bytes int) error {
	if bytes < 0 {
		return fmt.Errorf("cuda: cannot set %d bytes", bytes)
	}
	return dev.do(func() error { return dev.call(fnMemsetD8, uintptr(dst), uintptr(value), uintptr(bytes)) })
}
