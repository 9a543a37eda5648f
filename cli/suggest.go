package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// suggestFlag adds mlir-opt's "did you mean" to an unknown-flag error,
// naming the closest flag of the command (passes included).
func suggestFlag(cmd *cobra.Command, err error) error {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return err
	}
	name, _, _ = strings.Cut(name, "=")
	best, bestDist := "", len(name)/3+1
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if d := editDistance(name, f.Name); d < bestDist || d == bestDist && best == "" && d <= 2 {
			best, bestDist = f.Name, d
		}
	})
	if best == "" {
		return err
	}
	return fmt.Errorf("%s\ndid you mean '--%s'?", msg, best)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
