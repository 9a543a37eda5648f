// Package registry lists goopt's passes explicitly (no init-time
// registration): All returns a registry of every pass.
//
//	reg := registry.All()
//	pm, err := reg.ParsePipeline("builtin.module(func.func(cse),canonicalize)")
package registry
