package registry

import (
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/affinedatacopy"
	"github.com/goopt/goopt/passes/affinefusion"
	"github.com/goopt/goopt/passes/affinegpumap"
	"github.com/goopt/goopt/passes/affinegpusmemcopy"
	"github.com/goopt/goopt/passes/affinegputile"
	"github.com/goopt/goopt/passes/affinegpuvectorizecopies"
	"github.com/goopt/goopt/passes/affinegpuwmma"
	"github.com/goopt/goopt/passes/affinelicm"
	"github.com/goopt/goopt/passes/affineloopcoalescing"
	"github.com/goopt/goopt/passes/affineloopnormalize"
	"github.com/goopt/goopt/passes/affinelooptile"
	"github.com/goopt/goopt/passes/affineloopunroll"
	"github.com/goopt/goopt/passes/affineloopunrolljam"
	"github.com/goopt/goopt/passes/affineparallelize"
	"github.com/goopt/goopt/passes/affinepermute"
	"github.com/goopt/goopt/passes/affinescalrep"
	"github.com/goopt/goopt/passes/affinesimplifystructures"
	"github.com/goopt/goopt/passes/canonicalize"
	"github.com/goopt/goopt/passes/convertarithtollvm"
	"github.com/goopt/goopt/passes/convertcftollvm"
	"github.com/goopt/goopt/passes/convertfunctollvm"
	"github.com/goopt/goopt/passes/convertgputonvvm"
	"github.com/goopt/goopt/passes/convertmathtollvm"
	"github.com/goopt/goopt/passes/convertnvgputonvvm"
	"github.com/goopt/goopt/passes/convertscftocf"
	"github.com/goopt/goopt/passes/convertvectortollvm"
	"github.com/goopt/goopt/passes/cse"
	"github.com/goopt/goopt/passes/finalizememreftollvm"
	"github.com/goopt/goopt/passes/gpuinsertbarriers"
	"github.com/goopt/goopt/passes/gpukerneloutlining"
	"github.com/goopt/goopt/passes/gpulatencyhiding"
	"github.com/goopt/goopt/passes/gpulaunchsinkindexcomputations"
	"github.com/goopt/goopt/passes/gpumapaffine"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
	"github.com/goopt/goopt/passes/gpumatmulmma"
	"github.com/goopt/goopt/passes/gpumatmulwmma"
	"github.com/goopt/goopt/passes/loweraffine"
	"github.com/goopt/goopt/passes/printopstats"
	"github.com/goopt/goopt/passes/reconcileunrealizedcasts"
	"github.com/goopt/goopt/passes/stripdebuginfo"
	"github.com/goopt/goopt/passes/symboldce"
)

// Factories returns the factory of every pass, in no particular order.
func Factories() []pass.Factory {
	return []pass.Factory{
		affinedatacopy.New,
		affinefusion.New,
		affinegpuvectorizecopies.New,
		affinegputile.New,
		affinegpusmemcopy.New,
		affinegpuwmma.New,
		affinegpumap.New,
		affinelicm.New,
		affinelooptile.New,
		affineloopunroll.New,
		affineloopunrolljam.New,
		affineloopnormalize.New,
		affinesimplifystructures.New,
		affineloopcoalescing.New,
		loweraffine.New,
		affineparallelize.New,
		affinepermute.New,
		affinescalrep.New,
		canonicalize.New,
		convertarithtollvm.New,
		convertcftollvm.New,
		convertfunctollvm.New,
		convertmathtollvm.New,
		cse.New,
		convertgputonvvm.New,
		convertnvgputonvvm.New,
		convertscftocf.New,
		gpuinsertbarriers.New,
		printopstats.New,
		reconcileunrealizedcasts.New,
		stripdebuginfo.New,
		symboldce.New,
		gpulatencyhiding.New,
		finalizememreftollvm.New,
		convertvectortollvm.New,
		gpukerneloutlining.New,
		gpulaunchsinkindexcomputations.New,
		gpumapaffine.New,
		gpumatmulhopper.NewKernelPass,
		gpumatmulmma.NewKernelPass,
	}
}

// Pipelines returns every named pipeline.
func Pipelines() []*pass.PipelineInfo {
	return []*pass.PipelineInfo{gpumatmulwmma.Pipeline(), gpumatmulhopper.Pipeline(), gpumatmulmma.Pipeline(), gpumapaffine.Pipeline()}
}

// All returns a registry holding every pass and named pipeline.
func All() *pass.Registry {
	r := pass.NewRegistry(Factories()...)
	for _, p := range Pipelines() {
		r.RegisterPipeline(p)
	}
	return r
}
