package gpumatmulhopper

import (
	"fmt"

	"github.com/goopt/goopt/passes/internal/kernelemit"
)

// PadCopyFunc is a function @pad(%A, %O), A and O of rows x cols f16,
// that pads A as the matmul's host function does (padOperand: the copy
// launch into a buffer of padded rows) and copies the buffer's view of
// A's extent into O: O then equals A exactly when the copy kernel is
// right.
func PadCopyFunc(rows, cols int64) string {
	h := kernelemit.New(1, "hc")
	typ := fmt.Sprintf("memref<%dx%dxf16>", rows, cols)
	view, viewType, buf, bufType := padOperand(h, "pa", "%A", typ, rows, cols)
	h.Line("memref.copy %s, %%O : %s to %s", view, viewType, typ)
	h.Line("memref.dealloc %s : %s", buf, bufType)
	h.Line("return")
	return fmt.Sprintf("func.func @pad(%%A: %s, %%O: %s) {\n%s%s}\n", typ, typ, h.Prelude(1), h.Text())
}
