package testutil

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// UpstreamPTX lowers a kernel's text with mlir-opt-19's
// gpu-lower-to-nvvm-pipeline for chip (with its PTX features, e.g.
// "sm_90a", "+ptx80"), the launch's index computations sunk into the
// kernel first as goopt's lowering does, and returns the PTX of the
// gpu.binary ops it makes, one after another (the string attributes' \XX
// escapes undone).
func UpstreamPTX(text, chip, features string) (string, error) {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "testutil")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "k.mlir")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		return "", err
	}
	out, err := exec.Command(mlirOpt, in, "--gpu-launch-sink-index-computations",
		fmt.Sprintf("--gpu-lower-to-nvvm-pipeline=cubin-chip=%s cubin-features=%s opt-level=3 cubin-format=isa", chip, features)).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("upstream cannot lower the kernel: %v\n%s", err, out)
	}
	// One gpu.binary a kernel module: upstream 19 outlines each launch
	// into a module of its own (goopt shares one with kernelModule).
	var ptx strings.Builder
	for _, mt := range assembly.FindAllSubmatch(out, -1) {
		ptx.WriteString(strings.TrimRight(unescapeMLIR(string(mt[1])), "\x00"))
	}
	if ptx.Len() == 0 {
		return "", fmt.Errorf("no PTX in upstream's gpu.binary:\n%s", out)
	}
	return ptx.String(), nil
}

// assembly is the PTX string attribute of a gpu.binary's object.
var assembly = regexp.MustCompile(`assembly = "((?:[^"\\]|\\.)*)"`)

// unescapeMLIR undoes the \XX hex escapes of an MLIR string attribute.
func unescapeMLIR(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
