package ir

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Declarative custom syntax, in the spirit of MLIR's assemblyFormat. An
// OpDef with a schema and a Format string gets its Parse and Print hooks
// from the format when it is registered:
//
//	Format: "$lhs `,` $rhs attr-dict `:` type($result)"
//
// Elements:
//   - `lit`: a keyword or punctuation; `` ` ` `` prints a space and
//     ` `` ` suppresses the next one
//   - $name: an operand group, attribute, region or successor of the schema
//   - attr-dict, attr-dict-with-keyword: the remaining attributes
//   - type($x), type(operands), type(results), qualified(type($x)):
//     the types of a group
//   - functional-type(operands, results): `(t1, t2) -> t3`
//   - custom<Name>(args...): the hook OpDef.Custom[Name], for irregular pieces
//   - ( elements )?: an optional group, present when its anchor ($x^) is
//     (a non-empty group, a present attribute); it is parsed when its first
//     element (a literal, operand, attribute or region) is there
//
// Types that the format does not spell are inferred: from a constraint that
// fixes the type (ir.TypeIs), from the SameOperandsAndResultType trait, from
// OpDef.AllTypesMatch, or from OpDef.InferResultTypes. Spacing follows
// MLIR's generated printers, so output matches upstream's byte for byte.

// CustomDirective is a hand-written piece of a declarative format:
// `custom<Name>($a, type($b))`. Args follow the directive's arguments.
type CustomDirective struct {
	// Parse fills the args (operands, types, attributes) from the input.
	Parse func(p OpParser, args []*FormatArg) error
	// Print writes the args; values, types and attributes are filled.
	Print func(p OpPrinter, op *Operation, args []*FormatArg)
}

// FormatArg is one argument of a custom directive.
type FormatArg struct {
	Name   string // the schema name ("" for operands/results pseudo-names)
	IsType bool   // type($name) rather than $name

	// Parsing: the directive sets what it read.
	Operands []UnresolvedOperand
	Types    []Type
	Attr     Attribute
	Region   *Region
	// Regions is a variadic region group (parsing and printing).
	Regions []*Region

	// Printing: what the op holds.
	Values []*Value
}

type fmtKind uint8

const (
	fLiteral   fmtKind = iota
	fSpace             // ` ` (Text " ") or `` (Text "")
	fOperand           // $x naming an operand group
	fAttr              // $x naming an attribute
	fRegion            // $x naming a region
	fSuccessor         // $x naming a successor
	fAttrDict
	fType         // type(...)
	fFunctionType // functional-type(a, b)
	fCustom
	fOptional
)

type fmtElem struct {
	kind    fmtKind
	text    string // literal text, or the custom directive's name
	name    string // schema name; "operands"/"results" for type()
	index   int    // operand/result/region/successor index in the schema
	result  bool   // type($x) names a result group
	anchor  bool
	keyword bool // attr-dict-with-keyword
	args    []*fmtElem
	elems   []*fmtElem // optional group
	attr    *AttrDef   // the declaration an attribute variable names

	// A literal's spacing, decided when the format is compiled (MLIR's
	// rules, see shouldEmitSpaceBefore) rather than on every print.
	kwLit            bool // a keyword rather than punctuation
	spaceAfterPunct  bool // space before it when the last literal was punctuation
	spaceAfterOther  bool // space before it otherwise
	emitSpaceAfter   bool // a later element may be preceded by a space
	litIsPunctuation bool
}

// newLiteral returns the element for the literal lit, its spacing precomputed.
func newLiteral(lit string) *fmtElem {
	return &fmtElem{
		kind:             fLiteral,
		text:             lit,
		kwLit:            isKeywordLiteral(lit),
		spaceAfterPunct:  shouldEmitSpaceBefore(lit, true),
		spaceAfterOther:  shouldEmitSpaceBefore(lit, false),
		emitSpaceAfter:   len(lit) != 1 || !strings.ContainsAny(lit[:1], "<({["),
		litIsPunctuation: lit[0] != '_' && !unicode.IsLetter(rune(lit[0])),
	}
}

// attrKind is the constraint of the attribute an attribute variable names, or nil.
func (e *fmtElem) attrKind() *AttrConstraint {
	if e.attr != nil {
		return e.attr.Kind
	}
	return nil
}

// isUnitAttr reports whether e names a unit attribute (spelled by the
// presence of its optional group).
func (e *fmtElem) isUnitAttr() bool { return e.attrKind() == UnitAttrKind }

// attrType is the type that types e's untyped literal, or nil.
func (e *fmtElem) attrType() Type {
	if k := e.attrKind(); k != nil {
		return k.Type
	}
	return nil
}

type compiledFormat struct {
	def   *OpDef
	elems []*fmtElem
	// named lists the attributes the format prints itself (elided from attr-dict).
	named []string
	// scratch recycles the per-parse state (newParse).
	scratch sync.Pool
	// defaulted are the attributes with a default value that the format
	// does not print itself: attr-dict leaves them out while they hold it.
	defaulted []*AttrDef
	// si is the op's schema facts; allTypesMatch is d.AllTypesMatch with
	// its names resolved (inferTypes runs on every parse).
	si            *schemaInfo
	allTypesMatch [][]valueRef
}

// compileFormat parses def.Format; errors are programming mistakes in a dialect table.
func compileFormat(def *OpDef) (*compiledFormat, error) {
	toks, err := lexFormat(def.Format)
	if err != nil {
		return nil, err
	}
	cf := &compiledFormat{def: def, si: def.schema()}
	for _, names := range def.AllTypesMatch {
		refs := make([]valueRef, len(names))
		for i, n := range names {
			refs[i] = def.valueRef(n)
		}
		cf.allTypesMatch = append(cf.allTypesMatch, refs)
	}
	fp := &formatParser{toks: toks, cf: cf}
	cf.elems, err = fp.elements(false)
	if err != nil {
		return nil, err
	}
	if fp.pos != len(toks) {
		return nil, fmt.Errorf("unexpected %q", toks[fp.pos])
	}
	if def.segmented() {
		cf.named = append(cf.named, SegmentSizesAttr)
	}
	for i := range def.Attrs {
		if a := &def.Attrs[i]; a.Default != nil && !slices.Contains(cf.named, a.Name) {
			cf.defaulted = append(cf.defaulted, a)
		}
	}
	return cf, nil
}

func lexFormat(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return nil, fmt.Errorf("unterminated literal")
			}
			toks = append(toks, s[i:i+j+2])
			i += j + 2
		case strings.IndexByte("()<>,^?:", c) >= 0:
			toks = append(toks, string(c))
			i++
		case c == '$' || c == '-' || c == '_' || unicode.IsLetter(rune(c)):
			j := i + 1
			for j < len(s) && (s[j] == '-' || s[j] == '_' || unicode.IsLetter(rune(s[j])) || unicode.IsDigit(rune(s[j]))) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			return nil, fmt.Errorf("unexpected character %q", c)
		}
	}
	return toks, nil
}

type formatParser struct {
	toks []string
	pos  int
	cf   *compiledFormat
}

func (fp *formatParser) peek() string {
	if fp.pos < len(fp.toks) {
		return fp.toks[fp.pos]
	}
	return ""
}

func (fp *formatParser) next() string { t := fp.peek(); fp.pos++; return t }

func (fp *formatParser) expect(t string) error {
	if got := fp.next(); got != t {
		return fmt.Errorf("expected %q, got %q", t, got)
	}
	return nil
}

func (fp *formatParser) elements(inGroup bool) ([]*fmtElem, error) {
	var out []*fmtElem
	for fp.pos < len(fp.toks) && fp.peek() != ")" {
		if inGroup && fp.peek() == ":" {
			break
		}
		e, err := fp.element()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

func (fp *formatParser) element() (*fmtElem, error) {
	t := fp.next()
	switch {
	case strings.HasPrefix(t, "`"):
		lit := t[1 : len(t)-1]
		if lit == "" || lit == " " {
			return &fmtElem{kind: fSpace, text: lit}, nil
		}
		return newLiteral(lit), nil
	case strings.HasPrefix(t, "$"):
		return fp.anchored(fp.variable(t[1:]))
	case t == "attr-dict" || t == "attr-dict-with-keyword":
		return &fmtElem{kind: fAttrDict, keyword: t == "attr-dict-with-keyword"}, nil
	case t == "type" || t == "qualified":
		return fp.anchored(fp.typeDirective(t))
	case t == "functional-type":
		if err := fp.expect("("); err != nil {
			return nil, err
		}
		a, err := fp.typeArg()
		if err != nil {
			return nil, err
		}
		if err := fp.expect(","); err != nil {
			return nil, err
		}
		b, err := fp.typeArg()
		if err != nil {
			return nil, err
		}
		return &fmtElem{kind: fFunctionType, args: []*fmtElem{a, b}}, fp.expect(")")
	case t == "custom":
		if err := fp.expect("<"); err != nil {
			return nil, err
		}
		name := fp.next()
		if err := fp.expect(">"); err != nil {
			return nil, err
		}
		if fp.cf.def.Custom[name].Parse == nil || fp.cf.def.Custom[name].Print == nil {
			return nil, fmt.Errorf("custom<%s> has no hooks in OpDef.Custom", name)
		}
		if err := fp.expect("("); err != nil {
			return nil, err
		}
		e := &fmtElem{kind: fCustom, text: name}
		for fp.peek() != ")" {
			var a *fmtElem
			var err error
			if v := fp.next(); strings.HasPrefix(v, "$") {
				a, err = fp.variable(v[1:])
			} else if v == "type" || v == "qualified" {
				a, err = fp.typeDirective(v)
			} else {
				err = fmt.Errorf("unexpected %q in custom directive", v)
			}
			if err != nil {
				return nil, err
			}
			e.args = append(e.args, a)
			if fp.peek() == "," {
				fp.next()
			}
		}
		fp.next()
		return e, nil
	case t == "(":
		elems, err := fp.elements(true)
		if err != nil {
			return nil, err
		}
		if err := fp.expect(")"); err != nil {
			return nil, err
		}
		if err := fp.expect("?"); err != nil {
			return nil, err
		}
		e := &fmtElem{kind: fOptional, elems: elems}
		if len(elems) == 0 || anchorOf(e) == nil {
			return nil, fmt.Errorf("optional group without an anchor")
		}
		return e, nil
	}
	return nil, fmt.Errorf("unexpected %q", t)
}

func anchorOf(group *fmtElem) *fmtElem {
	for _, e := range group.elems {
		if e.anchor {
			return e
		}
	}
	return nil
}

// anchored marks e as an optional group's anchor when a `^` follows it.
func (fp *formatParser) anchored(e *fmtElem, err error) (*fmtElem, error) {
	if err != nil {
		return nil, err
	}
	if fp.peek() == "^" {
		fp.next()
		e.anchor = true
	}
	return e, nil
}

func (fp *formatParser) variable(name string) (*fmtElem, error) {
	d := fp.cf.def
	if i := d.OperandIndex(name); i >= 0 {
		return &fmtElem{kind: fOperand, name: name, index: i}, nil
	}
	if a := d.AttrDef(name); a != nil {
		fp.cf.named = append(fp.cf.named, name)
		return &fmtElem{kind: fAttr, name: name, attr: a}, nil
	}
	for i, r := range d.Regions {
		if r.Name == name {
			return &fmtElem{kind: fRegion, name: name, index: i}, nil
		}
	}
	for i, s := range d.Successors {
		if s.Name == name {
			return &fmtElem{kind: fSuccessor, name: name, index: i}, nil
		}
	}
	if i := d.ResultIndex(name); i >= 0 {
		return nil, fmt.Errorf("result $%s can only appear in type($%s)", name, name)
	}
	return nil, fmt.Errorf("unknown variable $%s", name)
}

func (fp *formatParser) typeDirective(t string) (*fmtElem, error) {
	if err := fp.expect("("); err != nil {
		return nil, err
	}
	if t == "qualified" {
		if err := fp.expect("type"); err != nil {
			return nil, err
		}
		a, err := fp.typeDirective("type")
		if err != nil {
			return nil, err
		}
		return a, fp.expect(")")
	}
	a, err := fp.typeArg()
	if err != nil {
		return nil, err
	}
	return a, fp.expect(")")
}

// typeArg parses the argument of a type directive: $x, operands or results.
func (fp *formatParser) typeArg() (*fmtElem, error) {
	v := fp.next()
	d := fp.cf.def
	switch v {
	case "operands":
		return &fmtElem{kind: fType, name: "operands", index: -1}, nil
	case "results":
		return &fmtElem{kind: fType, name: "results", index: -1, result: true}, nil
	}
	if !strings.HasPrefix(v, "$") {
		return nil, fmt.Errorf("expected a variable in type directive, got %q", v)
	}
	name := v[1:]
	if i := d.OperandIndex(name); i >= 0 {
		return &fmtElem{kind: fType, name: name, index: i}, nil
	}
	if i := d.ResultIndex(name); i >= 0 {
		return &fmtElem{kind: fType, name: name, index: i, result: true}, nil
	}
	return nil, fmt.Errorf("type($%s) names no operand or result", name)
}

// ---- parsing ----

// formatParse holds what a format parse has read, per schema entry.
type formatParse struct {
	start     int   // the op's custom form (OpParser.Mark)
	opMarks   []int // where each operand group starts (OpParser.Mark)
	operands  [][]UnresolvedOperand
	opTypes   [][]Type
	opTyped   []bool
	resTypes  [][]Type
	resTyped  []bool
	regions   []*Region
	succs     []*Block
	succLists [][]*Block

	// opSpelled marks operand groups whose types the input spelled (a type
	// directive, functional-type or custom directive): their counts must
	// match the operands', whereas an inferred type stands for the whole group.
	opSpelled []bool
	// regionLists holds what a variadic region group parsed.
	regionLists [][]*Region
	// groups are the resolved operand groups.
	groups [][]*Value
	// typeBuf and operandBuf back the one-element lists the parse writes.
	typeBuf    []Type
	operandBuf []UnresolvedOperand
	valueBuf   []*Value
}

// newParse returns cleared parse state sized for cf's op, recycled from
// earlier parses: parsing is on the hot path of every custom-form op.
func (cf *compiledFormat) newParse(start int) *formatParse {
	d := cf.def
	fs, _ := cf.scratch.Get().(*formatParse)
	if fs == nil {
		nOp, nRes, nReg := len(d.Operands), len(d.Results), len(d.Regions)
		fs = &formatParse{
			opMarks:  make([]int, nOp),
			operands: make([][]UnresolvedOperand, nOp),
			opTypes:  make([][]Type, nOp), opTyped: make([]bool, nOp), opSpelled: make([]bool, nOp),
			groups: make([][]*Value, nOp), resTypes: make([][]Type, nRes), resTyped: make([]bool, nRes),
			regions: make([]*Region, nReg), regionLists: make([][]*Region, nReg),
			succs: make([]*Block, len(d.Successors)),
		}
	}
	fs.start = start
	return fs
}

// release clears fs (nothing it refers to may outlive the parse) and
// recycles it.
func (cf *compiledFormat) release(fs *formatParse) {
	clear(fs.opMarks)
	clear(fs.operands)
	clear(fs.opTypes)
	clear(fs.opTyped)
	clear(fs.opSpelled)
	clear(fs.groups)
	clear(fs.resTypes)
	clear(fs.resTyped)
	clear(fs.regions)
	clear(fs.regionLists)
	clear(fs.succs)
	fs.succLists = nil
	clear(fs.typeBuf)
	fs.typeBuf = fs.typeBuf[:0]
	clear(fs.operandBuf)
	fs.operandBuf = fs.operandBuf[:0]
	clear(fs.valueBuf)
	fs.valueBuf = fs.valueBuf[:0]
	cf.scratch.Put(fs)
}

// oneOperand returns the list [u], backed by fs's buffer.
func (fs *formatParse) oneOperand(u UnresolvedOperand) []UnresolvedOperand {
	fs.operandBuf = append(fs.operandBuf, u)
	n := len(fs.operandBuf)
	return fs.operandBuf[n-1 : n : n]
}

// oneType returns the list [t], backed by fs's buffer.
func (fs *formatParse) oneType(t Type) []Type {
	fs.typeBuf = append(fs.typeBuf, t)
	n := len(fs.typeBuf)
	return fs.typeBuf[n-1 : n : n]
}

func (cf *compiledFormat) parse(p OpParser, st *OperationState) error {
	fs := cf.newParse(p.Mark())
	err := cf.parseWith(p, st, fs)
	cf.release(fs)
	return err
}

func (cf *compiledFormat) parseWith(p OpParser, st *OperationState, fs *formatParse) error {
	d := cf.def
	if err := cf.parseElems(p, st, fs, cf.elems); err != nil {
		return err
	}
	if err := cf.inferTypes(p, st, fs); err != nil {
		return err
	}
	groups := fs.groups
	for i := range d.Operands {
		us, ts := fs.operands[i], fs.opTypes[i]
		if len(us) == 0 {
			if fs.opSpelled[i] && len(ts) > 0 {
				return Errorf(p.LocAt(fs.opMarks[i]), "0 operands present, but expected %d", len(ts))
			}
			continue
		}
		if len(ts) != len(us) && (len(ts) != 1 || fs.opSpelled[i]) {
			return Errorf(p.LocAt(fs.opMarks[i]), "%d operands present, but expected %d", len(us), len(ts))
		}
		// OpParser.ResolveOperands, into fs's buffer: the groups are copied
		// into st by SetOperandGroups, so they need not outlive the parse.
		start := len(fs.valueBuf)
		for j, u := range us {
			t := ts[0]
			if len(ts) == len(us) {
				t = ts[j]
			}
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			fs.valueBuf = append(fs.valueBuf, v)
		}
		groups[i] = fs.valueBuf[start:len(fs.valueBuf):len(fs.valueBuf)]
	}
	st.SetOperandGroups(d, groups...)
	for _, ts := range fs.resTypes {
		st.Types = append(st.Types, ts...)
	}
	if d.InferResultTypes != nil && len(d.Results) > 0 && !anyTyped(fs.resTyped) {
		ts, err := d.InferResultTypes(p, st)
		if err != nil {
			return err
		}
		st.Types = append(st.Types[:0], ts...)
	}
	for _, a := range d.Attrs {
		if a.Default != nil && !a.KeepAbsent && !st.HasAttr(a.Name) {
			st.AddAttr(a.Name, a.Default)
		}
	}
	for i, r := range fs.regions {
		if d.Regions[i].Arity == Variadic {
			for _, r := range fs.regionLists[i] {
				cf.ensureTerminator(p, st, r)
			}
			st.Regions = append(st.Regions, fs.regionLists[i]...)
			continue
		}
		cf.ensureTerminator(p, st, r)
		if r == nil {
			if d.Regions[i].Arity == Single {
				r = NewRegion()
			} else {
				continue
			}
		}
		if r.Empty() && d.Traits&SingleBlock != 0 && d.Traits&NoTerminator != 0 {
			// MLIR's generated parsers give a single-block region without a
			// terminator its block (`module {}`).
			r.AppendBlock(NewBlock())
		}
		st.Regions = append(st.Regions, r)
	}
	for _, b := range fs.succs {
		if b != nil {
			st.Successors = append(st.Successors, b)
		}
	}
	return nil
}

func anyTyped(bs []bool) bool {
	for _, b := range bs {
		if b {
			return true
		}
	}
	return false
}

func (cf *compiledFormat) parseElems(p OpParser, st *OperationState, fs *formatParse, elems []*fmtElem) error {
	for _, e := range elems {
		if err := cf.parseElem(p, st, fs, e); err != nil {
			return err
		}
	}
	return nil
}

func (cf *compiledFormat) parseElem(p OpParser, st *OperationState, fs *formatParse, e *fmtElem) error {
	d := cf.def
	switch e.kind {
	case fSpace:
		return nil
	case fLiteral:
		if e.kwLit {
			return p.ParseKeyword(e.text)
		}
		return p.Parse(e.text)
	case fOperand:
		fs.opMarks[e.index] = p.Mark()
		switch d.Operands[e.index].Arity {
		case Single:
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			fs.operands[e.index] = fs.oneOperand(u)
		case Optional:
			u, ok, err := p.ParseOptionalOperand()
			if err != nil {
				return err
			}
			if ok {
				fs.operands[e.index] = fs.oneOperand(u)
			}
		default:
			us, err := p.ParseOperandList(DelimNone)
			if err != nil {
				return err
			}
			fs.operands[e.index] = us
		}
		return nil
	case fAttr:
		if e.isUnitAttr() {
			return nil // spelled by its optional group's presence
		}
		a, err := parseAttr(p, e)
		if err != nil {
			return err
		}
		st.AddAttr(e.name, a)
		return nil
	case fRegion:
		if d.Regions[e.index].Arity == Variadic {
			rs, err := parseRegionList(p)
			fs.regionLists[e.index] = rs
			return err
		}
		r := NewRegion()
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
		fs.regions[e.index] = r
		return nil
	case fSuccessor:
		b, err := p.ParseSuccessor()
		if err != nil {
			return err
		}
		fs.succs[e.index] = b
		return nil
	case fAttrDict:
		if e.keyword {
			return p.ParseOptionalAttrDictWithKeyword(st)
		}
		return p.ParseOptionalAttrDict(st)
	case fType:
		mark := p.Mark() // located only on error: a location costs an allocation
		ts, err := cf.parseTypes(p, e, fs)
		if err != nil {
			return err
		}
		if c := cf.typeConstraint(e); c != nil && c.Class != nil {
			for _, t := range ts {
				if !c.Class(t) {
					return Errorf(p.LocAt(mark), "invalid kind of type specified")
				}
			}
		}
		if err := cf.setTypes(fs, e, ts); err != nil {
			return Errorf(p.LocAt(mark), "%v", err)
		}
		return nil
	case fFunctionType:
		loc := p.Loc()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		ft, ok := t.(*FunctionType)
		if !ok {
			return Errorf(loc, "expected a function type")
		}
		if err := cf.setTypes(fs, e.args[0], ft.Inputs); err != nil {
			return Errorf(loc, "%v", err)
		}
		if err := cf.setTypes(fs, e.args[1], ft.Results); err != nil {
			return Errorf(loc, "%v", err)
		}
		return nil
	case fCustom:
		args := e.customArgs()
		if err := d.Custom[e.text].Parse(p, args); err != nil {
			return err
		}
		for i, a := range e.args {
			switch a.kind {
			case fOperand:
				fs.operands[a.index] = args[i].Operands
			case fType:
				if !a.result && a.index >= 0 && len(fs.operands[a.index]) == 0 && cf.def.Operands[a.index].Arity == Optional {
					continue // a directive may type an optional operand the input left out
				}
				if err := cf.setTypes(fs, a, args[i].Types); err != nil {
					return p.Errorf("%v", err)
				}
			case fAttr:
				if args[i].Attr != nil {
					st.AddAttr(a.name, args[i].Attr)
				}
			case fRegion:
				if d.Regions[a.index].Arity == Variadic {
					fs.regionLists[a.index] = args[i].Regions
				} else {
					fs.regions[a.index] = args[i].Region
				}
			}
		}
		return nil
	case fOptional:
		// Spacing directives (`` `[` ...) print only; the group starts after them.
		first := 0
		for first < len(e.elems)-1 && e.elems[first].kind == fSpace {
			first++
		}
		present, err := cf.parseGroupStart(p, st, fs, e.elems[first])
		if err != nil || !present {
			return err
		}
		if a := anchorOf(e); a.kind == fAttr && a.isUnitAttr() {
			st.AddAttr(a.name, &UnitAttr{})
		}
		return cf.parseElems(p, st, fs, e.elems[first+1:])
	}
	return fmt.Errorf("ir: unhandled format element")
}

// parseGroupStart parses the first element of an optional group when it is
// present, reporting whether it was.
func (cf *compiledFormat) parseGroupStart(p OpParser, st *OperationState, fs *formatParse, e *fmtElem) (bool, error) {
	switch e.kind {
	case fLiteral:
		if e.kwLit {
			return p.ParseOptionalKeyword(e.text), nil
		}
		return p.ParseOptional(e.text), nil
	case fOperand:
		fs.opMarks[e.index] = p.Mark()
		if cf.def.Operands[e.index].Arity == Variadic {
			us, err := p.ParseOperandList(DelimNone)
			fs.operands[e.index] = us
			return len(us) > 0, err
		}
		u, ok, err := p.ParseOptionalOperand()
		if ok {
			fs.operands[e.index] = fs.oneOperand(u)
		}
		return ok, err
	case fAttr:
		if k := e.attrKind(); k != nil && k.Parse != nil {
			if k.ParseOptional == nil {
				return false, fmt.Errorf("ir: $%s starts an optional group but has no ParseOptional", e.name)
			}
			a, ok, err := k.ParseOptional(p)
			if ok {
				st.AddAttr(e.name, a)
			}
			return ok, err
		}
		a, ok, err := p.ParseOptionalAttribute(e.attrType())
		if ok {
			st.AddAttr(e.name, a)
		}
		return ok, err
	case fRegion:
		r := NewRegion()
		ok, err := p.ParseOptionalRegion(r, nil)
		if ok {
			fs.regions[e.index] = r
		}
		return ok, err
	case fType:
		t, ok, err := p.ParseOptionalType()
		if ok {
			err = cf.setTypes(fs, e, fs.oneType(t))
		}
		return ok, err
	}
	return false, fmt.Errorf("ir: unsupported first element in optional group")
}

func (cf *compiledFormat) parseTypes(p OpParser, e *fmtElem, fs *formatParse) ([]Type, error) {
	var arity Arity
	switch {
	case e.index < 0:
		arity = Variadic
	case e.result:
		arity = cf.def.Results[e.index].Arity
	default:
		arity = cf.def.Operands[e.index].Arity
	}
	switch arity {
	case Single:
		t, err := p.ParseType()
		return fs.oneType(t), err
	case Optional:
		if !e.result && len(fs.operands[e.index]) == 0 {
			return nil, nil
		}
		t, ok, err := p.ParseOptionalType()
		if !ok || err != nil {
			return nil, err
		}
		return fs.oneType(t), nil
	}
	if !e.result && e.index >= 0 && len(fs.operands[e.index]) == 0 {
		return nil, nil
	}
	if e.index < 0 && e.name == "operands" && cf.numParsedOperands(fs) == 0 {
		return nil, nil
	}
	t, ok, err := p.ParseOptionalType()
	if !ok || err != nil {
		return nil, err
	}
	ts := []Type{t}
	for p.ParseOptional(",") {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	return ts, nil
}

func (cf *compiledFormat) numParsedOperands(fs *formatParse) int {
	n := 0
	for _, us := range fs.operands {
		n += len(us)
	}
	return n
}

// setTypes records ts for the group (or all groups) e names.
func (cf *compiledFormat) setTypes(fs *formatParse, e *fmtElem, ts []Type) error {
	switch {
	case e.index < 0 && e.name == "operands":
		if n := cf.numParsedOperands(fs); n != len(ts) {
			return fmt.Errorf("%d operands present, but expected %d", n, len(ts))
		}
		i := 0
		for g := range fs.operands {
			n := len(fs.operands[g])
			fs.opTypes[g], fs.opTyped[g] = ts[i:i+n], true
			i += n
		}
	case e.index < 0 && e.name == "results":
		r, ok := groupRanges(cf.def.Results, len(ts), nil)
		if !ok {
			return fmt.Errorf("%d result types given, but the op declares %s", len(ts), describeValues(cf.def.Results))
		}
		for g := range fs.resTypes {
			fs.resTypes[g], fs.resTyped[g] = ts[r[g][0]:r[g][1]], true
		}
	case e.result:
		fs.resTypes[e.index], fs.resTyped[e.index] = ts, true
	default:
		fs.opTypes[e.index], fs.opTyped[e.index] = ts, true
		fs.opSpelled[e.index] = true
	}
	return nil
}

// inferTypes fills the types the format does not spell.
func (cf *compiledFormat) inferTypes(p OpParser, st *OperationState, fs *formatParse) error {
	d := cf.def
	known := func() Type {
		for g, ok := range fs.resTyped {
			if ok && len(fs.resTypes[g]) > 0 {
				return fs.resTypes[g][0]
			}
		}
		for g, ok := range fs.opTyped {
			if ok && len(fs.opTypes[g]) > 0 {
				return fs.opTypes[g][0]
			}
		}
		return nil
	}
	for g, v := range d.Operands {
		if !fs.opTyped[g] && v.Type != nil && v.Type.Fixed != nil {
			fs.opTypes[g], fs.opTyped[g] = fs.oneType(v.Type.Fixed), true
		}
	}
	for g, v := range d.Results {
		if !fs.resTyped[g] && v.Type != nil && v.Type.Fixed != nil && v.Arity == Single {
			fs.resTypes[g], fs.resTyped[g] = fs.oneType(v.Type.Fixed), true
		}
	}
	if d.Traits&SameOperandsAndResultType != 0 {
		if t := known(); t != nil {
			for g := range fs.opTyped {
				if !fs.opTyped[g] {
					fs.opTypes[g], fs.opTyped[g] = fs.oneType(t), true
				}
			}
			for g := range fs.resTyped {
				if !fs.resTyped[g] && d.Results[g].Arity == Single {
					fs.resTypes[g], fs.resTyped[g] = fs.oneType(t), true
				}
			}
		}
	}
	for _, refs := range cf.allTypesMatch {
		var t Type
		for _, r := range refs {
			if t = fs.typeOf(r); t != nil {
				break
			}
		}
		if t == nil {
			continue
		}
		for _, r := range refs {
			fs.setInferred(r, t)
		}
	}
	for i, m := range d.TypesMatchWith {
		from := fs.typeOf(cf.si.matches[2*i])
		if from == nil {
			continue
		}
		t := m.Transform(from)
		if t == nil {
			continue
		}
		fs.setInferred(cf.si.matches[2*i+1], t)
	}
	for g := range d.Operands {
		if len(fs.operands[g]) > 0 && !fs.opTyped[g] {
			return Errorf(p.LocAt(fs.start), "cannot infer the type of operand group '%s'", d.Operands[g].Name)
		}
	}
	if d.InferResultTypes == nil {
		for g, v := range d.Results {
			if !fs.resTyped[g] && v.Arity == Single {
				return Errorf(p.LocAt(fs.start), "cannot infer the type of result '%s'", v.Name)
			}
		}
	}
	return nil
}

// typeOf returns the parsed or inferred type of the operand or result
// group r names (its first type), or nil.
func (fs *formatParse) typeOf(r valueRef) Type {
	switch {
	case r.index < 0:
	case !r.result:
		if fs.opTyped[r.index] && len(fs.opTypes[r.index]) > 0 {
			return fs.opTypes[r.index][0]
		}
	case fs.resTyped[r.index] && len(fs.resTypes[r.index]) > 0:
		return fs.resTypes[r.index][0]
	}
	return nil
}

// setInferred gives the group r names the type t unless it has one.
func (fs *formatParse) setInferred(r valueRef, t Type) {
	switch {
	case r.index < 0:
	case !r.result:
		if !fs.opTyped[r.index] {
			fs.opTypes[r.index], fs.opTyped[r.index] = fs.oneType(t), true
		}
	case !fs.resTyped[r.index]:
		fs.resTypes[r.index], fs.resTyped[r.index] = fs.oneType(t), true
	}
}

// typeConstraint returns the constraint of the group a type directive names, or nil.
func (cf *compiledFormat) typeConstraint(e *fmtElem) *TypeConstraint {
	switch {
	case e.index < 0:
		return nil
	case e.result:
		return cf.def.Results[e.index].Type
	}
	return cf.def.Operands[e.index].Type
}

// parseAttr reads the attribute the variable e names, in its short form
// when its constraint has one.
func parseAttr(p OpParser, e *fmtElem) (Attribute, error) {
	if k := e.attrKind(); k != nil && k.Parse != nil {
		return k.Parse(p)
	}
	return p.ParseAttribute(e.attrType())
}

func isKeywordLiteral(s string) bool {
	return s != "" && (s[0] == '_' || unicode.IsLetter(rune(s[0])))
}

// ---- printing ----

type formatPrinter struct {
	p                  OpPrinter
	op                 *Operation
	cf                 *compiledFormat
	shouldEmitSpace    bool
	lastWasPunctuation bool
}

// operandRange returns the [start, end) of operand group i.
func (fp *formatPrinter) operandRange(i int) (int, int, bool) {
	d := fp.cf.def
	if i < 0 || i >= len(d.Operands) {
		return 0, 0, false
	}
	return d.operandRange(fp.cf.si, fp.op, i)
}

// group returns operand group i (for a custom directive).
func (fp *formatPrinter) group(i int) []*Value {
	start, end, ok := fp.operandRange(i)
	if !ok {
		return nil
	}
	vs := make([]*Value, end-start)
	for j := range vs {
		vs[j] = fp.op.operands[start+j].value
	}
	return vs
}

// printGroup prints operand group i, comma-separated, without building a
// slice of its values.
func (fp *formatPrinter) printGroup(i int) {
	start, end, ok := fp.operandRange(i)
	if !ok {
		return
	}
	for j := start; j < end; j++ {
		if j > start {
			fp.p.Print(", ")
		}
		fp.p.PrintOperand(fp.op.operands[j].value)
	}
}

func (cf *compiledFormat) print(p OpPrinter, op *Operation) {
	fp := formatPrinter{p: p, op: op, cf: cf, shouldEmitSpace: true}
	fp.elems(cf.elems)
}

func (fp *formatPrinter) elems(es []*fmtElem) {
	for _, e := range es {
		fp.elem(e)
	}
}

// shouldEmitSpaceBefore is MLIR's rule for a space before a literal.
func shouldEmitSpaceBefore(value string, lastWasPunctuation bool) bool {
	if len(value) != 1 && value != "->" {
		return true
	}
	if lastWasPunctuation {
		return !strings.ContainsAny(value[:1], ">)}],")
	}
	return !strings.ContainsAny(value[:1], "<>(){}[],")
}

func (fp *formatPrinter) space() {
	if fp.shouldEmitSpace || !fp.lastWasPunctuation {
		fp.p.Print(" ")
	}
	fp.lastWasPunctuation = false
	fp.shouldEmitSpace = true
}

func (fp *formatPrinter) elem(e *fmtElem) {
	p := fp.p
	switch e.kind {
	case fLiteral:
		if fp.shouldEmitSpace && (fp.lastWasPunctuation && e.spaceAfterPunct || !fp.lastWasPunctuation && e.spaceAfterOther) {
			p.Print(" ")
		}
		p.Print(e.text)
		fp.shouldEmitSpace = e.emitSpaceAfter
		fp.lastWasPunctuation = e.litIsPunctuation
	case fSpace:
		if e.text == " " {
			p.Print(" ")
			fp.lastWasPunctuation = false
		} else {
			fp.lastWasPunctuation = true
		}
		fp.shouldEmitSpace = false
	case fAttrDict:
		fp.attrDict(e)
		fp.lastWasPunctuation = false
	case fOptional:
		if fp.present(anchorOf(e)) {
			fp.elems(e.elems)
		}
	case fAttr:
		if e.isUnitAttr() {
			return // spelled by its optional group
		}
		fp.space()
		fp.value(e)
	default:
		fp.space()
		fp.value(e)
	}
}

// attrDict prints the attributes the format does not spell itself.
// Attributes equal to their declared default are not printed (MLIR's
// generated printers elide DefaultValuedAttr values).
func (fp *formatPrinter) attrDict(e *fmtElem) {
	op, cf := fp.op, fp.cf
	if !fp.anyAttrLeft() {
		return // the usual case: nothing to print, nothing to collect
	}
	elided := cf.named
	for _, a := range cf.defaulted {
		if op.Attr(a.Name) == a.Default {
			elided = append(elided[:len(elided):len(elided)], a.Name)
		}
	}
	if e.keyword {
		fp.p.PrintOptionalAttrDictWithKeyword(op.Attrs(), elided...)
	} else {
		fp.p.PrintOptionalAttrDict(op.Attrs(), elided...)
	}
}

// anyAttrLeft reports whether attr-dict has an attribute to print: one the
// format does not name whose value is not its declared default.
func (fp *formatPrinter) anyAttrLeft() bool {
	for _, list := range [2][]NamedAttribute{fp.op.props, fp.op.attrs} {
		for _, a := range list {
			if !fp.elidedAttr(a.Name) {
				return true
			}
		}
	}
	return false
}

func (fp *formatPrinter) elidedAttr(name string) bool {
	if slices.Contains(fp.cf.named, name) {
		return true
	}
	for _, d := range fp.cf.defaulted {
		if d.Name == name && fp.op.Attr(name) == d.Default {
			return true
		}
	}
	return false
}

func (fp *formatPrinter) value(e *fmtElem) {
	op, p := fp.op, fp.p
	switch e.kind {
	case fOperand:
		fp.printGroup(e.index)
	case fAttr:
		a := op.Attr(e.name)
		if a == nil || e.isUnitAttr() {
			return
		}
		k := e.attrKind()
		switch {
		case k != nil && k.Print != nil:
			k.Print(p, a)
		case k != nil && k.Type != nil:
			p.PrintAttributeWithoutType(a)
		default:
			p.PrintAttribute(a)
		}
	case fRegion:
		for i, r := range fp.regionGroup(e.index) {
			if i > 0 {
				p.Print(", ")
			}
			p.PrintRegion(r, true, fp.printTerminator(r))
		}
	case fSuccessor:
		if e.index < len(op.succs) {
			p.PrintSuccessor(op.succs[e.index])
		}
	case fType:
		// OpPrinter.PrintTypes, written element by element so that no
		// list of types is built.
		results, start, end, _ := fp.typeRange(e)
		for j := start; j < end; j++ {
			if j > start {
				p.Print(", ")
			}
			if results {
				p.PrintType(op.results[j].typ)
			} else {
				p.PrintType(op.operands[j].value.typ)
			}
		}
	case fFunctionType:
		p.PrintType(Function(fp.types(e.args[0]), fp.types(e.args[1])))
	case fCustom:
		args := e.customArgs()
		for i, a := range e.args {
			switch a.kind {
			case fOperand:
				args[i].Values = fp.group(a.index)
			case fType:
				args[i].Types = fp.types(a)
			case fAttr:
				args[i].Attr = op.Attr(a.name)
			case fRegion:
				args[i].Regions = fp.regionGroup(a.index)
				if len(args[i].Regions) > 0 {
					args[i].Region = args[i].Regions[0]
				}
			}
		}
		fp.cf.def.Custom[e.text].Print(p, op, args)
	}
}

// customArgs returns the named, unfilled arguments of a custom directive,
// in one backing array rather than one allocation each.
func (e *fmtElem) customArgs() []*FormatArg {
	args := make([]*FormatArg, len(e.args))
	backing := make([]FormatArg, len(e.args))
	for i, a := range e.args {
		backing[i] = FormatArg{Name: a.name, IsType: a.kind == fType}
		args[i] = &backing[i]
	}
	return args
}

// typeRange says which values a type directive names: results or operands
// [start, end); ok is false (and the range empty) when the op does not fit
// its declaration.
func (fp *formatPrinter) typeRange(e *fmtElem) (results bool, start, end int, ok bool) {
	op := fp.op
	switch {
	case e.index < 0 && e.name == "operands":
		return false, 0, len(op.operands), true
	case e.index < 0 && e.name == "results":
		return true, 0, len(op.results), true
	case e.result:
		start, end, ok = fp.cf.def.resultRange(fp.cf.si, op, e.index)
		results = true
	default:
		start, end, ok = fp.operandRange(e.index)
	}
	if !ok {
		return results, 0, 0, false
	}
	return results, start, end, true
}

// types returns the types a type directive names.
func (fp *formatPrinter) types(e *fmtElem) []Type {
	results, start, end, ok := fp.typeRange(e)
	if !ok {
		return nil
	}
	ts := make([]Type, end-start)
	for j := range ts {
		if results {
			ts[j] = fp.op.results[start+j].typ
		} else {
			ts[j] = fp.op.operands[start+j].value.typ
		}
	}
	return ts
}

func valueTypes(vs []*Value) []Type {
	ts := make([]Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// present reports whether an optional group's anchor is there.
func (fp *formatPrinter) present(a *fmtElem) bool {
	op := fp.op
	switch a.kind {
	case fOperand:
		start, end, ok := fp.operandRange(a.index)
		return ok && end > start
	case fAttr:
		v := op.Attr(a.name)
		return v != nil && (a.attr == nil || v != a.attr.Default)
	case fRegion:
		for _, r := range fp.regionGroup(a.index) {
			if !r.Empty() {
				return true
			}
		}
		return false
	case fType:
		_, start, end, _ := fp.typeRange(a)
		return end > start
	case fCustom:
		return true
	}
	return true
}

// installFormat compiles def.Format into def.Parse and def.Print.
func installFormat(def *OpDef) {
	if def.Format == "" || def.Parse != nil || def.Print != nil {
		return
	}
	cf, err := compileFormat(def)
	if err != nil {
		panic(fmt.Sprintf("ir: op %q: format %q: %v", def.Name, def.Format, err))
	}
	def.Parse = cf.parse
	def.Print = cf.print
}

// parseRegionList reads a variadic region group: regions separated by
// commas, possibly none (`{...}, {...}`).
func parseRegionList(p OpParser) ([]*Region, error) {
	var rs []*Region
	for {
		r := NewRegion()
		ok, err := p.ParseOptionalRegion(r, nil)
		if err != nil || !ok {
			return rs, err
		}
		rs = append(rs, r)
		if !p.ParseOptional(",") {
			return rs, nil
		}
	}
}

// regionGroup returns the regions of declared region group i: one region,
// or for a variadic group (declared last) every region from i on.
func (fp *formatPrinter) regionGroup(i int) []*Region {
	op := fp.op
	if i >= op.NumRegions() {
		return nil
	}
	if fp.cf.def.Regions[i].Arity == Variadic {
		return op.regions[i:max(i, op.NumRegions()-(len(fp.cf.def.Regions)-1-i))]
	}
	return op.regions[i : i+1]
}

// ensureTerminator gives a parsed region of an op with an implicit
// terminator its entry block and terminator when the text leaves them out
// (MLIR's SingleBlockImplicitTerminator in generated parsers).
func (cf *compiledFormat) ensureTerminator(p OpParser, st *OperationState, r *Region) {
	name := cf.def.ImplicitTerminator
	if name == "" || r == nil {
		return
	}
	if r.Empty() {
		r.AppendBlock(NewBlock())
	}
	b := r.Front()
	if last := b.Last(); last != nil && last.HasTrait(Terminator) {
		return
	}
	b.Append(p.Context().NewOperation(&OperationState{Name: name, Loc: st.Loc}))
}

// printTerminator reports whether r's terminator is printed: an op's
// implicit terminator is left out when it carries nothing (no operands,
// results or attributes), as MLIR's generated printers do.
func (fp *formatPrinter) printTerminator(r *Region) bool {
	name := fp.cf.def.ImplicitTerminator
	b := r.Front()
	if name == "" || b == nil || b.Last() == nil {
		return true
	}
	t := b.Last()
	return t.Name() != name || t.NumOperands() != 0 || t.NumResults() != 0 || len(t.Attrs()) != 0
}
