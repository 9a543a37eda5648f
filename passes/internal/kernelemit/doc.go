// Package kernelemit writes GPU kernels as MLIR text for the matmul
// pipelines that build them (gpu-matmul-hopper, gpu-matmul-mma). A kernel is
// written in upstream's syntax (the nvgpu ops' custom forms, as mlir-opt-19
// prints them) and parsed into the context: the text is the contract with
// upstream — the same text is what mlir-opt-19 verifies and lowers in the
// pipelines' tests — and it keeps the pipelines independent of how each
// dialect spells its Go builders.
//
// An Emitter hands out fresh SSA names and collects the index constants a
// region uses, to be defined once at its top (Prelude):
//
//	e := kernelemit.New(2, "c")
//	i := e.Fresh("i")
//	e.Open("scf.for %s = %s to %s step %s {", i, e.C(0), e.C(64), e.C(1))
//	e.Line("gpu.barrier")
//	e.Close("}")
//	text := e.Prelude(2) + e.Text()
package kernelemit
