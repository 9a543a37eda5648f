package interp

import (
	"fmt"

	"github.com/goopt/goopt/ir/affine"
)

// cmap is an affine map compiled for evaluation: each result is either a
// linear form over the map's inputs (dims then symbols) or a general tree.
type cmap struct {
	numDims, numSyms int
	results          []cexpr
	src              *affine.Map
}

type cexpr struct {
	linear bool
	lin    linForm
	tree   func(dims, syms []int64) (int64, error)
}

// linForm is Σ coef[i]·input[i] + c over dims then symbols.
type linForm struct {
	coef []int64
	c    int64
}

func compileMap(m *affine.Map) (*cmap, error) {
	cm := &cmap{numDims: m.NumDims, numSyms: m.NumSymbols, src: m}
	for _, r := range m.Results {
		ce, err := compileExpr(r, m.NumDims, m.NumSymbols)
		if err != nil {
			return nil, err
		}
		cm.results = append(cm.results, ce)
	}
	return cm, nil
}

func compileExpr(e affine.Expr, nd, ns int) (cexpr, error) {
	if lf, ok := linearize(e, nd, ns); ok {
		return cexpr{linear: true, lin: lf}, nil
	}
	t, err := exprTree(e, nd, ns)
	return cexpr{tree: t}, err
}

// linearize returns the linear form of e when it has no div/mod and no
// product of two non-constants.
func linearize(e affine.Expr, nd, ns int) (linForm, bool) {
	lf := linForm{coef: make([]int64, nd+ns)}
	ok := lf.add(e, 1, nd)
	return lf, ok
}

func (l *linForm) add(e affine.Expr, scale int64, nd int) bool {
	switch x := e.(type) {
	case *affine.ConstantExpr:
		l.c += scale * x.Value
	case *affine.DimExpr:
		if x.Pos >= nd {
			return false
		}
		l.coef[x.Pos] += scale
	case *affine.SymbolExpr:
		if nd+x.Pos >= len(l.coef) {
			return false
		}
		l.coef[nd+x.Pos] += scale
	case *affine.BinaryExpr:
		switch x.Op {
		case affine.KindAdd:
			return l.add(x.LHS, scale, nd) && l.add(x.RHS, scale, nd)
		case affine.KindMul:
			if c, ok := x.RHS.(*affine.ConstantExpr); ok {
				return l.add(x.LHS, scale*c.Value, nd)
			}
			if c, ok := x.LHS.(*affine.ConstantExpr); ok {
				return l.add(x.RHS, scale*c.Value, nd)
			}
			return false
		default:
			return false
		}
	default:
		return false
	}
	return true
}

func exprTree(e affine.Expr, nd, ns int) (func(dims, syms []int64) (int64, error), error) {
	switch x := e.(type) {
	case *affine.ConstantExpr:
		v := x.Value
		return func(_, _ []int64) (int64, error) { return v, nil }, nil
	case *affine.DimExpr:
		p := x.Pos
		if p >= nd {
			return nil, fmt.Errorf("affine map uses d%d but has %d dims", p, nd)
		}
		return func(d, _ []int64) (int64, error) { return d[p], nil }, nil
	case *affine.SymbolExpr:
		p := x.Pos
		if p >= ns {
			return nil, fmt.Errorf("affine map uses s%d but has %d symbols", p, ns)
		}
		return func(_, s []int64) (int64, error) { return s[p], nil }, nil
	case *affine.BinaryExpr:
		l, err := exprTree(x.LHS, nd, ns)
		if err != nil {
			return nil, err
		}
		r, err := exprTree(x.RHS, nd, ns)
		if err != nil {
			return nil, err
		}
		op := x.Op
		return func(d, s []int64) (int64, error) {
			a, err := l(d, s)
			if err != nil {
				return 0, err
			}
			b, err := r(d, s)
			if err != nil {
				return 0, err
			}
			switch op {
			case affine.KindAdd:
				return a + b, nil
			case affine.KindMul:
				return a * b, nil
			}
			if b == 0 {
				return 0, fmt.Errorf("division by zero in affine expression '%s'", e)
			}
			switch op {
			case affine.KindFloorDiv:
				return floorDiv(a, b), nil
			case affine.KindCeilDiv:
				return -floorDiv(-a, b), nil
			default: // mod
				m := a % b
				if m < 0 {
					if b > 0 {
						m += b
					} else {
						m -= b
					}
				}
				return m, nil
			}
		}, nil
	}
	return nil, fmt.Errorf("unsupported affine expression '%v'", e)
}

func floorDiv(a, b int64) int64 {
	if b == -1 {
		return -a
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// eval evaluates every result into out (len(out) == len(results)).
func (m *cmap) eval(dims, syms []int64, out []int64) error {
	for i := range m.results {
		v, err := m.results[i].eval(dims, syms, m.numDims)
		if err != nil {
			return err
		}
		out[i] = v
	}
	return nil
}

func (e *cexpr) eval(dims, syms []int64, nd int) (int64, error) {
	if e.linear {
		v := e.lin.c
		for i, c := range e.lin.coef {
			if c == 0 {
				continue
			}
			if i < nd {
				v += c * dims[i]
			} else {
				v += c * syms[i-nd]
			}
		}
		return v, nil
	}
	return e.tree(dims, syms)
}

// evalOperands evaluates the map with all inputs in one slice (dims then symbols).
func (m *cmap) evalOperands(in []int64, out []int64) error {
	return m.eval(in[:m.numDims], in[m.numDims:], out)
}
