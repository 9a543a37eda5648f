package parser

import (
	"sort"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// valueEntry is a defined value or a forward-reference placeholder, with
// where it was defined or first used.
type valueEntry struct {
	v  *ir.Value
	at posLoc
}

// newEntries returns a slice of n empty entries, carved from a slab so that
// the common single-result name costs no allocation of its own.
func (p *parser) newEntries(n int) []valueEntry {
	if n > 1 {
		return make([]valueEntry, n)
	}
	if len(p.entrySlab) == 0 {
		p.entrySlab = make([]valueEntry, 1024)
	}
	e := p.entrySlab[:1:1]
	p.entrySlab = p.entrySlab[1:]
	return e
}

// grow extends entries to hold index num.
func (p *parser) grow(entries []valueEntry, num int) []valueEntry {
	if num < len(entries) {
		return entries
	}
	if entries == nil {
		return p.newEntries(num + 1)
	}
	return append(entries, make([]valueEntry, num+1-len(entries))...)
}

// isolatedScope maps SSA names (without '%') to values by result number.
// Nested regions push name scopes inside it; their definitions are dropped
// when they end, while forward references stay until defined.
type isolatedScope struct {
	values map[string][]valueEntry
	defs   [][]string
}

// blockScope holds the block labels of one region.
type blockScope struct {
	byName map[string]*blockDef
	fwd    map[*ir.Block]int // forward-referenced, not yet defined blocks → first use
}

type blockDef struct {
	b   *ir.Block
	pos int
}

// useInfo is a parsed SSA use `%name#N`.
type useInfo struct {
	name string // without '%'
	num  int
	at   posLoc
}

func (p *parser) pushSSAScope(isolated bool) {
	if isolated || len(p.isolated) == 0 {
		p.isolated = append(p.isolated, &isolatedScope{values: map[string][]valueEntry{}, defs: [][]string{nil}})
	} else {
		s := p.isolated[len(p.isolated)-1]
		s.defs = append(s.defs, nil)
	}
	p.blockScopes = append(p.blockScopes, &blockScope{})
}

func (p *parser) popSSAScope() error {
	bs := p.blockScopes[len(p.blockScopes)-1]
	p.blockScopes = p.blockScopes[:len(p.blockScopes)-1]
	if len(bs.fwd) > 0 {
		var pos []int
		for _, at := range bs.fwd {
			pos = append(pos, at)
		}
		sort.Ints(pos)
		var errs ir.DiagList
		for _, at := range pos {
			errs = append(errs, p.errAt(at, "reference to an undefined block"))
		}
		return errs
	}
	s := p.isolated[len(p.isolated)-1]
	if len(s.defs) == 1 {
		p.isolated = p.isolated[:len(p.isolated)-1]
		return nil
	}
	for _, name := range s.defs[len(s.defs)-1] {
		delete(s.values, name)
	}
	s.defs = s.defs[:len(s.defs)-1]
	return nil
}

func (p *parser) isForwardRef(v *ir.Value) bool {
	_, ok := p.fwdValues[v]
	return ok
}

// addDefinition binds %name#num to v, resolving a forward reference.
func (p *parser) addDefinition(u useInfo, v *ir.Value) error {
	s := p.isolated[len(p.isolated)-1]
	entries := p.grow(s.values[u.name], u.num)
	if existing := entries[u.num].v; existing != nil {
		if !p.isForwardRef(existing) {
			return ir.Errorf(u.at.location(p), "redefinition of SSA value '%%%s'", u.name).
				AttachNote(entries[u.num].at.location(p), "previously defined here")
		}
		if existing.Type() != v.Type() {
			return ir.Errorf(u.at.location(p), "definition of SSA value '%%%s#%d' has type %s", u.name, u.num, quoteType(v.Type())).
				AttachNote(entries[u.num].at.location(p), "previously used here with type %s", quoteType(existing.Type()))
		}
		existing.ReplaceAllUsesWith(v)
		delete(p.fwdValues, existing)
	}
	entries[u.num] = valueEntry{v, u.at}
	s.values[u.name] = entries
	top := len(s.defs) - 1
	s.defs[top] = append(s.defs[top], u.name)
	return nil
}

// resolveSSAUse returns the value of u with type t, creating a forward
// reference placeholder when it is not defined yet.
func (p *parser) resolveSSAUse(u useInfo, t ir.Type) (*ir.Value, error) {
	s := p.isolated[len(p.isolated)-1]
	entries := s.values[u.name]
	if u.num < len(entries) && entries[u.num].v != nil {
		v := entries[u.num].v
		if v.Type() == t {
			return v, nil
		}
		return nil, ir.Errorf(u.at.location(p), "use of value '%%%s' expects different type than prior uses: %s vs %s", u.name, quoteType(t), quoteType(v.Type())).
			AttachNote(entries[u.num].at.location(p), "prior use here")
	}
	entries = p.grow(entries, u.num)
	if entries[0].v != nil && !p.isForwardRef(entries[0].v) {
		return nil, ir.Errorf(u.at.location(p), "reference to invalid result number")
	}
	ph := ir.NewBlock(t).Argument(0)
	p.fwdValues[ph] = u.at
	entries[u.num] = valueEntry{ph, u.at}
	s.values[u.name] = entries
	return ph, nil
}

// referenceLoc returns where %name#num was defined or used in the current scope.
func (p *parser) referenceLoc(name string, num int) (posLoc, bool) {
	s := p.isolated[len(p.isolated)-1]
	entries := s.values[name]
	if num < len(entries) && entries[num].v != nil {
		return entries[num].at, true
	}
	return posLoc{}, false
}

// parseSSAUse parses `%name` or `%name#N`.
func (p *parser) parseSSAUse(allowResultNumber bool) (useInfo, error) {
	if !p.is(tPercent) {
		return useInfo{}, p.errWrongTok("expected SSA operand")
	}
	u := useInfo{name: p.src[p.tok.start+1 : p.tok.end], at: posLoc{pos: p.tok.start}}
	p.consume()
	if p.is(tHash) {
		if !allowResultNumber {
			return u, p.errHere("result number not allowed in argument list")
		}
		n, err := strconv.ParseUint(p.src[p.tok.start+1:p.tok.end], 10, 31)
		if err != nil {
			return u, p.errHere("invalid SSA value result number")
		}
		u.num = int(n)
		p.consume()
	}
	return u, nil
}

// parseOptionalSSAUseList parses `%a, %b#1` when a `%` id is next.
func (p *parser) parseOptionalSSAUseList(us []useInfo) ([]useInfo, error) {
	if !p.is(tPercent) {
		return us, nil
	}
	err := p.parseCommaList(func() error {
		u, err := p.parseSSAUse(true)
		us = append(us, u)
		return err
	})
	return us, err
}

// ---- blocks ----

// blockNamed returns the block labelled name in the current region,
// forward-declaring it when not yet defined.
func (p *parser) blockNamed(name string, pos int) *ir.Block {
	bs := p.blockScopes[len(p.blockScopes)-1]
	if bs.byName == nil {
		bs.byName = map[string]*blockDef{}
	}
	if d, ok := bs.byName[name]; ok {
		return d.b
	}
	b := ir.NewBlock()
	bs.byName[name] = &blockDef{b, pos}
	if bs.fwd == nil {
		bs.fwd = map[*ir.Block]int{}
	}
	bs.fwd[b] = pos
	return b
}

func (p *parser) parseSuccessor() (*ir.Block, error) {
	if !p.is(tCaret) {
		return nil, p.errWrongTok("expected block name")
	}
	b := p.blockNamed(p.text(), p.tok.start)
	p.consume()
	return b, nil
}

// parseBlock parses `^label(args): ops` (the label is optional for the
// entry block, which the caller passes in).
func (p *parser) parseBlock(given *ir.Block) (*ir.Block, error) {
	if given != nil && !p.is(tCaret) {
		return given, p.parseBlockBody(given)
	}
	namePos := p.tok.start
	if !p.is(tCaret) {
		return nil, p.errWrongTok("expected block name")
	}
	name := p.text()
	p.consume()
	bs := p.blockScopes[len(p.blockScopes)-1]
	if bs.byName == nil {
		bs.byName = map[string]*blockDef{}
	}
	d, ok := bs.byName[name]
	switch {
	case !ok:
		b := given
		if b == nil {
			b = ir.NewBlock()
		}
		d = &blockDef{b, namePos}
		bs.byName[name] = d
	default:
		if _, fwd := bs.fwd[d.b]; !fwd {
			return nil, p.errAt(namePos, "redefinition of block '%s'", name)
		}
		delete(bs.fwd, d.b)
		d.pos = namePos
	}
	b := d.b
	if p.is(tLParen) {
		if err := p.parseBlockArgList(b); err != nil {
			return nil, err
		}
	}
	if err := p.expect(tColon, "expected ':' after block name"); err != nil {
		return nil, err
	}
	return b, p.parseBlockBody(b)
}

func (p *parser) parseBlockArgList(b *ir.Block) error {
	existing := b.NumArguments() != 0
	next := 0
	return p.parseDelimitedList(ir.DelimParen, func() error {
		u, err := p.parseSSAUse(true)
		if err != nil {
			return err
		}
		if err := p.expect(tColon, "expected ':' and type for SSA operand"); err != nil {
			return err
		}
		t, err := p.parseType()
		if err != nil {
			return err
		}
		var arg *ir.Value
		if existing {
			if next >= b.NumArguments() {
				return p.errHere("too many arguments specified in argument list")
			}
			arg = b.Argument(next)
			next++
			if arg.Type() != t {
				return p.errHere("argument and block argument type mismatch")
			}
		} else {
			arg = b.AddArgument(t, p.locAt(u.at.pos))
		}
		l, ok, err := p.parseTrailingLocation()
		if err != nil {
			return err
		}
		if ok {
			arg.SetLoc(l)
		}
		return p.addDefinition(u, arg)
	}, "")
}

func (p *parser) parseBlockBody(b *ir.Block) error {
	for !p.is(tCaret) && !p.is(tRBrace) {
		if err := p.parseOperation(b); err != nil {
			return err
		}
	}
	return nil
}

// ---- regions ----

// parseRegion parses `{ blocks }` into r; args (when named) become the entry
// block's arguments. isolated starts a fresh SSA name scope (shadowing).
func (p *parser) parseRegion(r *ir.Region, args []ir.Argument, isolated bool) error {
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	if err := p.expect(tLBrace, "expected '{' to begin a region"); err != nil {
		return err
	}
	if len(args) > 0 || !p.is(tRBrace) {
		if err := p.parseRegionBody(r, args, isolated); err != nil {
			return err
		}
	}
	return p.expect(tRBrace, "expected '}' to end a region")
}

func (p *parser) parseRegionBody(r *ir.Region, args []ir.Argument, isolated bool) error {
	p.pushSSAScope(isolated)
	entry := ir.NewBlock()
	if len(args) > 0 && args[0].Name.Name != "" {
		if p.is(tCaret) {
			return p.errHere("invalid block name in region with named arguments")
		}
		for _, a := range args {
			at := posLoc{pos: p.tok.start, loc: a.Name.Loc}
			if prev, ok := p.referenceLoc(a.Name.Name, a.Name.Number); ok {
				return ir.Errorf(at.location(p), "region entry argument '%%%s' is already in use", a.Name.Name).
					AttachNote(prev.location(p), "previously referenced here")
			}
			loc := a.Loc
			if loc == nil {
				loc = at.location(p)
			}
			v := entry.AddArgument(a.Type, loc)
			if err := p.addDefinition(useInfo{name: a.Name.Name, num: a.Name.Number, at: at}, v); err != nil {
				return err
			}
		}
	}
	entry, err := p.parseBlock(entry)
	if err != nil {
		return err
	}
	if len(args) > 0 && entry.NumArguments() > len(args) {
		return p.errHere("entry block arguments were already defined")
	}
	r.AppendBlock(entry)
	for !p.is(tRBrace) {
		if p.is(tEOF) || p.is(tError) {
			return p.errWrongTok("expected '}' to end a region")
		}
		b, err := p.parseBlock(nil)
		if err != nil {
			return err
		}
		r.AppendBlock(b)
	}
	return p.popSSAScope()
}

// ---- operations ----

type resultGroup struct {
	name  string
	count int
	pos   int
}

// parseOperation parses one operation (generic or custom form) into blk.
func (p *parser) parseOperation(blk *ir.Block) error {
	startPos := p.tok.start
	var buf [1]resultGroup
	results := buf[:0]
	numExpected := 0
	if p.is(tPercent) {
		err := p.parseCommaList(func() error {
			if !p.is(tPercent) {
				return p.errWrongTok("expected valid ssa identifier")
			}
			g := resultGroup{name: p.src[p.tok.start+1 : p.tok.end], count: 1, pos: p.tok.start}
			p.consume()
			if p.consumeIf(tColon) {
				const fewer = "expected named operation to have at least 1 result"
				pos := p.tok.start
				n, err := p.parseUint(31, "expected integer number of results", fewer)
				if err != nil {
					return err
				}
				if n < 1 {
					return p.errAt(pos, "%s", fewer)
				}
				g.count = int(n)
			}
			results = append(results, g)
			numExpected += g.count
			return nil
		})
		if err != nil {
			return err
		}
		if err := p.expect(tEqual, "expected '=' after SSA name"); err != nil {
			return err
		}
	}
	var op *ir.Operation
	var err error
	switch p.tok.kind {
	case tBareIdent:
		op, err = p.parseCustomOperation(numExpected)
	case tString:
		op, err = p.parseGenericOperation()
	default:
		return p.errWrongTok("expected operation name in quotes")
	}
	if err != nil {
		return err
	}
	blk.Append(op)
	if len(results) == 0 {
		return nil
	}
	if op.NumResults() == 0 {
		return p.errAt(startPos, "cannot name an operation with no results")
	}
	if numExpected != op.NumResults() {
		return p.errAt(startPos, "operation defines %d results but was provided %d to bind", op.NumResults(), numExpected)
	}
	i := 0
	for _, g := range results {
		for k := 0; k < g.count; k++ {
			if err := p.addDefinition(useInfo{name: g.name, num: k, at: posLoc{pos: g.pos}}, op.Result(i)); err != nil {
				return err
			}
			i++
		}
	}
	return nil
}

const unregisteredOpMsg = "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used"

func (p *parser) parseGenericOperation() (*ir.Operation, error) {
	namePos := p.tok.start
	name := p.stringValue()
	if name == "" {
		return nil, p.errHere("empty operation name is invalid")
	}
	if strings.IndexByte(name, 0) >= 0 {
		return nil, p.errHere("null character not allowed in operation name")
	}
	def := p.ctx.OpDef(name)
	if def == nil && !p.ctx.AllowUnregistered {
		d, _, _ := strings.Cut(name, ".")
		if p.ctx.Dialect(d) == nil {
			return nil, p.errHere(unregisteredOpMsg)
		}
	}
	p.consume()
	st := ir.OperationState{Name: p.intern(name), Loc: p.locAt(namePos)}

	if err := p.expect(tLParen, "expected '(' to start operand list"); err != nil {
		return nil, err
	}
	var ubuf [4]useInfo
	uses, err := p.parseOptionalSSAUseList(ubuf[:0])
	if err != nil {
		return nil, err
	}
	if err := p.expect(tRParen, "expected ')' to end operand list"); err != nil {
		return nil, err
	}
	if p.is(tLSquare) {
		if def != nil && def.Traits&ir.Terminator == 0 {
			return nil, p.errHere("successors in non-terminator")
		}
		err := p.parseDelimitedList(ir.DelimSquare, func() error {
			b, err := p.parseSuccessor()
			st.Successors = append(st.Successors, b)
			return err
		}, "")
		if err != nil {
			return nil, err
		}
	}
	if p.consumeIf(tLess) {
		pos := p.tok.start
		a, err := p.parseAttribute(nil)
		if err != nil {
			return nil, err
		}
		d, ok := a.(*ir.DictionaryAttr)
		if !ok {
			return nil, p.errAt(pos, "expected DictionaryAttr to set properties")
		}
		st.Props = d.Entries
		if err := p.expect(tGreater, "expected '>' to close properties"); err != nil {
			return nil, err
		}
	}
	if p.consumeIf(tLParen) {
		for {
			r := ir.NewRegion()
			if err := p.parseRegion(r, nil, false); err != nil {
				return nil, err
			}
			st.Regions = append(st.Regions, r)
			if !p.consumeIf(tComma) {
				break
			}
		}
		if err := p.expect(tRParen, "expected ')' to end region list"); err != nil {
			return nil, err
		}
	}
	if p.is(tLBrace) {
		if st.Attrs, err = p.parseAttributeDict(); err != nil {
			return nil, err
		}
	}
	t, typePos, err := p.parseTypeAfter(tColon, "expected ':' followed by operation type")
	if err != nil {
		return nil, err
	}
	fn, ok := t.(*ir.FunctionType)
	if !ok {
		return nil, p.errAt(typePos, "expected function type")
	}
	if len(fn.Inputs) != len(uses) {
		plural := "s"
		if len(uses) == 1 {
			plural = ""
		}
		return nil, p.errAt(typePos, "expected %d operand type%s but had %d", len(uses), plural, len(fn.Inputs))
	}
	st.Types = fn.Results
	if len(uses) > 0 {
		st.Operands = make([]*ir.Value, len(uses))
		for i, u := range uses {
			if st.Operands[i], err = p.resolveSSAUse(u, fn.Inputs[i]); err != nil {
				return nil, err
			}
		}
	}
	return p.createWithTrailingLocation(&st)
}

// createWithTrailingLocation creates the parsed op and gives it the
// location that may follow it (generic and custom forms alike).
func (p *parser) createWithTrailingLocation(st *ir.OperationState) (*ir.Operation, error) {
	op := p.ctx.NewOperation(st)
	l, ok, err := p.parseTrailingLocation()
	if err != nil {
		return nil, err
	}
	if ok {
		op.SetLoc(l)
	}
	return op, nil
}

// lookupCustomOp resolves a custom-form op name: as spelled, then with the
// enclosing op's default dialect, then in builtin.
func (p *parser) lookupCustomOp(name string) (*ir.OpDef, string) {
	if def := p.ctx.OpDef(name); def != nil {
		return def, ""
	}
	if strings.IndexByte(name, '.') >= 0 {
		return nil, ""
	}
	tried := ""
	if dd := p.defaultDialect[len(p.defaultDialect)-1]; dd != "" {
		tried = dd + "." + name
		if def := p.ctx.OpDef(tried); def != nil {
			return def, ""
		}
	}
	if def := p.ctx.OpDef("builtin." + name); def != nil {
		return def, ""
	}
	return nil, tried
}

func (p *parser) parseCustomOperation(numResults int) (*ir.Operation, error) {
	opPos := p.tok.start
	orig := p.text()
	def, tried := p.lookupCustomOp(orig)
	if def == nil || def.Parse == nil {
		if tried != "" && tried != orig {
			return nil, p.errHere("custom op '%s' is unknown (tried '%s' as well)", orig, tried)
		}
		return nil, p.errHere("custom op '%s' is unknown", orig)
	}
	p.consume()
	// The parser handed to the hook and the state it fills are reused across
	// ops, one pair per nesting depth (a hook parses nested ops through its
	// regions): NewOperation copies everything out of the state, so only its
	// slices' capacity carries over. Allocating them per op was a sixth of
	// the bytes a parse allocated.
	if p.opStateDepth == len(p.opStates) {
		p.opStates = append(p.opStates, new(customOpState))
	}
	both := p.opStates[p.opStateDepth]
	p.opStateDepth++
	both.cp = customParser{p: p, numResults: numResults, def: def}
	cp, st := &both.cp, &both.st
	*st = ir.OperationState{
		Name: def.Name, Loc: p.locAt(opPos),
		Operands: st.Operands[:0], Types: st.Types[:0], Props: st.Props[:0],
		Attrs: st.Attrs[:0], Regions: st.Regions[:0], Successors: st.Successors[:0],
	}
	p.defaultDialect = append(p.defaultDialect, def.DefaultDialect)
	err := def.Parse(cp, st)
	p.defaultDialect = p.defaultDialect[:len(p.defaultDialect)-1]
	var op *ir.Operation
	if err != nil {
		err = p.wrapError(err)
	} else {
		op, err = p.createWithTrailingLocation(st)
	}
	p.opStateDepth--
	return op, err
}

// customOpState is the reusable pair parseCustomOperation hands a custom
// parser hook.
type customOpState struct {
	cp customParser
	st ir.OperationState
}

// wrapError locates a plain error from a custom parser at the current token.
func (p *parser) wrapError(err error) error {
	switch err.(type) {
	case *ir.Diagnostic, ir.DiagList:
		return err
	}
	return p.errHere("%s", err.Error())
}

// ---- top level ----

func (p *parser) parseTopLevel() *File {
	top := ir.NewBlock()
	p.pushSSAScope(true)
	var resources strings.Builder
	fail := func(err error) *File {
		p.diags = append(p.diags, ir.Diagnostics(err)...)
		return nil
	}
	for {
		var err error
		switch p.tok.kind {
		case tEOF:
			if err := p.finalize(top); err != nil {
				return fail(err)
			}
			return p.buildFile(top, resources.String())
		case tError:
			return fail(p.lexError2())
		case tHash:
			err = p.parseAttributeAliasDef()
		case tBang:
			err = p.parseTypeAliasDef()
		case tFileMetaBegin:
			var text string
			text, err = p.skipFileMetadata()
			resources.WriteString(text)
		default:
			err = p.parseOperation(top)
		}
		if err != nil {
			return fail(err)
		}
	}
}

func (p *parser) buildFile(top *ir.Block, resources string) *File {
	if first := top.First(); first != nil && first == top.Last() && first.Name() == "builtin.module" {
		first.Remove()
		return &File{Module: first, Resources: resources}
	}
	r := ir.NewRegion()
	r.AppendBlock(top)
	m := p.ctx.NewOperation(&ir.OperationState{
		Name:    "builtin.module",
		Loc:     ir.FileLoc(p.filename, 0, 0),
		Regions: []*ir.Region{r},
	})
	return &File{Module: m, Resources: resources}
}

func (p *parser) parseAttributeAliasDef() error {
	return parseAliasDef(p, "attribute", p.attrAliases, func() (ir.Attribute, error) { return p.parseAttribute(nil) })
}

func (p *parser) parseTypeAliasDef() error {
	return parseAliasDef(p, "type", p.typeAliases, p.parseType)
}

// parseAliasDef parses `#name = value` or `!name = value` (the alias token
// first) into aliases; kind names the alias in diagnostics.
func parseAliasDef[T any](p *parser, kind string, aliases map[string]T, value func() (T, error)) error {
	name := p.src[p.tok.start+1 : p.tok.end]
	if _, dup := aliases[name]; dup {
		return p.errHere("redefinition of %s alias id '%s'", kind, name)
	}
	if strings.IndexByte(name, '.') >= 0 {
		return p.errHere("%s names with a '.' are reserved for dialect-defined names", kind)
	}
	p.consume()
	if err := p.expect(tEqual, "expected '=' in "+kind+" alias definition"); err != nil {
		return err
	}
	v, err := value()
	if err != nil {
		return err
	}
	aliases[name] = v
	return nil
}

// skipFileMetadata returns the raw `{-# ... #-}` section.
func (p *parser) skipFileMetadata() (string, error) {
	start := p.tok.start
	p.consume()
	for !p.is(tFileMetaEnd) {
		switch p.tok.kind {
		case tEOF:
			return "", p.errWrongTok("expected '#-}' to end file metadata")
		case tError:
			return "", p.lexError2()
		}
		p.consume()
	}
	end := p.tok.end
	p.consume()
	return p.src[start:end], nil
}

// finalize reports unresolved forward references, resolves deferred
// location aliases and closes the top-level scope.
func (p *parser) finalize(top *ir.Block) error {
	if len(p.fwdValues) > 0 {
		type fwd struct {
			pos int
			loc ir.Location
		}
		var fs []fwd
		for _, at := range p.fwdValues {
			fs = append(fs, fwd{at.pos, at.location(p)})
		}
		sort.Slice(fs, func(i, j int) bool { return fs[i].pos < fs[j].pos })
		var errs ir.DiagList
		for _, f := range fs {
			errs = append(errs, ir.Errorf(f.loc, "use of undeclared SSA value name"))
		}
		return errs
	}
	if len(p.deferredLocs) > 0 {
		if err := p.resolveDeferredLocs(top); err != nil {
			return err
		}
	}
	return p.popSSAScope()
}

func (p *parser) resolveDeferredLocs(top *ir.Block) error {
	var errs ir.DiagList
	var fix func(l ir.Location) ir.Location
	fix = func(l ir.Location) ir.Location {
		switch l := l.(type) {
		case *ir.OpaqueLoc:
			d, ok := p.deferredLocs[l]
			if !ok {
				return l
			}
			a, ok := p.attrAliases[d.name]
			if !ok {
				errs = append(errs, p.errAt(d.pos, "operation location alias was never defined"))
				return l
			}
			loc, ok := a.(ir.Location)
			if !ok {
				errs = append(errs, p.errAt(d.pos, "expected location, but found '%s'", a))
				return l
			}
			return loc
		case *ir.NameLoc:
			if l.Child != nil {
				if c := fix(l.Child); c != l.Child {
					return &ir.NameLoc{Name: l.Name, Child: c}
				}
			}
		case *ir.CallSiteLoc:
			ce, cr := fix(l.Callee), fix(l.Caller)
			if ce != l.Callee || cr != l.Caller {
				return &ir.CallSiteLoc{Callee: ce, Caller: cr}
			}
		case *ir.FusedLoc:
			changed := false
			locs := make([]ir.Location, len(l.Locs))
			for i, c := range l.Locs {
				locs[i] = fix(c)
				changed = changed || locs[i] != c
			}
			if changed {
				return &ir.FusedLoc{Locs: locs, Metadata: l.Metadata}
			}
		}
		return l
	}
	var visitBlock func(b *ir.Block)
	visitBlock = func(b *ir.Block) {
		for _, a := range b.Arguments() {
			if l := fix(a.Loc()); l != a.Loc() {
				a.SetLoc(l)
			}
		}
		for op := b.First(); op != nil; op = op.Next() {
			if l := fix(op.Loc()); l != op.Loc() {
				op.SetLoc(l)
			}
			for _, r := range op.Regions() {
				for _, nb := range r.Blocks() {
					visitBlock(nb)
				}
			}
		}
	}
	visitBlock(top)
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool {
			a, _ := ir.FileLineCol(errs[i].Loc)
			b, _ := ir.FileLineCol(errs[j].Loc)
			return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
		})
		return errs
	}
	return nil
}
