package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestToolFindsAndSkips(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "goopt-test-tool")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	if got := Tool(t, "goopt-test-tool"); got != bin {
		t.Fatalf("Tool = %q, want %q", got, bin)
	}
	// A subtest that skips reports success; one that reaches t.Fatal does not.
	ok := t.Run("missing", func(t *testing.T) {
		Tool(t, "goopt-no-such-tool")
		t.Fatal("Tool returned for a missing tool")
	})
	if !ok {
		t.Fatal("the subtest for a missing tool failed instead of skipping")
	}
}
