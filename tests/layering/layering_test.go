package layering

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/goopt/goopt"

// lowerTrees are the layers that must not depend on higher ones.
var lowerTrees = []string{"ir", "parser", "printer", "rewrite", "pass", "dialects"}

// forbiddenTrees are the higher layers (each with everything under it).
var forbiddenTrees = []string{"interp", "driver", "cli", "passes", "internal/passtest", "internal/passcheck"}

// allowedTestImports are forbidden packages the tests of a lower package
// may still reach, keyed "test package -> forbidden package" as reported.
var allowedTestImports = map[string]string{
	// The loop transformations' unit tests use the reference interpreter
	// as their oracle; interp/equiv depends on nothing above interp.
	"dialects/affine/looputil_test -> interp":       "interpreter as the oracle of looputil's unit tests",
	"dialects/affine/looputil_test -> interp/equiv": "interpreter as the oracle of looputil's unit tests",
}

// pkg is the part of `go list -json` read here.
type pkg struct {
	ImportPath string
	ForTest    string
	Deps       []string
	Module     *struct{ Path string }
}

// goList runs `go list -json args...` at the module root and decodes the
// stream of packages.
func goList(t *testing.T, args ...string) []pkg {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-e", "-json=ImportPath,ForTest,Deps,Module"}, args...)...)
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func patterns() []string {
	var ps []string
	for _, tree := range lowerTrees {
		ps = append(ps, "./"+tree+"/...")
	}
	return ps
}

// rel returns path relative to the module, or "" when it is outside it.
func rel(path string) string {
	if path == module {
		return "."
	}
	if r, ok := strings.CutPrefix(path, module+"/"); ok {
		return r
	}
	return ""
}

func under(path string, trees []string) bool {
	for _, t := range trees {
		if path == t || strings.HasPrefix(path, t+"/") {
			return true
		}
	}
	return false
}

// violations returns "importer -> forbidden" for every forbidden package
// among the dependencies of the packages under the lower trees, and the
// number of packages examined. A test variant "p [p.test]" is reported as
// p, an external test package as p_test, a generated test main never.
func violations(pkgs []pkg) (out []string, examined int) {
	seen := map[string]bool{}
	for _, p := range pkgs {
		name, _, _ := strings.Cut(p.ImportPath, " ")
		r := rel(name)
		if p.ForTest == "" && strings.HasSuffix(name, ".test") {
			continue // the generated test main
		}
		if r == "" || !under(strings.TrimSuffix(r, "_test"), lowerTrees) {
			continue
		}
		examined++
		for _, d := range p.Deps {
			dep, _, _ := strings.Cut(d, " ")
			if dr := rel(dep); dr != "" && under(dr, forbiddenTrees) {
				v := r + " -> " + dr
				if !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
	}
	sort.Strings(out)
	return out, examined
}

// TestLowerLayersDoNotImportHigherOnes checks the non-test dependencies.
func TestLowerLayersDoNotImportHigherOnes(t *testing.T) {
	bad, n := violations(goList(t, patterns()...))
	if n == 0 {
		t.Fatal("no package examined")
	}
	for _, v := range bad {
		t.Errorf("%s: a lower layer depends on a higher one", v)
	}
	t.Logf("%d packages examined", n)
}

// TestLowerLayersTestsDoNotImportHigherOnes checks the dependencies of the
// lower packages' tests.
func TestLowerLayersTestsDoNotImportHigherOnes(t *testing.T) {
	bad, n := violations(goList(t, append([]string{"-test"}, patterns()...)...))
	if n == 0 {
		t.Fatal("no package examined")
	}
	used := map[string]bool{}
	for _, v := range bad {
		if _, ok := allowedTestImports[v]; ok {
			used[v] = true
			continue
		}
		t.Errorf("%s: a test of a lower layer depends on a higher one", v)
	}
	for k := range allowedTestImports {
		if !used[k] {
			t.Errorf("allowedTestImports[%q] is not needed any more: remove it", k)
		}
	}
	t.Logf("%d packages examined (test variants included)", n)
}

// TestViolationsFound makes sure a forbidden dependency is reported, for a
// package, its test variant and its external test package.
func TestViolationsFound(t *testing.T) {
	pkgs := []pkg{
		{ImportPath: module + "/ir", Deps: []string{"fmt", module + "/ir/affine"}},
		{ImportPath: module + "/dialects/arith", Deps: []string{module + "/passes/registry", module + "/interp"}},
		{ImportPath: module + "/rewrite [" + module + "/rewrite.test]", ForTest: module + "/rewrite", Deps: []string{module + "/driver"}},
		{ImportPath: module + "/pass_test [" + module + "/pass.test]", ForTest: module + "/pass", Deps: []string{module + "/internal/passtest"}},
		{ImportPath: module + "/pass.test", Deps: []string{module + "/cli"}},
		{ImportPath: module + "/passes/cse", Deps: []string{module + "/driver"}},
		{ImportPath: module + "/interpreter", Deps: []string{module + "/interpx"}},
	}
	bad, n := violations(pkgs)
	want := []string{
		"dialects/arith -> interp",
		"dialects/arith -> passes/registry",
		"pass_test -> internal/passtest",
		"rewrite -> driver",
	}
	if fmt.Sprint(bad) != fmt.Sprint(want) || n != 4 {
		t.Errorf("violations = %q (%d examined), want %q (4)", bad, n, want)
	}
}
