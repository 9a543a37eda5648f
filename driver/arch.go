package driver

import (
	"strings"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/ir"
)

// ArchSpecific is the architecture-specific target (PTX's `a` suffix)
// that wgmma and setmaxnreg need: code for it runs on sm_90 parts only.
const ArchSpecific = "sm_90a"

// archSpecificOp returns the first op of m that only sm_90a has, or nil.
func archSpecificOp(m *ir.Operation) *ir.Operation {
	var found *ir.Operation
	ir.Walk(m, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		name := op.Name()
		if strings.HasPrefix(name, "nvvm.wgmma.") || name == "nvvm.setmaxregister" || strings.HasPrefix(name, "nvgpu.warpgroup.") {
			found = op
			return ir.Interrupt
		}
		return ir.Advance
	})
	return found
}

// chooseArch fills in the target of a lowered module: sm_90a when a kernel
// uses an sm_90a-only op, the default (sm_90) otherwise. An explicit
// target without the `a` features that such a kernel needs is an error at
// the op, rather than llc's failure to select the instruction.
func chooseArch(m *ir.Operation, o *nvptx.Options) error {
	op := archSpecificOp(m)
	switch {
	case op == nil:
		return nil
	case o.Arch == "":
		o.Arch = ArchSpecific
		return nil
	case !strings.HasSuffix(o.Arch, "a"):
		return op.Errorf("needs the architecture-specific target %s (wgmma, setmaxnreg), but the target is %s: use --arch=%s", ArchSpecific, o.Arch, ArchSpecific)
	}
	return nil
}
