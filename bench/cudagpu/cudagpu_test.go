package cudagpu

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/goopt/goopt/bench"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/runtime/cuda"
)

// hopperArgs encodes each descriptor of a tensor address once and passes
// scalars through; a bad description or parameter is an error naming it.
func TestHopperArgs(t *testing.T) {
	m := &driver.TensorMapParam{ElementType: "f16", GlobalDims: []int64{256, 128}, GlobalStrides: []int64{512}, BoxDims: []int64{64, 64},
		Swizzle: "128B", L2Promo: "none", OOB: "zero", Interleave: "none"}
	var encoded []cuda.TiledDesc
	encode := func(d cuda.TiledDesc) (cuda.TensorMap, error) {
		var tm cuda.TensorMap
		binary.LittleEndian.PutUint64(tm[:], uint64(d.GlobalAddress))
		encoded = append(encoded, d)
		return tm, nil
	}
	cache := map[tensorMapKey]cuda.TensorMap{}
	for round := 0; round < 2; round++ {
		args, err := hopperArgs([]any{uint64(7), bench.TensorMapArg{Base: 0x1000, Map: m}, bench.TensorMapArg{Base: 0x2000, Map: m}}, cache, encode)
		if err != nil {
			t.Fatal(err)
		}
		tm1, tm2 := args[1].(cuda.TensorMap), args[2].(cuda.TensorMap)
		if args[0] != uint64(7) || binary.LittleEndian.Uint64(tm1[:]) != 0x1000 || binary.LittleEndian.Uint64(tm2[:]) != 0x2000 {
			t.Errorf("round %d: args %v", round, args)
		}
	}
	if len(encoded) != 2 || encoded[0].Swizzle != cuda.Swizzle128B || encoded[0].GlobalDims[0] != 256 {
		t.Errorf("encoded %d descriptors (want 2, once per address): %+v", len(encoded), encoded)
	}
	bad := *m
	bad.BoxDims = []int64{128, 64}
	if _, err := hopperArgs([]any{bench.TensorMapArg{Base: 0x3000, Map: &bad}}, cache, encode); err == nil ||
		!strings.Contains(err.Error(), "parameter 0: cuda: invalid tensor map: the box's inner dimension is 256 bytes") {
		t.Errorf("a box wider than the swizzle: %v", err)
	}
	if _, err := hopperArgs([]any{int32(1)}, cache, encode); err == nil || !strings.Contains(err.Error(), "parameter 0 has type int32") {
		t.Errorf("an int32 parameter: %v", err)
	}
}
