package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
)

// noValue is the value pflag stores for a per-pass flag given without `=`.
const noValue = "\x00"

type optFlags struct {
	output       string
	opts         driver.OptOptions
	verifyEach   bool
	printRemarks bool
}

func newOptCommand(e *env) *cobra.Command {
	reg := registry.All()
	f := &optFlags{}
	cmd := &cobra.Command{
		Use:   "opt [FILE|-] [flags]",
		Short: "Parse, transform and print MLIR (like mlir-opt)",
		Long: "Reads MLIR from FILE (or stdin), runs the passes given by --pass-pipeline or by\n" +
			"per-pass flags in command-line order, and prints the result.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runOpt(cmd, e, reg, f, args)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVarP(&f.output, "output", "o", "-", "output file ('-' for stdout)")
	fs.StringVar(&f.opts.Pipeline, "pass-pipeline", "", "a textual pass pipeline, e.g. 'builtin.module(func.func(cse),canonicalize)'")
	fs.BoolVar(&f.opts.SplitInputFile, "split-input-file", false, "split the input on '// -----' and process each chunk independently")
	fs.BoolVar(&f.opts.VerifyDiagnostics, "verify-diagnostics", false, "check that emitted diagnostics match expected-* annotations in the input")
	fs.BoolVar(&f.opts.AllowUnregistered, "allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	fs.BoolVar(&f.opts.Generic, "mlir-print-op-generic", false, "print operations in generic form")
	fs.BoolVar(&f.opts.DebugInfo, "mlir-print-debuginfo", false, "print locations")
	fs.BoolVar(&f.verifyEach, "verify-each", true, "run the verifier after each pass")
	fs.BoolVar(&f.opts.DumpPassPipeline, "dump-pass-pipeline", false, "print the pass pipeline to stderr before running it")
	fs.BoolVar(&f.opts.Timing, "mlir-timing", false, "print a per-pass execution time report to stderr")
	fs.BoolVar(&f.printRemarks, "mlir-print-remarks", false, "print the remarks passes emit when they leave IR unchanged (goopt's; off by default, as upstream's passes are quiet)")
	fs.StringSliceVar(&f.opts.PrintIRBefore, "mlir-print-ir-before", nil, "print the IR before the named passes")
	fs.StringSliceVar(&f.opts.PrintIRAfter, "mlir-print-ir-after", nil, "print the IR after the named passes")
	fs.BoolVar(&f.opts.PrintIRBeforeAll, "mlir-print-ir-before-all", false, "print the IR before every pass")
	fs.BoolVar(&f.opts.PrintIRAfterAll, "mlir-print-ir-after-all", false, "print the IR after every pass")
	fs.BoolVar(&f.opts.PrintIRAfterChange, "mlir-print-ir-after-change", false, "print the IR after a pass only when it changed it")
	fs.BoolVar(&f.opts.PrintIRAfterFailure, "mlir-print-ir-after-failure", false, "print the IR after a pass that failed")
	for _, p := range reg.Passes() {
		fs.String(p.Name, "", p.Summary)
		fl := fs.Lookup(p.Name)
		fl.NoOptDefVal = noValue
		fl.Hidden = true
	}
	for _, p := range reg.Pipelines() {
		fs.String(p.Name, "", p.Summary)
		fl := fs.Lookup(p.Name)
		fl.NoOptDefVal = noValue
		fl.Hidden = true
	}
	defaultHelp := cmd.HelpFunc()
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		defaultHelp(c, args)
		writePassHelp(c.OutOrStdout(), reg)
	})
	return cmd
}

// writePassHelp lists every registered pass with its options, as
// mlir-opt --help does.
func writePassHelp(w io.Writer, reg *pass.Registry) {
	fmt.Fprintln(w, "\nPasses (run in command-line order):")
	for _, p := range reg.Passes() {
		fmt.Fprintf(w, "  --%-34s %s\n", p.Name, p.Summary)
		for _, o := range p.Options {
			desc := o.Desc
			if o.Default != "" && !strings.Contains(desc, "(default") {
				desc += " (default " + o.Default + ")"
			}
			fmt.Fprintf(w, "      %-32s %s\n", o.Name+"=<"+o.Type+">", desc)
		}
	}
	if pls := reg.Pipelines(); len(pls) > 0 {
		fmt.Fprintln(w, "\nPass pipelines:")
		for _, p := range pls {
			fmt.Fprintf(w, "  --%-34s %s\n", p.Name, p.Summary)
			if p.Options == nil {
				continue
			}
			for _, o := range pass.Options(p.Options()) {
				desc := o.Desc
				if o.Default != "" && !strings.Contains(desc, "(default") {
					desc += " (default " + o.Default + ")"
				}
				fmt.Fprintf(w, "      %-32s %s\n", o.Name+"=<"+o.Type+">", desc)
			}
		}
	}
}

func runOpt(cmd *cobra.Command, e *env, reg *pass.Registry, f *optFlags, args []string) error {
	if err := checkPassNames(reg, "mlir-print-ir-before", f.opts.PrintIRBefore); err != nil {
		return err
	}
	if err := checkPassNames(reg, "mlir-print-ir-after", f.opts.PrintIRAfter); err != nil {
		return err
	}
	// As mlir-opt, an explicit --pass-pipeline (even '') must be anchored.
	f.opts.RequireAnchoredPipeline = cmd.Flags().Changed("pass-pipeline")
	f.opts.Registry = reg
	f.opts.NoVerifyEach = !f.verifyEach
	f.opts.Stderr = e.stderr
	f.opts.Passes = passFlagsInOrder(cmd.Flags(), reg, e.args)

	filename, src, err := readInput(e, args)
	if err != nil {
		return err
	}
	out, diags := driver.Opt(context.Background(), src, filename, f.opts)
	sources := f.opts.Sources(filename, src)
	// Diagnostics come first, as mlir-opt's unbuffered stderr does.
	// Remarks (a pass explaining why it left the IR alone) only on request;
	// --verify-diagnostics has already matched them against expected-remark.
	printed := diags
	if !f.printRemarks {
		printed = withoutRemarks(diags)
	}
	sources.WriteDiagnostics(e.stderr, printed)
	if f.output == "-" {
		e.stdout.Write(out)
	}
	if hasError(diags) {
		return &exitError{1}
	}
	if f.output != "-" {
		if err := driver.WriteFileAtomic(f.output, out); err != nil {
			return fmt.Errorf("cannot open output file '%s': %v", f.output, err)
		}
	}
	return nil
}

// checkPassNames rejects a pass name that names no registered pass, with
// mlir-opt's wording for its list options.
func checkPassNames(reg *pass.Registry, flag string, names []string) error {
	for _, n := range names {
		if reg.Lookup(n) == nil && reg.LookupPipeline(n) == nil {
			return fmt.Errorf("for the --%s option: Cannot find option named '%s'!", flag, n)
		}
	}
	return nil
}

func readInput(e *env, args []string) (string, []byte, error) {
	if len(args) == 0 || args[0] == "-" {
		src, err := io.ReadAll(e.stdin)
		return "<stdin>", src, err
	}
	src, err := os.ReadFile(args[0])
	if err != nil {
		return "", nil, fmt.Errorf("could not open input file '%s': %v", args[0], err)
	}
	return args[0], src, nil
}

// passFlagsInOrder recovers the per-pass flags in command-line order,
// which pflag does not keep, by walking the arguments cobra parsed.
func passFlagsInOrder(fs *pflag.FlagSet, reg *pass.Registry, raw []string) []driver.PassFlag {
	var out []driver.PassFlag
	for i := 0; i < len(raw); i++ {
		a := raw[i]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		long := strings.HasPrefix(a, "--")
		var fl *pflag.Flag
		if long {
			fl = fs.Lookup(name)
		} else if len(name) == 1 {
			fl = fs.ShorthandLookup(name)
		}
		if fl == nil {
			continue
		}
		if long && (reg.Lookup(name) != nil || reg.LookupPipeline(name) != nil) {
			if !hasValue {
				value = ""
			}
			out = append(out, driver.PassFlag{Name: name, Options: value})
			continue
		}
		// Skip the separate value of a flag that takes one.
		if !hasValue && fl.NoOptDefVal == "" && fl.Value.Type() != "bool" {
			i++
		}
	}
	return out
}

// withoutRemarks returns ds less its remarks.
func withoutRemarks(ds ir.DiagList) ir.DiagList {
	var out ir.DiagList
	for _, d := range ds {
		if d.Severity != ir.SeverityRemark {
			out = append(out, d)
		}
	}
	return out
}

// hasError reports whether any diagnostic is an error: remarks and warnings
// are printed but do not fail the run, as in mlir-opt.
func hasError(diags ir.DiagList) bool {
	for _, d := range diags {
		if d.Severity == ir.SeverityError {
			return true
		}
	}
	return false
}
