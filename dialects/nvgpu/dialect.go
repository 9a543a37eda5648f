package nvgpu

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

const dialectName = "nvgpu"

// Dialect returns the nvgpu dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:      dialectName,
		Ops:       ops(),
		ParseType: parseType,
	}
}

func ops() []*ir.OpDef {
	return slices.Concat([]*ir.OpDef{
		ldmatrixOp(),
		mmaSyncOp(),

		deviceAsyncCopyOp(),
		deviceAsyncCreateGroupOp(),
		deviceAsyncWaitOp(),

		mbarrierCreateOp(),
	}, barrierOps(), []*ir.OpDef{

		tmaPrefetchOp(),
		tmaAsyncLoadOp(),
		tmaAsyncStoreOp(),
		tmaCreateDescriptorOp(),

		warpgroupGenerateDescriptorOp(),
		warpgroupMmaOp(),
		warpgroupMmaStoreOp(),
		warpgroupMmaInitAccumulatorOp(),
	})
}
