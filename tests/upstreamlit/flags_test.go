package upstreamlit

import (
	"fmt"
	"github.com/goopt/goopt/dialects/opsyntax"
	"sort"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/registry"
)

// upstreamPasses are the passes MLIR 19's mlir-opt has under the same name
// as goopt's, with the options upstream knows (mlir-opt-19 --help). An
// invocation is compared only when every pass it names is here and every
// option it sets is listed for that pass; TestUpstreamPassTable keeps the
// table in step with the installed mlir-opt-19.
var upstreamPasses = map[string][]string{
	"canonicalize":                       {"disable-patterns", "enable-patterns", "max-iterations", "max-num-rewrites", "region-simplify", "test-convergence", "top-down"},
	"cse":                                nil,
	"symbol-dce":                         nil,
	"strip-debuginfo":                    nil,
	"affine-loop-tile":                   {"cache-size", "separate", "tile-size", "tile-sizes"},
	"affine-data-copy-generate":          {"fast-mem-capacity", "fast-mem-space", "generate-dma", "min-dma-transfer", "skip-non-unit-stride-loops", "slow-mem-space", "tag-mem-space"},
	"affine-loop-unroll":                 {"cleanup-unroll", "unroll-factor", "unroll-full", "unroll-full-threshold", "unroll-num-reps", "unroll-up-to-factor"},
	"affine-loop-unroll-jam":             {"unroll-jam-factor"},
	"affine-scalrep":                     nil,
	"affine-loop-invariant-code-motion":  nil,
	"affine-loop-normalize":              {"promote-single-iter"},
	"affine-parallelize":                 {"max-nested", "parallel-reductions"},
	"affine-simplify-structures":         nil,
	"affine-loop-coalescing":             nil,
	"affine-loop-fusion":                 {"fusion-compute-tolerance", "fusion-fast-mem-space", "fusion-local-buf-threshold", "fusion-maximal", "mode"},
	"lower-affine":                       nil,
	"print-op-stats":                     {"json"},
	"reconcile-unrealized-casts":         nil,
	"convert-scf-to-cf":                  nil,
	"gpu-kernel-outlining":               {"data-layout-str"},
	"gpu-launch-sink-index-computations": nil,
	"convert-arith-to-llvm":              {"index-bitwidth"},
	"convert-cf-to-llvm":                 {"index-bitwidth"},
	"convert-func-to-llvm":               {"index-bitwidth", "use-bare-ptr-memref-call-conv"},
	"convert-math-to-llvm":               {"approximate-log1p"},
	"convert-gpu-to-nvvm":                {"has-redux", "index-bitwidth", "use-bare-ptr-memref-call-conv"},
	"convert-nvgpu-to-nvvm":              nil,
	"finalize-memref-to-llvm":            {"index-bitwidth", "use-aligned-alloc", "use-generic-functions"},
	"convert-vector-to-llvm":             {"enable-amx", "enable-arm-neon", "enable-arm-sve", "enable-x86vector", "force-32bit-vector-indices", "reassociate-fp-reductions"},
}

// passSpec is one pass of an invocation: its name and option text.
type passSpec struct {
	name, options string
}

// skipReason says why the invocation is not compared with upstream, or ""
// when it is.
func skipReason(inv passtest.Invocation) string {
	if inv.VerifyDiagnostics {
		return "--verify-diagnostics run"
	}
	passes, err := invocationPasses(inv.PassFlags)
	if err != nil {
		return "pass pipeline not understood"
	}
	for _, p := range passes {
		known, ok := upstreamPasses[p.name]
		if !ok {
			return fmt.Sprintf("goopt-only pass '%s'", p.name)
		}
		for _, k := range optionKeys(p.options) {
			if !contains(known, k) {
				return fmt.Sprintf("goopt-only option '%s' of '%s'", k, p.name)
			}
		}
	}
	return ""
}

// invocationPasses returns the passes the pass flags of an invocation
// name, with their options, looking into --pass-pipeline; the error is the
// first pipeline that does not parse.
func invocationPasses(passFlags []string) ([]passSpec, error) {
	var passes []passSpec
	var firstErr error
	for _, a := range passFlags {
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "pass-pipeline" {
			passes = append(passes, passSpec{name: name, options: value})
			continue
		}
		ps, err := pipelinePasses(value)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		passes = append(passes, ps...)
	}
	return passes, firstErr
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pipelinePasses returns the passes of a textual pipeline in MLIR's
// grammar, `builtin.module(func.func(cse,canonicalize{top-down=false}))`:
// an element followed by '(' is an op anchor, any other a pass.
func pipelinePasses(text string) ([]passSpec, error) {
	p := &pipelineScanner{opsyntax.Scanner{Text: text}}
	out, err := p.list(nil)
	if err == nil {
		p.SkipSpace()
		if p.Pos < len(p.Text) {
			err = fmt.Errorf("unexpected %q at column %d", p.Text[p.Pos:], p.Pos+1)
		}
	}
	return out, err
}

// pipelineScanner reads a pipeline's text with opsyntax's scanner.
type pipelineScanner struct{ opsyntax.Scanner }

func (p *pipelineScanner) list(out []passSpec) ([]passSpec, error) {
	for {
		p.SkipSpace()
		start := p.Pos
		for p.Pos < len(p.Text) && strings.IndexByte("(){}, \t\n", p.Text[p.Pos]) < 0 {
			p.Pos++
		}
		name := p.Text[start:p.Pos]
		if name == "" {
			return out, fmt.Errorf("expected a pass or op name at column %d", p.Pos+1)
		}
		p.SkipSpace()
		opts := ""
		if p.Pos < len(p.Text) && p.Text[p.Pos] == '{' {
			end := balancedEnd(p.Text, p.Pos)
			if end < 0 {
				return out, fmt.Errorf("unbalanced '{' at column %d", p.Pos+1)
			}
			opts = p.Text[p.Pos+1 : end]
			p.Pos = end + 1
			p.SkipSpace()
		}
		if p.Pos < len(p.Text) && p.Text[p.Pos] == '(' {
			p.Pos++
			var err error
			if out, err = p.list(out); err != nil {
				return out, err
			}
			p.SkipSpace()
			if p.Pos >= len(p.Text) || p.Text[p.Pos] != ')' {
				return out, fmt.Errorf("expected ')' at column %d", p.Pos+1)
			}
			p.Pos++
		} else {
			out = append(out, passSpec{name: name, options: opts})
		}
		p.SkipSpace()
		if p.Pos >= len(p.Text) || p.Text[p.Pos] != ',' {
			return out, nil
		}
		p.Pos++
	}
}

// balancedEnd returns the index of the bracket closing the one at s[i],
// skipping quoted strings, or -1.
func balancedEnd(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return -1
			}
			i += j + 1
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// optionKeys returns the keys of an option string, `k=v k2={a b} flag`.
func optionKeys(text string) []string {
	var keys []string
	i := 0
	for {
		for i < len(text) && strings.IndexByte(" \t\n", text[i]) >= 0 {
			i++
		}
		if i >= len(text) {
			return keys
		}
		start := i
		for i < len(text) && strings.IndexByte("= \t\n", text[i]) < 0 {
			i++
		}
		keys = append(keys, text[start:i])
		if i >= len(text) || text[i] != '=' {
			continue
		}
		for i++; i < len(text) && strings.IndexByte(" \t\n", text[i]) < 0; i++ {
			if strings.IndexByte("'\"{[(", text[i]) >= 0 {
				end := balancedEnd(text, i)
				if text[i] == '\'' || text[i] == '"' {
					if j := strings.IndexByte(text[i+1:], text[i]); j >= 0 {
						end = i + 1 + j
					}
				}
				if end < 0 {
					return keys
				}
				i = end
			}
		}
	}
}

// TestParseInvocation pins down which invocations are compared and which
// arguments reach mlir-opt-19.
func TestParseInvocation(t *testing.T) {
	isPass := func(name string) bool {
		_, ok := upstreamPasses[name]
		return ok || name == "affine-loop-permute"
	}
	for _, tc := range []struct {
		args      []string
		passFlags string
		skip      string
	}{
		{[]string{"in.mlir", "--split-input-file", "--affine-loop-tile=tile-sizes=4,5,3 separate"}, "--affine-loop-tile=tile-sizes=4,5,3 separate", ""},
		{[]string{"in.mlir", "--affine-loop-tile=tile-sizes=8,8 num-tiling-levels=2"}, "--affine-loop-tile=tile-sizes=8,8 num-tiling-levels=2", "goopt-only option 'num-tiling-levels' of 'affine-loop-tile'"},
		{[]string{"in.mlir", "--affine-loop-permute=permutation=1,2,0"}, "--affine-loop-permute=permutation=1,2,0", "goopt-only pass 'affine-loop-permute'"},
		{[]string{"in.mlir", "--pass-pipeline=builtin.module(func.func(canonicalize{region-simplify=disabled}), cse)", "-o", "out"}, "--pass-pipeline=builtin.module(func.func(canonicalize{region-simplify=disabled}), cse)", ""},
		{[]string{"in.mlir", "--pass-pipeline=builtin.module(canonicalize{max-iterations=20 region-simplify=aggressive})"}, "--pass-pipeline=builtin.module(canonicalize{max-iterations=20 region-simplify=aggressive})", ""},
		{[]string{"in.mlir", "--pass-pipeline=builtin.module(canonicalize{enable-patterns={a b} bogus})"}, "--pass-pipeline=builtin.module(canonicalize{enable-patterns={a b} bogus})", "goopt-only option 'bogus' of 'canonicalize'"},
		{[]string{"in.mlir", "--pass-pipeline=builtin.module(func.func(cse)"}, "--pass-pipeline=builtin.module(func.func(cse)", "pass pipeline not understood"},
		{[]string{"in.mlir", "--split-input-file", "--verify-diagnostics", "--cse"}, "--cse", "--verify-diagnostics run"},
		{[]string{"in.mlir", "--mlir-print-debuginfo", "--strip-debuginfo"}, "--strip-debuginfo", ""},
	} {
		inv := passtest.ParseInvocation(tc.args, isPass)
		if got := strings.Join(inv.PassFlags, " "); got != tc.passFlags {
			t.Errorf("ParseInvocation(%q).PassFlags = %q, want %q", tc.args, got, tc.passFlags)
		}
		if got := skipReason(inv); got != tc.skip {
			t.Errorf("skipReason(ParseInvocation(%q)) = %q, want %q", tc.args, got, tc.skip)
		}
	}
}

func TestOptionKeys(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", ""},
		{"unroll-full", "unroll-full"},
		{"unroll-full unroll-full-threshold=3", "unroll-full unroll-full-threshold"},
		{"tile-sizes=4,5,3  separate", "tile-sizes separate"},
		{"a='x y' b={c d=e} f", "a b f"},
	} {
		if got := strings.Join(optionKeys(tc.text), " "); got != tc.want {
			t.Errorf("optionKeys(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestUpstreamPassTable checks upstreamPasses against mlir-opt-19 --help:
// each pass exists upstream with exactly the listed options.
func TestUpstreamPassTable(t *testing.T) {
	opt := findMLIROpt(t)
	out, err := opt.run([]string{"--help"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	help := helpPassOptions(string(out))
	for name, want := range upstreamPasses {
		got, ok := help[name]
		if !ok {
			t.Errorf("mlir-opt-19 has no pass '%s'", name)
			continue
		}
		w := append([]string(nil), want...)
		sort.Strings(w)
		if strings.Join(got, " ") != strings.Join(w, " ") {
			t.Errorf("'%s' options: mlir-opt-19 has %q, the table %q", name, got, w)
		}
	}
	// What the table leaves out must really be goopt's own, so no upstream
	// pass goes unchecked and "goopt-only" in the summary is true.
	reg := registry.All()
	for _, info := range reg.Passes() {
		if _, listed := upstreamPasses[info.Name]; !listed {
			if _, upstream := help[info.Name]; upstream {
				t.Errorf("mlir-opt-19 has '%s' too: add it to upstreamPasses", info.Name)
			}
		}
	}
	for _, pi := range reg.Pipelines() {
		if _, upstream := help[pi.Name]; upstream {
			t.Errorf("mlir-opt-19 has a pass or pipeline named '%s' like goopt's pipeline: add it to upstreamPasses", pi.Name)
		}
	}
}

// helpPassOptions reads the pass list of mlir-opt --help: a pass is a
// 6-space-indented `--name`, its options the 8-space-indented `--opt` lines
// after it.
func helpPassOptions(help string) map[string][]string {
	out := map[string][]string{}
	cur := ""
	for _, line := range strings.Split(help, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		if !strings.HasPrefix(trimmed, "--") {
			continue
		}
		name := strings.TrimPrefix(strings.Fields(trimmed)[0], "--")
		name, _, _ = strings.Cut(name, "=")
		switch {
		case indent == 6:
			cur = name
			out[cur] = []string{}
		case indent == 8 && cur != "":
			out[cur] = append(out[cur], name)
		default:
			cur = ""
		}
	}
	for _, v := range out {
		sort.Strings(v)
	}
	return out
}
