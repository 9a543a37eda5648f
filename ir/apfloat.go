package ir

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// This file ports LLVM's APFloat::toString (toStringImpl and its two
// AdjustToPrecision steps) so that goopt prints float attributes with the
// same digits as mlir-opt, including LLVM's truncate-then-round quirk.

// floatParts decomposes an encoding of t into sign, significand (implicit
// bit included) and the binary exponent of its least significant bit.
// ok is false for zero, infinity and NaN.
func floatParts(t *FloatType, bits uint64) (neg bool, sig uint64, exp int, prec int, ok bool) {
	var expBits, mantBits uint
	switch t.Kind {
	case KindF32:
		expBits, mantBits = 8, 23
	case KindF64, KindF80, KindF128:
		expBits, mantBits = 11, 52
	default:
		f, known := floatFormats[t.Kind]
		if !known {
			return false, 0, 0, 0, false
		}
		expBits, mantBits = f.expBits, f.mantBits
	}
	prec = int(mantBits) + 1
	bias := 1<<(expBits-1) - 1
	expMax := uint64(1)<<expBits - 1
	neg = bits>>(expBits+mantBits)&1 == 1
	e := bits >> mantBits & expMax
	m := bits & (1<<mantBits - 1)
	switch {
	case e == expMax:
		return neg, 0, 0, prec, false
	case e == 0 && m == 0:
		return neg, 0, 0, prec, false
	case e == 0:
		return neg, m, 1 - bias - (prec - 1), prec, true
	}
	return neg, m | 1<<mantBits, int(e) - bias - (prec - 1), prec, true
}

// apfloatString is APFloat::toString(Str, formatPrecision, formatMaxPadding, truncateZero)
// for finite non-zero values.
func apfloatString(neg bool, sig uint64, exp, semPrec, formatPrecision, formatMaxPadding int, truncateZero bool) string {
	var out strings.Builder
	if neg {
		out.WriteByte('-')
	}
	if formatPrecision == 0 {
		formatPrecision = 2 + semPrec*59/196
	}
	significand := new(big.Int).SetUint64(sig)
	tz := int(significand.TrailingZeroBits())
	exp += tz
	significand.Rsh(significand, uint(tz))
	if exp > 0 {
		significand.Lsh(significand, uint(exp))
		exp = 0
	} else if exp < 0 {
		five := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil)
		significand.Mul(significand, five)
	}
	// AdjustToPrecision on the integer: truncating division by a power of ten.
	bitsRequired := (formatPrecision*196 + 58) / 59
	if bits := significand.BitLen(); bits > bitsRequired {
		if tensRemovable := (bits - bitsRequired) * 59 / 196; tensRemovable > 0 {
			exp += tensRemovable
			div := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tensRemovable)), nil)
			significand.Quo(significand, div)
		}
	}
	// Digits, least significant first, dropping trailing zeros.
	var buf []byte
	inTrail := true
	for _, c := range reverse(significand.String()) {
		if inTrail && c == '0' {
			exp++
			continue
		}
		inTrail = false
		buf = append(buf, byte(c))
	}
	buf, exp = adjustDigits(buf, exp, formatPrecision)
	n := len(buf)
	var scientific bool
	if formatMaxPadding == 0 {
		scientific = true
	} else if exp >= 0 {
		scientific = exp > formatMaxPadding || n+exp > formatPrecision
	} else if msd := exp + n - 1; msd >= 0 {
		scientific = false
	} else {
		scientific = -msd > formatMaxPadding
	}
	if scientific {
		exp += n - 1
		out.WriteByte(buf[n-1])
		out.WriteByte('.')
		if n == 1 && truncateZero {
			out.WriteByte('0')
		} else {
			for i := 1; i != n; i++ {
				out.WriteByte(buf[n-1-i])
			}
		}
		if !truncateZero && formatPrecision > n-1 {
			out.WriteString(strings.Repeat("0", formatPrecision-n+1))
		}
		if truncateZero {
			out.WriteByte('E')
		} else {
			out.WriteByte('e')
		}
		if exp >= 0 {
			out.WriteByte('+')
		} else {
			out.WriteByte('-')
			exp = -exp
		}
		e := strconv.Itoa(exp)
		if !truncateZero && len(e) < 2 {
			e = "0" + e
		}
		out.WriteString(e)
		return out.String()
	}
	if exp >= 0 {
		for i := 0; i != n; i++ {
			out.WriteByte(buf[n-1-i])
		}
		out.WriteString(strings.Repeat("0", exp))
		return out.String()
	}
	whole := exp + n
	i := 0
	if whole > 0 {
		for ; i != whole; i++ {
			out.WriteByte(buf[n-i-1])
		}
		out.WriteByte('.')
	} else {
		out.WriteString("0.")
		out.WriteString(strings.Repeat("0", -whole))
	}
	for ; i != n; i++ {
		out.WriteByte(buf[n-i-1])
	}
	return out.String()
}

// adjustDigits rounds a least-significant-first digit buffer to precision
// digits, half up, as LLVM's AdjustToPrecision on the character buffer.
func adjustDigits(buf []byte, exp, precision int) ([]byte, int) {
	n := len(buf)
	if n <= precision {
		return buf, exp
	}
	first := n - precision
	if buf[first-1] < '5' {
		for first < n && buf[first] == '0' {
			first++
		}
		return append([]byte(nil), buf[first:]...), exp + first
	}
	for i := first; i != n; i++ {
		if buf[i] == '9' {
			first++
		} else {
			buf[i]++
			break
		}
	}
	if first == n {
		return []byte{'1'}, exp + first
	}
	return append([]byte(nil), buf[first:]...), exp + first
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// parsesBackTo reports whether the decimal text s, rounded to t, has the encoding bits.
func parsesBackTo(t *FloatType, s string, bits uint64) bool {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(v, 0) {
		return false
	}
	if t.Kind == KindF32 {
		v32, err := strconv.ParseFloat(s, 32)
		if err != nil {
			return false
		}
		return uint64(math.Float32bits(float32(v32))) == bits
	}
	return FloatToBits(t, v) == bits
}
