package cuda

import (
	"errors"
	"fmt"
)

// Result is a CUresult, the status every driver call returns.
type Result int32

// Driver results goopt tells apart; the rest are named by the driver.
const (
	Success         Result = 0
	ErrInvalidValue Result = 1
	ErrOutOfMemory  Result = 2
	ErrNotInit      Result = 3
	ErrNoDevice     Result = 100
	ErrInvalidDev   Result = 101
	ErrInvalidImage Result = 200
	ErrInvalidPTX   Result = 218
	ErrNotFound     Result = 500
	ErrIllegalAddr  Result = 700
	ErrOutOfRes     Result = 701
	ErrLaunchFailed Result = 719
)

// resultNames spells the common results when the driver cannot (a failed
// cuGetErrorName, or an error built before the driver was loaded).
var resultNames = map[Result]string{
	Success:         "CUDA_SUCCESS",
	ErrInvalidValue: "CUDA_ERROR_INVALID_VALUE",
	ErrOutOfMemory:  "CUDA_ERROR_OUT_OF_MEMORY",
	ErrNotInit:      "CUDA_ERROR_NOT_INITIALIZED",
	ErrNoDevice:     "CUDA_ERROR_NO_DEVICE",
	ErrInvalidDev:   "CUDA_ERROR_INVALID_DEVICE",
	ErrInvalidImage: "CUDA_ERROR_INVALID_IMAGE",
	ErrInvalidPTX:   "CUDA_ERROR_INVALID_PTX",
	ErrNotFound:     "CUDA_ERROR_NOT_FOUND",
	ErrIllegalAddr:  "CUDA_ERROR_ILLEGAL_ADDRESS",
	ErrOutOfRes:     "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
	ErrLaunchFailed: "CUDA_ERROR_LAUNCH_FAILED",
}

// Error is a failed driver or cuBLAS call.
type Error struct {
	// Call is the C function that failed ("cuModuleLoadDataEx").
	Call string
	// Code is its status; Name and Desc the library's spelling of it
	// ("CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed").
	Code int32
	Name string
	Desc string
	// Log is the JIT compiler's error log, for module loads.
	Log string
}

func (e *Error) Error() string {
	name := e.Name
	if name == "" {
		name = fmt.Sprintf("error %d", e.Code)
	}
	s := fmt.Sprintf("cuda: %s failed: %s", e.Call, name)
	if e.Desc != "" {
		s += " (" + e.Desc + ")"
	}
	if e.Log != "" {
		s += "\nJIT log:\n" + e.Log
	}
	return s
}

// Is makes errors.Is(err, cuda.ErrNoDevice) and the like work.
func (e *Error) Is(target error) bool {
	var r Result
	if errors.As(target, &r) {
		return e.Code == int32(r)
	}
	return false
}

// Error lets a Result be an error target for errors.Is.
func (r Result) Error() string {
	if n, ok := resultNames[r]; ok {
		return n
	}
	return fmt.Sprintf("CUresult %d", int32(r))
}

// ErrNoDriver is wrapped by the error Open and LoadDriver return when
// libcuda cannot be loaded: no NVIDIA driver on this machine.
var ErrNoDriver = errors.New("cuda: no NVIDIA driver")
