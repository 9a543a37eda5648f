package cuda

import (
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// kernelParams lays out kernel arguments for cuLaunchKernel: each value in
// its own 8-byte slot of slots (little-endian, so a 4-byte value is the
// slot's low half) and ptrs[i] pointing at slot i — the array of pointers
// to argument values the driver reads. Only sized types are accepted:
// the driver copies as many bytes as the kernel's parameter declares, so
// the Go type must say how many.
func kernelParams(args []any) (slots []uint64, ptrs []unsafe.Pointer, err error) {
	slots = make([]uint64, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case DevicePtr:
			slots[i] = uint64(v)
		case int32:
			slots[i] = uint64(uint32(v))
		case uint32:
			slots[i] = uint64(v)
		case int64:
			slots[i] = uint64(v)
		case uint64:
			slots[i] = v
		case float32:
			slots[i] = uint64(math.Float32bits(v))
		case float64:
			slots[i] = math.Float64bits(v)
		default:
			return nil, nil, fmt.Errorf("cuda: kernel argument %d has type %T: expected DevicePtr, int32, uint32, int64, uint64, float32 or float64", i, a)
		}
	}
	ptrs = make([]unsafe.Pointer, len(args))
	for i := range slots {
		ptrs[i] = unsafe.Pointer(&slots[i])
	}
	return slots, ptrs, nil
}

// Launch runs f on a grid of blocks (cuLaunchKernel) with shmem bytes of
// dynamic shared memory, on stream (nil: the default stream). args are
// the kernel's parameters in order: DevicePtr for pointers, and int32,
// uint32, int64, uint64, float32 or float64 scalars. Launch does not wait
// for the kernel; errors of the kernel itself show at the next
// synchronising call.
func (dev *Device) Launch(f *Function, grid, block [3]uint32, shmem uint32, stream *Stream, args ...any) error {
	for d := 0; d < 3; d++ {
		if grid[d] == 0 || block[d] == 0 {
			return fmt.Errorf("cuda: launch of '%s' with grid %v and block %v: every dimension must be at least 1", f.Name, grid, block)
		}
	}
	slots, ptrs, err := kernelParams(args)
	if err != nil {
		return fmt.Errorf("launch of '%s': %w", f.Name, err)
	}
	var params uintptr
	if len(ptrs) > 0 {
		params = uintptr(unsafe.Pointer(&ptrs[0]))
	}
	var s uintptr
	if stream != nil {
		s = stream.handle
	}
	err = dev.do(func() error {
		return dev.call(fnLaunchKernel, f.handle,
			uintptr(grid[0]), uintptr(grid[1]), uintptr(grid[2]),
			uintptr(block[0]), uintptr(block[1]), uintptr(block[2]),
			uintptr(shmem), s, params, 0)
	})
	runtime.KeepAlive(slots)
	runtime.KeepAlive(ptrs)
	if err != nil {
		return fmt.Errorf("launch of '%s': %w", f.Name, err)
	}
	return nil
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
	err := dev.do(func() error { return dev.call(fnStreamCreate, uintptr(unsafe.Pointer(&s.handle)), 0) })
	if err != nil {
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
	if s.handle == 0 {
		return nil
	}
	h := s.handle
	s.handle = 0
	return s.dev.do(func() error { return s.dev.call(fnStreamDestroy, h) })
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
	err := dev.do(func() error { return dev.call(fnEventCreate, uintptr(unsafe.Pointer(&e.handle)), 0) })
	if err != nil {
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
	if e.handle == 0 {
		return nil
	}
	h := e.handle
	e.handle = 0
	return e.dev.do(func() error { return e.dev.call(fnEventDestroy, h) })
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
