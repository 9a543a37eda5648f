package nvgpu

import "github.com/goopt/goopt/ir"

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
	return []*ir.OpDef{
		ldmatrixOp(),
		mmaSyncOp(),

		deviceAsyncCopyOp(),
		deviceAsyncCreateGroupOp(),
		deviceAsyncWaitOp(),

		mbarrierCreateOp(),
		mbarrierInitOp(),
		mbarrierArriveOp(),
		mbarrierArriveNoCompleteOp(),
		mbarrierArriveExpectTxOp(),
		mbarrierTestWaitOp(),
		mbarrierTryWaitParityOp(),

		tmaPrefetchOp(),
		tmaAsyncLoadOp(),
		tmaAsyncStoreOp(),
		tmaCreateDescriptorOp(),

		warpgroupGenerateDescriptorOp(),
		warpgroupMmaOp(),
		warpgroupMmaStoreOp(),
		warpgroupMmaInitAccumulatorOp(),
	}
}
