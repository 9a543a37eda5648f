package bench

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"math"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
)

func fakeOptions(f *FakeGPU, sizes ...int) Options {
	return Options{
		Open:    func(DeviceConfig) (GPU, error) { return f, nil },
		Sizes:   sizes,
		Reps:    MinReps,
		Warmup:  1,
		Samples: 64,
		// Small tiles let 64 be a size.
		Pipeline: "gpu-matmul-wmma{tb-tile=64,64,32 warp-tile=32,32,32}",
	}
}

// checkFakeRun fails t unless a run on f succeeded, closed f and measured
// want configurations, all correct.
func checkFakeRun(t *testing.T, f *FakeGPU, rep *Report, err error, want int) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if !f.Closed() {
		t.Error("the GPU was not closed")
	}
	if len(rep.Results) != want || !rep.AllCorrect() {
		t.Fatalf("want %d correct results, got %+v", want, rep.Results)
	}
}

func TestSweepFake(t *testing.T) {
	testutil.NeedLLC(t)
	f := &FakeGPU{}
	rep, err := Sweep(context.Background(), fakeOptions(f, 64, 128))
	checkFakeRun(t, f, rep, err, 2)
	for _, r := range rep.Results {
		if r.RelErrCuBLAS != 0 || r.RelErrFP64 > 1e-6 || r.CuBLASErrFP64 > 1e-6 {
			t.Errorf("%s: errors %g %g %g, want the fake's exact agreement", r.Label, r.RelErrCuBLAS, r.RelErrFP64, r.CuBLASErrFP64)
		}
		// The fake runs kernels at 100 TFLOP/s and cuBLAS at 200.
		if math.Abs(r.TFLOPs-100) > 1e-6 || math.Abs(r.CuBLASFLOPs-200) > 1e-6 || math.Abs(r.Ratio-0.5) > 1e-9 {
			t.Errorf("%s: %g and %g TFLOP/s, ratio %g", r.Label, r.TFLOPs, r.CuBLASFLOPs, r.Ratio)
		}
		if r.Grid != [3]int64{int64(r.N / 64), int64(r.M / 64), 1} || r.Block != [3]int64{128, 1, 1} {
			t.Errorf("%s: grid %v block %v", r.Label, r.Grid, r.Block)
		}
	}
	// One correctness launch, warm-up and reps per size; cuBLAS once more
	// for the reference.
	if want := 2 * (1 + 1 + MinReps); f.Launches != want || f.Gemms != want {
		t.Errorf("%d launches and %d GEMMs, want %d each", f.Launches, f.Gemms, want)
	}
}

// TestCheckCatchesWrongKernels plants each fault in the fake's kernel.
func TestCheckCatchesWrongKernels(t *testing.T) {
	testutil.NeedLLC(t)
	for _, fault := range []struct {
		name string
		f    Fault
		bad  func(Result) bool
	}{
		{"skip-tile", FaultSkipTile, func(r Result) bool { return r.MaxElemErr > DefaultElemTol }},
		{"perturb", FaultPerturb, func(r Result) bool { return r.RelErrCuBLAS > DefaultTol && r.RelErrFP64 > DefaultTol }},
		{"nan", FaultNaN, func(r Result) bool { return r.NonFinite == 1 }},
		{"swap-ab", FaultSwapAB, func(r Result) bool { return r.RelErrCuBLAS > 0.5 }},
	} {
		t.Run(fault.name, func(t *testing.T) {
			f := &FakeGPU{Fault: fault.f}
			rep, err := Sweep(context.Background(), fakeOptions(f, 64))
			if err != nil {
				t.Fatal(err)
			}
			r := rep.Results[0]
			if r.Correct || rep.AllCorrect() || !fault.bad(r) {
				t.Errorf("fault not caught as expected: %+v", r)
			}
		})
	}
}

// TestCuBLASLayoutChecked: a reference that disagrees with fp64 stops the
// run instead of serving as the reference.
func TestCuBLASLayoutChecked(t *testing.T) {
	testutil.NeedLLC(t)
	f := &badGemm{FakeGPU: &FakeGPU{}}
	o := fakeOptions(nil, 64)
	o.Open = func(DeviceConfig) (GPU, error) { return f, nil }
	_, err := Sweep(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "disagrees with the fp64 reference") {
		t.Fatalf("got %v", err)
	}
}

// badGemm passes cuBLAS its operands in the wrong order, as an adapter
// that forgot cuBLAS is column-major would.
type badGemm struct{ *FakeGPU }

func (g *badGemm) GemmF16F32(m, n, k int, a, b, c DevicePtr) error {
	return g.FakeGPU.GemmF16F32(m, n, k, b, a, c)
}

func TestOutputsParse(t *testing.T) {
	testutil.NeedLLC(t)
	rep, err := Sweep(context.Background(), fakeOptions(&FakeGPU{}, 64, 128, 192))
	if err != nil {
		t.Fatal(err)
	}
	rep.Results = append(rep.Results, Result{Label: "bad", M: 256, N: 256, K: 256, Error: "x, \"quoted\"\nline"})

	var csvBuf bytes.Buffer
	if err := WriteCSV(&csvBuf, rep); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&csvBuf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || len(rows[0]) != len(csvHeader) {
		t.Fatalf("csv: %d rows of %d columns", len(rows), len(rows[0]))
	}
	if rows[2][0] != "128" || rows[2][1] != "128" || rows[2][5] != "true" || rows[4][19] != "x, \"quoted\"\nline" {
		t.Errorf("csv rows: %q", rows)
	}
	if v, err := strconv.ParseFloat(rows[1][14], 64); err != nil || math.Abs(v-100) > 1e-6 {
		t.Errorf("csv tflops %q", rows[1][14])
	}

	var js bytes.Buffer
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&js)
	if err != nil {
		t.Fatal(err)
	}
	if back.Kind != KindSweep || back.Device != rep.Device || len(back.Results) != 4 || back.Results[1] != rep.Results[1] {
		t.Errorf("json round trip: %+v", back)
	}

	var svg bytes.Buffer
	if err := WriteSweepSVG(&svg, rep); err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, svg.Bytes())
	if n := len(doc.Polylines); n != 2 {
		t.Fatalf("%d polylines, want goopt and cuBLAS", n)
	}
	for _, p := range doc.Polylines {
		if got := len(strings.Fields(p.Points)); got != 3 {
			t.Errorf("polyline with %d points, want 3 (the measured sizes)", got)
		}
	}
	texts := strings.Join(doc.texts(), "|")
	for _, want := range []string{"goopt", "cuBLAS", "TFLOP/s", "M = N = K", "100"} {
		if !strings.Contains(texts, want) {
			t.Errorf("svg lacks text %q: %s", want, texts)
		}
	}

	var table bytes.Buffer
	if err := WriteTable(&table, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"192x192x192", "skipped bad: x, \"quoted\"", "0.50"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
}

type svgDoc struct {
	XMLName   xml.Name `xml:"svg"`
	Polylines []struct {
		Points string `xml:"points,attr"`
	} `xml:"polyline"`
	Rects []struct {
		Height string `xml:"height,attr"`
	} `xml:"rect"`
	Texts []struct {
		Body string `xml:",chardata"`
	} `xml:"text"`
}

func (d *svgDoc) texts() []string {
	var out []string
	for _, t := range d.Texts {
		out = append(out, t.Body)
	}
	return out
}

func parseSVG(t *testing.T, b []byte) *svgDoc {
	t.Helper()
	var doc svgDoc
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("svg does not parse: %v\n%s", err, b)
	}
	return &doc
}

func TestParseSizes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
		err  string
	}{
		{"1024:4096:1024", []int{1024, 2048, 3072, 4096}, ""},
		{DefaultSizes, nil, ""},
		{"128, 256", []int{128, 256}, ""},
		{"128", []int{128}, ""},
		{"1:2", nil, "expected LO:HI:STEP"},
		{"4:2:1", nil, "is above"},
		{"a,2", nil, "'a' is not a positive integer"},
		{"0", nil, "not a positive"},
	} {
		got, err := ParseSizes(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if c.in == DefaultSizes {
			if len(got) != 16 || got[0] != 1024 || got[15] != 16384 {
				t.Errorf("default sizes %v", got)
			}
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, want %v", c.in, got, c.want)
		}
	}
}

func TestF16(t *testing.T) {
	for _, c := range []struct {
		x    float64
		bits uint16
	}{
		{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {1e6, 0x7c00}, {math.Ldexp(1, -24), 0x0001},
		{math.Ldexp(1, -14), 0x0400}, {1 + math.Ldexp(1, -11), 0x3c00}, // tie to even
		{1 + 3*math.Ldexp(1, -11), 0x3c02}, {0.1, 0x2e66},
	} {
		if got := f16FromFloat64(c.x); got != c.bits {
			t.Errorf("f16(%g) = %#04x, want %#04x", c.x, got, c.bits)
		}
	}
	for h := 0; h < 0x7c00; h++ {
		if got := f16FromFloat64(f16ToFloat64(uint16(h))); got != uint16(h) {
			t.Fatalf("round trip of %#04x gives %#04x", h, got)
		}
	}
	for _, c := range []struct {
		name    string
		random  func(n int, seed, stream uint64) []uint16
		toFloat func(uint16) float64
		expMask uint16
	}{
		{"f16", randomF16, f16ToFloat64, 0x7c00},
		{"bf16", randomBF16, bf16ToFloat64, 0x7f80},
	} {
		v := c.random(10000, 3, 1)
		for _, h := range v {
			if x := math.Abs(c.toFloat(h)); h&c.expMask == 0 || x == 1 || x == 0 {
				t.Fatalf("random %s input %#04x is zero, subnormal or ±1", c.name, h)
			}
		}
		if w := c.random(10000, 3, 1); !slices.Equal(v, w) {
			t.Errorf("%s inputs are not reproducible from the seed", c.name)
		}
	}
}

// TestPrebuilt compiles a sweep and a tuning search into a directory and
// runs the sweep from it: the kernels are found by configuration, and a
// configuration missing from the directory is an error naming it.
func TestPrebuilt(t *testing.T) {
	if _, err := exec.LookPath("llc-19"); err != nil {
		t.Skip("llc-19 is not installed")
	}
	dir := t.TempDir()
	o := Options{Sizes: []int{64}, Pipeline: "gpu-matmul-wmma{tb-tile=64,64,32 warp-tile=32,32,16}", Prebuild: dir}
	if n, err := Prebuild(context.Background(), o, false, 0); err != nil || n != 1 {
		t.Fatalf("Prebuild: %d, %v", n, err)
	}
	run := o
	run.Prebuild, run.Prebuilt = "", dir
	run.Open = func(DeviceConfig) (GPU, error) { return &FakeGPU{}, nil }
	rep, err := Sweep(context.Background(), run)
	if err != nil || len(rep.Results) != 1 || !rep.Results[0].Correct {
		t.Fatalf("sweep from prebuilt kernels: %+v, %v", rep, err)
	}
	run.Sizes = []int{128}
	rep, err = Sweep(context.Background(), run)
	if err != nil || len(rep.Results) != 1 || !strings.Contains(rep.Results[0].Error, "no prebuilt kernel") {
		t.Fatalf("a missing prebuilt kernel: %+v, %v", rep, err)
	}
	space := TuneSpace{}
	if n, err := PrebuildTune(context.Background(), Options{Sizes: []int{64}, Prebuild: dir}, space); err != nil || n != 0 {
		t.Errorf("PrebuildTune of an empty space: %d, %v", n, err)
	}
}
