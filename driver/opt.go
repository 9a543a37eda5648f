package driver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/expectdiag"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
	"github.com/goopt/goopt/printer"
)

// PassFlag is one per-pass command-line flag: `--affine-loop-tile="tile-sizes=32"`.
type PassFlag struct {
	Name    string
	Options string
}

// PassFlagsFile is the buffer that diagnostics about per-pass flags point
// into: the flags as the shell handed them over
// (`--affine-loop-tile=tile-size=abc`), one a line in command-line order,
// so that a diagnostic's line names the flag and its column the option.
const PassFlagsFile = "<pass-flags>"

// String returns the flag as written on a command line, after the shell
// removed its quotes.
func (f PassFlag) String() string {
	if f.Options == "" {
		return "--" + f.Name
	}
	return "--" + f.Name + "=" + f.Options
}

// flagLoc locates byte off of a flag's text s, which starts at line of
// PassFlagsFile; an option value may span lines.
func flagLoc(s string, line, off int) ir.Location {
	off = min(off, len(s))
	before := s[:off]
	if i := strings.LastIndexByte(before, '\n'); i >= 0 {
		return ir.FileLoc(PassFlagsFile, line+strings.Count(before, "\n"), off-i)
	}
	return ir.FileLoc(PassFlagsFile, line, off+1)
}

// Sources returns the buffers Opt's diagnostics may point into: the input
// as filename, the pipeline string and the per-pass flags.
func (o OptOptions) Sources(filename string, src []byte) Sources {
	s := Sources{filename: src}
	if o.Pipeline != "" {
		s[pass.PipelineFile] = []byte(o.Pipeline)
	}
	if len(o.Passes) > 0 {
		s[PassFlagsFile] = passFlagsText(o.Passes)
	}
	return s
}

// passFlagsText is the PassFlagsFile buffer of flags.
func passFlagsText(flags []PassFlag) []byte {
	var b bytes.Buffer
	for _, f := range flags {
		b.WriteString(f.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// addPassFlag appends the pass or pipeline a flag names to pm. An error is
// located in PassFlagsFile, where the flag starts at line: at the
// offending option when the option string is malformed, at the pass name
// otherwise.
func addPassFlag(reg *pass.Registry, pm *pass.OpPassManager, f PassFlag, line int) *ir.Diagnostic {
	nameOff := len("--")
	fail := func(err error) *ir.Diagnostic {
		var oe *pass.OptionError
		if errors.As(err, &oe) {
			return ir.Errorf(flagLoc(f.String(), line, nameOff+len(f.Name)+len("=")+oe.Offset), "%s", oe.ForPass(f.Name))
		}
		return ir.Errorf(flagLoc(f.String(), line, nameOff), "failed to add '%s' with options '%s': %v", f.Name, f.Options, err)
	}
	if pi := reg.LookupPipeline(f.Name); pi != nil {
		if err := pi.Build(pm, f.Options); err != nil {
			return fail(err)
		}
		return nil
	}
	p, err := reg.Create(f.Name, f.Options)
	if err == nil {
		err = pm.AddPass(p)
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// OptOptions configure Opt; the zero value parses, verifies and prints.
type OptOptions struct {
	// Pipeline is a textual pipeline, anchored (`builtin.module(cse)`) or
	// not (`func.func(cse),canonicalize`), as pass.Registry.AddPipeline takes.
	Pipeline string
	// RequireAnchoredPipeline rejects an unanchored Pipeline, as mlir-opt's
	// --pass-pipeline does (the CLI sets it).
	RequireAnchoredPipeline bool
	// Passes are per-pass flags in command-line order; they cannot be
	// combined with Pipeline.
	Passes []PassFlag

	SplitInputFile    bool // --split-input-file: process `// -----` chunks independently
	VerifyDiagnostics bool // --verify-diagnostics: check expected-* annotations
	AllowUnregistered bool // --allow-unregistered-dialect
	Generic           bool // --mlir-print-op-generic
	DebugInfo         bool // --mlir-print-debuginfo
	NoVerifyEach      bool // --verify-each=false: skip the verifier after each pass
	DumpPassPipeline  bool // --dump-pass-pipeline (to Stderr)
	Timing            bool // --mlir-timing (report to Stderr)

	PrintIRBefore       []string // --mlir-print-ir-before=<pass>
	PrintIRAfter        []string // --mlir-print-ir-after=<pass>
	PrintIRBeforeAll    bool     // --mlir-print-ir-before-all
	PrintIRAfterAll     bool     // --mlir-print-ir-after-all
	PrintIRAfterChange  bool     // --mlir-print-ir-after-change
	PrintIRAfterFailure bool     // --mlir-print-ir-after-failure

	// Stderr receives reports that are not diagnostics (IR dumps, timing,
	// print-op-stats); nil discards them.
	Stderr io.Writer
	// Registry supplies passes; nil means registry.All().
	Registry *pass.Registry
	// NewContext builds the IR context; nil means every dialect of dialects/all.
	NewContext func() *ir.Context
}

// SplitMarker separates chunks in --split-input-file input and output.
const SplitMarker = "// -----"

// Opt is goopt opt's flow: parse src (each chunk with SplitInputFile),
// verify, run the pipeline and print. It reports every diagnostic found;
// with VerifyDiagnostics the diagnostics are checked against the
// expected-* annotations instead and only mismatches are returned.
// The output holds the printed IR of every chunk that succeeded.
func Opt(ctx context.Context, src []byte, filename string, o OptOptions) (output []byte, diags ir.DiagList) {
	if o.Registry == nil {
		o.Registry = registry.All()
	}
	if o.NewContext == nil {
		o.NewContext = all.NewContext
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	irctx := o.NewContext()
	irctx.AllowUnregistered = o.AllowUnregistered

	// Build the pipeline once up front: its errors are the user's, not the
	// input's, and must be reported even for empty input.
	pm, err := buildPipeline(irctx, o)
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	if o.DumpPassPipeline {
		fmt.Fprintf(o.Stderr, "Pass Manager with %d passes:\n%s\n\n", countPasses(pm.OpPassManager), pm.String())
	}
	var timing *pass.Timing
	if o.Timing {
		timing = pass.NewTiming()
	}

	chunks := []parser.Chunk{{Text: src}}
	if o.SplitInputFile {
		chunks = parser.SplitInputFile(src)
	}
	var out bytes.Buffer
	var single []byte
	for i, ch := range chunks {
		if err := ctx.Err(); err != nil {
			diags = append(diags, ir.Errorf(ir.Unknown, "%v", err))
			break
		}
		if i > 0 {
			pm, _ = buildPipeline(irctx, o) // fresh pass instances per chunk
		}
		text, chunkDiags := runChunk(irctx, pm, ch, filename, o, timing)
		if o.VerifyDiagnostics {
			chunkDiags = checkExpected(filename, ch, chunkDiags)
		}
		if text != nil && (!o.VerifyDiagnostics || len(chunkDiags) == 0) {
			if len(chunks) == 1 {
				single = text // no copy for the common one-buffer input
			} else {
				out.Write(text)
			}
		}
		diags = append(diags, chunkDiags...)
		if i+1 < len(chunks) {
			out.WriteString(SplitMarker + "\n")
		}
	}
	if timing != nil {
		timing.Report(o.Stderr)
	}
	if single != nil {
		return single, diags
	}
	return out.Bytes(), diags
}

// runChunk parses, verifies, transforms and prints one buffer.
func runChunk(irctx *ir.Context, pm *pass.PassManager, ch parser.Chunk, filename string, o OptOptions, timing *pass.Timing) ([]byte, ir.DiagList) {
	stop := func() {}
	if timing != nil {
		stop = timing.Start("Parser")
	}
	f, err := parser.ParseFileAt(irctx, filename, ch.Text, ch.LineOffset)
	if err == nil {
		err = ir.Verify(f.Module)
	}
	stop()
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	if o.NoVerifyEach {
		pm.Verify = nil
	}
	pm.Instrumentations = nil
	if timing != nil {
		pm.AddInstrumentation(timing)
	}
	if pi := printIRInstrumentation(o); pi != nil {
		pm.AddInstrumentation(pi)
	}
	// Remarks and warnings from passes do not fail the chunk: its IR is
	// still printed, as mlir-opt does.
	var notes ir.DiagList
	if err := pm.Run(f.Module); err != nil {
		notes = ir.Diagnostics(err)
		for _, d := range notes {
			if d.Severity == ir.SeverityError {
				return nil, notes
			}
		}
	}
	if timing != nil {
		stop = timing.Start("Output")
	}
	// The printed IR is about as long as the parsed text: sizing the buffer
	// for it once saves the doubling copies (an eighth of a parse+print
	// run's allocated bytes).
	var buf bytes.Buffer
	buf.Grow(len(ch.Text) + len(ch.Text)/4)
	err = printer.PrintFile(&buf, f.Module, f.Resources, printer.Options{Generic: o.Generic, DebugInfo: o.DebugInfo})
	// mlir-opt ends each printed buffer with an empty line.
	buf.WriteByte('\n')
	stop()
	if err != nil {
		return nil, append(notes, ir.Diagnostics(err)...)
	}
	return buf.Bytes(), notes
}

func printIRInstrumentation(o OptOptions) *pass.PrintIR {
	pi := &pass.PrintIR{
		AfterFailure: o.PrintIRAfterFailure,
		AfterChange:  o.PrintIRAfterChange,
		Out:          o.Stderr,
		Print: func(w io.Writer, op *ir.Operation) {
			_ = printer.Print(w, op, printer.Options{Generic: o.Generic, DebugInfo: o.DebugInfo})
			if op.ParentOp() != nil {
				io.WriteString(w, "\n")
			}
		},
	}
	switch {
	case o.PrintIRBeforeAll:
		pi.Before = pass.SelectAll
	case len(o.PrintIRBefore) > 0:
		pi.Before = pass.SelectNames(o.PrintIRBefore...)
	}
	switch {
	case o.PrintIRAfterAll:
		pi.After = pass.SelectAll
	case len(o.PrintIRAfter) > 0:
		pi.After = pass.SelectNames(o.PrintIRAfter...)
	case o.PrintIRAfterChange:
		pi.After = pass.SelectAll
	}
	if pi.Before == nil && pi.After == nil && !pi.AfterFailure {
		return nil
	}
	return pi
}

// buildPipeline builds the pass manager from --pass-pipeline or the
// per-pass flags.
func buildPipeline(irctx *ir.Context, o OptOptions) (*pass.PassManager, error) {
	if o.Pipeline != "" && len(o.Passes) > 0 {
		return nil, ir.Errorf(ir.Unknown, "'--pass-pipeline' option can't be used with individual pass options")
	}
	var pm *pass.PassManager
	if o.Pipeline != "" || o.RequireAnchoredPipeline {
		parse := func(text string) (*pass.OpPassManager, error) {
			return o.Registry.ParsePipelineOn("builtin.module", text)
		}
		if o.RequireAnchoredPipeline {
			parse = o.Registry.ParsePipeline
		}
		opm, err := parse(o.Pipeline)
		if err != nil {
			return nil, err
		}
		pm = &pass.PassManager{OpPassManager: opm, Ctx: irctx}
	} else {
		pm = pass.New(irctx, "builtin.module")
		var errs ir.DiagList
		line := 1
		for _, f := range o.Passes {
			if d := addPassFlag(o.Registry, pm.OpPassManager, f, line); d != nil {
				errs = append(errs, d)
			}
			line += 1 + strings.Count(f.String(), "\n")
		}
		if len(errs) > 0 {
			return nil, errs
		}
	}
	pm.Verify = ir.Verify
	pm.Stderr = o.Stderr
	return pm, nil
}

func countPasses(pm *pass.OpPassManager) int { return pm.Len() }

// checkExpected compares a chunk's diagnostics with its expected-*
// annotations and returns the mismatches as errors.
func checkExpected(filename string, ch parser.Chunk, got ir.DiagList) ir.DiagList {
	exp, err := expectdiag.ParseExpectations(filename, string(ch.Text))
	if err != nil {
		return ir.Diagnostics(err)
	}
	for i := range exp {
		if !exp[i].Unknown {
			exp[i].Line += ch.LineOffset
		}
		exp[i].AnnotLine += ch.LineOffset
	}
	var ds []expectdiag.Diag
	add := func(d *ir.Diagnostic) {
		ed := expectdiag.Diag{Severity: d.Severity.String(), Message: d.Msg}
		if f, ok := ir.FileLineCol(d.Loc); ok {
			ed.File, ed.Line, ed.Col = f.File, f.Line, f.Col
		}
		ds = append(ds, ed)
	}
	for _, d := range got {
		add(d)
		for _, n := range d.Notes {
			add(n)
		}
	}
	var out ir.DiagList
	for _, m := range expectdiag.Verify(exp, ds) {
		out = append(out, parseFormatted(strings.TrimSpace(m)))
	}
	return out
}
