package passutil

import (
	"fmt"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/canonicalize"
	"github.com/goopt/goopt/passes/cse"
)

// Pipeline returns the registration of a named pipeline whose options are
// the struct O: the options start as defaults(), the pipeline string's
// options are parsed over them, and build appends the configured stages.
// Each goopt pipeline registers itself this way, so that parsing, help
// and dumped pipelines behave the same for all of them.
func Pipeline[O any](name, summary string, defaults func() O, build func(pm *pass.OpPassManager, o O) error) *pass.PipelineInfo {
	return &pass.PipelineInfo{
		Name:    name,
		Summary: summary,
		Options: func() any { o := defaults(); return &o },
		Build: func(pm *pass.OpPassManager, options string) error {
			o := defaults()
			if err := pass.ParseOptions(&o, options); err != nil {
				return err
			}
			return build(pm, o)
		},
	}
}

// AddFuncStages appends stages, then canonicalize and cse when cleanup is
// set, to the func.func manager of pm: pm itself when it is anchored on
// func.func, a nested one otherwise (a pipeline may be run on a module or
// on one function). An error names the pipeline.
func AddFuncStages(pm *pass.OpPassManager, name string, cleanup bool, stages ...pass.Pass) error {
	fn := pm
	if pm.Anchor() != "func.func" {
		fn = pm.Nest("func.func")
	}
	if cleanup {
		stages = append(stages, canonicalize.New(), cse.New())
	}
	for _, p := range stages {
		if err := fn.AddPass(p); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	return nil
}
