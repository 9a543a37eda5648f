package bench

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Report kinds.
const (
	KindSweep    = "sweep"
	KindAblation = "ablation"
	KindTune     = "tune"
)

// Report is a whole run: what was measured, where and how.
type Report struct {
	Kind     string  `json:"kind"`
	Device   string  `json:"device"`
	Props    Props   `json:"props"`
	Pipeline string  `json:"pipeline"`
	Warmup   int     `json:"warmup"`
	Reps     int     `json:"reps"`
	Seed     uint64  `json:"seed"`
	Samples  int     `json:"samples"`
	Tol      float64 `json:"tol"`
	ElemTol  float64 `json:"elem_tol"`
	L2Flush  bool    `json:"l2_flush"`
	// Kernel is the memory-bound benchmark of a KernelBench report
	// (empty for matmul), PeerCmd the command that timed its peer.
	Kernel  string `json:"kernel,omitempty"`
	PeerCmd string `json:"peer_cmd,omitempty"`
	// Results are in the order measured; Best (tune only) is the fastest
	// correct configuration per size.
	Results []Result `json:"results"`
	Best    []Result `json:"best,omitempty"`
}

// AllCorrect reports whether every configuration that ran was correct
// and at least one ran. Configurations that could not run (Error) do not
// count against it: a search expects some.
func (r *Report) AllCorrect() bool {
	ran := false
	for _, x := range r.Results {
		if x.Measured() {
			ran = true
			if !x.Correct {
				return false
			}
		}
	}
	return ran
}

// DefaultSizes is the paper's sweep, 1024 to 16384 in steps of 1024.
const DefaultSizes = "1024:16384:1024"

// ParseSizes reads a sweep: LO:HI:STEP (inclusive), or a comma list.
func ParseSizes(s string) ([]int, error) {
	var sizes []int
	if strings.Contains(s, ":") {
		parts := strings.Split(s, ":")
		if len(parts) != 3 {
			return nil, fmt.Errorf("invalid sizes '%s': expected LO:HI:STEP or a comma-separated list", s)
		}
		v, err := positiveSizes(s, parts)
		if err != nil {
			return nil, err
		}
		if v[0] > v[1] {
			return nil, fmt.Errorf("invalid sizes '%s': %d is above %d", s, v[0], v[1])
		}
		for n := v[0]; n <= v[1]; n += v[2] {
			sizes = append(sizes, n)
		}
		return sizes, nil
	}
	return positiveSizes(s, strings.Split(s, ","))
}

// positiveSizes reads the entries parts of the sizes flag s, each a
// positive integer.
func positiveSizes(s string, parts []string) ([]int, error) {
	var sizes []int
	for _, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("invalid sizes '%s': '%s' is not a positive integer", s, p)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

func newReport(kind string, s *session) *Report {
	o := s.o
	return &Report{
		Kind: kind, Device: s.gpu.Name(), Props: s.props, Pipeline: o.Pipeline,
		Warmup: o.Warmup, Reps: o.Reps, Seed: o.Seed, Samples: o.Samples,
		Tol: o.Tol, ElemTol: o.ElemTol, L2Flush: !o.NoFlushL2, Results: []Result{},
	}
}

type job struct {
	label, pipeline string
	typ             string // inputs' element type ("": the session's)
	m, n, k         int
}

// runJobs measures each job in order, with progress.
func runJobs(s *session, rep *Report, what string, jobs []job) error {
	p := s.o.Progress
	p.begin(what, len(jobs))
	defer p.end()
	for _, j := range jobs {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		p.working(j.label)
		if j.typ != "" {
			s.typ = j.typ
		}
		r, err := s.measure(j.label, j.pipeline, j.m, j.n, j.k)
		if err != nil {
			return fmt.Errorf("%s: %v", j.label, err)
		}
		rep.Results = append(rep.Results, r)
		p.finished(r)
	}
	return nil
}

// Sweep measures o.Pipeline at each of o.Shapes (M×N×K), or of o.Sizes
// (M = N = K) when there are none, for each of o.Types.
func Sweep(ctx context.Context, o Options) (rep *Report, err error) {
	if len(o.Sizes) == 0 && len(o.Shapes) == 0 {
		return nil, fmt.Errorf("no sizes to measure")
	}
	s, err := openSession(ctx, &o)
	if err != nil {
		return nil, err
	}
	defer func() { err = firstErr(err, s.close()) }()
	rep = newReport(KindSweep, s)
	shapes := o.Shapes
	if len(shapes) == 0 {
		for _, n := range o.Sizes {
			shapes = append(shapes, [3]int{n, n, n})
		}
	}
	types := o.Types
	if len(types) == 0 {
		types = []string{TypeF16}
	}
	var jobs []job
	for _, typ := range types {
		for _, sh := range shapes {
			label := shapeLabel(sh[0], sh[1], sh[2])
			if len(types) > 1 || typ != TypeF16 {
				label = typ + " " + label
			}
			jobs = append(jobs, job{label, o.Pipeline, typ, sh[0], sh[1], sh[2]})
		}
	}
	return rep, runJobs(s, rep, "sweep", jobs)
}

// DefaultAblationSize is the paper's ablation size.
const DefaultAblationSize = 8192
