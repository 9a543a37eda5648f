package affine

// A minimal parser for affine_map / affine_set bodies, used only by the
// tests. It builds expressions through the simplifying constructors in the
// same order as MLIR's AffineParser, so that printing the result must match
// mlir-opt's output for the same text.

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

type tparser struct {
	toks []string
	i    int
	dims map[string]int
	syms map[string]int
}

func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := rune(s[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case unicode.IsLetter(c) || c == '_':
			j := i
			for j < len(s) && (unicode.IsLetter(rune(s[j])) || unicode.IsDigit(rune(s[j])) || s[j] == '_') {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		case unicode.IsDigit(c):
			j := i
			for j < len(s) && unicode.IsDigit(rune(s[j])) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		case strings.HasPrefix(s[i:], "->") || strings.HasPrefix(s[i:], ">=") ||
			strings.HasPrefix(s[i:], "<=") || strings.HasPrefix(s[i:], "=="):
			toks = append(toks, s[i:i+2])
			i += 2
		default:
			toks = append(toks, s[i:i+1])
			i++
		}
	}
	return toks
}

func (p *tparser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}
func (p *tparser) next() string { t := p.peek(); p.i++; return t }
func (p *tparser) expect(t string) {
	if g := p.next(); g != t {
		panic(fmt.Sprintf("expected %q got %q at %d in %v", t, g, p.i, p.toks))
	}
}

func (p *tparser) idList(open, close string, into map[string]int) {
	p.expect(open)
	for p.peek() != close {
		into[p.next()] = len(into)
		if p.peek() == "," {
			p.next()
		}
	}
	p.expect(close)
}

func (p *tparser) header() (int, int) {
	p.dims, p.syms = map[string]int{}, map[string]int{}
	p.idList("(", ")", p.dims)
	if p.peek() == "[" {
		p.idList("[", "]", p.syms)
	}
	return len(p.dims), len(p.syms)
}

// parseMapText parses "(d0)[s0] -> (exprs)".
func parseMapText(s string) *Map {
	p := &tparser{toks: tokenize(s)}
	nd, ns := p.header()
	var res []Expr
	p.list("->", func() { res = append(res, p.expr()) })
	return NewMap(nd, ns, res)
}

// list parses sep, then a parenthesized, comma-separated list of items.
func (p *tparser) list(sep string, item func()) {
	p.expect(sep)
	p.expect("(")
	for p.peek() != ")" {
		item()
		if p.peek() == "," {
			p.next()
		}
	}
	p.expect(")")
}

// parseSetText parses "(d0)[s0] : (constraints)".
func parseSetText(s string) *Set {
	p := &tparser{toks: tokenize(s)}
	nd, ns := p.header()
	var cs []Expr
	var eqs []bool
	p.list(":", func() {
		lhs := p.expr()
		op := p.next()
		rhs := p.expr()
		switch op {
		case ">=":
			cs, eqs = append(cs, Sub(lhs, rhs)), append(eqs, false)
		case "<=":
			cs, eqs = append(cs, Sub(rhs, lhs)), append(eqs, false)
		case "==":
			cs, eqs = append(cs, Sub(lhs, rhs)), append(eqs, true)
		default:
			panic("bad constraint op " + op)
		}
	})
	if len(cs) == 0 {
		cs, eqs = []Expr{Const(0)}, []bool{true}
	}
	return NewSet(nd, ns, cs, eqs)
}

func highOp(t string) (ExprKind, bool) {
	switch t {
	case "*":
		return KindMul, true
	case "floordiv":
		return KindFloorDiv, true
	case "ceildiv":
		return KindCeilDiv, true
	case "mod":
		return KindMod, true
	}
	return 0, false
}

// expr := term (('+'|'-') term)*
func (p *tparser) expr() Expr {
	e := p.term()
	for {
		switch p.peek() {
		case "+":
			p.next()
			e = Add(e, p.term())
		case "-":
			p.next()
			e = Sub(e, p.term())
		default:
			return e
		}
	}
}

// term := operand (highop operand)*
func (p *tparser) term() Expr {
	e := p.operand()
	for {
		op, ok := highOp(p.peek())
		if !ok {
			return e
		}
		p.next()
		e = Binary(op, e, p.operand())
	}
}

func (p *tparser) operand() Expr {
	t := p.next()
	switch {
	case t == "(":
		e := p.expr()
		p.expect(")")
		return e
	case t == "-":
		return Neg(p.operand())
	case t == "symbol":
		p.expect("(")
		e := p.expr()
		p.expect(")")
		return e
	}
	if d, ok := p.dims[t]; ok {
		return Dim(d)
	}
	if s, ok := p.syms[t]; ok {
		return Symbol(s)
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		panic("bad operand " + t)
	}
	return Const(v)
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
