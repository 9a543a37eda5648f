package npy_test

import (
	"bytes"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/npy"
	"github.com/goopt/goopt/ir"
)

func TestRoundTrip(t *testing.T) {
	for _, elem := range []ir.Type{ir.F32, ir.F16, ir.F64, ir.I32, ir.I8, ir.I64} {
		m := interp.NewMemRef(ir.MemRef([]int64{3, 5}, elem, nil, nil), nil)
		m.FillRandom(3)
		var buf bytes.Buffer
		if err := npy.Write(&buf, m); err != nil {
			t.Fatal(err)
		}
		if buf.Len()%64 != 3*5*((ir.BitWidth(elem)+7)/8)%64 {
			t.Errorf("%s: data not 64-byte aligned", elem)
		}
		got, err := npy.Read(&buf)
		if err != nil {
			t.Fatalf("%s: %v", elem, err)
		}
		if d := got.Compare(m, 0); d != nil {
			t.Errorf("%s: %s", elem, d)
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, in := range []string{"", "garbage", "\x93NUMPY\x01\x00\xff\xff"} {
		if _, err := npy.Read(bytes.NewReader([]byte(in))); err == nil {
			t.Errorf("Read(%q) succeeded", in)
		}
	}
}
