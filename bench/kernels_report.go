package bench

import (
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
)

// kernelTitles say what each memory-bound benchmark computes.
var kernelTitles = map[string]string{
	KernelVecAdd:    "C[f32] = A + B",
	KernelTranspose: "B[f32] = Aᵀ",
	KernelSoftmax:   "row softmax, f32",
}

// kernelSummary is a progress line about a memory-bound result.
func kernelSummary(r Result) string {
	check := "correct"
	if !r.Correct {
		check = fmt.Sprintf("WRONG (%d elements differ; %s)", r.Mismatches, r.FirstMismatch)
	}
	line := fmt.Sprintf("%s: %s, %.0f GB/s (copy %.0f, %.2fx)", r.Label, check, r.GBs, r.CopyGBs, r.CopyRatio)
	if r.PeerGBs > 0 {
		line += fmt.Sprintf(", %s %.0f GB/s", r.Peer, r.PeerGBs)
	}
	return line
}

// writeKernelTable writes a KernelBench report as an aligned table.
func writeKernelTable(w io.Writer, rep *Report) error {
	fmt.Fprintf(w, "goopt bench %s on %s: %s\n", rep.Kernel, rep.Device, kernelTitles[rep.Kernel])
	flush := "L2 flushed between launches"
	if !rep.L2Flush {
		flush = "L2 not flushed"
	}
	check := "checked bit for bit against the host"
	if rep.Kernel == KernelSoftmax {
		check = fmt.Sprintf("checked against fp64 (each element ≤ %g relative)", rep.Tol)
	}
	fmt.Fprintf(w, "median of %d launches after %d warm-up, %s; %s; GB/s = bytes read + written / time; copy = cuMemcpyDtoD of the same bytes in this run\n",
		rep.Reps, rep.Warmup, flush, check)
	pipeline := rep.Pipeline
	if pipeline == "" {
		pipeline = "goopt compile's choice"
	}
	fmt.Fprintf(w, "pipeline: %s\n", pipeline)
	if rep.PeerCmd != "" {
		fmt.Fprintf(w, "peer: %s (run by goopt bench after each configuration, on the same device)\n", rep.PeerCmd)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "config\tshape\tcheck\tmax err\tms\tGB/s\tcopy ms\tcopy GB/s\tgoopt/copy\t"
	if rep.PeerCmd != "" {
		head += "peer ms\tpeer GB/s\tgoopt/peer\t"
	}
	fmt.Fprintln(tw, head)
	for _, r := range rep.Results {
		if !r.Measured() {
			fmt.Fprintf(tw, "%s\t%s\tskipped\t\t\t\t\t\t\t\n", r.Label, r.Shape)
			continue
		}
		check := "ok"
		if !r.Correct {
			check = "WRONG"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2e\t%.3f\t%.0f\t%.3f\t%.0f\t%.2f\t", r.Label, r.Shape, check,
			r.MaxErr, r.Ms, r.GBs, r.CopyMs, r.CopyGBs, r.CopyRatio)
		if rep.PeerCmd != "" {
			if r.PeerGBs > 0 {
				fmt.Fprintf(tw, "%.3f\t%.0f\t%.2f\t", r.PeerMs, r.PeerGBs, r.PeerRatio)
			} else {
				fmt.Fprint(tw, "-\t-\t-\t")
			}
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range rep.Results {
		switch {
		case !r.Measured():
			fmt.Fprintf(w, "skipped %s: %s\n", r.Label, firstLine(r.Error))
		case !r.Correct:
			fmt.Fprintf(w, "wrong %s: %d elements differ; %s\n", r.Label, r.Mismatches, r.FirstMismatch)
		}
		if r.PeerError != "" {
			fmt.Fprintf(w, "no peer figure for %s: %s\n", r.Label, firstLine(r.PeerError))
		}
	}
	return nil
}

// kernelCSVHeader are the CSV columns of a KernelBench report.
var kernelCSVHeader = []string{"label", "kernel", "file", "shape", "pipeline", "correct", "mismatches", "max_err",
	"bytes", "ms", "min_ms", "max_ms", "gbps", "copy_ms", "copy_gbps", "ratio_to_copy",
	"peer", "peer_ms", "peer_gbps", "ratio_to_peer", "static_shared_bytes", "error", "peer_error"}

func writeKernelCSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(kernelCSVHeader); err != nil {
		return err
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, r := range rep.Results {
		row := []string{r.Label, r.Kernel, r.File, r.Shape, r.Pipeline, strconv.FormatBool(r.Correct),
			strconv.FormatInt(r.Mismatches, 10), g(r.MaxErr), strconv.FormatInt(r.Bytes, 10),
			g(r.Ms), g(r.MinMs), g(r.MaxMs), g(r.GBs), g(r.CopyMs), g(r.CopyGBs), g(r.CopyRatio),
			r.Peer, g(r.PeerMs), g(r.PeerGBs), g(r.PeerRatio), strconv.FormatInt(r.StaticShared, 10), r.Error, r.PeerError}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// peerColor is the peer's colour in the plots.
const peerColor = "#2ca02c"

// measured returns the results that were measured, the ones a plot
// shows, and an error when there are none.
func (rep *Report) measured() ([]Result, error) {
	var rs []Result
	for _, r := range rep.Results {
		if r.Measured() {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("nothing to plot: no configuration was measured")
	}
	return rs, nil
}

// WriteKernelSVG plots a KernelBench report: for each configuration,
// bars of goopt's GB/s, the copy's and the peer's (when measured); a
// wrong result's bar is grey and labelled so.
func WriteKernelSVG(w io.Writer, rep *Report) error {
	rs, err := rep.measured()
	if err != nil {
		return err
	}
	var s svgWriter
	s.begin(fmt.Sprintf("%s (%s) on %s: goopt vs device-to-device copy", rep.Kernel, kernelTitles[rep.Kernel], rep.Device))
	top := 0.0
	peer := false
	for _, r := range rs {
		top = math.Max(top, math.Max(r.GBs, math.Max(r.CopyGBs, r.PeerGBs)))
		peer = peer || r.PeerGBs > 0
	}
	y := s.yAxis(math.Max(top*1.08, 1), "GB/s (bytes read + written / time)")
	series := []struct {
		name, color string
		v           func(Result) float64
	}{
		{"goopt", goColor, func(r Result) float64 { return r.GBs }},
		{"cuMemcpyDtoD", cuColor, func(r Result) float64 { return r.CopyGBs }},
	}
	if peer {
		name := "peer"
		for _, r := range rs {
			if r.Peer != "" {
				name = r.Peer
				break
			}
		}
		series = append(series, struct {
			name, color string
			v           func(Result) float64
		}{name, peerColor, func(r Result) float64 { return r.PeerGBs }})
	}
	slot := float64(plotW-marginL-marginR) / float64(len(rs))
	bar := slot * 0.8 / float64(len(series))
	for i, r := range rs {
		x0 := float64(marginL) + slot*float64(i) + slot*0.1
		s.f(`<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x0+slot*0.4, plotH-marginB+18, html.EscapeString(r.Label))
		for j, se := range series {
			v := se.v(r)
			if v <= 0 {
				continue
			}
			color := se.color
			if j == 0 && !r.Correct {
				color = "#999"
			}
			x := x0 + bar*float64(j)
			s.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", x, y(v), bar*0.9, y(0)-y(v), color)
			val := fmt.Sprintf("%.0f", v)
			if j == 0 && !r.Correct {
				val += " (wrong)"
			}
			s.f(`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">%s</text>`+"\n", x+bar*0.45, y(v)-4, val)
		}
	}
	var legend [][2]string
	for _, se := range series {
		legend = append(legend, [2]string{se.name, se.color})
	}
	s.legend(legend)
	return s.end(w)
}
