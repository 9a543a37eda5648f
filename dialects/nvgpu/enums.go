package nvgpu

import (
	"strconv"
	"strings"
)

// The enums of the tensor map descriptor, as Go strings holding MLIR 19's
// keywords (upstream's TensorMap*Kind I32EnumAttrs; the keywords end in a
// lowercase `b`).

// Swizzle is how TMA swizzles the 16-byte chunks of a shared-memory box
// row (CU_TENSOR_MAP_SWIZZLE_*).
type Swizzle string

// The swizzle modes.
const (
	SwizzleNone Swizzle = "none"
	Swizzle32B  Swizzle = "swizzle_32b"
	Swizzle64B  Swizzle = "swizzle_64b"
	Swizzle128B Swizzle = "swizzle_128b"
)

// Swizzles lists the swizzle modes in upstream's order (their CUDA enum values).
var Swizzles = []Swizzle{SwizzleNone, Swizzle32B, Swizzle64B, Swizzle128B}

// Bytes returns the swizzle span in bytes: 0 for none, else 32, 64 or 128.
// The innermost box dimension of a swizzled tensor map must not exceed it.
func (s Swizzle) Bytes() int { return keywordBytes(Swizzles, s) }

// L2Promo is the L2 promotion of TMA loads (CU_TENSOR_MAP_L2_PROMOTION_*).
type L2Promo string

// The L2 promotion modes.
const (
	L2PromoNone L2Promo = "none"
	L2Promo64B  L2Promo = "l2promo_64b"
	L2Promo128B L2Promo = "l2promo_128b"
	L2Promo256B L2Promo = "l2promo_256b"
)

// L2Promos lists the L2 promotion modes in upstream's order.
var L2Promos = []L2Promo{L2PromoNone, L2Promo64B, L2Promo128B, L2Promo256B}

// Bytes returns the promotion size in bytes (0 for none).
func (l L2Promo) Bytes() int { return keywordBytes(L2Promos, l) }

// OOB is the fill of out-of-bounds box elements (CU_TENSOR_MAP_FLOAT_OOB_FILL_*).
type OOB string

// The out-of-bounds fill modes.
const (
	OOBZero OOB = "zero"
	OOBNaN  OOB = "nan"
)

// OOBs lists the out-of-bounds fill modes in upstream's order.
var OOBs = []OOB{OOBZero, OOBNaN}

// Interleave is the interleave layout of the tensor (CU_TENSOR_MAP_INTERLEAVE_*).
type Interleave string

// The interleave layouts.
const (
	InterleaveNone Interleave = "none"
	Interleave16B  Interleave = "interleave_16b"
	Interleave32B  Interleave = "interleave_32b"
)

// Interleaves lists the interleave layouts in upstream's order.
var Interleaves = []Interleave{InterleaveNone, Interleave16B, Interleave32B}

// Bytes returns the interleave size in bytes (0 for none).
func (i Interleave) Bytes() int { return keywordBytes(Interleaves, i) }

// index returns the position of v in the list of its enum's values, which
// is its CUDA enum value (CUtensorMapSwizzle etc.), or -1.
func index[T ~string](values []T, v T) int {
	for i, x := range values {
		if x == v {
			return i
		}
	}
	return -1
}

// keywordBytes returns the size a keyword of values spells, N of its `_Nb`
// suffix (swizzle_128b, l2promo_64b, interleave_16b), and 0 for `none` or
// a value not among values.
func keywordBytes[T ~string](values []T, v T) int {
	if index(values, v) < 0 {
		return 0
	}
	_, suffix, ok := strings.Cut(string(v), "_")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSuffix(suffix, "b"))
	if err != nil {
		return 0
	}
	return n
}

// Code returns the CUDA enum value (CUtensorMapSwizzle), or -1 when s is not a swizzle mode.
func (s Swizzle) Code() int { return index(Swizzles, s) }

// Code returns the CUDA enum value (CUtensorMapL2promotion), or -1.
func (l L2Promo) Code() int { return index(L2Promos, l) }

// Code returns the CUDA enum value (CUtensorMapFloatOOBfill), or -1.
func (o OOB) Code() int { return index(OOBs, o) }

// Code returns the CUDA enum value (CUtensorMapInterleave), or -1.
func (i Interleave) Code() int { return index(Interleaves, i) }
