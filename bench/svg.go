package bench

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// Plot geometry, in SVG user units.
const (
	plotW, plotH                       = 760, 460
	marginL, marginR, marginT, marginB = 70, 30, 50, 70
	goColor, cuColor                   = "#1f77b4", "#d62728"
)

// niceStep returns a round tick step (1, 2 or 5 times a power of ten)
// giving about n ticks over span.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

type svgWriter struct {
	b strings.Builder
}

func (s *svgWriter) f(format string, args ...any) { fmt.Fprintf(&s.b, format, args...) }

func (s *svgWriter) begin(title string) {
	s.f(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	s.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	s.f(`<rect x="0" y="0" width="%d" height="%d" fill="white"/>`+"\n", plotW, plotH)
	s.f(`<text x="%d" y="24" text-anchor="middle" font-size="15">%s</text>`+"\n", plotW/2, html.EscapeString(title))
}

// yAxis draws the y axis from 0 to top with grid lines and its label and
// returns the mapping from a value to its y coordinate.
func (s *svgWriter) yAxis(top float64, label string) func(float64) float64 {
	step := niceStep(top, 6)
	top = math.Ceil(top/step) * step
	y := func(v float64) float64 { return float64(plotH-marginB) - v/top*float64(plotH-marginT-marginB) }
	for v := 0.0; v <= top+step/2; v += step {
		s.f(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", marginL, y(v), plotW-marginR, y(v))
		s.f(`<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", marginL-6, y(v)+4, trimFloat(v))
	}
	s.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", marginL, marginT, marginL, plotH-marginB)
	s.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", marginL, plotH-marginB, plotW-marginR, plotH-marginB)
	s.f(`<text x="18" y="%d" text-anchor="middle" transform="rotate(-90 18 %d)">%s</text>`+"\n", (plotH)/2, (plotH)/2, html.EscapeString(label))
	return y
}

func (s *svgWriter) legend(entries [][2]string) {
	x, y := marginL+14, marginT+8
	s.f(`<rect x="%d" y="%d" width="150" height="%d" fill="white" stroke="#999"/>`+"\n", x-6, y-4, 20*len(entries)+6)
	for i, e := range entries {
		yy := y + 10 + 20*i
		s.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="3"/>`+"\n", x, yy, x+24, yy, e[1])
		s.f(`<text x="%d" y="%d">%s</text>`+"\n", x+32, yy+4, html.EscapeString(e[0]))
	}
}

func (s *svgWriter) end(w io.Writer) error {
	s.f("</svg>\n")
	_, err := io.WriteString(w, s.b.String())
	return err
}

func trimFloat(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

// WriteSweepSVG plots goopt's and cuBLAS's TFLOP/s against the size, as
// the paper's figures do (correct measured results only; wrong ones are
// marked with a cross).
func WriteSweepSVG(w io.Writer, rep *Report) error {
	rs, err := rep.measured()
	if err != nil {
		return err
	}
	var s svgWriter
	s.begin(fmt.Sprintf("matmul f16→f32 on %s: goopt vs cuBLAS", rep.Device))
	lo, hi, top := float64(rs[0].M), float64(rs[0].M), 0.0
	for _, r := range rs {
		lo, hi = math.Min(lo, float64(r.M)), math.Max(hi, float64(r.M))
		top = math.Max(top, math.Max(r.TFLOPs, r.CuBLASFLOPs))
	}
	if lo == hi {
		lo, hi = lo/2, hi*1.5
	}
	y := s.yAxis(math.Max(top*1.05, 1), "TFLOP/s")
	x := func(v float64) float64 {
		return float64(marginL) + 20 + (v-lo)/(hi-lo)*float64(plotW-marginL-marginR-40)
	}
	xstep := niceStep(hi-lo, 8)
	for v := math.Ceil(lo/xstep) * xstep; v <= hi; v += xstep {
		s.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="black"/>`+"\n", x(v), plotH-marginB, x(v), plotH-marginB+5)
		s.f(`<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x(v), plotH-marginB+18, trimFloat(v))
	}
	s.f(`<text x="%d" y="%d" text-anchor="middle">M = N = K</text>`+"\n", (marginL+plotW-marginR)/2, plotH-marginB+42)
	for _, series := range []struct {
		color string
		v     func(Result) float64
	}{{goColor, func(r Result) float64 { return r.TFLOPs }}, {cuColor, func(r Result) float64 { return r.CuBLASFLOPs }}} {
		var pts []string
		for _, r := range rs {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(float64(r.M)), y(series.v(r))))
		}
		s.f(`<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", series.color, strings.Join(pts, " "))
		for _, r := range rs {
			cx, cy := x(float64(r.M)), y(series.v(r))
			if !r.Correct && series.color == goColor {
				s.f(`<path d="M%.1f %.1fl8 8m0 -8l-8 8" stroke="black" stroke-width="2"/>`+"\n", cx-4, cy-4)
				continue
			}
			s.f(`<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/>`+"\n", cx, cy, series.color)
		}
	}
	s.legend([][2]string{{"goopt", goColor}, {"cuBLAS", cuColor}})
	return s.end(w)
}

// WriteBarSVG plots each result's TFLOP/s as a bar (an ablation's steps
// in order), with cuBLAS at the same size as a dashed line.
func WriteBarSVG(w io.Writer, rep *Report) error {
	if len(rep.Results) == 0 {
		return fmt.Errorf("nothing to plot: no configuration")
	}
	var s svgWriter
	r0 := rep.Results[0]
	s.begin(fmt.Sprintf("goopt's optimisations one at a time, %dx%dx%d on %s", r0.M, r0.N, r0.K, rep.Device))
	top, cublas := 0.0, 0.0
	for _, r := range rep.Results {
		top = math.Max(top, math.Max(r.TFLOPs, r.CuBLASFLOPs))
		cublas = math.Max(cublas, r.CuBLASFLOPs)
	}
	y := s.yAxis(math.Max(top*1.08, 1), "TFLOP/s")
	n := len(rep.Results)
	slot := float64(plotW-marginL-marginR) / float64(n)
	for i, r := range rep.Results {
		x0 := float64(marginL) + slot*float64(i)
		cx := x0 + slot/2
		s.f(`<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", cx, plotH-marginB+18, html.EscapeString(r.Label))
		if !r.Measured() {
			s.f(`<text x="%.1f" y="%.1f" text-anchor="middle">not measured</text>`+"\n", cx, y(0)-6)
			continue
		}
		color := goColor
		if !r.Correct {
			color = "#999"
		}
		s.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", x0+slot*0.2, y(r.TFLOPs), slot*0.6, y(0)-y(r.TFLOPs), color)
		val := fmt.Sprintf("%.1f", r.TFLOPs)
		if !r.Correct {
			val += " (wrong)"
		}
		s.f(`<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", cx, y(r.TFLOPs)-5, val)
	}
	if cublas > 0 {
		s.f(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="6 4"/>`+"\n", marginL, y(cublas), plotW-marginR, y(cublas), cuColor)
	}
	s.legend([][2]string{{"goopt", goColor}, {"cuBLAS", cuColor}})
	return s.end(w)
}
