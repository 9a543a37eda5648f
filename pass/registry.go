package pass

import (
	"fmt"
	"maps"
	"slices"
)

// Factory creates a fresh instance of a pass with default options.
type Factory func() Pass

// Info describes a registered pass.
type Info struct {
	Name    string
	Summary string
	Anchor  string
	Options []OptionInfo
	New     Factory
}

// PipelineInfo describes a registered named pipeline: a pass name that
// expands to a sequence of passes (MLIR's PassPipelineRegistration).
type PipelineInfo struct {
	Name    string
	Summary string
	// Options, when set, returns the pipeline's options struct with its
	// defaults (fields tagged as a pass's), for --help.
	Options func() any
	// Build adds the pipeline's passes to pm, configured by the option
	// string given in braces (empty when none).
	Build func(pm *OpPassManager, options string) error
}

// Registry maps pass names to factories. It is built from an explicit list
// (see passes/registry) and is read-only afterwards.
type Registry struct {
	passes    map[string]*Info
	pipelines map[string]*PipelineInfo
}

// NewRegistry registers the passes the factories create. A duplicate name
// is a programming error in the pass list and panics.
func NewRegistry(factories ...Factory) *Registry {
	r := &Registry{passes: map[string]*Info{}, pipelines: map[string]*PipelineInfo{}}
	for _, f := range factories {
		p := f()
		if _, dup := r.passes[p.Name()]; dup {
			panic(fmt.Sprintf("pass: %q registered twice", p.Name()))
		}
		r.passes[p.Name()] = &Info{Name: p.Name(), Summary: p.Summary(), Anchor: p.Anchor(), Options: Options(p.Options()), New: f}
	}
	return r
}

// RegisterPipeline registers a named pipeline; a name clash panics.
func (r *Registry) RegisterPipeline(pi *PipelineInfo) {
	if r.passes[pi.Name] != nil || r.pipelines[pi.Name] != nil {
		panic(fmt.Sprintf("pass: %q registered twice", pi.Name))
	}
	r.pipelines[pi.Name] = pi
}

// Lookup returns the named pass, or nil.
func (r *Registry) Lookup(name string) *Info { return r.passes[name] }

// LookupPipeline returns the named pipeline, or nil.
func (r *Registry) LookupPipeline(name string) *PipelineInfo { return r.pipelines[name] }

// Passes returns every registered pass sorted by name.
func (r *Registry) Passes() []*Info { return byName(r.passes) }

// Pipelines returns every registered pipeline sorted by name.
func (r *Registry) Pipelines() []*PipelineInfo { return byName(r.pipelines) }

// byName returns m's values in the order of their keys.
func byName[T any](m map[string]T) []T {
	out := make([]T, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[k])
	}
	return out
}

// Create instantiates the named pass and applies an option string
// (`tile-sizes=32,32 separate`). Option errors are *OptionError.
func (r *Registry) Create(name, options string) (Pass, error) {
	info := r.passes[name]
	if info == nil {
		return nil, fmt.Errorf("'%s' does not refer to a registered pass or pass pipeline", name)
	}
	p := info.New()
	if err := ParseOptions(p.Options(), options); err != nil {
		return nil, err
	}
	return p, nil
}
