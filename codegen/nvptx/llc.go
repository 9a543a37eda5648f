package nvptx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Defaults of the PTX step: Hopper, PTX ISA 8.0, llc's -O2.
const (
	DefaultArch       = "sm_90"
	DefaultPTXVersion = 80
	DefaultOptLevel   = 2
)

// LLCEnv names the environment variable that points at llc.
const LLCEnv = "GOOPT_LLC"

// Options configure PTX and Cubin. The zero value targets sm_90 with PTX
// 8.0 at -O2, finding llc and ptxas on the PATH.
type Options struct {
	// LLC is the llc to run; empty means $GOOPT_LLC, then llc-19, then llc.
	LLC string
	// Ptxas is the ptxas to run; empty means ptxas on the PATH.
	Ptxas string
	// Arch is the GPU (-mcpu, -arch): "sm_90" when empty.
	Arch string
	// PTXVersion is the PTX ISA version times ten (80 for 8.0, -mattr=+ptx80).
	PTXVersion int
	// OptLevel is llc's -O level (0 to 3); nil means DefaultOptLevel.
	OptLevel *int
}

func (o Options) arch() string {
	if o.Arch == "" {
		return DefaultArch
	}
	return o.Arch
}

// FindLLC returns the llc to use: explicit (when set), $GOOPT_LLC, llc-19,
// then llc on the PATH.
func FindLLC(explicit string) (string, error) {
	if explicit != "" {
		return lookTool(explicit, "llc")
	}
	if env := os.Getenv(LLCEnv); env != "" {
		return lookTool(env, "$"+LLCEnv)
	}
	for _, name := range []string{"llc-19", "llc"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("llc not found: looked for $" + LLCEnv + ", llc-19 and llc on the PATH; " +
		"install LLVM 19 (Debian/Ubuntu: apt-get install llvm-19) or pass the path of an llc with the NVPTX backend")
}

func lookTool(path, what string) (string, error) {
	p, err := exec.LookPath(path)
	if err != nil {
		return "", fmt.Errorf("%s '%s' not found: %v", what, path, unwrapExec(err))
	}
	return p, nil
}

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}

// LLCArgs returns llc's arguments for o: reading LLVM IR from stdin,
// writing PTX to stdout.
func LLCArgs(o Options) []string {
	ptx := o.PTXVersion
	if ptx == 0 {
		ptx = DefaultPTXVersion
	}
	opt := DefaultOptLevel
	if o.OptLevel != nil {
		opt = *o.OptLevel
	}
	return []string{"-march=nvptx64", "-mcpu=" + o.arch(), fmt.Sprintf("-mattr=+ptx%d", ptx),
		fmt.Sprintf("-O%d", opt), "-o", "-", "-"}
}

// PTX compiles LLVM IR text to PTX with llc. A failing llc's own stderr is
// part of the error.
func PTX(ctx context.Context, llvmIR string, o Options) (string, error) {
	if o.OptLevel != nil && (*o.OptLevel < 0 || *o.OptLevel > 3) {
		return "", fmt.Errorf("invalid optimization level %d: expected 0 to 3", *o.OptLevel)
	}
	llc, err := FindLLC(o.LLC)
	if err != nil {
		return "", err
	}
	out, err := run(ctx, llc, LLCArgs(o), []byte(llvmIR))
	if err != nil {
		return "", err
	}
	return clusterDirectives(string(out), clusterDims(llvmIR), o.arch()), nil
}

// Cubin assembles PTX text into a cubin with ptxas -arch=<Arch>.
func Cubin(ctx context.Context, ptx string, o Options) ([]byte, error) {
	ptxas := o.Ptxas
	if ptxas == "" {
		ptxas = "ptxas"
	}
	p, err := exec.LookPath(ptxas)
	if err != nil {
		return nil, fmt.Errorf("ptxas not found ('%s': %v): install the CUDA toolkit (ptxas) to emit cubin, or emit PTX", ptxas, unwrapExec(err))
	}
	dir, err := os.MkdirTemp("", "goopt-ptxas")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in.ptx"), filepath.Join(dir, "out.cubin")
	if err := os.WriteFile(in, []byte(ptx), 0o644); err != nil {
		return nil, err
	}
	if _, err := run(ctx, p, []string{"-arch=" + o.arch(), "-o", out, in}, nil); err != nil {
		return nil, err
	}
	return os.ReadFile(out)
}

// run runs tool with stdin and returns its stdout; on failure the error
// holds the tool's stderr.
func run(ctx context.Context, tool string, args []string, stdin []byte) ([]byte, error) {
	cmd := exec.CommandContext(ctx, tool, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("%s failed: %s", filepath.Base(tool), msg)
	}
	return stdout.Bytes(), nil
}
