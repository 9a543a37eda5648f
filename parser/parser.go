package parser

import (
	"sort"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// File is a parsed source buffer.
type File struct {
	// Module is the single top-level builtin.module op, or an implicit one
	// wrapping the top-level ops, as mlir-opt does.
	Module *ir.Operation
	// Resources is the raw text of a trailing `{-# ... #-}` section, "" if none.
	Resources string
}

// Chunk is one piece of a --split-input-file buffer.
type Chunk struct {
	Text []byte
	// LineOffset is the number of lines before the chunk in the original
	// buffer: pass it to ParseFileAt so diagnostics name original lines.
	LineOffset int
}

// parser holds the state of one parse: the lexer position, the symbol tables
// (aliases), the SSA and block scopes and the caches that make repeated
// types and attributes cheap.
type parser struct {
	ctx        *ir.Context
	filename   string
	src        string
	lineOffset int
	lineStarts []int
	lastLine   int // index into lineStarts of the last lookup (locations are mostly monotonic)

	// lexer
	cur       int // offset of the next character to lex
	tok       token
	prevEnd   int // end offset of the last consumed token
	lexErr    string
	lexErrPos int

	typeAliases map[string]ir.Type
	attrAliases map[string]ir.Attribute
	names       map[string]string // interned identifiers kept in the IR
	typeCache   map[string]ir.Type
	attrCache   map[attrKey]ir.Attribute
	distinct    map[uint64]*ir.DistinctAttr

	// operations
	isolated       []*isolatedScope
	blockScopes    []*blockScope
	fwdValues      map[*ir.Value]posLoc // forward-reference placeholders → first use
	entrySlab      []valueEntry
	locSlab        []ir.FileLineColLoc
	defaultDialect []string
	// opStates and opStateDepth: parseCustomOperation's reusable states.
	opStates     []*customOpState
	opStateDepth int
	deferredLocs map[*ir.OpaqueLoc]deferredLoc

	depth int // nesting depth of recursive constructs

	diags ir.DiagList
}

type attrKey struct {
	span string
	hint ir.Type
}

type deferredLoc struct {
	name string
	pos  int
}

// posLoc is a source position, either an offset into the buffer or an
// explicit location (for operands a custom parser hands back).
type posLoc struct {
	pos int
	loc ir.Location
}

func newParser(ctx *ir.Context, filename string, src string, lineOffset int) *parser {
	p := &parser{
		ctx:            ctx,
		filename:       filename,
		src:            src,
		lineOffset:     lineOffset,
		typeAliases:    map[string]ir.Type{},
		attrAliases:    map[string]ir.Attribute{},
		names:          map[string]string{},
		typeCache:      map[string]ir.Type{},
		attrCache:      map[attrKey]ir.Attribute{},
		fwdValues:      map[*ir.Value]posLoc{},
		defaultDialect: []string{"builtin"},
	}
	p.lineStarts = append(make([]int, 0, len(src)/40+1), 0)
	for i := 0; ; {
		j := strings.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		p.lineStarts = append(p.lineStarts, i)
	}
	p.lex()
	return p
}

// ParseFile parses a whole MLIR source buffer. The error, when not nil, is an
// ir.DiagList of every error found (at least the first).
func ParseFile(ctx *ir.Context, filename string, src []byte) (*File, error) {
	return ParseFileAt(ctx, filename, src, 0)
}

// ParseFileAt is ParseFile for a chunk of a larger buffer that starts after
// lineOffset lines: reported line numbers are offset accordingly.
func ParseFileAt(ctx *ir.Context, filename string, src []byte, lineOffset int) (f *File, err error) {
	p := newParser(ctx, filename, string(src), lineOffset)
	defer func() {
		if r := recover(); r != nil {
			f = nil
			err = ir.DiagList{ir.Errorf(p.locAt(p.tok.start), "internal parser error: %v", r)}
		}
	}()
	f = p.parseTopLevel()
	if len(p.diags) > 0 {
		return nil, p.diags
	}
	return f, nil
}

// ParseType parses a type from text (aliases are not available).
func ParseType(ctx *ir.Context, text string) (ir.Type, error) {
	return parseText(ctx, text, (*parser).parseType)
}

// ParseAttribute parses an attribute from text (aliases are not available).
func ParseAttribute(ctx *ir.Context, text string) (ir.Attribute, error) {
	return parseText(ctx, text, func(p *parser) (ir.Attribute, error) { return p.parseAttribute(nil) })
}

// parseText parses the whole of text with parse: trailing text is an
// error, and a panic becomes an internal parser error at the current token.
func parseText[T any](ctx *ir.Context, text string, parse func(*parser) (T, error)) (v T, err error) {
	var zero T
	p := newParser(ctx, "<string>", text, 0)
	defer func() {
		if r := recover(); r != nil {
			v, err = zero, ir.DiagList{ir.Errorf(p.locAt(p.tok.start), "internal parser error: %v", r)}
		}
	}()
	v, err = parse(p)
	if err == nil {
		err = p.expectEnd()
	}
	if err != nil {
		return zero, ir.DiagList(ir.Diagnostics(err))
	}
	return v, nil
}

func (p *parser) expectEnd() error {
	if p.tok.kind == tError {
		return p.lexError2()
	}
	if p.tok.kind != tEOF {
		return p.errHere("found trailing characters: '%s'", p.src[p.tok.start:])
	}
	return nil
}

// SplitInputFile splits src on `// -----` markers as mlir-opt's
// --split-input-file does. Each chunk starts right after its marker.
func SplitInputFile(src []byte) []Chunk {
	const marker = "// -----"
	s := string(src)
	var chunks []Chunk
	start, line := 0, 0
	for {
		i := strings.Index(s[start:], marker)
		if i < 0 {
			chunks = append(chunks, Chunk{Text: src[start:], LineOffset: line})
			return chunks
		}
		end := start + i
		chunks = append(chunks, Chunk{Text: src[start:end], LineOffset: line})
		line += strings.Count(s[start:end], "\n")
		start = end + len(marker)
	}
}

// ---- positions and diagnostics ----

// lineCol converts a byte offset to a 1-based line and column.
func (p *parser) lineCol(pos int) (int, int) {
	ls := p.lineStarts
	i := p.lastLine
	if !(ls[i] <= pos && (i+1 == len(ls) || pos < ls[i+1])) {
		if i+2 < len(ls) && ls[i+1] <= pos && pos < ls[i+2] {
			i++
		} else {
			i = sort.Search(len(ls), func(k int) bool { return ls[k] > pos }) - 1
			if i < 0 {
				i = 0
			}
		}
		p.lastLine = i
	}
	return i + 1 + p.lineOffset, pos - ls[i] + 1
}

func (p *parser) locAt(pos int) *ir.FileLineColLoc {
	l, c := p.lineCol(pos)
	// Every op and operand use gets a location: carve them from a slab
	// rather than allocating each (the slab is kept alive by any one of its
	// locations, a few kilobytes).
	if len(p.locSlab) == 0 {
		p.locSlab = make([]ir.FileLineColLoc, locSlabSize)
	}
	loc := &p.locSlab[0]
	p.locSlab = p.locSlab[1:]
	*loc = ir.FileLineColLoc{File: p.filename, Line: l, Col: c}
	return loc
}

// locSlabSize is how many locations locAt allocates at once.
const locSlabSize = 128

func (pl posLoc) location(p *parser) ir.Location {
	if pl.loc != nil {
		return pl.loc
	}
	return p.locAt(pl.pos)
}

func (p *parser) errAt(pos int, format string, args ...any) *ir.Diagnostic {
	return ir.Errorf(p.locAt(pos), format, args...)
}

// errHere reports an error at the current token.
func (p *parser) errHere(format string, args ...any) *ir.Diagnostic {
	if p.tok.kind == tError {
		return p.lexError2()
	}
	return p.errAt(p.tok.start, format, args...)
}

func (p *parser) lexError2() *ir.Diagnostic {
	return p.errAt(p.lexErrPos, "%s", p.lexErr)
}

// errWrongTok reports an unexpected token as MLIR's emitWrongTokenError does:
// when the token starts a line, the error points just past the previous
// token (skipping blank lines and trailing comments) rather than at it.
func (p *parser) errWrongTok(format string, args ...any) *ir.Diagnostic {
	if p.tok.kind == tError {
		return p.lexError2()
	}
	pos := p.tok.start
	if p.tok.kind == tEOF && pos > 0 {
		pos--
	}
	orig := pos
	s := p.src[:pos]
	for {
		s = strings.TrimRight(s, " \t")
		if s == "" {
			return p.errAt(orig, format, args...)
		}
		if last := s[len(s)-1]; last != '\n' && last != '\r' {
			return p.errAt(len(s), format, args...)
		}
		s = s[:len(s)-1]
		prev := s
		if k := strings.LastIndexAny(prev, "\n\r"); k >= 0 {
			prev = prev[k:]
		}
		if c := strings.Index(prev, "//"); c >= 0 {
			s = s[:len(s)-(len(prev)-c)]
		}
	}
}

// ---- token helpers ----

func (p *parser) text() string { return p.src[p.tok.start:p.tok.end] }

func (p *parser) consume() {
	p.prevEnd = p.tok.end
	p.lex()
}

// resetTo re-lexes from offset pos (MLIR's resetPointer).
func (p *parser) resetTo(pos int) {
	p.cur = pos
	p.lex()
}

func (p *parser) is(k tokKind) bool { return p.tok.kind == k }

func (p *parser) consumeIf(k tokKind) bool {
	if p.tok.kind == k {
		p.consume()
		return true
	}
	return false
}

// isIdent reports a bare identifier (or keyword) spelled s.
func (p *parser) isIdent(s string) bool {
	return p.tok.kind == tBareIdent && p.src[p.tok.start:p.tok.end] == s
}

func (p *parser) consumeIdent(s string) bool {
	if p.isIdent(s) {
		p.consume()
		return true
	}
	return false
}

// expect consumes a token of kind k or reports msg as a wrong-token error.
func (p *parser) expect(k tokKind, msg string) error {
	if p.tok.kind == k {
		p.consume()
		return nil
	}
	return p.errWrongTok("%s", msg)
}

// intern returns a canonical copy of s that does not pin the source buffer.
func (p *parser) intern(s string) string {
	if v, ok := p.names[s]; ok {
		return v
	}
	v := strings.Clone(s)
	p.names[v] = v
	return v
}

// stringValue decodes the current string token.
func (p *parser) stringValue() string {
	return unquote(p.src[p.tok.start+1 : p.tok.end-1])
}

// symbolValue decodes the current `@name` / `@"name"` token.
func (p *parser) symbolValue() string {
	s := p.src[p.tok.start+1 : p.tok.end]
	if len(s) > 0 && s[0] == '"' {
		return unquote(s[1 : len(s)-1])
	}
	return s
}

// parseCommaSeparatedList parses `elt (, elt)*`.
func (p *parser) parseCommaList(elt func() error) error {
	if err := elt(); err != nil {
		return err
	}
	for p.consumeIf(tComma) {
		if err := elt(); err != nil {
			return err
		}
	}
	return nil
}

// parseUint reads an integer token as an unsigned number of at most bits
// bits: missing is the error when the token is not an integer, tooLarge
// when its value does not fit.
func (p *parser) parseUint(bits int, missing, tooLarge string) (uint64, error) {
	if !p.is(tInteger) {
		return 0, p.errWrongTok("%s", missing)
	}
	v, err := strconv.ParseUint(p.text(), 0, bits)
	if err != nil {
		return 0, p.errHere("%s", tooLarge)
	}
	p.consume()
	return v, nil
}

// parseListOf parses a delimited list (parseDelimitedList) of the
// elements elt returns, collected in order.
func parseListOf[T any](p *parser, d ir.Delimiter, elt func() (T, error), ctxMsg string) ([]T, error) {
	var out []T
	err := p.parseDelimitedList(d, func() error {
		v, err := elt()
		out = append(out, v)
		return err
	}, ctxMsg)
	return out, err
}

// parseDelimitedList parses a possibly empty list in delimiters, MLIR's
// parseCommaSeparatedList(Delimiter, ...). ctxMsg is appended to messages.
func (p *parser) parseDelimitedList(d ir.Delimiter, elt func() error, ctxMsg string) error {
	var closeKind tokKind
	switch d {
	case ir.DelimNone:
		return p.parseCommaList(elt)
	case ir.DelimOptionalParen:
		if !p.is(tLParen) {
			return nil
		}
		d = ir.DelimParen
	case ir.DelimOptionalSquare:
		if !p.is(tLSquare) {
			return nil
		}
		d = ir.DelimSquare
	case ir.DelimOptionalLess:
		if !p.is(tLess) {
			return nil
		}
		d = ir.DelimLess
	}
	var openKind tokKind
	switch d {
	case ir.DelimParen:
		openKind, closeKind = tLParen, tRParen
	case ir.DelimSquare:
		openKind, closeKind = tLSquare, tRSquare
	case ir.DelimLess:
		openKind, closeKind = tLess, tGreater
	case ir.DelimBraces:
		openKind, closeKind = tLBrace, tRBrace
	default:
		return p.errHere("invalid delimiter")
	}
	if err := p.expect(openKind, "expected '"+punctSpelling[openKind]+"'"+ctxMsg); err != nil {
		return err
	}
	if p.consumeIf(closeKind) {
		return nil
	}
	if err := p.parseCommaList(elt); err != nil {
		return err
	}
	return p.expect(closeKind, "expected ',' or '"+punctSpelling[closeKind]+"'"+ctxMsg)
}

// parseCommaListUntil parses `elt (, elt)* right` or just `right` when allowEmpty.
func (p *parser) parseCommaListUntil(right tokKind, elt func() error, allowEmpty bool) error {
	if p.is(right) {
		if !allowEmpty {
			return p.errWrongTok("expected list element")
		}
		p.consume()
		return nil
	}
	if err := p.parseCommaList(elt); err != nil {
		return err
	}
	return p.expect(right, "expected ',' or '"+punctSpelling[right]+"'")
}

// maxDepth bounds the nesting of types, attributes, regions and affine
// expressions so that hostile input cannot exhaust the goroutine stack.
const maxDepth = 5000

// enter notes one more level of nesting; callers defer p.leave().
func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return p.errHere("exceeded maximum nesting depth of %d", maxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }
