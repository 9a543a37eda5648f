package printer

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// Options select the printed form, as mlir-opt's printing flags do.
type Options struct {
	// Generic prints every op in generic form (--mlir-print-op-generic).
	Generic bool
	// DebugInfo prints locations (--mlir-print-debuginfo).
	DebugInfo bool
	// PrettyDebugInfo prints locations in the pretty form (--mlir-pretty-debuginfo).
	PrettyDebugInfo bool
	// LocalScope prints an op alone, numbering values from it (--mlir-print-local-scope).
	LocalScope bool
	// ElideElementsLimit elides dense elements attributes with more elements
	// (--mlir-elide-elementsattrs-if-larger); 0 never elides.
	ElideElementsLimit int
}

// indentWidth is MLIR's indentation per nesting level.
const indentWidth = 2

// Print writes op in MLIR 19's textual form. A top-level op (one without a
// parent, normally the builtin.module) is printed with the alias definitions
// MLIR emits (`#map = ...` before it, deferred `#loc = ...` after it) and a
// trailing newline; a nested op or a LocalScope print writes the op alone.
func Print(w io.Writer, op *ir.Operation, opts Options) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	p := newPrinter(op, opts)
	p.run(bw)
	return bw.Flush()
}

// String returns what Print writes.
func String(op *ir.Operation, opts Options) string {
	var b strings.Builder
	_ = Print(&b, op, opts)
	return b.String()
}

// PrintFile prints module as Print does, then the file's resources section
// (the raw `{-# ... #-}` text) after a blank line, as mlir-opt does.
func PrintFile(w io.Writer, module *ir.Operation, resources string, opts Options) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	p := newPrinter(module, opts)
	p.run(bw)
	if resources = strings.TrimSpace(resources); resources != "" {
		bw.WriteString("\n")
		bw.WriteString(resources)
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// printer implements ir.OpPrinter. It runs twice over the IR: first in
// collect mode, where nothing is written and the attributes and types that
// would be printed are recorded for aliasing (MLIR's DummyAliasOperationPrinter),
// then in write mode.
type printer struct {
	w       *bufio.Writer
	opts    Options
	top     *ir.Operation
	topMode bool // print alias definitions around top

	collect  bool
	names    *nameState
	aliases  *aliasState
	useAlias bool

	indent       int
	dialectStack []string
	buf          []byte // scratch for SSA names

	// generic lists ops whose custom printer failed during the collect run;
	// they are printed in generic form.
	generic map[*ir.Operation]bool
	// typeText and attrText memoize alias-substituted spellings.
	typeText map[ir.Type]string
	attrText map[attrMemo]string
	preds    map[*ir.Block][]*ir.Block
}

type attrMemo struct {
	a       ir.Attribute
	elision elision
}

// elision says whether an attribute's `: type` suffix may be omitted (MLIR's AttrTypeElision).
type elision uint8

const (
	elideNever elision = iota
	elideMay           // i64 and f64 scalars drop their type (inside arrays)
	elideMust          // printAttributeWithoutType
)

func newPrinter(op *ir.Operation, opts Options) *printer {
	root := op
	if !opts.LocalScope {
		for root.ParentOp() != nil {
			root = root.ParentOp()
		}
	}
	return &printer{
		opts:         opts,
		top:          op,
		topMode:      !opts.LocalScope && op.ParentOp() == nil && op.Block() == nil,
		names:        newNameState(root, opts.Generic),
		aliases:      newAliasState(),
		dialectStack: []string{"builtin"},
		generic:      map[*ir.Operation]bool{},
		typeText:     map[ir.Type]string{},
		attrText:     map[attrMemo]string{},
	}
}

func (p *printer) run(w *bufio.Writer) {
	p.collect = true
	p.fullOp(p.top)
	p.collect = false
	p.w = w
	p.indent = 0
	p.dialectStack = p.dialectStack[:1]
	if !p.topMode {
		p.fullOp(p.top)
		return
	}
	p.aliases.finalize()
	p.useAlias = len(p.aliases.order) > 0
	p.printAliases(false)
	p.fullOp(p.top)
	p.nl()
	p.printAliases(true)
}

func (p *printer) printAliases(deferred bool) {
	for _, i := range p.aliases.order {
		e := &p.aliases.entries[i]
		if e.deferred != deferred {
			continue
		}
		p.ws(e.text)
		p.ws(" = ")
		if e.isType {
			p.ws(p.typeImpl(e.typ))
		} else if l, ok := e.attr.(ir.Location); ok {
			if p.opts.PrettyDebugInfo {
				p.ws(p.locText(l, true, true))
			} else {
				p.ws("loc(" + p.locText(l, false, true) + ")")
			}
		} else {
			p.ws(p.attrImpl(e.attr, elideNever))
		}
		p.nl()
	}
}

// ---- low-level output ----

func (p *printer) ws(s string) {
	if !p.collect {
		p.w.WriteString(s)
	}
}

func (p *printer) wb(b []byte) {
	if !p.collect {
		p.w.Write(b)
	}
}

func (p *printer) nl() {
	if !p.collect {
		p.w.WriteByte('\n')
	}
}

func (p *printer) writeIndent(n int) {
	if p.collect {
		return
	}
	const spaces = "                                                                "
	for n > len(spaces) {
		p.w.WriteString(spaces)
		n -= len(spaces)
	}
	p.w.WriteString(spaces[:n])
}

// ---- operations ----

func (p *printer) fullOp(op *ir.Operation) {
	if p.collect {
		if p.opts.DebugInfo {
			p.aliases.visitAttr(op.Loc(), true)
		}
		p.operation(op)
		return
	}
	p.writeIndent(p.indent)
	p.operation(op)
	p.trailingLoc(op.Loc(), true)
}

func (p *printer) operation(op *ir.Operation) {
	if !p.collect && op.NumResults() > 0 {
		p.resultList(op)
		p.ws(" = ")
	}
	def := op.Def()
	if !p.opts.Generic && def != nil && def.Print != nil && !p.generic[op] {
		if p.collect {
			if !p.collectCustom(op) {
				p.generic[op] = true
				p.genericOp(op)
			}
			return
		}
		name := op.Name()
		dd := p.dialectStack[len(p.dialectStack)-1]
		if dd != "" && strings.HasPrefix(name, dd) && len(name) > len(dd) && name[len(dd)] == '.' && strings.Count(name, ".") == 1 {
			name = name[len(dd)+1:]
		}
		p.ws(name)
		def.Print(p, op)
		return
	}
	p.genericOp(op)
}

// collectCustom runs op's custom printer in collect mode; a printer that
// panics (malformed IR it does not expect) makes the op print generically.
func (p *printer) collectCustom(op *ir.Operation) (ok bool) {
	indent, depth := p.indent, len(p.dialectStack)
	defer func() {
		if r := recover(); r != nil {
			p.indent, p.dialectStack = indent, p.dialectStack[:depth]
			ok = false
		}
	}()
	op.Def().Print(p, op)
	return true
}

func (p *printer) resultList(op *ir.Operation) {
	n := op.NumResults()
	group := func(start, count int) {
		p.buf = p.names.appendValue(p.buf[:0], op.Result(start), false)
		if count > 1 {
			p.buf = append(p.buf, ':')
			p.buf = strconv.AppendInt(p.buf, int64(count), 10)
		}
		p.wb(p.buf)
	}
	groups := p.names.groups[op]
	if len(groups) == 0 {
		group(0, n)
		return
	}
	for i := 0; i+1 < len(groups); i++ {
		group(groups[i], groups[i+1]-groups[i])
		p.ws(", ")
	}
	last := groups[len(groups)-1]
	group(last, n-last)
}

func (p *printer) genericOp(op *ir.Operation) {
	if p.collect {
		for _, r := range op.Regions() {
			p.region(r, true, true, true)
		}
		for i := 0; i < op.NumOperands(); i++ {
			if v := op.Operand(i); v != nil {
				p.aliases.visitType(v.Type(), false)
			}
		}
		for _, r := range op.Results() {
			p.aliases.visitType(r.Type(), false)
		}
		for _, a := range op.Attrs() {
			p.aliases.visitAttr(a.Value, false)
		}
		return
	}
	p.ws(ir.Quote(op.Name()))
	p.ws("(")
	p.commaList(op.NumOperands(), func(i int) { p.PrintOperand(op.Operand(i)) })
	p.ws(")")
	if succs := op.Successors(); len(succs) > 0 {
		p.ws("[")
		p.commaList(len(succs), func(i int) { p.PrintSuccessor(succs[i]) })
		p.ws("]")
	}
	if props := op.Props(); len(props) > 0 {
		p.ws(" <{")
		p.namedAttrs(props)
		p.ws("}>")
	}
	if op.NumRegions() > 0 {
		p.ws(" (")
		p.commaList(op.NumRegions(), func(i int) { p.region(op.Region(i), true, true, true) })
		p.ws(")")
	}
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.ws(" : (")
	p.commaList(op.NumOperands(), func(i int) {
		if v := op.Operand(i); v != nil {
			p.PrintType(v.Type())
		} else {
			p.ws("<<NULL TYPE>>")
		}
	})
	p.ws(") -> ")
	p.resultTypes(op.ResultTypes())
}

// resultTypes prints a single non-function type bare, otherwise a parenthesised list.
func (p *printer) resultTypes(ts []ir.Type) {
	if len(ts) == 1 {
		if _, fn := ts[0].(*ir.FunctionType); !fn {
			p.PrintType(ts[0])
			return
		}
	}
	p.ws("(")
	p.PrintTypes(ts)
	p.ws(")")
}

// ---- regions and blocks ----

func (p *printer) region(r *ir.Region, printEntryArgs, printTerminators, printEmptyBlock bool) {
	if p.collect {
		blocks := r.Blocks()
		for i, b := range blocks {
			p.block(b, i > 0 || printEntryArgs, i > 0 || printTerminators)
		}
		return
	}
	p.ws("{")
	p.nl()
	if blocks := r.Blocks(); len(blocks) > 0 {
		dd := ""
		if parent := r.Parent(); parent != nil {
			if def := parent.Def(); def != nil {
				dd = def.DefaultDialect
			}
			if dd == "" && parent.Name() == "builtin.module" {
				dd = "builtin"
			}
		}
		p.dialectStack = append(p.dialectStack, dd)
		entry := blocks[0]
		header := (printEmptyBlock && entry.Empty()) || (printEntryArgs && entry.NumArguments() != 0)
		if len(blocks) > 1 {
			p.computePreds(r)
		}
		p.block(entry, header, printTerminators)
		for _, b := range blocks[1:] {
			p.block(b, true, true)
		}
		p.dialectStack = p.dialectStack[:len(p.dialectStack)-1]
	}
	p.writeIndent(p.indent)
	p.ws("}")
}

func (p *printer) computePreds(r *ir.Region) {
	if p.preds == nil {
		p.preds = map[*ir.Block][]*ir.Block{}
	}
	for _, b := range r.Blocks() {
		if t := b.Last(); t != nil {
			for _, s := range t.Successors() {
				p.preds[s] = append(p.preds[s], b)
			}
		}
	}
}

func (p *printer) block(b *ir.Block, printHeader, printTerminator bool) {
	if printHeader {
		if p.collect {
			for _, a := range b.Arguments() {
				p.aliases.visitType(a.Type(), false)
				if p.opts.DebugInfo {
					p.aliases.visitAttr(a.Loc(), false)
				}
			}
		} else {
			p.blockHeader(b)
		}
	}
	p.indent += indentWidth
	last := b.Last()
	if !printTerminator && last != nil && last.HasTrait(ir.Terminator) && last.NumOperands() == 0 {
		// elided terminator
	} else {
		last = nil
	}
	for op := b.First(); op != nil && op != last; op = op.Next() {
		p.fullOp(op)
		p.nl()
	}
	p.indent -= indentWidth
}

func (p *printer) blockHeader(b *ir.Block) {
	p.writeIndent(p.indent)
	p.buf = p.names.appendBlock(p.buf[:0], b)
	p.wb(p.buf)
	if args := b.Arguments(); len(args) > 0 {
		p.ws("(")
		p.commaList(len(args), func(i int) {
			p.PrintOperand(args[i])
			p.ws(": ")
			p.PrintType(args[i].Type())
			p.trailingLoc(args[i].Loc(), false)
		})
		p.ws(")")
	}
	p.ws(":")
	preds := p.preds[b]
	switch {
	case b.Parent() == nil:
		p.ws("  // block is not in a region!")
	case len(preds) == 0:
		if !b.IsEntry() {
			p.ws("  // no predecessors")
		}
	case len(preds) == 1:
		p.ws("  // pred: ")
		p.buf = p.names.appendBlock(p.buf[:0], preds[0])
		p.wb(p.buf)
	default:
		p.buf = append(p.buf[:0], "  // "...)
		p.buf = strconv.AppendInt(p.buf, int64(len(preds)), 10)
		p.buf = append(p.buf, " preds: "...)
		for i, pr := range preds {
			if i > 0 {
				p.buf = append(p.buf, ", "...)
			}
			p.buf = p.names.appendBlock(p.buf, pr)
		}
		p.wb(p.buf)
	}
	p.nl()
}

// ---- locations ----

// trailingLoc writes ` loc(...)` under DebugInfo (an alias when allowed).
func (p *printer) trailingLoc(l ir.Location, allowAlias bool) {
	if !p.opts.DebugInfo || p.collect {
		return
	}
	if l == nil {
		l = ir.Unknown
	}
	p.ws(" ")
	if p.opts.PrettyDebugInfo {
		p.ws(p.locText(l, true, true))
		return
	}
	p.ws("loc(")
	if alias, ok := p.alias(l); ok && allowAlias {
		p.ws(alias)
	} else {
		p.ws(p.locText(l, false, true))
	}
	p.ws(")")
}

func (p *printer) alias(a ir.Attribute) (string, bool) {
	if !p.useAlias {
		return "", false
	}
	s, ok := p.aliases.final[attrKey(a)]
	return s, ok
}

// locText spells a location body; nested locations use their aliases.
func (p *printer) locText(l ir.Location, pretty, top bool) string {
	if !top {
		if s, ok := p.alias(l); ok {
			return s
		}
	}
	switch l := l.(type) {
	case ir.UnknownLoc:
		if pretty {
			return "[unknown]"
		}
		return "unknown"
	case *ir.FileLineColLoc:
		f := ir.Quote(l.File)
		if pretty {
			f = l.File
		}
		return f + ":" + strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Col)
	case *ir.NameLoc:
		s := ir.Quote(l.Name)
		if l.Child != nil {
			if _, unk := l.Child.(ir.UnknownLoc); !unk {
				s += "(" + p.locText(l.Child, pretty, false) + ")"
			}
		}
		return s
	case *ir.CallSiteLoc:
		if pretty {
			return p.locText(l.Callee, pretty, false) + "\n at " + p.locText(l.Caller, pretty, false)
		}
		return "callsite(" + p.locText(l.Callee, pretty, false) + " at " + p.locText(l.Caller, pretty, false) + ")"
	case *ir.FusedLoc:
		var b strings.Builder
		if !pretty {
			b.WriteString("fused")
		}
		if l.Metadata != nil {
			b.WriteString("<" + p.attrString(l.Metadata, elideNever) + ">")
		}
		b.WriteByte('[')
		for i, c := range l.Locs {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.locText(c, pretty, false))
		}
		b.WriteByte(']')
		return b.String()
	case nil:
		return "unknown"
	}
	return ir.LocBody(l)
}

// ---- ir.OpPrinter ----

var _ ir.OpPrinter = (*printer)(nil)

// Print writes raw text.
func (p *printer) Print(s string) { p.ws(s) }

// PrintOperand writes `%name` (`%0#1` for a result of a multi-result group).
func (p *printer) PrintOperand(v *ir.Value) {
	if p.collect {
		return
	}
	p.buf = p.names.appendValue(p.buf[:0], v, true)
	p.wb(p.buf)
}

// PrintOperands writes a comma-separated operand list.
func (p *printer) PrintOperands(vs []*ir.Value) {
	if p.collect {
		return
	}
	p.commaList(len(vs), func(i int) { p.PrintOperand(vs[i]) })
}

// commaList writes n items, item(i) writing the i-th, separated by ", ".
func (p *printer) commaList(n int, item func(i int)) {
	for i := 0; i < n; i++ {
		if i > 0 {
			p.ws(", ")
		}
		item(i)
	}
}

// PrintType writes t, using aliases.
func (p *printer) PrintType(t ir.Type) {
	if p.collect {
		p.aliases.visitType(t, false)
		return
	}
	p.ws(p.typeString(t))
}

// PrintTypes writes a comma-separated type list.
func (p *printer) PrintTypes(ts []ir.Type) {
	p.commaList(len(ts), func(i int) { p.PrintType(ts[i]) })
}

// PrintAttribute writes a, using aliases.
func (p *printer) PrintAttribute(a ir.Attribute) {
	if p.collect {
		p.aliases.visitAttr(a, false)
		return
	}
	p.ws(p.attrString(a, elideNever))
}

// PrintAttributeWithoutType writes a without its `: type` suffix.
func (p *printer) PrintAttributeWithoutType(a ir.Attribute) {
	if p.collect {
		p.aliases.visitAttr(a, false)
		return
	}
	p.ws(p.attrString(a, elideMust))
}

// PrintOptionalAttrDict writes ` {...}` for the attributes not elided.
func (p *printer) PrintOptionalAttrDict(attrs []ir.NamedAttribute, elided ...string) {
	p.attrDict(attrs, elided, false)
}

// PrintOptionalAttrDictWithKeyword writes ` attributes {...}` likewise.
func (p *printer) PrintOptionalAttrDictWithKeyword(attrs []ir.NamedAttribute, elided ...string) {
	p.attrDict(attrs, elided, true)
}

func (p *printer) attrDict(attrs []ir.NamedAttribute, elided []string, keyword bool) {
	kept := attrs
	if len(elided) > 0 {
		kept = make([]ir.NamedAttribute, 0, len(attrs))
		for _, a := range attrs {
			if !contains(elided, a.Name) {
				kept = append(kept, a)
			}
		}
	}
	if len(kept) == 0 {
		return
	}
	if p.collect {
		for _, a := range kept {
			p.aliases.visitAttr(a.Value, false)
		}
		return
	}
	if keyword {
		p.ws(" attributes")
	}
	p.ws(" {")
	p.namedAttrs(kept)
	p.ws("}")
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func (p *printer) namedAttrs(attrs []ir.NamedAttribute) {
	if p.collect {
		for _, a := range attrs {
			p.aliases.visitAttr(a.Value, false)
		}
		return
	}
	for i, a := range attrs {
		if i > 0 {
			p.ws(", ")
		}
		p.ws(ir.AttrName(a.Name))
		if _, unit := a.Value.(*ir.UnitAttr); unit {
			continue
		}
		p.ws(" = ")
		p.ws(p.attrString(a.Value, elideNever))
	}
}

// PrintRegion writes `{...}`; see ir.OpPrinter.
func (p *printer) PrintRegion(r *ir.Region, printEntryArgs, printTerminators bool) {
	if r == nil {
		return
	}
	p.region(r, printEntryArgs, printTerminators, false)
}

// PrintRegionArgument writes `%arg0: f32` and, under DebugInfo, its location inline.
func (p *printer) PrintRegionArgument(v *ir.Value) {
	if p.collect {
		p.aliases.visitType(v.Type(), false)
		if p.opts.DebugInfo {
			p.aliases.visitAttr(v.Loc(), false)
		}
		return
	}
	p.PrintOperand(v)
	p.ws(": ")
	p.PrintType(v.Type())
	p.trailingLoc(v.Loc(), false)
}

// PrintSuccessor writes `^bbN`.
func (p *printer) PrintSuccessor(b *ir.Block) {
	if p.collect {
		return
	}
	p.buf = p.names.appendBlock(p.buf[:0], b)
	p.wb(p.buf)
}

// PrintSuccessorAndUseList writes `^bb1(%a, %b : i32, f32)` or `^bb1`.
func (p *printer) PrintSuccessorAndUseList(b *ir.Block, operands []*ir.Value) {
	p.PrintSuccessor(b)
	if len(operands) == 0 {
		return
	}
	p.ws("(")
	p.PrintOperands(operands)
	p.ws(" : ")
	p.commaList(len(operands), func(i int) { p.PrintType(operands[i].Type()) })
	p.ws(")")
}

// PrintSymbolName writes `@name`, quoted when not a bare identifier.
func (p *printer) PrintSymbolName(name string) { p.ws(ir.SymbolName(name)) }

// PrintNewline starts a new line at the current indentation.
func (p *printer) PrintNewline() {
	p.nl()
	p.writeIndent(p.indent)
}

// PrintArrowTypeList writes ` -> t` or ` -> (t1, t2)` (with the leading
// space, as MLIR's printArrowTypeList), nothing for an empty list.
func (p *printer) PrintArrowTypeList(ts []ir.Type) {
	if len(ts) == 0 {
		return
	}
	p.ws(" -> ")
	p.resultTypes(ts)
}

// PrintAffineMapOfSSAIds writes the map's results with dims and symbols
// replaced by operand names (`%i + 1, symbol(%n)`).
func (p *printer) PrintAffineMapOfSSAIds(m *affine.Map, operands []*ir.Value) {
	if p.collect || m == nil {
		return
	}
	dims, syms := operands, []*ir.Value(nil)
	if m.NumDims <= len(operands) {
		dims, syms = operands[:m.NumDims], operands[m.NumDims:]
	}
	p.commaList(len(m.Results), func(i int) { p.PrintAffineExprOfSSAIds(m.Results[i], dims, syms) })
}

// PrintAffineExprOfSSAIds writes e with dims and symbols replaced by operand names.
func (p *printer) PrintAffineExprOfSSAIds(e affine.Expr, dims, syms []*ir.Value) {
	if p.collect || e == nil {
		return
	}
	name := func(vs []*ir.Value, i int) string {
		if i < 0 || i >= len(vs) {
			return "<<invalid operand>>"
		}
		return p.ValueName(vs[i])
	}
	p.ws(affine.ExprString(e,
		func(i int) string { return name(dims, i) },
		func(i int) string { return "symbol(" + name(syms, i) + ")" }))
}

// PrintOptionalLocationSpecifier writes ` loc(...)` under DebugInfo. The
// location is spelled inline, as MLIR does for region arguments, which is
// what custom printers use it for (after an argument's attribute dictionary).
func (p *printer) PrintOptionalLocationSpecifier(l ir.Location) {
	if p.collect {
		if p.opts.DebugInfo && l != nil {
			p.aliases.visitAttr(l, false)
		}
		return
	}
	p.trailingLoc(l, false)
}

// ShadowRegionArgs makes r's entry arguments print with the names of vs.
func (p *printer) ShadowRegionArgs(r *ir.Region, vs []*ir.Value) {
	if p.collect {
		return
	}
	p.names.shadow(r, vs)
}

// ValueName returns v's SSA name, e.g. "%0" or "%arg1".
func (p *printer) ValueName(v *ir.Value) string {
	return string(p.names.appendValue(nil, v, true))
}

// ---- types and attributes ----

func (p *printer) typeString(t ir.Type) string {
	if t == nil {
		return "<<NULL TYPE>>"
	}
	if !p.useAlias || !mayHaveAlias(t) {
		return t.String()
	}
	if s, ok := p.typeText[t]; ok {
		return s
	}
	s, ok := p.aliases.final[t]
	if !ok {
		s = p.typeImpl(t)
	}
	p.typeText[t] = s
	return s
}

// typeImpl spells t itself (not its alias) with aliased sub-elements.
// trailingAttr writes `, a` for a type's optional layout or encoding.
func (p *printer) trailingAttr(b *strings.Builder, a ir.Attribute) {
	if a != nil {
		b.WriteString(", ")
		b.WriteString(p.attrString(a, elideNever))
	}
}

// trailingSpace writes `, space` for a memref's optional memory space.
func (p *printer) trailingSpace(b *strings.Builder, space ir.Attribute) {
	if space != nil {
		b.WriteString(", ")
		b.WriteString(p.memorySpace(space))
	}
}

func (p *printer) typeImpl(t ir.Type) string {
	if !p.useAlias {
		return t.String()
	}
	var b strings.Builder
	switch t := t.(type) {
	case *ir.MemRefType:
		b.WriteString("memref<")
		ir.WriteDims(&b, t.Dims, nil)
		b.WriteString(p.typeString(t.Elem))
		p.trailingAttr(&b, t.Layout)
		p.trailingSpace(&b, t.MemorySpace)
		b.WriteByte('>')
	case *ir.UnrankedMemRefType:
		b.WriteString("memref<*x")
		b.WriteString(p.typeString(t.Elem))
		p.trailingSpace(&b, t.MemorySpace)
		b.WriteByte('>')
	case *ir.RankedTensorType:
		b.WriteString("tensor<")
		ir.WriteDims(&b, t.Dims, nil)
		b.WriteString(p.typeString(t.Elem))
		p.trailingAttr(&b, t.Encoding)
		b.WriteByte('>')
	case *ir.UnrankedTensorType:
		b.WriteString("tensor<*x")
		b.WriteString(p.typeString(t.Elem))
		b.WriteByte('>')
	case *ir.VectorType:
		b.WriteString("vector<")
		ir.WriteDims(&b, t.Dims, t.Scalable)
		b.WriteString(p.typeString(t.Elem))
		b.WriteByte('>')
	case *ir.ComplexType:
		b.WriteString("complex<" + p.typeString(t.Elem) + ">")
	case *ir.TupleType:
		b.WriteString("tuple<")
		p.joinTypes(&b, t.Elems)
		b.WriteByte('>')
	case *ir.FunctionType:
		b.WriteByte('(')
		p.joinTypes(&b, t.Inputs)
		b.WriteString(") -> ")
		if len(t.Results) == 1 {
			if _, fn := t.Results[0].(*ir.FunctionType); !fn {
				b.WriteString(p.typeString(t.Results[0]))
				break
			}
		}
		b.WriteByte('(')
		p.joinTypes(&b, t.Results)
		b.WriteByte(')')
	default:
		return t.String()
	}
	return b.String()
}

func (p *printer) memorySpace(a ir.Attribute) string {
	if ia, ok := a.(*ir.IntegerAttr); ok && ia.Type() == ir.I64 {
		return ia.ValueString()
	}
	return p.attrString(a, elideNever)
}

func (p *printer) joinTypes(b *strings.Builder, ts []ir.Type) {
	for i, t := range ts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.typeString(t))
	}
}

// isHexLiteral reports whether a float was printed as its bit pattern.
func isHexLiteral(v string) bool {
	return strings.HasPrefix(v, "0x") || strings.HasPrefix(v, "-0x")
}

// attrString spells a, using its alias when it has one.
func (p *printer) attrString(a ir.Attribute, el elision) string {
	if a == nil {
		return "<<NULL ATTRIBUTE>>"
	}
	switch a := a.(type) {
	case *ir.IntegerAttr:
		if el == elideMust || el == elideMay && a.Type() == ir.I64 {
			return a.ValueString()
		}
		return a.String()
	case *ir.FloatAttr:
		// A value spelled in hex (NaN, infinities, values with no exact
		// decimal form) reads back as an integer without its type, so
		// MLIR only elides an f64's type when it printed a decimal.
		v := a.ValueString()
		if el == elideMust || el == elideMay && a.Type() == ir.F64 && !isHexLiteral(v) {
			return v
		}
		return a.String()
	case *ir.UnitAttr, *ir.SymbolRefAttr, *ir.DenseArrayAttr, *ir.StridedLayoutAttr:
		return a.String()
	}
	if s, ok := p.alias(a); ok {
		return s
	}
	key := attrMemo{a, el}
	if _, isLoc := a.(ir.Location); !isLoc {
		if s, ok := p.attrText[key]; ok {
			return s
		}
	}
	s := p.attrImpl(a, el)
	if _, isLoc := a.(ir.Location); !isLoc {
		p.attrText[key] = s
	}
	return s
}

// attrImpl spells a itself (not its alias) with aliased sub-elements.
func (p *printer) attrImpl(a ir.Attribute, el elision) string {
	var b strings.Builder
	switch a := a.(type) {
	case *ir.ArrayAttr:
		b.WriteByte('[')
		for i, e := range a.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.attrString(e, elideMay))
		}
		b.WriteByte(']')
		return b.String()
	case *ir.DictionaryAttr:
		b.WriteByte('{')
		for i, e := range a.Entries {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(ir.AttrName(e.Name))
			if _, unit := e.Value.(*ir.UnitAttr); !unit {
				b.WriteString(" = ")
				b.WriteString(p.attrString(e.Value, elideNever))
			}
		}
		b.WriteByte('}')
		return b.String()
	case *ir.TypeAttr:
		return p.typeString(a.Value)
	case *ir.DistinctAttr:
		return "distinct[" + strconv.Itoa(a.ID) + "]<" + p.attrString(a.Referenced, elideNever) + ">"
	case *ir.DenseElementsAttr:
		body := strings.TrimSuffix(a.String(), " : "+a.Type().String())
		if lim := p.opts.ElideElementsLimit; lim > 0 && !a.Splat && elementCount(a) > int64(lim) {
			body = "dense_resource<__elided__>"
		}
		return p.withType(body, a.Type(), el)
	case *ir.DenseResourceAttr:
		return p.withType(strings.TrimSuffix(a.String(), " : "+a.Type().String()), a.Type(), el)
	case *ir.StringAttr:
		if a.Type() == nil {
			return a.String()
		}
		return p.withType(ir.Quote(a.Value), a.Type(), el)
	case *ir.OpaqueAttr:
		if a.Type() == nil {
			return a.String()
		}
		return p.withType(strings.TrimSuffix(a.String(), " : "+a.Type().String()), a.Type(), el)
	case ir.Location:
		if p.opts.PrettyDebugInfo {
			return p.locText(a, true, true)
		}
		return "loc(" + p.locText(a, false, true) + ")"
	}
	if ia, ok := a.(interface{ String() string }); ok {
		return ia.String()
	}
	return fmt.Sprint(a)
}

func elementCount(a *ir.DenseElementsAttr) int64 {
	if n := ir.NumElements(a.ShapedType().Shape()); n >= 0 {
		return n
	}
	return int64(len(a.Elements))
}

func (p *printer) withType(body string, t ir.Type, el elision) string {
	if el == elideMust || t == nil {
		return body
	}
	return body + " : " + p.typeString(t)
}
