package driver

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/parser"
)

func TestChooseArch(t *testing.T) {
	const wgmma = `gpu.module @k {
  gpu.func @f() kernel {
    nvvm.setmaxregister increase 232
    gpu.return
  }
}
`
	const plain = `gpu.module @k {
  gpu.func @f() kernel {
    gpu.return
  }
}
`
	for _, c := range []struct {
		src, arch, want, err string
	}{
		{wgmma, "", ArchSpecific, ""},
		{wgmma, "sm_90a", "sm_90a", ""},
		{wgmma, "sm_90", "", "a.mlir:3:5: error: 'nvvm.setmaxregister' op needs the architecture-specific target sm_90a (wgmma, setmaxnreg), but the target is sm_90: use --arch=sm_90a"},
		{plain, "", "", ""},
		{plain, "sm_80", "sm_80", ""},
	} {
		f, err := parser.ParseFile(all.NewContext(), "a.mlir", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		o := nvptx.Options{Arch: c.arch}
		err = chooseArch(f.Module, &o)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s on %s: %v, want %q", c.arch, c.src, err, c.err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.arch, err)
		case o.Arch != c.want:
			t.Errorf("arch %q chose %q, want %q", c.arch, o.Arch, c.want)
		}
	}
}
