package roundtrip

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/goopt/goopt/cli"
	"github.com/goopt/goopt/internal/testutil"
)

// minCorpus is the acceptance floor for the number of corpus files.
const minCorpus = 60

func mlirOpt(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("mlir-opt-19 is required in CI (Debian package mlir-19-tools)")
		}
		t.Skip("mlir-opt-19 not installed (apt-get install mlir-19-tools)")
	}
	return p
}

// upstreamGeneric runs mlir-opt-19 --mlir-print-op-generic on src.
func upstreamGeneric(t *testing.T, bin string, src []byte) (string, error) {
	cmd := exec.Command(bin, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-")
	cmd.Stdin = bytes.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", &upstreamError{err: err, stderr: errb.String()}
	}
	return out.String(), nil
}

type upstreamError struct {
	err    error
	stderr string
}

func (e *upstreamError) Error() string { return e.err.Error() + ": " + e.stderr }

// goopt runs `goopt opt` in-process.
func goopt(t *testing.T, name string, src []byte, extra ...string) (string, error) {
	dir := t.TempDir()
	in := filepath.Join(dir, filepath.Base(name))
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	args := append([]string{"opt", in, "--allow-unregistered-dialect"}, extra...)
	if code := cli.Main(args, bytes.NewReader(nil), &out, &errb); code != 0 {
		return "", &upstreamError{err: os.ErrInvalid, stderr: errb.String()}
	}
	return out.String(), nil
}

func corpus(t *testing.T) []string {
	files, err := filepath.Glob("*.mlir")
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestCorpusSize(t *testing.T) {
	if n := len(corpus(t)); n < minCorpus {
		t.Errorf("round-trip corpus has %d files, want at least %d", n, minCorpus)
	}
}

func TestRoundTripAgainstMlirOpt(t *testing.T) {
	bin := mlirOpt(t)
	for _, f := range corpus(t) {
		t.Run(strings.TrimSuffix(f, ".mlir"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := upstreamGeneric(t, bin, src)
			if err != nil {
				t.Fatalf("mlir-opt-19 rejects the corpus file itself: %v", err)
			}
			check := func(what string, goIn []byte, extra ...string) {
				t.Helper()
				out, err := goopt(t, f, goIn, extra...)
				if err != nil {
					t.Errorf("%s: goopt failed: %v", what, err)
					return
				}
				got, err := upstreamGeneric(t, bin, []byte(out))
				if err != nil {
					t.Errorf("%s: mlir-opt-19 rejects goopt's output: %v\n--- goopt output:\n%s", what, err, out)
					return
				}
				if got != want {
					t.Errorf("%s: IR differs after the round trip\n%s--- goopt output:\n%s", what, diff(want, got), out)
				}
			}
			check("custom form", src)
			check("generic form", src, "--mlir-print-op-generic")
			check("from upstream's generic form", []byte(want))
		})
	}
}

// diff returns the first differing lines of a and b.
func diff(a, b string) string {
	if i, x, y, ok := testutil.FirstDiff(a, b); ok {
		return "line " + strconv.Itoa(i) + ":\n  upstream: " + x + "\n  via goopt: " + y + "\n"
	}
	return ""
}
