package ir

// schemaInfo is what the verifier, the named accessors and the declarative
// format engine need from an OpDef's declarations on every op they touch,
// derived once when the op is registered rather than per op (the counts and
// name lookups were most of the generic verifier's time on large functions).
type schemaInfo struct {
	// operandNonSingle and resultNonSingle count the optional and variadic
	// groups; zero means group i is value i.
	operandNonSingle, resultNonSingle int
	// segmented: the operand groups are sized by SegmentSizesAttr.
	segmented bool
	// matches are d.TypesMatchWith with their names resolved.
	matches []valueRef
}

// valueRef names one operand or result group by position: the From and To
// of a TypeMatch, resolved (a pair per match in schemaInfo.matches).
type valueRef struct {
	result bool
	index  int // -1: names nothing
}

func newSchemaInfo(d *OpDef) *schemaInfo {
	si := &schemaInfo{
		operandNonSingle: countNonSingle(d.Operands),
		resultNonSingle:  countNonSingle(d.Results),
	}
	si.segmented = si.operandNonSingle > 1
	for _, m := range d.TypesMatchWith {
		si.matches = append(si.matches, d.valueRef(m.From), d.valueRef(m.To))
	}
	return si
}

// valueRef resolves an operand or result name, operands first.
func (d *OpDef) valueRef(name string) valueRef {
	if i := d.OperandIndex(name); i >= 0 {
		return valueRef{index: i}
	}
	return valueRef{result: true, index: d.ResultIndex(name)}
}

// schema returns the op's derived schema facts: those computed at
// registration, or (for a definition never registered) fresh ones.
func (d *OpDef) schema() *schemaInfo {
	if d.info != nil {
		return d.info
	}
	return newSchemaInfo(d)
}

// operandRange returns the [start, end) of operand group i of op, whose
// definition is d; ok is false when the operands do not fit the declaration.
func (d *OpDef) operandRange(si *schemaInfo, op *Operation, i int) (start, end int, ok bool) {
	if si.operandNonSingle == 0 {
		return i, i + 1, len(op.operands) == len(d.Operands)
	}
	var sizes []int64
	if si.segmented {
		if a, ok := op.Attr(SegmentSizesAttr).(*DenseArrayAttr); ok {
			sizes = a.Ints
		}
	}
	return groupRange(d.Operands, len(op.operands), sizes, i)
}

// resultRange is operandRange for result groups.
func (d *OpDef) resultRange(si *schemaInfo, op *Operation, i int) (start, end int, ok bool) {
	if si.resultNonSingle == 0 {
		return i, i + 1, len(op.results) == len(d.Results)
	}
	return groupRange(d.Results, len(op.results), nil, i)
}

// refType is the type of the single value of the group r names, or nil
// when the group is absent, empty or holds several values.
func (d *OpDef) refType(si *schemaInfo, op *Operation, r valueRef) Type {
	if r.index < 0 {
		return nil
	}
	if r.result {
		if r.index >= len(d.Results) {
			return nil
		}
		start, end, ok := d.resultRange(si, op, r.index)
		if !ok || end-start != 1 {
			return nil
		}
		return op.results[start].Type()
	}
	start, end, ok := d.operandRange(si, op, r.index)
	if !ok || end-start != 1 {
		return nil
	}
	return op.operands[start].value.Type()
}
