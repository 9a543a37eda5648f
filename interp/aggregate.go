package interp

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/ir"
)

// Aggregate is the value of an `!llvm.struct` or `!llvm.array`: its fields
// in order, each a scalar, vector, Pointer or nested *Aggregate Value. An
// aggregate is immutable once built: insertvalue makes a modified copy
// (With), so an SSA value never changes under another's feet.
type Aggregate struct {
	Type   ir.Type
	Fields []Value
	// pending marks a wgmma accumulator not yet retired by a wait
	// (nvvm_wgmma.go): reading its fields is an error until then.
	pending *wgmmaPending
}

// NewAggregate returns an aggregate of type t with the given fields.
func NewAggregate(t ir.Type, fields []Value) *Aggregate {
	return &Aggregate{Type: t, Fields: fields}
}

// AggregateValue wraps an aggregate as a Value.
func AggregateValue(a *Aggregate) Value { return Value{Type: a.Type, Obj: a} }

// PointerValue wraps a pointer as a Value of pointer type t.
func PointerValue(t ir.Type, p Pointer) Value { return Value{Type: t, Obj: p} }

// Field returns the field at a path of positions (extractvalue's).
func (a *Aggregate) Field(path []int64) (Value, error) {
	cur := AggregateValue(a)
	for _, i := range path {
		agg, ok := cur.Obj.(*Aggregate)
		if !ok || i < 0 || i >= int64(len(agg.Fields)) {
			return Value{}, fmt.Errorf("position %v out of the aggregate %s", path, a.Type)
		}
		cur = agg.Fields[i]
	}
	return cur, nil
}

// With returns a copy of a with the field at path replaced by v
// (insertvalue's); only the aggregates along path are copied.
func (a *Aggregate) With(path []int64, v Value) (*Aggregate, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("empty position into %s", a.Type)
	}
	i := path[0]
	if i < 0 || i >= int64(len(a.Fields)) {
		return nil, fmt.Errorf("position %v out of the aggregate %s", path, a.Type)
	}
	c := &Aggregate{Type: a.Type, Fields: append([]Value(nil), a.Fields...)}
	if len(path) == 1 {
		c.Fields[i] = v
		return c, nil
	}
	inner, ok := a.Fields[i].Obj.(*Aggregate)
	if !ok {
		return nil, fmt.Errorf("position %v goes through a non-aggregate field of %s", path, a.Type)
	}
	ni, err := inner.With(path[1:], v)
	if err != nil {
		return nil, err
	}
	c.Fields[i] = AggregateValue(ni)
	return c, nil
}

// String shows the fields, for diagnostics and test output.
func (a *Aggregate) String() string {
	parts := make([]string, len(a.Fields))
	for i, f := range a.Fields {
		parts[i] = f.String()
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
