package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// The peer of the memory-bound kernels is torch, which a Go binary cannot
// call. goopt bench runs it instead: --peer-cmd is a shell command (the
// documented one is `python3 scripts/bench_peer.py`) that goopt bench
// starts once per configuration, right after timing its own kernel and
// the copy, while it holds the same device: the peer is timed in the same
// run, on the same GPU, at the same shape, with the same method. The
// command gets the problem and the method as flags,
//
//	--kernel=softmax --shape=8192x8192 --warmup=5 --reps=20
//	--flush-bytes=125829120 --device=0 --seed=1
//
// (--flush-bytes=0: do not flush the L2), and prints one JSON object as
// the last line of its standard output:
//
//	{"peer": "torch 2.5.1", "ms": 1.23, "min_ms": 1.2, "max_ms": 1.3,
//	 "correct": true}
//
// where ms is the median of the timed runs (CUDA events), "correct" its
// own check of the peer's output, and "error" (instead of ms) why there is
// no figure. A peer that fails leaves the kernel's result standing, with
// PeerError saying why.

// peerReport is the JSON a peer command prints.
type peerReport struct {
	Peer    string  `json:"peer"`
	Ms      float64 `json:"ms"`
	MinMs   float64 `json:"min_ms"`
	MaxMs   float64 `json:"max_ms"`
	Correct *bool   `json:"correct"`
	Error   string  `json:"error"`
}

// peerArgs are the flags a peer command gets for configuration c.
func (s *kernelSession) peerArgs(c kernelConfig) []string {
	return []string{
		"--kernel=" + s.ko.Kernel,
		"--shape=" + shapeString(c.shape),
		"--warmup=" + strconv.Itoa(s.o.Warmup),
		"--reps=" + strconv.Itoa(s.o.Reps),
		"--flush-bytes=" + strconv.FormatInt(s.flushBytes, 10),
		"--device=" + strconv.Itoa(s.o.Device.Ordinal),
		"--seed=" + strconv.FormatUint(s.o.Seed, 10),
	}
}

// timePeer runs the peer command for c and records its figure in r.
func (s *kernelSession) timePeer(c kernelConfig, r *Result) {
	rep, err := runPeer(s.ctx, s.ko.PeerCmd, s.peerArgs(c))
	switch {
	case err != nil:
		r.PeerError = err.Error()
	case rep.Error != "":
		r.Peer, r.PeerError = rep.Peer, rep.Error
	case !(rep.Ms > 0):
		r.Peer, r.PeerError = rep.Peer, fmt.Sprintf("the peer command reported no time (ms = %v)", rep.Ms)
	case rep.Correct != nil && !*rep.Correct:
		r.Peer, r.PeerError = rep.Peer, "the peer's own result failed its check"
	default:
		r.Peer, r.PeerMs = rep.Peer, rep.Ms
		r.PeerGBs = float64(r.Bytes) / rep.Ms / 1e6
		r.PeerRatio = r.GBs / r.PeerGBs
	}
}

// runPeer runs cmd (through sh, with args appended as "$@") and parses
// the last line of its output.
func runPeer(ctx context.Context, cmd string, args []string) (*peerReport, error) {
	c := exec.CommandContext(ctx, "sh", append([]string{"-c", cmd + ` "$@"`, "sh"}, args...)...)
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		return nil, fmt.Errorf("peer command '%s' failed: %v%s", cmd, err, tail(stderr.String()))
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	var rep peerReport
	if err := json.Unmarshal([]byte(last), &rep); err != nil {
		return nil, fmt.Errorf("peer command '%s' printed no JSON report on its last line (%v): %q", cmd, err, last)
	}
	return &rep, nil
}

// tail is the last line of a command's error output, for a message.
func tail(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return ": " + s
}
