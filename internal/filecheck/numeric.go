package filecheck

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// This file implements FileCheck numeric substitution blocks:
//
//	[[#%<fmt>,<NAME>: <constraint> <expr>]]
//
// where <fmt> is u, d, x or X with optional '#' (alternate form, hex only)
// and '.N' precision; <constraint> is "==" (the only one FileCheck has);
// <expr> combines literals, variables and @LINE with binary + and - and the
// functions add, sub, mul, div, max, min.

type formatKind uint8

const (
	fmtNone formatKind = iota
	fmtUnsigned
	fmtSigned
	fmtHexLower
	fmtHexUpper
)

type numFormat struct {
	kind      formatKind
	precision int
	alternate bool
}

func (f numFormat) String() string {
	c := map[formatKind]string{fmtNone: "none", fmtUnsigned: "u", fmtSigned: "d", fmtHexLower: "x", fmtHexUpper: "X"}[f.kind]
	return "%" + c
}

// wildcard returns the regex matching any value printed in format f.
func (f numFormat) wildcard() string {
	prefix := ""
	if f.alternate {
		prefix = "0x"
	}
	digits := map[formatKind]string{fmtUnsigned: "[0-9]", fmtSigned: "[0-9]", fmtHexLower: "[0-9a-f]", fmtHexUpper: "[0-9A-F]"}[f.kind]
	first := map[formatKind]string{fmtUnsigned: "[1-9]", fmtSigned: "[1-9]", fmtHexLower: "[1-9a-f]", fmtHexUpper: "[1-9A-F]"}[f.kind]
	sign := ""
	if f.kind == fmtSigned {
		sign = "-?"
	}
	if f.precision > 0 {
		return fmt.Sprintf("%s%s(%s%s*)?%s{%d}", sign, prefix, first, digits, digits, f.precision)
	}
	return sign + prefix + digits + "+"
}

// format renders v in format f.
func (f numFormat) format(v int64) (string, error) {
	neg := v < 0
	if neg && f.kind != fmtSigned {
		return "", fmt.Errorf("unable to represent numeric value")
	}
	mag := uint64(v)
	if neg {
		mag = uint64(-v)
	}
	var digits string
	switch f.kind {
	case fmtHexLower:
		digits = strconv.FormatUint(mag, 16)
	case fmtHexUpper:
		digits = strings.ToUpper(strconv.FormatUint(mag, 16))
	default:
		digits = strconv.FormatUint(mag, 10)
	}
	if len(digits) < f.precision {
		digits = strings.Repeat("0", f.precision-len(digits)) + digits
	}
	if f.alternate {
		digits = "0x" + digits
	}
	if neg {
		digits = "-" + digits
	}
	return digits, nil
}

// parse converts text matched by f.wildcard() to a value.
func (f numFormat) parse(s string) (int64, error) {
	base := 10
	if f.kind == fmtHexLower || f.kind == fmtHexUpper {
		base = 16
		s = strings.TrimPrefix(s, "0x")
	}
	if f.kind == fmtSigned {
		return strconv.ParseInt(s, base, 64)
	}
	u, err := strconv.ParseUint(s, base, 64)
	if err != nil || u > math.MaxInt64 {
		return 0, fmt.Errorf("unable to represent numeric value")
	}
	return int64(u), nil
}

// numVar is a numeric variable. Expressions refer to the variable object, so
// a later definition (or a scope reset) is visible to every use.
type numVar struct {
	name    string
	format  numFormat
	value   int64
	set     bool
	defLine int // 0 for command-line and implicitly created variables
}

type exprNode struct {
	op   string // "lit", "var", "line", "+", "-", or a function name
	lit  int64
	v    *numVar
	args []*exprNode
	// text is the source text of a variable use, for diagnostics.
	text string
}

// eval evaluates e; line is the value of @LINE.
func (e *exprNode) eval(line int) (int64, error) {
	switch e.op {
	case "lit":
		return e.lit, nil
	case "line":
		return int64(line), nil
	case "var":
		if !e.v.set {
			return 0, &undefinedVarError{e.v.name}
		}
		return e.v.value, nil
	}
	vals := make([]int64, len(e.args))
	for i, a := range e.args {
		v, err := a.eval(line)
		if err != nil {
			return 0, err
		}
		vals[i] = v
	}
	a, b := vals[0], vals[1]
	var r int64
	overflow := false
	switch e.op {
	case "+", "add":
		r = a + b
		overflow = (b > 0 && r < a) || (b < 0 && r > a)
	case "-", "sub":
		r = a - b
		overflow = (b < 0 && r < a) || (b > 0 && r > a)
	case "mul":
		r = a * b
		overflow = a != 0 && (r/a != b || (a == -1 && b == math.MinInt64))
	case "div":
		if b == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		r = a / b
	case "max":
		r = max(a, b)
	case "min":
		r = min(a, b)
	}
	if overflow {
		return 0, fmt.Errorf("overflow error")
	}
	return r, nil
}

// implicitFormat returns the format implied by the variables in e.
func (e *exprNode) implicitFormat() (numFormat, error) {
	switch e.op {
	case "lit", "line":
		return numFormat{}, nil
	case "var":
		return e.v.format, nil
	}
	var f numFormat
	for _, a := range e.args {
		af, err := a.implicitFormat()
		if err != nil {
			return f, err
		}
		if af.kind == fmtNone {
			continue
		}
		if f.kind != fmtNone && f != af {
			return f, fmt.Errorf("implicit format conflict between '%s' (%s) and '%s' (%s), need an explicit format specifier", e.args[0].text, f, e.args[1].text, af)
		}
		f = af
	}
	return f, nil
}

type undefinedVarError struct{ name string }

func (e *undefinedVarError) Error() string { return "undefined variable: " + e.name }

// numBlock is a parsed numeric substitution block.
type numBlock struct {
	expr   *exprNode // nil if the block only defines a variable
	format numFormat
	def    *numVar // non-nil for a definition
}

type numParser struct {
	s       string
	pos     int
	legacy  bool
	line    int
	ctx     *patternContext
	allowed bool // whether the current operand may be any operand (vs legacy @LINE)
}

const spaceChars = " \t"

func isVarStart(c byte) bool { return c == '_' || isLetter(c) }
func isVarChar(c byte) bool  { return c == '_' || isLetter(c) || isDigit(c) }

// parseNumericBlock parses the body of [[#...]] (without the '#'), or of a
// legacy [[@LINE...]] block when legacy is set. line is the directive's line.
func (ctx *patternContext) parseNumericBlock(s string, legacy bool, line int) (*numBlock, error) {
	blk := &numBlock{}
	var explicit numFormat
	precision := 0
	comma := strings.IndexByte(s, ',')
	paren := strings.IndexByte(s, '(')
	if comma >= 0 && (paren < 0 || comma < paren) {
		spec := strings.Trim(s[:comma], spaceChars)
		s = s[comma+1:]
		if !strings.HasPrefix(spec, "%") {
			return nil, fmt.Errorf("invalid matching format specification in expression")
		}
		spec = spec[1:]
		alt := false
		if strings.HasPrefix(spec, "#") {
			alt, spec = true, spec[1:]
		}
		if strings.HasPrefix(spec, ".") {
			spec = spec[1:]
			n := 0
			for n < len(spec) && isDigit(spec[n]) {
				n++
			}
			if n == 0 {
				return nil, fmt.Errorf("invalid precision in format specifier")
			}
			precision, _ = strconv.Atoi(spec[:n])
			spec = spec[n:]
		}
		if spec != "" {
			switch spec[0] {
			case 'u':
				explicit = numFormat{kind: fmtUnsigned, precision: precision}
			case 'd':
				explicit = numFormat{kind: fmtSigned, precision: precision}
			case 'x':
				explicit = numFormat{kind: fmtHexLower, precision: precision, alternate: alt}
			case 'X':
				explicit = numFormat{kind: fmtHexUpper, precision: precision, alternate: alt}
			default:
				return nil, fmt.Errorf("invalid format specifier in expression")
			}
			spec = spec[1:]
		}
		if alt && explicit.kind != fmtHexLower && explicit.kind != fmtHexUpper {
			return nil, fmt.Errorf("alternate form only supported for hex values")
		}
		if strings.TrimLeft(spec, spaceChars) != "" {
			return nil, fmt.Errorf("invalid matching format specification in expression")
		}
	}

	defText, hasDef := "", false
	if colon := strings.IndexByte(s, ':'); colon >= 0 {
		defText, s, hasDef = s[:colon], s[colon+1:], true
	}
	s = strings.TrimLeft(s, spaceChars)
	constraint := false
	if strings.HasPrefix(s, "==") {
		constraint, s = true, strings.TrimLeft(s[2:], spaceChars)
	}
	if s == "" {
		if constraint {
			return nil, fmt.Errorf("empty numeric expression should not have a constraint")
		}
	} else {
		p := &numParser{s: strings.TrimRight(s, spaceChars), legacy: legacy, line: line, ctx: ctx}
		e, err := p.operand(legacy)
		for err == nil && p.pos < len(p.s) {
			e, err = p.binop(e)
			if err == nil && legacy && p.pos < len(p.s) {
				return nil, fmt.Errorf("unexpected characters at end of expression '%s'", p.s[p.pos:])
			}
		}
		if err != nil {
			return nil, err
		}
		blk.expr = e
	}

	switch {
	case explicit.kind != fmtNone:
		blk.format = explicit
	case blk.expr != nil:
		f, err := blk.expr.implicitFormat()
		if err != nil {
			return nil, err
		}
		blk.format = f
	}
	if blk.format.kind == fmtNone {
		blk.format = numFormat{kind: fmtUnsigned, precision: precision}
	}

	if hasDef {
		name := strings.TrimLeft(defText, spaceChars)
		n := 0
		if n < len(name) && (name[n] == '$' || name[n] == '@') {
			n++
		}
		if n == len(name) || !isVarStart(name[n]) {
			return nil, fmt.Errorf("invalid variable name")
		}
		if name[0] == '@' {
			return nil, fmt.Errorf("definition of pseudo numeric variable unsupported")
		}
		for n < len(name) && isVarChar(name[n]) {
			n++
		}
		if strings.TrimLeft(name[n:], spaceChars) != "" {
			return nil, fmt.Errorf("unexpected characters after numeric variable name")
		}
		name = name[:n]
		if ctx.definedStr[name] {
			return nil, fmt.Errorf("string variable with name '%s' already exists", name)
		}
		v := ctx.numVars[name]
		if v == nil {
			v = &numVar{name: name, format: blk.format, defLine: line}
			ctx.numVars[name] = v
		} else if v.format != blk.format {
			return nil, fmt.Errorf("format different from previous variable definition")
		}
		blk.def = v
	}
	return blk, nil
}

func (p *numParser) skipSpace() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t') {
		p.pos++
	}
}

// operand parses a literal, variable, @LINE, parenthesised expression or
// function call. In legacy mode the first operand must be @LINE.
func (p *numParser) operand(legacyLine bool) (*exprNode, error) {
	p.skipSpace()
	rest := p.s[p.pos:]
	if legacyLine {
		if !strings.HasPrefix(rest, "@LINE") {
			return nil, fmt.Errorf("invalid operand format")
		}
		p.pos += len("@LINE")
		return &exprNode{op: "line", text: "@LINE"}, nil
	}
	if rest == "" {
		return nil, fmt.Errorf("expected operand")
	}
	if rest[0] == '(' {
		p.pos++
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.pos >= len(p.s) || p.s[p.pos] != ')' {
			return nil, fmt.Errorf("missing ')' at end of nested expression")
		}
		p.pos++
		return e, nil
	}
	if rest[0] == '@' || rest[0] == '$' || isVarStart(rest[0]) {
		n := 1
		for n < len(rest) && isVarChar(rest[n]) {
			n++
		}
		name := rest[:n]
		after := strings.TrimLeft(rest[n:], spaceChars)
		if rest[0] != '@' && rest[0] != '$' && strings.HasPrefix(after, "(") {
			return p.call(name)
		}
		p.pos += n
		if rest[0] == '@' {
			if name != "@LINE" {
				return nil, fmt.Errorf("invalid pseudo numeric variable '%s'", name)
			}
			return &exprNode{op: "line", text: name}, nil
		}
		if n == 1 && rest[0] == '$' {
			return nil, fmt.Errorf("empty global variable name")
		}
		if p.ctx.definedStr[name] {
			return nil, fmt.Errorf("string variable with name '%s' already exists", name)
		}
		v := p.ctx.numVars[name]
		if v == nil {
			v = &numVar{name: name, format: numFormat{kind: fmtUnsigned}}
			p.ctx.numVars[name] = v
		}
		if v.defLine != 0 && v.defLine == p.line {
			return nil, fmt.Errorf("numeric variable '%s' defined earlier in the same CHECK directive", name)
		}
		return &exprNode{op: "var", v: v, text: name}, nil
	}
	// Literal: optional '-', then decimal or 0x-prefixed hex.
	n := 0
	if rest[0] == '-' {
		n++
	}
	base := 10
	if strings.HasPrefix(rest[n:], "0x") || strings.HasPrefix(rest[n:], "0X") {
		base = 16
		n += 2
	}
	start := n
	for n < len(rest) && (isDigit(rest[n]) || (base == 16 && strings.IndexByte("abcdefABCDEF", rest[n]) >= 0)) {
		n++
	}
	if n == start {
		return nil, fmt.Errorf("invalid operand format")
	}
	u, err := strconv.ParseUint(rest[start:n], base, 64)
	if err != nil || u > math.MaxInt64 {
		return nil, fmt.Errorf("unable to represent numeric value")
	}
	v := int64(u)
	if rest[0] == '-' {
		v = -v
	}
	p.pos += n
	return &exprNode{op: "lit", lit: v, text: rest[:n]}, nil
}

// expr parses operand (binop operand)* inside parentheses or arguments.
func (p *numParser) expr() (*exprNode, error) {
	e, err := p.operand(false)
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.s) || (p.s[p.pos] != '+' && p.s[p.pos] != '-') {
			return e, nil
		}
		if e, err = p.binop(e); err != nil {
			return nil, err
		}
	}
}

func (p *numParser) binop(lhs *exprNode) (*exprNode, error) {
	p.skipSpace()
	if p.pos >= len(p.s) {
		return lhs, nil
	}
	op := p.s[p.pos]
	if op != '+' && op != '-' {
		return nil, fmt.Errorf("unsupported operation '%c'", op)
	}
	p.pos++
	p.skipSpace()
	if p.pos >= len(p.s) {
		return nil, fmt.Errorf("missing operand in expression")
	}
	var rhs *exprNode
	var err error
	if p.legacy {
		rhs, err = p.legacyLiteral()
	} else {
		rhs, err = p.operand(false)
	}
	if err != nil {
		return nil, err
	}
	return &exprNode{op: string(op), args: []*exprNode{lhs, rhs}, text: lhs.text + string(op) + rhs.text}, nil
}

func (p *numParser) legacyLiteral() (*exprNode, error) {
	n := p.pos
	for n < len(p.s) && isDigit(p.s[n]) {
		n++
	}
	if n == p.pos {
		return nil, fmt.Errorf("invalid operand format")
	}
	v, err := strconv.ParseInt(p.s[p.pos:n], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("unable to represent numeric value")
	}
	text := p.s[p.pos:n]
	p.pos = n
	return &exprNode{op: "lit", lit: v, text: text}, nil
}

var numFuncs = map[string]bool{"add": true, "div": true, "max": true, "min": true, "mul": true, "sub": true}

func (p *numParser) call(name string) (*exprNode, error) {
	if !numFuncs[name] {
		return nil, fmt.Errorf("call to undefined function '%s'", name)
	}
	p.pos += len(name)
	p.skipSpace()
	p.pos++ // '('
	var args []*exprNode
	p.skipSpace()
	if p.pos < len(p.s) && p.s[p.pos] != ')' {
		for {
			a, err := p.expr()
			if err != nil {
				return nil, err
			}
			args = append(args, a)
			p.skipSpace()
			if p.pos < len(p.s) && p.s[p.pos] == ',' {
				p.pos++
				continue
			}
			break
		}
	}
	if p.pos >= len(p.s) || p.s[p.pos] != ')' {
		return nil, fmt.Errorf("missing ')' at end of call expression")
	}
	p.pos++
	if len(args) != 2 {
		return nil, fmt.Errorf("function '%s' takes 2 arguments but %d given", name, len(args))
	}
	return &exprNode{op: name, args: args, text: name + "(...)"}, nil
}
