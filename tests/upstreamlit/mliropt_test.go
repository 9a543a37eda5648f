package upstreamlit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// mlirOptWorkers bounds the mlir-opt-19 processes running at once.
const mlirOptWorkers = 2

// mlirOptTimeout bounds one mlir-opt-19 run.
const mlirOptTimeout = 30 * time.Second

// splitMarker separates the chunks of a --split-input-file buffer.
const splitMarker = "// -----"

// mlirOpt runs MLIR 19's mlir-opt, at most mlirOptWorkers at a time.
type mlirOpt struct {
	path string
	sem  chan struct{}
}

// findMLIROpt returns mlir-opt-19, skips the test when it is not installed
// and fails it when $CI is set (CI installs mlir-19-tools).
func findMLIROpt(t testing.TB) *mlirOpt {
	path, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("mlir-opt-19 not found and $CI is set: install mlir-19-tools")
		}
		t.Skip("mlir-opt-19 not installed (apt install mlir-19-tools)")
	}
	return &mlirOpt{path: path, sem: make(chan struct{}, mlirOptWorkers)}
}

// run runs mlir-opt-19 with args on stdin and returns its stdout; a non-zero
// exit is an error carrying the first lines of stderr.
func (m *mlirOpt) run(args []string, stdin []byte) ([]byte, error) {
	m.sem <- struct{}{}
	defer func() { <-m.sem }()
	ctx, cancel := context.WithTimeout(context.Background(), mlirOptTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, m.path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	// Symbolizing a crash can hang; without it a crashing run ends at once.
	cmd.Env = append(os.Environ(), "LLVM_DISABLE_SYMBOLIZATION=1", "LLVM_DISABLE_CRASH_REPORT=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("mlir-opt-19 %s: %v: %s", strings.Join(args, " "), err, headLines(stderr.String(), 3))
	}
	return stdout.Bytes(), nil
}

// chunkResult is mlir-opt-19's output for one chunk, or why there is none.
type chunkResult struct {
	text []byte
	err  error
}

// perChunk runs mlir-opt-19 with args on every chunk. It batches them into
// one --split-input-file run (process start-up dominates) and reruns alone
// any chunk left without output, to get its own error.
func (m *mlirOpt) perChunk(args []string, chunks [][]byte) []chunkResult {
	res := make([]chunkResult, len(chunks))
	var in bytes.Buffer
	for i, c := range chunks {
		if i > 0 {
			in.WriteString("\n" + splitMarker + "\n")
		}
		in.Write(c)
	}
	out, _ := m.run(append(append([]string{"--split-input-file"}, args...), "-"), in.Bytes())
	parts := bytes.Split(out, []byte(splitMarker+"\n"))
	if len(parts) != len(chunks) {
		parts = make([][]byte, len(chunks))
	}
	for i, c := range chunks {
		if len(bytes.TrimSpace(parts[i])) != 0 {
			res[i].text = parts[i]
			continue
		}
		res[i].text, res[i].err = m.run(append(append([]string{}, args...), "-"), c)
		if res[i].err == nil && len(bytes.TrimSpace(res[i].text)) == 0 {
			res[i].err = fmt.Errorf("mlir-opt-19 %s: empty output", strings.Join(args, " "))
		}
	}
	return res
}

func headLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, " | ")
}

// TestPerChunk checks that one bad chunk fails alone, with its own error.
func TestPerChunk(t *testing.T) {
	opt := findMLIROpt(t)
	res := opt.perChunk([]string{"--cse"}, [][]byte{
		[]byte("func.func @a() { return }"),
		[]byte(`func.func @b() { %0 = "x.y"() : () -> i32 return }`),
		[]byte("func.func @c() { return }"),
	})
	for i, want := range []string{"@a", "unregistered dialect", "@c"} {
		got := string(res[i].text)
		if res[i].err != nil {
			got = res[i].err.Error()
		}
		if (res[i].err != nil) != (i == 1) || !strings.Contains(got, want) {
			t.Errorf("chunk %d: got %q (err %v), want %q", i, got, res[i].err, want)
		}
	}
}
