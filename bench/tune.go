package bench

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
)

// Register-file and tile facts the search's limits rest on.
const (
	wmmaDim          = 16  // the WMMA fragment's M, N and K
	fragRegs         = 8   // 32-bit registers per thread of one 16×16 fragment (f32 C, or f16 pairs of A and B)
	warpSize         = 32  //
	maxRegsPerThread = 255 // ptxas's cap; past it, spills
	// regOverhead covers addresses, loop counters and indices; it makes
	// the estimate of the paper's configuration (176) land just above
	// what ptxas gives (158 registers).
	regOverhead = 32
)

// Candidate is one point of the tuning search: gpu-matmul-wmma's
// thread-block and warp tiles, the shared tiles' padding (A and B alike)
// and the copies' vector width.
type Candidate struct {
	TBTile, WarpTile [3]int64
	Padding          int64
	VectorBits       uint32
}

// Pipeline is the candidate's gpu-matmul-wmma pipeline text.
func (c Candidate) Pipeline() string {
	opts := fmt.Sprintf("tb-tile=%d,%d,%d warp-tile=%d,%d,%d vector-bits=%d",
		c.TBTile[0], c.TBTile[1], c.TBTile[2], c.WarpTile[0], c.WarpTile[1], c.WarpTile[2], c.VectorBits)
	if c.Padding == 0 {
		opts += " padding=false"
	} else {
		opts += fmt.Sprintf(" padding-a=%d padding-b=%d", c.Padding, c.Padding)
	}
	return DefaultPipeline + "{" + opts + "}"
}

// Label is a short name for tables.
func (c Candidate) Label() string {
	return fmt.Sprintf("tb%dx%dx%d w%dx%dx%d p%d v%d", c.TBTile[0], c.TBTile[1], c.TBTile[2],
		c.WarpTile[0], c.WarpTile[1], c.WarpTile[2], c.Padding, c.VectorBits)
}

// Threads is the block size: one warp per warp tile.
func (c Candidate) Threads() int64 {
	return c.TBTile[0] / c.WarpTile[0] * (c.TBTile[1] / c.WarpTile[1]) * warpSize
}

// SharedBytes is the shared memory of the padded f16 A (tbM × (tbK+pad))
// and B (tbK × (tbN+pad)) tiles. The pipeline allocates them statically
// (memref.global in address space 3), so they count against the 48 KiB
// static limit, not the larger dynamic opt-in.
func (c Candidate) SharedBytes() int64 {
	tb := c.TBTile
	return 2 * (tb[0]*(tb[2]+c.Padding) + tb[2]*(tb[1]+c.Padding))
}

// EstimatedRegisters estimates the registers per thread: the warp's C
// fragments, one k step's A and B fragments, the next tiles staged in
// registers by latency hiding, and an overhead.
func (c Candidate) EstimatedRegisters() int64 {
	tb, w := c.TBTile, c.WarpTile
	acc := w[0] / wmmaDim * (w[1] / wmmaDim) * fragRegs
	frags := (w[0]/wmmaDim + w[1]/wmmaDim) * fragRegs
	staged := 2 * (tb[0]*tb[2] + tb[2]*tb[1]) / c.Threads() / 4
	return acc + frags + staged + regOverhead
}

// Check says why c cannot run at m×n×k on a device with p (nil when it
// can): tiles that do not divide, a block over the thread, shared-memory
// or register limits, a padding that breaks the vector copies' alignment.
func (c Candidate) Check(m, n, k int, p Props) error {
	size := [3]int64{int64(m), int64(n), int64(k)}
	for d, name := range []string{"M", "N", "K"} {
		switch {
		case c.WarpTile[d] <= 0 || c.WarpTile[d]%wmmaDim != 0:
			return fmt.Errorf("warp tile %s = %d is not a multiple of %d", name, c.WarpTile[d], wmmaDim)
		case c.TBTile[d]%c.WarpTile[d] != 0:
			return fmt.Errorf("thread-block tile %s = %d is not a multiple of the warp tile's %d", name, c.TBTile[d], c.WarpTile[d])
		case size[d]%c.TBTile[d] != 0:
			return fmt.Errorf("%s = %d is not a multiple of the thread-block tile's %d", name, size[d], c.TBTile[d])
		}
	}
	if t := c.Threads(); t > int64(p.MaxThreadsPerBlock) {
		return fmt.Errorf("%d threads per block, over %d", t, p.MaxThreadsPerBlock)
	}
	if s := c.SharedBytes(); s > p.SharedPerBlock {
		return fmt.Errorf("%d bytes of static shared memory, over %d", s, p.SharedPerBlock)
	}
	r := c.EstimatedRegisters()
	if r > maxRegsPerThread {
		return fmt.Errorf("about %d registers per thread, over %d (it would spill)", r, maxRegsPerThread)
	}
	if r*c.Threads() > int64(p.RegistersPerBlock) {
		return fmt.Errorf("about %d registers × %d threads, over the block's %d", r, c.Threads(), p.RegistersPerBlock)
	}
	vecBytes := int64(c.VectorBits / 8)
	if 2*(c.TBTile[2]+c.Padding)%vecBytes != 0 || 2*(c.TBTile[1]+c.Padding)%vecBytes != 0 {
		return fmt.Errorf("padding %d leaves shared rows unaligned for %d-bit copies", c.Padding, c.VectorBits)
	}
	return nil
}

// TuneSpace is the search's grid; Candidates is its product.
type TuneSpace struct {
	TBTiles    [][3]int64
	WarpTiles  [][3]int64
	Paddings   []int64
	VectorBits []uint32
}

// DefaultTuneSpace spans the paper's configuration: block tiles of 64 to
// 256 with k depth 32 or 64, warp tiles of 32 or 64, padding 0 or 8,
// 64- or 128-bit copies.
func DefaultTuneSpace() TuneSpace {
	var tb [][3]int64
	for _, mn := range [][2]int64{{64, 64}, {64, 128}, {128, 64}, {128, 128}, {128, 256}, {256, 128}} {
		for _, kd := range []int64{32, 64} {
			tb = append(tb, [3]int64{mn[0], mn[1], kd})
		}
	}
	return TuneSpace{
		TBTiles:    tb,
		WarpTiles:  [][3]int64{{32, 32, 32}, {32, 64, 32}, {64, 32, 32}, {64, 64, 32}},
		Paddings:   []int64{0, 8},
		VectorBits: []uint32{64, 128},
	}
}

// Candidates lists every combination of the space.
func (sp TuneSpace) Candidates() []Candidate {
	var out []Candidate
	for _, tb := range sp.TBTiles {
		for _, w := range sp.WarpTiles {
			for _, pad := range sp.Paddings {
				for _, v := range sp.VectorBits {
					out = append(out, Candidate{TBTile: tb, WarpTile: w, Padding: pad, VectorBits: v})
				}
			}
		}
	}
	return out
}

// TuneCandidate is one point of a tuning search: a pipeline text, a
// short label for tables, and the limits it is checked against before
// it is compiled.
type TuneCandidate interface {
	Pipeline() string
	Label() string
	Check(m, n, k int, p Props) error
}

// Space is a tuning search space of one pipeline.
type Space interface {
	// Base is the pipeline's name.
	Base() string
	TuneCandidates() []TuneCandidate
}

// Base implements Space.
func (TuneSpace) Base() string { return DefaultPipeline }

// TuneCandidates implements Space.
func (sp TuneSpace) TuneCandidates() []TuneCandidate {
	var out []TuneCandidate
	for _, c := range sp.Candidates() {
		out = append(out, c)
	}
	return out
}

// TuneSpaceFor returns the default search space of the pipeline that
// pipeline (a name, options aside) names: gpu-matmul-hopper's, or the
// paper pipeline's.
func TuneSpaceFor(pipeline string) Space {
	name, _, _ := strings.Cut(strings.TrimSpace(pipeline), "{")
	if name == gpumatmulhopper.Name {
		return DefaultHopperTuneSpace()
	}
	return DefaultTuneSpace()
}

// HopperCandidate is one point of gpu-matmul-hopper's search: the block
// tile, the ring's depth, the consumer warpgroups and the rasterisation
// group (the rungs are on: warp specialisation, TMA epilogue), and the
// persistent grid (rung 4) with or without the overlapped epilogue
// (rung 5) or with the register epilogue, or the ping-pong schedule
// (rung 7).
type HopperCandidate struct {
	TBTile      [3]int64
	Stages      int64
	Consumers   int64
	GridSwizzle int64
	Persistent  bool
	Overlap     bool
	PingPong    bool
	Registers   bool     // epilogue=registers (persistent, cooperative)
	Cluster     [2]int64 // {0, 0} or {1, 1}: none
}

// options are the candidate's options as the pipeline reads its text
// (Pipeline): every one given, so none falls back to another default.
func (c HopperCandidate) options() (gpumatmulhopper.Options, error) {
	o := gpumatmulhopper.DefaultOptions()
	text := strings.TrimSuffix(strings.TrimPrefix(c.Pipeline(), gpumatmulhopper.Name+"{"), "}")
	return o, pass.ParseOptions(&o, text)
}

func (c HopperCandidate) cluster() []int64 {
	if c.Cluster[0] < 1 || c.Cluster[1] < 1 {
		return []int64{1, 1}
	}
	return c.Cluster[:]
}

// Pipeline is the candidate's gpu-matmul-hopper pipeline text, every
// switch spelled out (the epilogue too: tma; auto, the register epilogue,
// for the register-epilogue schedule; registers for ping-pong; the tile
// kept at every size), so that it does not depend on the pipeline's
// defaults.
func (c HopperCandidate) Pipeline() string {
	cl := c.cluster()
	epilogue := gpumatmulhopper.EpilogueTMA
	switch {
	case c.PingPong:
		epilogue = gpumatmulhopper.EpilogueRegisters
	case c.Registers:
		// auto: the register epilogue, as the pipeline's default.
		epilogue = gpumatmulhopper.EpilogueAuto
	}
	return fmt.Sprintf("%s{tb-tile=%d,%d,%d stages=%d consumers=%d grid-swizzle=%d cluster=%d,%d persistent=%t overlap-epilogue=%t pingpong=%t epilogue=%s tile-by-size=false}", gpumatmulhopper.Name,
		c.TBTile[0], c.TBTile[1], c.TBTile[2], c.Stages, c.Consumers, c.GridSwizzle, cl[0], cl[1], c.Persistent, c.Overlap, c.PingPong, epilogue)
}

// Label is a short name for tables.
func (c HopperCandidate) Label() string {
	l := fmt.Sprintf("tb%dx%dx%d s%d c%d g%d", c.TBTile[0], c.TBTile[1], c.TBTile[2], c.Stages, c.Consumers, c.GridSwizzle)
	if cl := c.cluster(); cl[0]*cl[1] > 1 {
		l += fmt.Sprintf(" cl%dx%d", cl[0], cl[1])
	}
	switch {
	case c.PingPong:
		l += " pp"
	case c.Overlap:
		l += " pov"
	case c.Registers:
		l += " preg"
	case c.Persistent:
		l += " p"
	}
	return l
}

// Check says why c cannot run at m×n×k on a device with p: the
// pipeline's own refusals (tiles, accumulator registers, sm_90's shared
// memory), then the device's block and opt-in shared-memory limits.
func (c HopperCandidate) Check(m, n, k int, p Props) error {
	o, err := c.options()
	if err != nil {
		return err
	}
	if err := o.Check(int64(m), int64(n), int64(k)); err != nil {
		return err
	}
	if t := o.Threads(); t > int64(p.MaxThreadsPerBlock) {
		return fmt.Errorf("%d threads per block, over %d", t, p.MaxThreadsPerBlock)
	}
	if s := o.SharedBytes(); p.SharedPerBlockOptin > 0 && s > p.SharedPerBlockOptin {
		return fmt.Errorf("%d bytes of dynamic shared memory, over %d", s, p.SharedPerBlockOptin)
	}
	return nil
}

// HopperTuneSpace is gpu-matmul-hopper's grid; TuneCandidates is its
// product.
type HopperTuneSpace struct {
	TBTiles      [][3]int64
	Stages       []int64
	Consumers    []int64
	GridSwizzles []int64
	// Schedules: 0 one block per tile, 1 persistent, 2 persistent with
	// the overlapped epilogue, 3 ping-pong (persistent, whole tiles per
	// consumer: 128x128 fits its registers, 128x256 does not), 4
	// persistent with the register epilogue (no staging tile, so the
	// ring may take 4 stages of 128x256 or 5 of 128x192).
	Schedules []int
	// Clusters are tried with the one-block-per-tile, ping-pong and
	// register-epilogue schedules only (a persistent cluster needs an
	// epilogue from registers).
	Clusters [][2]int64
}

// DefaultHopperTuneSpace spans wgmma's useful tiles (M 128 or 256 in
// bands of 64 or 128 rows per consumer, N 128 to 256; 64x256, one
// consumer's or, ping-pong, each consumer's whole tile), 2 to 7 stages
// (2 for the overlapped epilogue's large tiles, 7 for 128x128 tiles whose
// ring has all of shared memory), rasterisation groups of 1 (off) and 8
// tile rows, and the five schedules (one block per tile, persistent,
// persistent with the overlapped epilogue, ping-pong, persistent with
// the register epilogue); what does not fit
// is skipped without compiling.
func DefaultHopperTuneSpace() HopperTuneSpace {
	return HopperTuneSpace{
		TBTiles:      [][3]int64{{128, 128, 64}, {128, 256, 64}, {256, 128, 64}, {128, 192, 64}, {64, 256, 64}},
		Stages:       []int64{2, 3, 4, 5, 6, 7},
		Consumers:    []int64{1, 2},
		GridSwizzles: []int64{1, 8},
		Schedules:    []int{0, 1, 2, 3, 4},
		Clusters:     [][2]int64{{1, 1}, {2, 1}, {1, 2}},
	}
}

// Base implements Space.
func (HopperTuneSpace) Base() string { return gpumatmulhopper.Name }

// TuneCandidates implements Space.
func (sp HopperTuneSpace) TuneCandidates() []TuneCandidate {
	var out []TuneCandidate
	for _, tb := range sp.TBTiles {
		for _, st := range sp.Stages {
			for _, c := range sp.Consumers {
				for _, g := range sp.GridSwizzles {
					for _, sch := range schedulesOr0(sp.Schedules) {
						clusters := [][2]int64{{1, 1}}
						if (sch == 0 || sch >= 3) && len(sp.Clusters) > 0 {
							clusters = sp.Clusters
						}
						for _, cl := range clusters {
							out = append(out, HopperCandidate{TBTile: tb, Stages: st, Consumers: c, GridSwizzle: g, Persistent: sch >= 1, Overlap: sch == 2, PingPong: sch == 3, Registers: sch == 4, Cluster: cl})
						}
					}
				}
			}
		}
	}
	return out
}

// schedulesOr0 is s, or the one-block-per-tile schedule when s is empty.
func schedulesOr0(s []int) []int {
	if len(s) == 0 {
		return []int{0}
	}
	return s
}

// Tune measures every candidate of space at each of o.Sizes: those over a
// limit are recorded as skipped with the reason (not compiled), those the
// pipeline or the device refuses with the error; Best holds the fastest
// correct one per size.
func Tune(ctx context.Context, o Options, space Space) (rep *Report, err error) {
	if len(o.Sizes) == 0 {
		return nil, fmt.Errorf("no sizes to tune")
	}
	cands := space.TuneCandidates()
	if len(cands) == 0 {
		return nil, fmt.Errorf("the search space is empty")
	}
	s, err := openSession(ctx, &o)
	if err != nil {
		return nil, err
	}
	defer func() { err = firstErr(err, s.close()) }()
	rep = newReport(KindTune, s)
	rep.Pipeline = space.Base()
	p := s.o.Progress
	p.begin("tune", len(cands)*len(o.Sizes))
	defer p.end()
	for _, size := range o.Sizes {
		var best *Result
		for _, c := range cands {
			var r Result
			if cerr := c.Check(size, size, size, s.props); cerr != nil {
				r = Result{Label: c.Label(), M: size, N: size, K: size, Pipeline: c.Pipeline(), Error: "over a limit: " + cerr.Error()}
			} else {
				p.working(fmt.Sprintf("%d %s", size, c.Label()))
				r, err = s.measure(c.Label(), c.Pipeline(), size, size, size)
				if err != nil {
					return rep, fmt.Errorf("%d %s: %v", size, c.Label(), err)
				}
			}
			rep.Results = append(rep.Results, r)
			p.finished(r)
			if r.Measured() && r.Correct && (best == nil || r.TFLOPs > best.TFLOPs) {
				b := r
				best = &b
			}
		}
		if best != nil {
			rep.Best = append(rep.Best, *best)
		}
	}
	return rep, nil
}

// TunedFormat names the layout of a saved tuning.
const TunedFormat = "goopt-tuned/1"

// Tuned is a saved tuning (--save-tuned): the best pipeline per size.
type Tuned struct {
	Format  string       `json:"format"`
	Device  string       `json:"device"`
	Entries []TunedEntry `json:"entries"`
}

// TunedEntry is the best configuration found at one size.
type TunedEntry struct {
	M            int     `json:"m"`
	N            int     `json:"n"`
	K            int     `json:"k"`
	Pipeline     string  `json:"pipeline"`
	TFLOPs       float64 `json:"tflops"`
	CuBLASTFLOPs float64 `json:"cublas_tflops"`
}

// SaveTuned writes rep's best configurations to path, keeping the entries
// of other sizes an existing file there holds.
func SaveTuned(path string, rep *Report) error {
	t := &Tuned{Format: TunedFormat, Device: rep.Device}
	if old, err := ReadTuned(path); err == nil {
		t.Entries = old.Entries
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, b := range rep.Best {
		e := TunedEntry{M: b.M, N: b.N, K: b.K, Pipeline: b.Pipeline, TFLOPs: b.TFLOPs, CuBLASTFLOPs: b.CuBLASFLOPs}
		t.Entries = slices.DeleteFunc(t.Entries, func(x TunedEntry) bool { return x.M == e.M && x.N == e.N && x.K == e.K })
		t.Entries = append(t.Entries, e)
	}
	slices.SortFunc(t.Entries, func(a, b TunedEntry) int {
		return cmp.Or(cmp.Compare(a.M, b.M), cmp.Compare(a.N, b.N), cmp.Compare(a.K, b.K))
	})
	js, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	return driver.WriteFileAtomic(path, append(js, '\n'))
}

// ReadTuned reads a file SaveTuned wrote.
func ReadTuned(path string) (*Tuned, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t Tuned
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: not a tuning file: %v", path, err)
	}
	if t.Format != TunedFormat {
		return nil, fmt.Errorf("%s: not a tuning file (format '%s', want '%s')", path, t.Format, TunedFormat)
	}
	return &t, nil
}

// Lookup returns the entry for m×n×k.
func (t *Tuned) Lookup(m, n, k int) (TunedEntry, bool) {
	for _, e := range t.Entries {
		if e.M == m && e.N == n && e.K == k {
			return e, true
		}
	}
	return TunedEntry{}, false
}

// TunedPipeline returns the pipeline the tuning file at path saved for
// the matmul in src (goopt compile --tuned): the size comes from the first
// func.func taking an M×K, a K×N and an M×N memref.
func TunedPipeline(path, filename string, src []byte) (string, error) {
	t, err := ReadTuned(path)
	if err != nil {
		return "", err
	}
	m, n, k, err := MatmulSize(filename, src)
	if err != nil {
		return "", err
	}
	e, ok := t.Lookup(m, n, k)
	if !ok {
		var have []string
		for _, e := range t.Entries {
			have = append(have, fmt.Sprintf("%dx%dx%d", e.M, e.N, e.K))
		}
		return "", fmt.Errorf("%s has no configuration for a %dx%dx%d matmul (it has: %s)", path, m, n, k, strings.Join(have, ", "))
	}
	return e.Pipeline, nil
}

// MatmulSize finds the matmul in src: the first func.func whose arguments
// are memrefs A: M×K, B: K×N, C: M×N.
func MatmulSize(filename string, src []byte) (m, n, k int, err error) {
	f, err := parser.ParseFile(all.NewContext(), filename, src)
	if err != nil {
		return 0, 0, 0, err
	}
	found := false
	ir.Walk(f.Module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() != "func.func" {
			return ir.Advance
		}
		ft := fn.FunctionType(op)
		if ft == nil || len(ft.Inputs) != 3 {
			return ir.Skip
		}
		var d [3][]int64
		for i, t := range ft.Inputs {
			mt, ok := t.(*ir.MemRefType)
			if !ok || len(mt.Dims) != 2 {
				return ir.Skip
			}
			d[i] = mt.Dims
		}
		if d[0][1] == d[1][0] && d[2][0] == d[0][0] && d[2][1] == d[1][1] && d[0][0] > 0 && d[1][1] > 0 && d[0][1] > 0 {
			m, n, k, found = int(d[0][0]), int(d[1][1]), int(d[0][1]), true
			return ir.Interrupt
		}
		return ir.Skip
	})
	if !found {
		return 0, 0, 0, fmt.Errorf("%s: no matmul to look up a tuning for: expected a func.func taking memrefs M×K, K×N and M×N", filename)
	}
	return m, n, k, nil
}
