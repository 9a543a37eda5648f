package passtest

import "strings"

// Invocation is what the execution checks need to know of one `goopt opt`
// command line.
type Invocation struct {
	// Input is the first positional argument ("" or "-" for stdin), Output
	// the -o/--output file ("" or "-" for stdout).
	Input, Output string
	// PassFlags are the arguments that select passes (--<pass>[=options]
	// and --pass-pipeline=...), verbatim and in order.
	PassFlags         []string
	Split             bool
	VerifyDiagnostics bool
	AllowUnregistered bool
	Help              bool
}

// ParseInvocation reads `goopt opt` arguments (without "opt"); isPass says
// whether a flag name is a pass or pass pipeline. Flags take their value
// after '=', except -o/--output, which also take the next argument.
func ParseInvocation(args []string, isPass func(string) bool) Invocation {
	var inv Invocation
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			if inv.Input == "" {
				inv.Input = a
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "o" || name == "output":
			if !hasValue && i+1 < len(args) {
				i++
				value = args[i]
			}
			inv.Output = value
		case name == "pass-pipeline":
			inv.PassFlags = append(inv.PassFlags, a)
		case name == "split-input-file":
			inv.Split = value != "false"
		case name == "verify-diagnostics":
			inv.VerifyDiagnostics = value != "false"
		case name == "allow-unregistered-dialect":
			inv.AllowUnregistered = value != "false"
		case name == "help" || name == "h":
			inv.Help = true
		case isPass(name):
			inv.PassFlags = append(inv.PassFlags, a)
		}
	}
	return inv
}
