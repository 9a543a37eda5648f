package affine

import (
	"errors"
	"fmt"
)

// ErrDivByZero is returned by evaluation when a floordiv, ceildiv or mod
// has a zero right-hand side.
var ErrDivByZero = errors.New("affine: division by zero")

var errNilExpr = errors.New("affine: nil or foreign expression")

func errPos(what string, pos, n int) error {
	return fmt.Errorf("affine: %s %d out of range (%d provided)", what, pos, n)
}
