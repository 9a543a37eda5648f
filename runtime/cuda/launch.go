package cuda

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// ByValue is a kernel argument passed by value as raw bytes: a parameter
// of any size (a struct, an array), declared in PTX as
// `.param .align A .b8 name[len]`. The driver copies len bytes.
type ByValue []byte

// paramAlign is the alignment of every argument's bytes on the host: the
// driver copies each from its address, and the widest scalar needs 8.
const paramAlign = 8

// kernelParams lays out kernel arguments for cuLaunchKernel: each value's
// bytes (little-endian) in one 64-byte aligned buffer, a scalar in an
// 8-byte slot, a TensorMap at a 64-byte boundary, and ptrs[i] pointing at
// argument i's bytes — the array of pointers to argument values the
// driver reads. Only sized types are accepted: the driver copies as many
// bytes as the kernel's parameter declares, so the Go type must say how
// many.
func kernelParams(args []any) (buf []byte, ptrs []unsafe.Pointer, err error) {
	type span struct{ off, n int }
	spans := make([]span, len(args))
	vals := make([][]byte, len(args))
	size := 0
	for i, a := range args {
		var b [8]byte
		n, align := 8, paramAlign
		var raw []byte
		switch v := a.(type) {
		case DevicePtr:
			binary.LittleEndian.PutUint64(b[:], uint64(v))
		case int32:
			binary.LittleEndian.PutUint32(b[:], uint32(v))
		case uint32:
			binary.LittleEndian.PutUint32(b[:], v)
		case int64:
			binary.LittleEndian.PutUint64(b[:], uint64(v))
		case uint64:
			binary.LittleEndian.PutUint64(b[:], v)
		case float32:
			binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
		case float64:
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
		case TensorMap:
			raw, align = v[:], tensorMapAlign
		case *TensorMap:
			if v == nil {
				return nil, nil, fmt.Errorf("cuda: kernel argument %d is a nil *TensorMap", i)
			}
			raw, align = v[:], tensorMapAlign
		case ByValue:
			if len(v) == 0 {
				return nil, nil, fmt.Errorf("cuda: kernel argument %d is an empty ByValue", i)
			}
			raw = v
		default:
			return nil, nil, fmt.Errorf("cuda: kernel argument %d has type %T: expected DevicePtr, int32, uint32, int64, uint64, float32, float64, TensorMap or ByValue", i, a)
		}
		if raw == nil {
			raw = b[:]
		}
		n = len(raw)
		size = (size + align - 1) &^ (align - 1)
		spans[i] = span{size, n}
		vals[i] = raw
		size += n
	}
	buf = alignedBytes(max(size, 1), tensorMapAlign)
	ptrs = make([]unsafe.Pointer, len(args))
	for i, s := range spans {
		copy(buf[s.off:s.off+s.n], vals[i])
		ptrs[i] = unsafe.Pointer(&buf[s.off])
	}
	return buf, ptrs, nil
}

// LaunchConfig is how a kernel is launched: the grid of blocks, the
// dynamic shared memory, the cluster shape and the stream.
type LaunchConfig struct {
	Grid, Block [3]uint32
	// SharedBytes is the dynamic shared memory of each block. Above 48 KiB
	// the launch raises the kernel's limit first (cuFuncSetAttribute).
	SharedBytes uint32
	// Cluster groups blocks into thread block clusters (sm_90): every
	// grid dimension must be a multiple of it. Zero means no clusters.
	Cluster [3]uint32
	// Stream is where the launch is queued; nil is the default stream.
	Stream *Stream
}

// HasCluster reports whether c launches clusters.
func (c LaunchConfig) HasCluster() bool { return c.Cluster != [3]uint32{} }

// Launch attributes (CUlaunchAttributeID) LaunchEx sets.
const launchAttrClusterDimension = 4

// launchConfig is CUlaunchConfig (64-bit layout).
type launchConfig struct {
	grid, block [3]uint32
	shared      uint32
	_           uint32
	stream      uintptr
	attrs       uintptr
	numAttrs    uint32
	_           uint32
}

// launchAttribute is CUlaunchAttribute: an id, padding to 8 bytes, and the
// 64-byte CUlaunchAttributeValue union.
type launchAttribute struct {
	id    uint32
	_     uint32
	value [64]byte
}

// Launch runs f on a grid of blocks (cuLaunchKernel) with shmem bytes of
// dynamic shared memory, on stream (nil: the default stream). args are
// the kernel's parameters in order: DevicePtr for pointers, int32,
// uint32, int64, uint64, float32 or float64 scalars, and TensorMap or
// ByValue for parameters passed by value. Launch does not wait for the
// kernel; errors of the kernel itself show at the next synchronising
// call.
func (dev *Device) Launch(f *Function, grid, block [3]uint32, shmem uint32, stream *Stream, args ...any) error {
	return dev.LaunchEx(f, LaunchConfig{Grid: grid, Block: block, SharedBytes: shmem, Stream: stream}, args...)
}

// LaunchEx is Launch with a LaunchConfig: a launch with clusters goes
// through cuLaunchKernelEx with a cluster-dimension attribute, allowing
// the kernel a non-portable cluster size (more than 8 blocks) first when
// it asks for one.
func (dev *Device) LaunchEx(f *Function, c LaunchConfig, args ...any) error {
	fail := func(err error) error { return fmt.Errorf("launch of '%s': %w", f.Name, err) }
	for d := 0; d < 3; d++ {
		if c.Grid[d] == 0 || c.Block[d] == 0 {
			return fmt.Errorf("cuda: launch of '%s' with grid %v and block %v: every dimension must be at least 1", f.Name, c.Grid, c.Block)
		}
	}
	if c.HasCluster() {
		for d := 0; d < 3; d++ {
			if c.Cluster[d] == 0 || c.Grid[d]%c.Cluster[d] != 0 {
				return fmt.Errorf("cuda: launch of '%s' with grid %v and cluster %v: every grid dimension must be a multiple of the cluster's, which must be at least 1", f.Name, c.Grid, c.Cluster)
			}
		}
		if !dev.drv.lib.has(fnLaunchKernelEx) {
			return fail(fmt.Errorf("cuda: %s has no cuLaunchKernelEx: cluster launches need a CUDA 12 driver", dev.drv.lib.path))
		}
	}
	if c.SharedBytes > defaultMaxDynamicShared && int(c.SharedBytes) > f.maxDynShared {
		if err := f.SetMaxDynamicSharedMemory(int(c.SharedBytes)); err != nil {
			return fail(err)
		}
	}
	if size := int(c.Cluster[0]) * int(c.Cluster[1]) * int(c.Cluster[2]); size > portableClusterSize && !f.nonPortable {
		if err := f.setAttribute(FuncAttrNonPortableClusterSizeAllowed, 1); err != nil {
			return fail(err)
		}
		f.nonPortable = true
	}
	buf, ptrs, err := kernelParams(args)
	if err != nil {
		return fail(err)
	}
	var params uintptr
	if len(ptrs) > 0 {
		params = uintptr(unsafe.Pointer(&ptrs[0]))
	}
	s := c.Stream.Handle()
	if !c.HasCluster() {
		err = dev.do(func() error {
			return dev.call(fnLaunchKernel, f.handle,
				uintptr(c.Grid[0]), uintptr(c.Grid[1]), uintptr(c.Grid[2]),
				uintptr(c.Block[0]), uintptr(c.Block[1]), uintptr(c.Block[2]),
				uintptr(c.SharedBytes), s, params, 0)
		})
	} else {
		attr := &launchAttribute{id: launchAttrClusterDimension}
		for d := 0; d < 3; d++ {
			binary.LittleEndian.PutUint32(attr.value[4*d:], c.Cluster[d])
		}
		cfg := &launchConfig{grid: c.Grid, block: c.Block, shared: c.SharedBytes, stream: s,
			attrs: uintptr(unsafe.Pointer(attr)), numAttrs: 1}
		err = dev.do(func() error {
			return dev.call(fnLaunchKernelEx, uintptr(unsafe.Pointer(cfg)), f.handle, params, 0)
		})
		runtime.KeepAlive(attr)
		runtime.KeepAlive(cfg)
	}
	runtime.KeepAlive(buf)
	runtime.KeepAlive(ptrs)
	if err != nil {
		return fail(err)
	}
	return nil
}

// create makes a driver object by fn(&handle, 0), the shape of
// cuStreamCreate and cuEventCreate with default flags.
func (dev *Device) create(fn int, handle *uintptr) error {
	return dev.do(func() error { return dev.call(fn, uintptr(unsafe.Pointer(handle)), 0) })
}

// release destroys the driver object *handle names by fn(handle) and
// zeroes the handle first, so that a second release is a no-op.
func (dev *Device) release(fn int, handle *uintptr) error {
	if *handle == 0 {
		return nil
	}
	h := *handle
	*handle = 0
	return dev.do(func() error { return dev.call(fn, h) })
}

// Stream is a CUDA stream.
type Stream struct {
	dev    *Device
	handle uintptr
}

// NewStream creates a stream (cuStreamCreate, default flags: it
// synchronises with the legacy default stream).
func (dev *Device) NewStream() (*Stream, error) {
	s := &Stream{dev: dev}
	if err := dev.create(fnStreamCreate, &s.handle); err != nil {
		return nil, err
	}
	return s, nil
}

// Synchronize waits for the stream's work (cuStreamSynchronize).
func (s *Stream) Synchronize() error {
	return s.dev.do(func() error { return s.dev.call(fnStreamSynchronize, s.handle) })
}

// Destroy destroys the stream (cuStreamDestroy).
func (s *Stream) Destroy() error {
	return s.dev.release(fnStreamDestroy, &s.handle)
}

// Handle is the CUstream, for libraries that take one (cuBLAS).
func (s *Stream) Handle() uintptr {
	if s == nil {
		return 0
	}
	return s.handle
}

// Event is a CUDA event, for timing work on a stream.
type Event struct {
	dev    *Device
	handle uintptr
}

// NewEvent creates an event that records time (cuEventCreate).
func (dev *Device) NewEvent() (*Event, error) {
	e := &Event{dev: dev}
	if err := dev.create(fnEventCreate, &e.handle); err != nil {
		return nil, err
	}
	return e, nil
}

// Record records the event on stream (nil: the default stream).
func (e *Event) Record(stream *Stream) error {
	return e.dev.do(func() error { return e.dev.call(fnEventRecord, e.handle, stream.Handle()) })
}

// Synchronize waits for the event (cuEventSynchronize).
func (e *Event) Synchronize() error {
	return e.dev.do(func() error { return e.dev.call(fnEventSynchronize, e.handle) })
}

// Destroy destroys the event (cuEventDestroy).
func (e *Event) Destroy() error {
	return e.dev.release(fnEventDestroy, &e.handle)
}

// ElapsedMillis is the time between two recorded events in milliseconds
// (cuEventElapsedTime; about 0.5 µs resolution). It waits for end.
func (dev *Device) ElapsedMillis(start, end *Event) (float32, error) {
	if err := end.Synchronize(); err != nil {
		return 0, err
	}
	var ms float32
	err := dev.do(func() error {
		return dev.call(fnEventElapsedTime, uintptr(unsafe.Pointer(&ms)), start.handle, end.handle)
	})
	return ms, err
}
