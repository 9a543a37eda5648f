package npy

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"strconv"
	"strings"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

var magic = []byte("\x93NUMPY")

var dtypes = map[string]ir.Type{
	"<f2": ir.F16, "<f4": ir.F32, "<f8": ir.F64,
	"|i1": ir.I8, "<i2": ir.I16, "<i4": ir.I32, "<i8": ir.I64,
	"|u1": ir.IntegerWithSign(8, ir.Unsigned), "<u2": ir.IntegerWithSign(16, ir.Unsigned),
	"<u4": ir.IntegerWithSign(32, ir.Unsigned), "<u8": ir.IntegerWithSign(64, ir.Unsigned),
	"|b1": ir.I1,
}

func descr(t ir.Type) (string, bool) {
	for k, v := range dtypes {
		if v == t {
			return k, true
		}
	}
	switch t {
	case ir.Index:
		return "<i8", true
	}
	return "", false
}

// Read parses a .npy stream into a memref with identity layout.
func Read(r io.Reader) (*interp.MemRef, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(data) < 10 || !bytes.Equal(data[:6], magic) {
		return nil, fmt.Errorf("npy: not a .npy file")
	}
	var hlen, pos int
	switch data[6] {
	case 1:
		hlen, pos = int(binary.LittleEndian.Uint16(data[8:10])), 10
	case 2, 3:
		if len(data) < 12 {
			return nil, fmt.Errorf("npy: truncated header")
		}
		hlen, pos = int(binary.LittleEndian.Uint32(data[8:12])), 12
	default:
		return nil, fmt.Errorf("npy: unsupported version %d", data[6])
	}
	if pos+hlen > len(data) {
		return nil, fmt.Errorf("npy: truncated header")
	}
	header := string(data[pos : pos+hlen])
	body := data[pos+hlen:]
	d := field(header, "descr")
	t, ok := dtypes[strings.Trim(d, "'\" ")]
	if !ok {
		return nil, fmt.Errorf("npy: unsupported dtype %s", d)
	}
	if f := field(header, "fortran_order"); strings.TrimSpace(f) != "False" {
		return nil, fmt.Errorf("npy: Fortran order is not supported")
	}
	shape, err := parseShape(field(header, "shape"))
	if err != nil {
		return nil, err
	}
	m := interp.NewMemRef(ir.MemRef(shape, t, nil, nil), shape)
	size := (ir.BitWidth(t) + 7) / 8
	n := int(m.NumElements())
	if len(body) < n*size {
		return nil, fmt.Errorf("npy: %d bytes of data for %d elements of %d bytes", len(body), n, size)
	}
	vals := make([]uint64, n)
	for i := range vals {
		b := body[i*size:]
		switch size {
		case 1:
			vals[i] = uint64(b[0])
		case 2:
			vals[i] = uint64(binary.LittleEndian.Uint16(b))
		case 4:
			vals[i] = uint64(binary.LittleEndian.Uint32(b))
		case 8:
			vals[i] = binary.LittleEndian.Uint64(b)
		}
		if t == ir.I1 && vals[i] != 0 {
			vals[i] = 1
		}
	}
	return m, m.SetElements(vals)
}

// field extracts the value text of key from a Python dict literal header.
func field(header, key string) string {
	i := strings.Index(header, "'"+key+"'")
	if i < 0 {
		return ""
	}
	rest := header[i+len(key)+2:]
	rest = strings.TrimLeft(rest, " :")
	if strings.HasPrefix(rest, "(") {
		if j := strings.IndexByte(rest, ')'); j >= 0 {
			return rest[:j+1]
		}
	}
	if j := strings.IndexAny(rest, ",}"); j >= 0 {
		return rest[:j]
	}
	return rest
}

func parseShape(s string) ([]int64, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "(") || !strings.HasSuffix(s, ")") {
		return nil, fmt.Errorf("npy: malformed shape %q", s)
	}
	var shape []int64
	for _, p := range strings.Split(s[1:len(s)-1], ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		v, err := strconv.ParseInt(strings.TrimSuffix(p, "L"), 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("npy: malformed shape %q", s)
		}
		shape = append(shape, v)
	}
	return shape, nil
}

// Write stores m (any layout; elements in row-major logical order) as .npy
// version 1.0. Uninitialised elements are written as zero.
func Write(w io.Writer, m *interp.MemRef) error {
	t := m.Type.Elem
	d, ok := descr(t)
	if !ok {
		return fmt.Errorf("npy: cannot store element type %s", t)
	}
	dims := make([]string, len(m.Sizes))
	for i, s := range m.Sizes {
		dims[i] = strconv.FormatInt(s, 10)
	}
	shape := "(" + strings.Join(dims, ", ")
	if len(dims) == 1 {
		shape += ","
	}
	shape += ")"
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", d, shape)
	// Pad so that the data starts on a 64-byte boundary, ending in '\n'.
	total := 10 + len(header) + 1
	header += strings.Repeat(" ", (64-total%64)%64) + "\n"
	var buf bytes.Buffer
	buf.Write(magic)
	buf.Write([]byte{1, 0})
	_ = binary.Write(&buf, binary.LittleEndian, uint16(len(header)))
	buf.WriteString(header)
	vals, init := m.Elements()
	size := (ir.BitWidth(t) + 7) / 8
	if t == ir.Index {
		size = 8
	}
	var tmp [8]byte
	for i, v := range vals {
		if !init[i] {
			v = 0
		}
		binary.LittleEndian.PutUint64(tmp[:], v)
		buf.Write(tmp[:size])
	}
	_, err := w.Write(buf.Bytes())
	return err
}
