// Package lit is an in-process runner for lit-style tests: files whose
// "// RUN:" (or "# RUN:", "; RUN:") lines describe shell pipelines that must
// succeed, typically `tool %s | FileCheck %s`.
//
// RUN lines support '\' continuation, the substitutions %s %S %p %t %T %%
// (plus Runner.Substitutions), and a shell subset: quoting, |, &&, ||, ;,
// redirections (<, >, >>, 2>, 2>&1, &>), and the builtins not, count, echo,
// cat, rm, mkdir, true, false and FileCheck (backed by internal/filecheck).
// Commands are looked up in Runner.Tools; anything else is an error unless
// AllowExternal is set. Pipeline stages run one after another with buffered
// output, and a pipeline fails if any stage fails (lit's pipefail).
//
// REQUIRES, UNSUPPORTED and XFAIL take lit boolean feature expressions
// evaluated against Runner.Features; unmet requirements are reported as
// Unsupported, never as passing. With CrossCheck set, every FileCheck stage is
// also run through the external FileCheck-19 and differing verdicts fail the
// test.
//
// Example:
//
//	r := &lit.Runner{Tools: map[string]lit.Tool{"goopt-opt": optMain}}
//	files, _ := lit.Discover("test")
//	for _, f := range files {
//		if res := r.RunFile(f); res.Status.Failed() {
//			fmt.Print(res.Report())
//		}
//	}
package lit
