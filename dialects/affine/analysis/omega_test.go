package analysis

import (
	"math/rand"
	"testing"
)

func sys(n int, eqs, ineqs [][]int64) *Constraints {
	c := &Constraints{}
	for i := 0; i < n; i++ {
		c.AppendVar(DimVar, nil)
	}
	for _, r := range eqs {
		c.AddEq(r)
	}
	for _, r := range ineqs {
		c.AddIneq(r)
	}
	return c
}

func TestIsEmptyKnownAnswers(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		eqs   [][]int64
		ineqs [][]int64
		empty bool
	}{
		{"gcd: 2x == 2y + 1", 2, [][]int64{{2, -2, -1}}, nil, true},
		{"2x == 3y solvable", 2, [][]int64{{2, -3, 0}}, nil, false},
		{"real but not integer: 1 <= 3x <= 2", 1, nil, [][]int64{{3, -1}, {-3, 2}}, true},
		{"box", 2, nil, [][]int64{{1, 0, 0}, {-1, 0, 9}, {0, 1, 0}, {0, -1, 9}}, false},
		// Pugh's example: 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 4: no integer point.
		{"pugh dark shadow", 2, nil, [][]int64{{11, 13, -27}, {-11, -13, 45}, {7, -9, 10}, {-7, 9, 4}}, true},
		{"3x + 5y == 7, 0<=x,y<=1", 2, [][]int64{{3, 5, -7}}, [][]int64{{1, 0, 0}, {-1, 0, 1}, {0, 1, 0}, {0, -1, 1}}, true},
		{"6x + 10y + 15z == 1", 3, [][]int64{{6, 10, 15, -1}}, nil, false},
		{"6x + 10y + 15z == 1 bounded", 3, [][]int64{{6, 10, 15, -1}}, [][]int64{{1, 0, 0, 0}, {-1, 0, 0, 1}, {0, 1, 0, 0}, {0, -1, 0, 1}, {0, 0, 1, 0}, {0, 0, -1, 1}}, true},
	}
	for _, tc := range tests {
		if got := sys(tc.n, tc.eqs, tc.ineqs).IsEmpty(); got != tc.empty {
			t.Errorf("%s: IsEmpty = %v, want %v", tc.name, got, tc.empty)
		}
	}
}

// TestIsEmptyAgainstEnumeration checks the Omega test against brute force
// on random bounded systems.
func TestIsEmptyAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const lo, hi = -4, 4
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.Intn(3)
		c := &Constraints{}
		for i := 0; i < n; i++ {
			p := c.AppendVar(DimVar, nil)
			c.AddBound(p, false, lo)
			c.AddBound(p, true, hi)
		}
		coef := func() int64 { return int64(rng.Intn(11) - 5) }
		for k := rng.Intn(4); k > 0; k-- {
			r := c.NewRow()
			for i := range r {
				r[i] = coef()
			}
			r[n] = int64(rng.Intn(21) - 10)
			c.AddIneq(r)
		}
		if rng.Intn(3) == 0 {
			r := c.NewRow()
			for i := range r {
				r[i] = coef()
			}
			c.AddEq(r)
		}
		want := true
		x := make([]int64, n)
		var rec func(i int)
		rec = func(i int) {
			if !want {
				return
			}
			if i == n {
				for _, r := range c.Eqs {
					s := r[n]
					for j := 0; j < n; j++ {
						s += r[j] * x[j]
					}
					if s != 0 {
						return
					}
				}
				for _, r := range c.Ineqs {
					s := r[n]
					for j := 0; j < n; j++ {
						s += r[j] * x[j]
					}
					if s < 0 {
						return
					}
				}
				want = false
				return
			}
			for v := int64(lo); v <= hi; v++ {
				x[i] = v
				rec(i + 1)
			}
		}
		rec(0)
		empty, known := c.IsEmptyExact()
		if !known {
			t.Fatalf("unknown answer for\n%s", c)
		}
		if empty != want {
			t.Fatalf("IsEmpty = %v, want %v for\n%s", empty, want, c)
		}
	}
}
