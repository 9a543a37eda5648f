package gpumatmulhopper

import (
	"os"
	"testing"
)

func TestDumpKernel(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	k := &kernel{M: 256, N: 512, K: 256, BM: 128, BN: 256, BK: 64, Stages: 4, Consumers: 2, WarpSpecialize: os.Getenv("WS") != "", TMAEpilogue: os.Getenv("TMA") != "", GridSwizzle: 2}
	if err := k.check(); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(os.Getenv("DUMP"), []byte(k.text()), 0o644)
}
