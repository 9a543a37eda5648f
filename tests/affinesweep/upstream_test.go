package affinesweep

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// lowering takes affine IR to the LLVM dialect for mlir-cpu-runner-19, as
// interp's upstream cross-check does.
var lowering = []string{"--lower-affine", "--expand-strided-metadata", "--convert-scf-to-cf",
	"--convert-math-to-llvm", "--convert-arith-to-llvm", "--finalize-memref-to-llvm",
	"--convert-func-to-llvm", "--reconcile-unrealized-casts"}

// upstreamWorkers bounds the mlir-opt-19 / mlir-cpu-runner-19 processes
// running at once.
const upstreamWorkers = 2

// upstreamTimeout bounds one tool invocation.
const upstreamTimeout = 30 * time.Second

// splitMarker separates the modules of one batched mlir-opt-19 run.
const splitMarker = "// -----"

// upstream runs MLIR 19's tools, at most upstreamWorkers processes at a
// time. Process start-up (loading libLLVM) dominates, so it batches: one
// mlir-opt-19 --split-input-file run applies a pipeline and the lowering to
// many modules, and mlir-cpu-runner-19 runs each distinct lowered module
// once.
type upstream struct {
	opt, runner string
	sem         chan struct{}

	mu      sync.Mutex
	lowered map[[32]byte]*lowerResult // by (pass flags, source)
	runs    map[[32]byte]*runResult   // by lowered text
}

// lowerResult is one module after the pass flags and the lowering; stage
// says which failed ("pass" or "lower") when err is set.
type lowerResult struct {
	text  []byte
	stage string
	err   error
}

type runResult struct {
	once     sync.Once
	checksum int64
	err      error
}

// upResult is the outcome of one upstream execution: stage is "pass",
// "lower" or "run" when err is set.
type upResult struct {
	checksum int64
	stage    string
	err      error
}

// findUpstream returns nil when the tools are not installed.
func findUpstream() *upstream {
	opt, err1 := exec.LookPath("mlir-opt-19")
	runner, err2 := exec.LookPath("mlir-cpu-runner-19")
	if err1 != nil || err2 != nil {
		return nil
	}
	return &upstream{opt: opt, runner: runner, sem: make(chan struct{}, upstreamWorkers),
		lowered: map[[32]byte]*lowerResult{}, runs: map[[32]byte]*runResult{}}
}

func lowerKey(passFlags []string, src []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(strings.Join(passFlags, "\x00")))
	h.Write([]byte{0})
	h.Write(src)
	var key [32]byte
	copy(key[:], h.Sum(nil))
	return key
}

// lowerAll applies passFlags (possibly none) and the lowering to every
// module of srcs not lowered before, in one mlir-opt-19 run. When that run
// fails, each module is redone alone so the failure lands on its own module
// and stage.
func (u *upstream) lowerAll(srcs [][]byte, passFlags []string) {
	var todo [][]byte
	seen := map[[32]byte]bool{}
	u.mu.Lock()
	for _, s := range srcs {
		k := lowerKey(passFlags, s)
		if u.lowered[k] == nil && !seen[k] {
			seen[k] = true
			todo = append(todo, s)
		}
	}
	u.mu.Unlock()
	if len(todo) == 0 {
		return
	}
	args := append(append(append([]string{"--split-input-file"}, passFlags...), lowering...), "-")
	var in bytes.Buffer
	for i, s := range todo {
		if i > 0 {
			in.WriteString("\n" + splitMarker + "\n")
		}
		in.Write(s)
	}
	out, err := u.tool(u.opt, args, in.Bytes())
	var parts [][]byte
	if err == nil {
		parts = splitOutput(out)
	}
	results := make([]*lowerResult, len(todo))
	if err == nil && len(parts) == len(todo) {
		for i := range todo {
			results[i] = &lowerResult{text: parts[i]}
		}
	} else {
		for i, s := range todo {
			results[i] = u.lowerOne(s, passFlags)
		}
	}
	u.mu.Lock()
	for i, s := range todo {
		u.lowered[lowerKey(passFlags, s)] = results[i]
	}
	u.mu.Unlock()
}

// lowerOne runs the pass flags and the lowering on one module as separate
// steps, to say which fails.
func (u *upstream) lowerOne(src []byte, passFlags []string) *lowerResult {
	if len(passFlags) > 0 {
		out, err := u.tool(u.opt, append(append([]string{}, passFlags...), "-"), src)
		if err != nil {
			return &lowerResult{stage: "pass", err: err}
		}
		src = out
	}
	out, err := u.tool(u.opt, append(append([]string{}, lowering...), "-"), src)
	if err != nil {
		return &lowerResult{stage: "lower", err: err}
	}
	return &lowerResult{text: out}
}

// splitOutput splits mlir-opt-19 --split-input-file output into modules.
func splitOutput(out []byte) [][]byte {
	return bytes.Split(out, []byte(splitMarker+"\n"))
}

// execute returns the checksum of src's @entry after passFlags, lowered
// and run upstream. lowerAll must have seen src and passFlags before, or
// src is lowered alone now.
func (u *upstream) execute(src []byte, passFlags []string) upResult {
	key := lowerKey(passFlags, src)
	u.mu.Lock()
	l := u.lowered[key]
	u.mu.Unlock()
	if l == nil {
		u.lowerAll([][]byte{src}, passFlags)
		u.mu.Lock()
		l = u.lowered[key]
		u.mu.Unlock()
	}
	if l.err != nil {
		return upResult{stage: l.stage, err: l.err}
	}
	rk := lowerKey(nil, l.text)
	u.mu.Lock()
	r := u.runs[rk]
	if r == nil {
		r = &runResult{}
		u.runs[rk] = r
	}
	u.mu.Unlock()
	r.once.Do(func() { r.checksum, r.err = u.run(l.text) })
	if r.err != nil {
		return upResult{stage: "run", err: r.err}
	}
	return upResult{checksum: r.checksum}
}

func (u *upstream) run(lowered []byte) (int64, error) {
	// -O0: the check is of semantics, and JIT time dominates at these sizes.
	out, err := u.tool(u.runner, []string{"-O0", "-e", "entry", "-entry-point-result=i64", "-"}, lowered)
	if err != nil {
		return 0, err
	}
	text := strings.TrimSpace(string(out))
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("runner printed %q", firstLine(text))
	}
	return v, nil
}

// tool runs one upstream process under the worker bound.
func (u *upstream) tool(path string, args []string, stdin []byte) ([]byte, error) {
	u.sem <- struct{}{}
	defer func() { <-u.sem }()
	ctx, cancel := context.WithTimeout(context.Background(), upstreamTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	// Symbolizing a crash after heap corruption can deadlock in malloc;
	// without it a crashing run ends at once.
	cmd.Env = append(os.Environ(), "LLVM_DISABLE_SYMBOLIZATION=1", "LLVM_DISABLE_CRASH_REPORT=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := err.Error()
		if s := strings.TrimSpace(stderr.String()); s != "" {
			msg += ": " + firstLine(s)
		}
		return nil, fmt.Errorf("%s: %s", filepath.Base(path), msg)
	}
	return stdout.Bytes(), nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
