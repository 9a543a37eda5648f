package bench

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/goopt/goopt/internal/testutil"
)

// Matmul element types: the inputs A and B (C is f32, accumulated in f32,
// except for TypeF16Acc).
const (
	TypeF16  = "f16"  // f16 inputs (the paper's)
	TypeBF16 = "bf16" // bf16 inputs
	// TypeTF32 is f32 inputs through tf32 tensor cores: the pipeline must
	// be told (allow-tf32), since it rounds the inputs.
	TypeTF32 = "tf32"
	// TypeF16Acc is f16 inputs and an f16 C, accumulated in f16 (WMMA's
	// f16 accumulator; cuBLAS: CUDA_R_16F C, CUBLAS_COMPUTE_16F).
	TypeF16Acc = "f16acc"
)

// TypedGPU is a GPU whose cuBLAS peer takes other input types than f16:
// GemmTyped enqueues C = A·B + C for row-major A and B of element type typ
// (TypeBF16: CUDA_R_16BF inputs, compute 32F; TypeTF32: CUDA_R_32F inputs,
// CUBLAS_COMPUTE_32F_FAST_TF32) and f32 C; for TypeF16Acc, f16 A, B and C
// with CUBLAS_COMPUTE_16F.
type TypedGPU interface {
	GemmTyped(typ string, m, n, k int, a, b, c DevicePtr) error
}

// ParseTypes reads --types: a comma-separated list of f16, bf16, tf32,
// f16acc.
func ParseTypes(s string) ([]string, error) {
	var out []string
	for _, t := range strings.Split(s, ",") {
		t = strings.TrimSpace(t)
		switch t {
		case TypeF16, TypeBF16, TypeTF32, TypeF16Acc:
			out = append(out, t)
		default:
			return nil, fmt.Errorf("invalid type '%s' in --types: expected f16, bf16, tf32 or f16acc", t)
		}
	}
	return out, nil
}

// ParseMatmulSizes reads the matmul's --sizes: LO:HI:STEP or a comma list
// of N (M = N = K) and MxNxK items (3000x5000x700).
func ParseMatmulSizes(s string) ([][3]int, error) {
	if strings.Contains(s, ":") || !strings.Contains(s, "x") {
		sizes, err := ParseSizes(s)
		if err != nil {
			return nil, err
		}
		out := make([][3]int, len(sizes))
		for i, n := range sizes {
			out[i] = [3]int{n, n, n}
		}
		return out, nil
	}
	var out [][3]int
	for _, item := range strings.Split(s, ",") {
		parts := strings.Split(strings.TrimSpace(item), "x")
		if len(parts) == 1 {
			parts = []string{parts[0], parts[0], parts[0]}
		}
		if len(parts) != 3 {
			return nil, fmt.Errorf("invalid sizes '%s': '%s' is not N or MxNxK", s, item)
		}
		v, err := positiveSizes(s, parts)
		if err != nil {
			return nil, err
		}
		out = append(out, [3]int(v))
	}
	return out, nil
}

// shapeLabel is a sweep's label for m×n×k: the size when square.
func shapeLabel(m, n, k int) string {
	if m == n && n == k {
		return strconv.Itoa(m)
	}
	return fmt.Sprintf("%dx%dx%d", m, n, k)
}

// MatmulSourceFor is the benchmark's input for element type typ: the
// paper's matmul with A and B of type bf16, of type f32 (no extensions)
// for tf32, or with an f16 C (no extensions, f16 arithmetic) for f16acc.
func MatmulSourceFor(typ string, m, n, k int) string {
	src := testutil.PaperMatmul(m, n, k)
	noExt := strings.NewReplacer("        %aw = arith.extf %a : f16 to f32\n", "", "        %bw = arith.extf %b : f16 to f32\n", "",
		"arith.mulf %aw, %bw", "arith.mulf %a, %b")
	switch typ {
	case TypeBF16:
		return strings.ReplaceAll(src, "f16", "bf16")
	case TypeTF32:
		return noExt.Replace(strings.ReplaceAll(src, "xf16", "xf32"))
	case TypeF16Acc:
		return strings.ReplaceAll(noExt.Replace(strings.ReplaceAll(src, "xf32", "xf16")), ": f32", ": f16")
	}
	return src
}

// cBytes is the size of an element of C.
func cBytes(typ string) int {
	if typ == TypeF16Acc {
		return 2
	}
	return 4
}

// randomC0 is C's initial value: standard normal f32, rounded to f16 for
// an f16 C so that the fp64 samples start from what the device holds.
func randomC0(typ string, n int, seed, stream uint64) []float32 {
	c := randomF32(n, seed, stream)
	if typ == TypeF16Acc {
		for i, v := range c {
			c[i] = float32(f16ToFloat64(f16FromFloat64(float64(v))))
		}
	}
	return c
}

// cToBytes and cFromBytes convert C between the host's f32 and the
// device's element type.
func cToBytes(typ string, c []float32) []byte {
	if typ != TypeF16Acc {
		return f32Bytes(c)
	}
	h := make([]uint16, len(c))
	for i, v := range c {
		h[i] = f16FromFloat64(float64(v))
	}
	return f16Bytes(h)
}

func cFromBytes(typ string, b []byte) []float32 {
	if typ != TypeF16Acc {
		return f32FromBytes(b)
	}
	c := make([]float32, len(b)/2)
	for i := range c {
		c[i] = cAt(typ, b, i)
	}
	return c
}

// cAt and cSet read and write element i of a little-endian C buffer.
func cAt(typ string, b []byte, i int) float32 {
	if typ == TypeF16Acc {
		return float32(f16ToFloat64(binary.LittleEndian.Uint16(b[2*i:])))
	}
	return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
}

func cSet(typ string, b []byte, i int, v float32) {
	if typ == TypeF16Acc {
		binary.LittleEndian.PutUint16(b[2*i:], f16FromFloat64(float64(v)))
		return
	}
	binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
}

// tolerances are the checks' bounds for a matmul of depth k: tol and
// elemTol, or for an f16 accumulation the larger ones its rounding needs.
// Each of the k additions rounds a partial sum of magnitude about √i to
// f16 (unit roundoff 2^-11), so the error grows as a random walk to
// about k·2^-10/√24 against a result of about √k: 3 of those standard
// deviations bound the relative (Frobenius) error, 6 the largest element
// error relative to √k (over millions of elements). The element check
// compares with cuBLAS, whose own f16 accumulation errs independently, so
// its bound is √2 times that (the difference of two such errors; measured
// on the H200, the per-element rounding of a guarded edge at K = 1000
// reached 6.7σ against cuBLAS). The WMMA kernel rounds once per 16-deep
// step, well inside; the edges round per element.
func tolerances(typ string, k int, tol, elemTol float64) (float64, float64) {
	if typ != TypeF16Acc {
		return tol, elemTol
	}
	sigma := math.Sqrt(float64(k)) * math.Exp2(-10) / math.Sqrt(24)
	return math.Max(tol, 3*sigma), math.Max(elemTol, 6*math.Sqrt2*sigma)
}

// inputBytes is the size of an element of A and B.
func inputBytes(typ string) int {
	if typ == TypeTF32 {
		return 4
	}
	return 2
}

// bf16FromFloat64 rounds x to bfloat16 (nearest, ties to even, through
// float32: the double rounding cannot change a normal value's result for
// the samples' purposes, as float32 keeps 16 more bits than bf16).
func bf16FromFloat64(x float64) uint16 {
	b := math.Float32bits(float32(x))
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}

func bf16ToFloat64(h uint16) float64 { return float64(math.Float32frombits(uint32(h) << 16)) }

// randomBF16 is randomF16 for bfloat16: standard normal values, none zero
// or subnormal, none ±1.
func randomBF16(n int, seed, stream uint64) []uint16 {
	return randomHalf(n, seed, stream, bf16FromFloat64, 0x7f80, 0x3f80)
}

// tf32Round is what tf32 tensor cores keep of an f32 input: 10 mantissa
// bits (round to nearest). Inputs are drawn already representable, so the
// kernel's and cuBLAS's conversions are exact and the fp64 samples check
// only the accumulation.
func tf32Round(x float32) float32 {
	b := math.Float32bits(x)
	b += 0xfff + (b>>13)&1
	return math.Float32frombits(b &^ 0x1fff)
}

// randomTF32 returns n standard-normal f32 values representable in tf32,
// none zero or ±1.
func randomTF32(n int, seed, stream uint64) []float32 {
	out := make([]float32, n)
	parallelChunks(n, seed, stream, func(lo, hi int, rng *rand.Rand) {
		for i := lo; i < hi; i++ {
			for out[i] == 0 || out[i] == 1 || out[i] == -1 {
				out[i] = tf32Round(float32(rng.NormFloat64()))
			}
		}
	})
	return out
}

// inputs are A or B on the host, in the session's element type.
type inputs struct {
	typ  string
	half []uint16  // f16 or bf16 bits
	f32  []float32 // tf32
}

func randomInputs(typ string, n int, seed, stream uint64) inputs {
	switch typ {
	case TypeBF16:
		return inputs{typ: typ, half: randomBF16(n, seed, stream)}
	case TypeTF32:
		return inputs{typ: typ, f32: randomTF32(n, seed, stream)}
	}
	// f16 and f16acc inputs are the same.
	return inputs{typ: TypeF16, half: randomF16(n, seed, stream)}
}

// at is element i as a float64.
func (x *inputs) at(i int) float64 {
	switch x.typ {
	case TypeBF16:
		return bf16ToFloat64(x.half[i])
	case TypeTF32:
		return float64(x.f32[i])
	}
	return f16ToFloat64(x.half[i])
}

func (x *inputs) bytes() []byte {
	if x.typ == TypeTF32 {
		return f32Bytes(x.f32)
	}
	return f16Bytes(x.half)
}

// gemm enqueues the cuBLAS peer for the session's element type.
func (s *session) gemm(m, n, k int) error {
	if s.typ == TypeF16 || s.typ == "" {
		return s.gpu.GemmF16F32(m, n, k, s.a, s.b, s.ref)
	}
	g, ok := s.gpu.(TypedGPU)
	if !ok {
		return fmt.Errorf("this GPU's cuBLAS peer takes f16 inputs only, not %s", s.typ)
	}
	return g.GemmTyped(s.typ, m, n, k, s.a, s.b, s.ref)
}
