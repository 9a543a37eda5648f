package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/dialects/all"
)

// TestGeneratedUpToDate regenerates every dialect's ops_gen.go in memory and
// requires the committed file to match: run `go generate ./dialects/...`
// after changing an op schema.
func TestGeneratedUpToDate(t *testing.T) {
	n := 0
	for _, d := range all.All() {
		dir := filepath.Join("..", "..", "dialects", dirOf(d.Name))
		committed, err := os.ReadFile(filepath.Join(dir, "ops_gen.go"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		pkg, declared, err := packageDecls(dir, "ops_gen.go")
		if err != nil {
			t.Fatal(err)
		}
		src, err := generate(d, pkg, declared)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(src, committed) {
			t.Errorf("%s/ops_gen.go is stale: run go generate ./dialects/%s", dir, dirOf(d.Name))
		}
		n++
	}
	if n == 0 {
		t.Fatal("no generated op views found")
	}
}

// dirOf maps a dialect name to its package directory.
func dirOf(dialect string) string {
	if dialect == "func" {
		return "fn"
	}
	return dialect
}

func TestCamel(t *testing.T) {
	for in, want := range map[string]string{"cond_br": "CondBr", "trueDestOperands": "TrueDestOperands", "addui_extended": "AdduiExtended"} {
		if got := camel(in); got != want {
			t.Errorf("camel(%q) = %q, want %q", in, got, want)
		}
	}
	if got := accessorName("result", "Value"); got != "ResultValue" {
		t.Errorf("accessor shadowing ir.Operation.Result: got %q", got)
	}
}
