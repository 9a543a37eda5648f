package opsyntax

import (
	"strconv"

	"github.com/goopt/goopt/ir"
)

// PrefetchAttrs returns the inherent attributes of prefetch ops
// (memref.prefetch, affine.prefetch), printed in their custom form as one clause.
func PrefetchAttrs() []string { return []string{"isWrite", "localityHint", "isDataCache"} }

// ParsePrefetchSpec parses `, read|write, locality<N>, data|instr` and adds
// isWrite, localityHint and isDataCache to st. Bad specifiers are reported at
// nameLoc, as MLIR does.
func ParsePrefetchSpec(p ir.OpParser, st *ir.OperationState, nameLoc ir.Location) error {
	isWrite, err := parseCommaFlagWord(p, nameLoc, "write", "read", "rw specifier has to be 'read' or 'write'")
	if err != nil {
		return err
	}
	for _, tok := range []string{",", "locality", "<"} {
		if tok == "locality" {
			err = p.ParseKeyword(tok)
		} else {
			err = p.Parse(tok)
		}
		if err != nil {
			return err
		}
	}
	hint, err := p.ParseInteger()
	if err != nil {
		return err
	}
	if err := p.Parse(">"); err != nil {
		return err
	}
	isData, err := parseCommaFlagWord(p, nameLoc, "data", "instr", "cache type has to be 'data' or 'instr'")
	if err != nil {
		return err
	}
	st.AddAttr("isWrite", ir.BoolAttr(isWrite))
	st.AddAttr("localityHint", ir.IntAttr(ir.I32, hint))
	st.AddAttr("isDataCache", ir.BoolAttr(isData))
	return nil
}

// parseCommaFlagWord parses `, word`, where word spells a flag as on or
// off, and returns the flag; another word is reported at loc with msg.
func parseCommaFlagWord(p ir.OpParser, loc ir.Location, on, off, msg string) (bool, error) {
	if err := p.Parse(","); err != nil {
		return false, err
	}
	w, err := p.ParseIdentifier()
	if err != nil {
		return false, err
	}
	if w != on && w != off {
		return false, ir.Errorf(loc, "%s", msg)
	}
	return w == on, nil
}

// PrintPrefetchSpec prints `, read|write, locality<N>, data|instr` from op's attributes.
func PrintPrefetchSpec(p ir.OpPrinter, op *ir.Operation) {
	isTrue := func(name string) bool {
		a, ok := op.Attr(name).(*ir.IntegerAttr)
		return ok && a.Int() != 0
	}
	rw, cache := "read", "instr"
	if isTrue("isWrite") {
		rw = "write"
	}
	if isTrue("isDataCache") {
		cache = "data"
	}
	hint := int64(0)
	if a, ok := op.Attr("localityHint").(*ir.IntegerAttr); ok {
		hint = a.Int()
	}
	p.Print(", " + rw + ", locality<" + strconv.FormatInt(hint, 10) + ">, " + cache)
}
