package ir

import "math"

// floatFormat describes an IEEE-754-style binary format.
type floatFormat struct{ expBits, mantBits uint }

var floatFormats = map[FloatKind]floatFormat{
	KindF16: {5, 10}, KindBF16: {8, 7}, KindTF32: {8, 10},
	KindF8E5M2: {5, 2}, KindF8E4M3: {4, 3}, KindF8E3M4: {3, 4},
	KindF8E4M3FN: {4, 3}, KindF8E5M2FNUZ: {5, 2}, KindF8E4M3FNUZ: {4, 3}, KindF8E4M3B11FNUZ: {4, 3},
	KindF6E2M3FN: {2, 3}, KindF6E3M2FN: {3, 2}, KindF4E2M1FN: {2, 1},
}

// FloatToBits rounds v to type t (round to nearest even) and returns its encoding.
// f80 and f128 are held as f64 (goopt computes in at most double precision).
// The FN/FNUZ 8-bit formats are encoded as their IEEE-like relatives.
func FloatToBits(t *FloatType, v float64) uint64 {
	switch t.Kind {
	case KindF32:
		return uint64(math.Float32bits(float32(v)))
	case KindF64, KindF80, KindF128:
		return math.Float64bits(v)
	}
	return encodeSmall(floatFormats[t.Kind], v)
}

// BitsToFloat decodes an encoding of type t.
func BitsToFloat(t *FloatType, bits uint64) float64 {
	switch t.Kind {
	case KindF32:
		return float64(math.Float32frombits(uint32(bits)))
	case KindF64, KindF80, KindF128:
		return math.Float64frombits(bits)
	}
	return decodeSmall(floatFormats[t.Kind], bits)
}

// RoundToType rounds v to the precision and range of t.
func RoundToType(t *FloatType, v float64) float64 { return BitsToFloat(t, FloatToBits(t, v)) }

func encodeSmall(f floatFormat, v float64) uint64 {
	bias := int64(1)<<(f.expBits-1) - 1
	expMax := uint64(1)<<f.expBits - 1
	var sign uint64
	if math.Signbit(v) {
		sign = 1 << (f.expBits + f.mantBits)
		v = -v
	}
	switch {
	case math.IsNaN(v):
		return sign | expMax<<f.mantBits | 1<<(f.mantBits-1)
	case math.IsInf(v, 0):
		return sign | expMax<<f.mantBits
	case v == 0:
		return sign
	}
	b := math.Float64bits(v)
	e := int64(b>>52&0x7ff) - 1023
	m := b & (1<<52 - 1)
	if b>>52&0x7ff == 0 { // f64 subnormal: far below any small format's range
		return sign
	}
	m |= 1 << 52 // implicit bit
	// Target exponent and the shift that brings the 53-bit significand to mantBits+1 bits.
	te := e + bias
	shift := uint(52 - f.mantBits)
	if te <= 0 { // subnormal in the target
		shift += uint(1 - te)
		te = 0
		if shift > 63 {
			return sign
		}
	}
	q := m >> shift
	rem := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	if te == 0 {
		// q may have carried into the normal range; that encodes correctly as exponent 1.
		return sign | q
	}
	if q>>(f.mantBits+1) != 0 { // carry out of the significand
		q >>= 1
		te++
	}
	if uint64(te) >= expMax {
		return sign | expMax<<f.mantBits // overflow to infinity
	}
	return sign | uint64(te)<<f.mantBits | q&(1<<f.mantBits-1)
}

func decodeSmall(f floatFormat, bits uint64) float64 {
	bias := int(1)<<(f.expBits-1) - 1
	expMax := uint64(1)<<f.expBits - 1
	neg := bits>>(f.expBits+f.mantBits)&1 == 1
	e := bits >> f.mantBits & expMax
	m := bits & (1<<f.mantBits - 1)
	var v float64
	switch {
	case e == expMax && m == 0:
		v = math.Inf(1)
	case e == expMax:
		v = math.NaN()
	case e == 0:
		v = math.Ldexp(float64(m), 1-bias-int(f.mantBits))
	default:
		v = math.Ldexp(float64(m|1<<f.mantBits), int(e)-bias-int(f.mantBits))
	}
	if neg {
		v = -v
	}
	return v
}
