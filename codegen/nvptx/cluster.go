package nvptx

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// llc-19 ignores the cluster_dim_x/y/z annotations (LLVM 20 writes
// `.explicitcluster` and `.reqnctapercluster X, Y, Z` from them), so a
// kernel's nvvm.cluster_dim would not reach the PTX. clusterDirectives
// adds those directives to each kernel entry the LLVM IR annotates, after
// llc has run, where llc did not write them itself; like LLVM, only for
// targets with clusters (sm_90 and later).

var clusterAnnotation = regexp.MustCompile(`(?m)^!\d+ = !\{ptr @("(?:[^"\\]|\\.)*"|[-\w$.]+), !"cluster_dim_([xyz])", i32 (\d+)\}`)

var ptxEntry = regexp.MustCompile(`^(?:\.visible |\.weak )?\.entry ([^\s(]+)\(`)

// clusterDims returns the cluster dimensions of each annotated kernel, by
// its LLVM IR name (missing dimensions 1).
func clusterDims(llvmIR string) map[string][3]int64 {
	dims := map[string][3]int64{}
	for _, m := range clusterAnnotation.FindAllStringSubmatch(llvmIR, -1) {
		name := m[1]
		if uq, err := strconv.Unquote(name); err == nil {
			name = uq
		}
		d, ok := dims[name]
		if !ok {
			d = [3]int64{1, 1, 1}
		}
		n, _ := strconv.ParseInt(m[3], 10, 64)
		d[strings.Index("xyz", m[2])] = n
		dims[name] = d
	}
	return dims
}

// smVersion is the number of an sm_NN[a] architecture, 0 when unknown.
func smVersion(arch string) int {
	n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(arch, "sm_"), "a"))
	return n
}

// clusterDirectives inserts `.explicitcluster` and `.reqnctapercluster`
// into the performance directives of each kernel of ptx that dims names.
func clusterDirectives(ptx string, dims map[string][3]int64, arch string) string {
	if len(dims) == 0 || smVersion(arch) < 90 {
		return ptx
	}
	lines := strings.Split(ptx, "\n")
	var out []string
	entry := "" // the kernel whose directives are being read
	for _, l := range lines {
		if m := ptxEntry.FindStringSubmatch(l); m != nil {
			entry = m[1]
		}
		if entry != "" && (l == "{" || strings.HasPrefix(l, ".maxclusterrank")) {
			if d, ok := dims[entry]; ok {
				out = append(out, ".explicitcluster", fmt.Sprintf(".reqnctapercluster %d, %d, %d", d[0], d[1], d[2]))
			}
			entry = ""
		}
		if strings.HasPrefix(l, ".reqnctapercluster") || strings.HasPrefix(l, ".explicitcluster") {
			entry = "" // llc wrote them itself
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
