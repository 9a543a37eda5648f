package affine

import (
	"strconv"
	"strings"
)

type bindingStrength uint8

const (
	bindWeak bindingStrength = iota
	bindStrong
)

// ExprString prints e in MLIR syntax using dimName/symName to spell
// identifiers. A nil callback falls back to "d<pos>" / "s<pos>". This is
// the equivalent of AsmPrinter::printAffineExpr with a printValueName
// callback, as used for affine.load/affine.apply operand lists
// ("%i + 1", "symbol(%n)"): the callback must return the complete
// spelling, e.g. symName should return "symbol(%n)" itself.
func ExprString(e Expr, dimName func(int) string, symName func(int) string) string {
	var sb strings.Builder
	p := printer{sb: &sb, dim: dimName, sym: symName}
	p.print(e, bindWeak)
	return sb.String()
}

type printer struct {
	sb  *strings.Builder
	dim func(int) string
	sym func(int) string
}

// leafName spells dimension or symbol pos: name's spelling when given,
// else prefix and the position (d0, s1).
func leafName(name func(int) string, prefix string, pos int) string {
	if name != nil {
		return name(pos)
	}
	return prefix + strconv.Itoa(pos)
}

func (p *printer) print(e Expr, enclosing bindingStrength) {
	os := p.sb
	var spelling string
	switch x := e.(type) {
	case *SymbolExpr:
		os.WriteString(leafName(p.sym, "s", x.Pos))
		return
	case *DimExpr:
		os.WriteString(leafName(p.dim, "d", x.Pos))
		return
	case *ConstantExpr:
		os.WriteString(strconv.FormatInt(x.Value, 10))
		return
	case *BinaryExpr:
		switch x.Op {
		case KindAdd:
			spelling = " + "
		case KindMul:
			spelling = " * "
		case KindFloorDiv:
			spelling = " floordiv "
		case KindCeilDiv:
			spelling = " ceildiv "
		case KindMod:
			spelling = " mod "
		}
	default:
		os.WriteString("<<NULL AFFINE EXPR>>")
		return
	}
	bin := e.(*BinaryExpr)
	lhs, rhs := bin.LHS, bin.RHS
	open := func() {
		if enclosing == bindStrong {
			os.WriteByte('(')
		}
	}
	closeP := func() {
		if enclosing == bindStrong {
			os.WriteByte(')')
		}
	}

	// Tightly binding binary operators.
	if bin.Op != KindAdd {
		open()
		if rc, ok := rhs.(*ConstantExpr); ok && bin.Op == KindMul && rc.Value == -1 {
			os.WriteByte('-')
			p.print(lhs, bindStrong)
			closeP()
			return
		}
		p.print(lhs, bindStrong)
		os.WriteString(spelling)
		p.print(rhs, bindStrong)
		closeP()
		return
	}

	// Special "pretty" forms for add.
	open()
	if rb, ok := rhs.(*BinaryExpr); ok && rb.Op == KindMul {
		if rrhs, ok := rb.RHS.(*ConstantExpr); ok {
			if rrhs.Value == -1 {
				p.print(lhs, bindWeak)
				os.WriteString(" - ")
				if rb.LHS.Kind() == KindAdd {
					p.print(rb.LHS, bindStrong)
				} else {
					p.print(rb.LHS, bindWeak)
				}
				closeP()
				return
			}
			if rrhs.Value < -1 {
				p.print(lhs, bindWeak)
				os.WriteString(" - ")
				p.print(rb.LHS, bindStrong)
				os.WriteString(" * ")
				os.WriteString(strconv.FormatInt(-rrhs.Value, 10))
				closeP()
				return
			}
		}
	}
	if rc, ok := rhs.(*ConstantExpr); ok && rc.Value < 0 {
		p.print(lhs, bindWeak)
		os.WriteString(" - ")
		os.WriteString(strconv.FormatInt(-rc.Value, 10))
		closeP()
		return
	}
	p.print(lhs, bindWeak)
	os.WriteString(" + ")
	p.print(rhs, bindWeak)
	closeP()
}
