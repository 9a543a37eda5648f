package nvptx

import (
	"strings"
	"testing"
)

const clusterIR = `!nvvm.annotations = !{!0, !1, !2, !3}

!0 = !{ptr @k, !"cluster_dim_x", i32 4}
!1 = !{ptr @k, !"cluster_dim_y", i32 2}
!2 = !{ptr @"odd.name", !"cluster_dim_z", i32 2}
!3 = !{ptr @k, !"maxntidx", i32 128}
`

func TestClusterDims(t *testing.T) {
	got := clusterDims(clusterIR)
	if len(got) != 2 || got["k"] != [3]int64{4, 2, 1} || got["odd.name"] != [3]int64{1, 1, 2} {
		t.Errorf("clusterDims = %v", got)
	}
}

func TestClusterDirectives(t *testing.T) {
	dims := map[string][3]int64{"k": {4, 2, 1}}
	ptx := ".visible .entry k(\n\t.param .u64 k_param_0\n)\n.maxntid 128, 1, 1\n.maxclusterrank 8\n{\n\tret;\n}\n" +
		".visible .entry other(\n)\n{\n\tret;\n}\n"
	want := ".maxntid 128, 1, 1\n.explicitcluster\n.reqnctapercluster 4, 2, 1\n.maxclusterrank 8\n{"
	if got := clusterDirectives(ptx, dims, "sm_90a"); !strings.Contains(got, want) || strings.Count(got, ".explicitcluster") != 1 {
		t.Errorf("sm_90a:\n%s", got)
	}
	// Without .maxclusterrank the directives go before the body.
	noRank := strings.Replace(ptx, ".maxclusterrank 8\n", "", 1)
	if got := clusterDirectives(noRank, dims, "sm_90"); !strings.Contains(got, ".reqnctapercluster 4, 2, 1\n{") {
		t.Errorf("sm_90 without maxclusterrank:\n%s", got)
	}
	// Targets without clusters get none, as LLVM does.
	if got := clusterDirectives(ptx, dims, "sm_80"); got != ptx {
		t.Errorf("sm_80 changed:\n%s", got)
	}
	// An llc that writes them itself (LLVM 20) is left alone.
	own := strings.Replace(ptx, ".maxclusterrank 8\n", ".explicitcluster\n.reqnctapercluster 4, 2, 1\n.maxclusterrank 8\n", 1)
	if got := clusterDirectives(own, dims, "sm_90a"); got != own {
		t.Errorf("duplicated llc's own directives:\n%s", got)
	}
}
