package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// DriverLibraries are the names LoadDriver tries, in order: the soname the
// driver installs, then the development symlink.
var DriverLibraries = []string{"libcuda.so.1", "libcuda.so"}

// symbol is a C function to resolve: its API name and the exported names
// to try (versioned ones first: cuMemAlloc is exported as cuMemAlloc_v2).
type symbol struct {
	name     string
	exports  []string
	optional bool
}

// library is a dlopened library with its resolved functions.
type library struct {
	path   string
	handle uintptr
	fns    []uintptr
	syms   []symbol
}

// loadLibrary dlopens the first of paths that loads and resolves syms in
// it. The error names the first path, the one a user should install.
func loadLibrary(paths []string, syms []symbol) (*library, error) {
	var firstErr error
	for _, p := range paths {
		h, err := dlopen(p)
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("cannot load %s: %v", p, err)
			}
			continue
		}
		lib := &library{path: p, handle: h, fns: make([]uintptr, len(syms)), syms: syms}
		for i, s := range syms {
			for _, e := range s.exports {
				if addr, err := purego.Dlsym(h, e); err == nil && addr != 0 {
					lib.fns[i] = addr
					break
				}
			}
			if lib.fns[i] == 0 && !s.optional {
				return nil, fmt.Errorf("%s has no function %s (tried %s): is it too old?", p, s.name, strings.Join(s.exports, ", "))
			}
		}
		return lib, nil
	}
	if firstErr == nil {
		firstErr = fmt.Errorf("no library to load")
	}
	return nil, firstErr
}

// dlopen opens a library on one OS thread: dlerror's message is per
// thread, and a goroutine moving between dlopen and dlerror would lose it.
func dlopen(path string) (uintptr, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	h, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil && err.Error() == "" {
		err = fmt.Errorf("dlopen failed")
	}
	return h, err
}

// syscall calls function i with integer and pointer arguments and returns
// its int status. Pointers converted to uintptr in the caller's argument
// list stay alive and in place for the call (go:uintptrescapes).
//
//go:uintptrescapes
func (l *library) syscall(i int, args ...uintptr) int32 {
	r, _, _ := purego.SyscallN(l.fns[i], args...)
	return int32(r)
}

// has reports whether optional function i was found.
func (l *library) has(i int) bool { return l.fns[i] != 0 }

// goString copies a NUL-terminated C string.
func goString(p *byte) string {
	if p == nil {
		return ""
	}
	n := 0
	for *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}

// cString returns s as a NUL-terminated byte slice.
func cString(s string) []byte {
	b := make([]byte, len(s)+1)
	copy(b, s)
	return b
}

// cBuffer returns the text before the first NUL of a buffer C wrote into.
func cBuffer(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
