package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// WriteTable writes rep as an aligned table for the terminal.
func WriteTable(w io.Writer, rep *Report) error {
	if rep.Kernel != "" && rep.Kernel != KernelMatmul {
		return writeKernelTable(w, rep)
	}
	fmt.Fprintf(w, "goopt bench matmul (%s) on %s: C[f32] += A[f16]·B[f16], M = N = K\n", rep.Kind, rep.Device)
	flush := "L2 flushed between launches"
	if !rep.L2Flush {
		flush = "L2 not flushed"
	}
	fmt.Fprintf(w, "median of %d launches after %d warm-up, %s; checked vs cuBLAS (rel. Frobenius ≤ %g, element ≤ %g) and %d fp64 samples\n",
		rep.Reps, rep.Warmup, flush, rep.Tol, rep.ElemTol, rep.Samples)
	if rep.Kind == KindSweep {
		fmt.Fprintf(w, "pipeline: %s\n", rep.Pipeline)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "config\tsize\tcheck\terr(cuBLAS)\terr(fp64)\tms\tTFLOP/s\tcuBLAS ms\tcuBLAS TFLOP/s\tgoopt/cuBLAS\t")
	for _, r := range rep.Results {
		size := fmt.Sprintf("%dx%dx%d", r.M, r.N, r.K)
		if !r.Measured() {
			fmt.Fprintf(tw, "%s\t%s\tskipped\t\t\t\t\t\t\t\t\n", r.Label, size)
			continue
		}
		check := "ok"
		if !r.Correct {
			check = "WRONG"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2e\t%.2e\t%.3f\t%.1f\t%.3f\t%.1f\t%.2f\t\n", r.Label, size, check,
			r.RelErrCuBLAS, r.RelErrFP64, r.Ms, r.TFLOPs, r.CuBLASMs, r.CuBLASFLOPs, r.Ratio)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range rep.Results {
		if !r.Measured() {
			fmt.Fprintf(w, "skipped %s: %s\n", r.Label, firstLine(r.Error))
		}
	}
	if rep.Kind == KindTune {
		fmt.Fprintln(w, "\nbest per size:")
		for _, b := range rep.Best {
			fmt.Fprintf(w, "  %dx%dx%d: %.1f TFLOP/s (%.2fx cuBLAS) %s\n", b.M, b.N, b.K, b.TFLOPs, b.Ratio, b.Pipeline)
		}
	}
	return nil
}

// csvHeader are the CSV columns, one Result per row.
var csvHeader = []string{"label", "m", "n", "k", "pipeline", "correct", "rel_err_cublas", "max_elem_err", "rel_err_fp64", "cublas_err_fp64", "non_finite",
	"ms", "min_ms", "max_ms", "tflops", "cublas_ms", "cublas_tflops", "ratio_to_cublas", "static_shared_bytes", "error"}

// WriteCSV writes rep's results as CSV with a header row.
func WriteCSV(w io.Writer, rep *Report) error {
	if rep.Kernel != "" && rep.Kernel != KernelMatmul {
		return writeKernelCSV(w, rep)
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, r := range rep.Results {
		row := []string{r.Label, strconv.Itoa(r.M), strconv.Itoa(r.N), strconv.Itoa(r.K), r.Pipeline, strconv.FormatBool(r.Correct),
			g(r.RelErrCuBLAS), g(r.MaxElemErr), g(r.RelErrFP64), g(r.CuBLASErrFP64), strconv.FormatInt(r.NonFinite, 10),
			g(r.Ms), g(r.MinMs), g(r.MaxMs), g(r.TFLOPs), g(r.CuBLASMs), g(r.CuBLASFLOPs), g(r.Ratio),
			strconv.FormatInt(r.StaticShared, 10), r.Error}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes rep as indented JSON (non-finite numbers replaced as
// sanitized says, since JSON has none).
func WriteJSON(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sanitized(rep))
}

// ReadJSON reads a report written by WriteJSON.
func ReadJSON(r io.Reader) (*Report, error) {
	var rep Report
	if err := json.NewDecoder(r).Decode(&rep); err != nil {
		return nil, err
	}
	return &rep, nil
}

// sanitized returns a copy of rep whose non-finite numbers (which
// encoding/json refuses) are replaced: +Inf errors by the largest float64,
// NaN by -1, so the file stays valid JSON and a wrong result stays
// visibly wrong.
func sanitized(rep *Report) *Report {
	c := *rep
	fix := func(rs []Result) []Result {
		out := make([]Result, len(rs))
		for i, r := range rs {
			for _, f := range []*float64{&r.RelErrCuBLAS, &r.MaxElemErr, &r.RelErrFP64, &r.CuBLASErrFP64,
				&r.Ms, &r.MinMs, &r.MaxMs, &r.CuBLASMs, &r.TFLOPs, &r.CuBLASFLOPs, &r.Ratio,
				&r.MaxErr, &r.GBs, &r.CopyMs, &r.CopyGBs, &r.CopyRatio, &r.PeerMs, &r.PeerGBs, &r.PeerRatio} {
				*f = finite(*f)
			}
			out[i] = r
		}
		return out
	}
	c.Results, c.Best = fix(rep.Results), fix(rep.Best)
	return &c
}

func finite(x float64) float64 {
	switch {
	case x != x:
		return -1
	case x > 1.7e308:
		return 1.7976931348623157e308
	case x < -1.7e308:
		return -1.7976931348623157e308
	}
	return x
}
