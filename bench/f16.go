package bench

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
)

// f16 bit layout.
const (
	f16ExpBias  = 15
	f16MantBits = 10
	f16MinExp   = -14 // the smallest normal exponent
	f16Max      = 65504
)

// f16FromFloat64 rounds x to the nearest binary16 (ties to even), the
// conversion a GPU's cvt.rn.f16 does.
func f16FromFloat64(x float64) uint16 {
	var sign uint16
	if math.Signbit(x) {
		sign = 0x8000
		x = -x
	}
	switch {
	case math.IsNaN(x):
		return 0x7e00
	case x == 0:
		return sign
	case x > f16Max+16: // halfway to the next power of two rounds up
		return sign | 0x7c00
	}
	frac, exp := math.Frexp(x) // x = frac·2^exp, frac in [0.5, 1)
	e := exp - 1               // x = (2·frac)·2^e
	if e < f16MinExp {
		// Subnormal: a multiple of 2^-24.
		m := math.RoundToEven(x * (1 << 24))
		return sign | uint16(m) // m == 1024 carries into the exponent
	}
	m := math.RoundToEven((2*frac - 1) * (1 << f16MantBits))
	bits := uint16(e+f16ExpBias)<<f16MantBits + uint16(m) // m == 1024 carries
	if bits >= 0x7c00 {
		return sign | 0x7c00
	}
	return sign | bits
}

// f16ToFloat64 widens a binary16 exactly.
func f16ToFloat64(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e := int(h>>f16MantBits) & 0x1f
	m := float64(h & 0x3ff)
	switch e {
	case 0:
		return sign * math.Ldexp(m, f16MinExp-f16MantBits)
	case 0x1f:
		if m != 0 {
			return math.NaN()
		}
		return sign * math.Inf(1)
	}
	return sign * math.Ldexp(1+m/(1<<f16MantBits), e-f16ExpBias)
}

// chunkElems is how many elements one generator goroutine fills: the
// chunks have their own seeded streams so the inputs depend on the seed
// alone, not on the number of cores.
const chunkElems = 1 << 20

// parallelChunks calls fill(lo, hi, rng) for each chunk of [0, n) on all
// cores, the chunk's generator seeded by (seed, stream, chunk index).
func parallelChunks(n int, seed, stream uint64, fill func(lo, hi int, rng *rand.Rand)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for lo := 0; lo < n; lo += chunkElems {
		hi := min(lo+chunkElems, n)
		wg.Add(1)
		sem <- struct{}{}
		go func(lo, hi int) {
			defer func() { <-sem; wg.Done() }()
			fill(lo, hi, rand.New(rand.NewPCG(seed, stream<<32|uint64(lo/chunkElems))))
		}(lo, hi)
	}
	wg.Wait()
}

// randomF16 returns n standard-normal binary16 values. Values that round
// to zero or a subnormal and exact ±1 are drawn again: the inputs must not
// contain the values (0, 1) under which a kernel that ignores an operand
// or skips a product can still look right.
func randomF16(n int, seed, stream uint64) []uint16 {
	return randomHalf(n, seed, stream, f16FromFloat64, 0x7c00, 0x3c00)
}

// randomHalf draws n standard-normal 16-bit floats rounded by round,
// drawing again a value whose exponent bits (under expMask) are zero, so
// zero or subnormal, or whose magnitude bits are one's (as randomF16 says).
func randomHalf(n int, seed, stream uint64, round func(float64) uint16, expMask, one uint16) []uint16 {
	out := make([]uint16, n)
	parallelChunks(n, seed, stream, func(lo, hi int, rng *rand.Rand) {
		for i := lo; i < hi; i++ {
			for {
				h := round(rng.NormFloat64())
				if h&expMask != 0 && h&0x7fff != one {
					out[i] = h
					break
				}
			}
		}
	})
	return out
}

// randomF32 returns n standard-normal float32 values, none zero.
func randomF32(n int, seed, stream uint64) []float32 {
	out := make([]float32, n)
	parallelChunks(n, seed, stream, func(lo, hi int, rng *rand.Rand) {
		for i := lo; i < hi; i++ {
			for out[i] == 0 {
				out[i] = float32(rng.NormFloat64())
			}
		}
	})
	return out
}

func f16Bytes(v []uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// f32FromBytes decodes little-endian float32s.
func f32FromBytes(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}
