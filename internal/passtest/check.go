package passtest

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// Seeds are the random inputs the lit-wide checks run every function on.
var Seeds = []int64{1, 2, 3}

// MaxSteps keeps a non-terminating function (before or after) from hanging
// the lit-wide checks; a function that needs more fails at runtime.
const MaxSteps = 1 << 22

// The skip reasons of Functions and CheckPair, as counted in a Tally.
const (
	SkipExternal          = "external declaration"
	SkipSignature         = "signature not memrefs and scalars"
	SkipRemoved           = "removed by the pass"
	SkipLowered           = "signature lowered to the llvm dialect"
	SkipUnsupported       = "unsupported by the interpreter"
	SkipOutputUnsupported = "output unsupported by the interpreter"
	SkipFailsBefore       = "fails at runtime before the pass"
)

var (
	noneMarker   = regexp.MustCompile(`(?m)^\s*//\s*EQUIV:\s*none\s*\((.+)\)\s*$`)
	relTolMarker = regexp.MustCompile(`(?m)^\s*//\s*EQUIV:\s*rel-tol=(\S+)\s*$`)
)

// Markers are a lit file's instructions to the execution checks, each on a
// line of its own.
type Markers struct {
	// None is set by `// EQUIV: none (reason)`: the file's functions
	// genuinely cannot be executed; NoneReason is the reason.
	None       bool
	NoneReason string
	// RelTol is set by `// EQUIV: rel-tol=X`: the file's passes
	// reassociate floating-point arithmetic, so outputs compare within a
	// relative tolerance rather than bit for bit.
	RelTol float64
}

// ReadMarkers reads the markers of a lit file's source. A malformed
// rel-tol is an error (and leaves RelTol as parsed, or 0).
func ReadMarkers(src []byte) (Markers, error) {
	var m Markers
	if s := noneMarker.FindSubmatch(src); s != nil {
		m.None, m.NoneReason = true, string(s[1])
	}
	if s := relTolMarker.FindSubmatch(src); s != nil {
		var err error
		if m.RelTol, err = strconv.ParseFloat(string(s[1]), 64); err != nil || m.RelTol < 0 {
			return m, fmt.Errorf("bad `EQUIV: rel-tol=%s` marker", s[1])
		}
	}
	return m, nil
}

// Chunks splits text at `// -----` lines when split (keeping each chunk's
// line offset), as --split-input-file does, and returns one chunk
// otherwise.
func Chunks(text []byte, split bool) []parser.Chunk {
	if split {
		return parser.SplitInputFile(text)
	}
	return []parser.Chunk{{Text: text}}
}

// ParseChunk parses one chunk in a fresh context with every dialect;
// name is the file name its locations carry.
func ParseChunk(ch parser.Chunk, name string, allowUnregistered bool) (*ir.Operation, error) {
	ctx := all.NewContext()
	ctx.AllowUnregistered = allowUnregistered
	f, err := parser.ParseFileAt(ctx, name, ch.Text, ch.LineOffset)
	if err != nil {
		return nil, err
	}
	return f.Module, nil
}

// Tally counts checked functions, and skipped ones by reason.
type Tally struct {
	Checked int
	Skipped map[string]int
}

// Skip counts one skip for reason.
func (t *Tally) Skip(reason string) {
	if t.Skipped == nil {
		t.Skipped = map[string]int{}
	}
	t.Skipped[reason]++
}

// Add adds o's counts to t.
func (t *Tally) Add(o Tally) {
	t.Checked += o.Checked
	for k, v := range o.Skipped {
		if t.Skipped == nil {
			t.Skipped = map[string]int{}
		}
		t.Skipped[k] += v
	}
}

// String is "N checked, M skipped; reason: n; ..." with reasons sorted.
func (t *Tally) String() string {
	n, reasons := Reasons(t.Skipped)
	return fmt.Sprintf("%d checked, %d skipped%s", t.Checked, n, reasons)
}

// Reasons returns the total of counts and "; reason: n" for each reason,
// sorted.
func Reasons(counts map[string]int) (total int, text string) {
	keys := make([]string, 0, len(counts))
	for k, v := range counts {
		keys = append(keys, k)
		total += v
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "; %s: %d", k, counts[k])
	}
	return total, b.String()
}

// Output is a module produced from the input, in which every function is
// looked up too.
type Output struct {
	Module *ir.Operation
	// Label names the output in a skip reason: "output" gives "output
	// unsupported by the interpreter".
	Label string
	// In names it in a note: "after the pass" gives "@f after the pass:
	// <error>".
	In string
}

// Function is one function of an input and whether it can be checked.
type Function struct {
	Name string
	// Skip is why the function cannot be checked, "" when it can.
	Skip string
	// Note is worth logging with a skip: the interpreter's error behind
	// it, as "@f: <error>".
	Note string
}

// Functions returns the functions of input in order, each with the reason
// it cannot be checked, if any: an external declaration, a signature other
// than memrefs and scalars (random arguments cannot be made, or results
// compared), a function missing from some output (removed by the pass),
// or ops the interpreter does not support, in the input or an output.
func Functions(input *ir.Operation, outputs []Output, opts interp.Options) []Function {
	in, _ := interp.New(input, opts)
	outs := make([]*interp.Machine, len(outputs))
	for i, o := range outputs {
		outs[i], _ = interp.New(o.Module, opts)
	}
	var fns []Function
	for _, op := range funcOps(input) {
		f := Function{Name: ir.SymbolNameOf(op)}
		f.Skip, f.Note = skipReason(op, f.Name, in, outputs, outs)
		fns = append(fns, f)
	}
	return fns
}

func skipReason(op *ir.Operation, name string, in *interp.Machine, outputs []Output, outs []*interp.Machine) (reason, note string) {
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return SkipExternal, ""
	}
	ft, err := in.FunctionType(name)
	if err != nil || !executableSignature(ft) {
		return SkipSignature, ""
	}
	for _, o := range outs {
		if o.Symbol(name) == nil {
			return SkipRemoved, ""
		}
	}
	if _, err := in.Function(name); err != nil {
		return SkipUnsupported, fmt.Sprintf("@%s: %s", name, FirstLine(err))
	}
	for i, o := range outs {
		if _, err := o.Function(name); err != nil {
			return outputs[i].Label + " unsupported by the interpreter", fmt.Sprintf("@%s %s: %s", name, outputs[i].In, FirstLine(err))
		}
	}
	return "", ""
}

func funcOps(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if module.NumRegions() == 0 {
		return nil
	}
	for _, b := range module.Region(0).Blocks() {
		for _, op := range b.Ops() {
			if op.Name() == "func.func" {
				out = append(out, op)
			}
		}
	}
	return out
}

// executableSignature reports whether random arguments can be made for ft
// and its results compared: memrefs of scalars and scalars only.
func executableSignature(ft *ir.FunctionType) bool {
	ok := func(t ir.Type) bool {
		if m, isMem := t.(*ir.MemRefType); isMem {
			t = m.Elem
		}
		switch t.(type) {
		case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
			return true
		}
		return false
	}
	for _, t := range ft.Inputs {
		if !ok(t) {
			return false
		}
	}
	for _, t := range ft.Results {
		if !ok(t) {
			return false
		}
	}
	return true
}

// FailsBefore reports whether err, from equiv.Check, says the original
// function already fails at runtime: nothing the pass can be blamed for.
func FailsBefore(err error) bool {
	var re *equiv.RunError
	return errors.As(err, &re) && re.Which == "before"
}

// FirstLine returns the first line of err's message.
func FirstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// Options configure CheckPair and CheckRun.
type Options struct {
	Seeds  []int64
	RelTol float64
	Interp interp.Options
	// Tolerate says which skip reasons are accepted; a function skipped
	// for any other reason is a failure. Nil accepts every reason.
	Tolerate func(reason string) bool
}

// Result is one function of CheckPair: checked (Skip == "" and Err ==
// nil), skipped, or not preserved (Err).
type Result struct {
	Function
	Err error
}

// CheckPair checks every function of before against after by execution
// (equiv.Check on o.Seeds): Functions' skip rules first, then functions
// that fail at runtime before the pass are skipped with SkipFailsBefore.
func CheckPair(before, after *ir.Operation, o Options) []Result {
	eopts := equiv.Options{Seeds: o.Seeds, RelTol: o.RelTol, Interp: o.Interp}
	var out []Result
	afterSyms := ir.NewSymbolTable(after)
	for _, f := range Functions(before, []Output{{Module: after, Label: "output", In: "after the pass"}}, o.Interp) {
		r := Result{Function: f}
		// A conversion to the llvm dialect changes the calling convention
		// (index widths, memref descriptors): the functions no longer take
		// the same arguments, so the conversion's own tests compare them.
		if a := afterSyms.Lookup(f.Name); f.Skip == "" && a != nil && a.Name() == "llvm.func" {
			r.Skip = SkipLowered
		}
		if f.Skip == "" && r.Skip == "" {
			if err := equiv.Check(before, after, f.Name, eopts); FailsBefore(err) {
				r.Skip, r.Note = SkipFailsBefore, fmt.Sprintf("@%s: %s", f.Name, FirstLine(err))
			} else {
				r.Err = err
			}
		}
		out = append(out, r)
	}
	return out
}

// CheckRun checks one recorded invocation chunk by chunk with CheckPair,
// counting into tl and logging skip notes with logf, and returns the
// failures, each naming name (say, the lit file), the chunk, the command
// line and the function.
func CheckRun(name string, run Run, o Options, tl *Tally, logf func(string, ...any)) (failures []string) {
	before, after := run.Chunks()
	cmd := strings.Join(run.Args, " ")
	if len(before) != len(after) {
		return []string{fmt.Sprintf("%s: `goopt %s`: %d input chunks but %d output chunks", name, cmd, len(before), len(after))}
	}
	for i := range before {
		where := fmt.Sprintf("%s (chunk %d) `goopt %s`", name, i, cmd)
		if len(bytes.TrimSpace(after[i].Text)) == 0 && len(bytes.TrimSpace(before[i].Text)) != 0 {
			failures = append(failures, fmt.Sprintf("%s: empty output for a non-empty chunk", where))
			continue
		}
		failures = append(failures, CheckChunk(where, before[i], after[i], run.AllowUnregistered, o, tl, logf)...)
	}
	return failures
}

// CheckChunk parses one input chunk and its output and checks them with
// CheckPair, as CheckRun does; where prefixes every message.
func CheckChunk(where string, b, a parser.Chunk, allowUnregistered bool, o Options, tl *Tally, logf func(string, ...any)) (failures []string) {
	mb, err := ParseChunk(b, "before", allowUnregistered)
	if err != nil {
		return []string{fmt.Sprintf("%s: the input no longer parses: %v", where, err)}
	}
	ma, err := ParseChunk(a, "after", allowUnregistered)
	if err != nil {
		return []string{fmt.Sprintf("%s: the output does not parse: %v", where, err)}
	}
	for _, r := range CheckPair(mb, ma, o) {
		switch {
		case r.Err != nil:
			failures = append(failures, fmt.Sprintf("%s: @%s is not preserved by the pass: %v", where, r.Name, r.Err))
		case r.Skip != "" && o.Tolerate != nil && !o.Tolerate(r.Skip):
			failures = append(failures, fmt.Sprintf("%s: @%s cannot be checked: %s %s", where, r.Name, r.Skip, r.Note))
		case r.Skip != "":
			tl.Skip(r.Skip)
			if r.Note != "" {
				logf("%s: %s", where, r.Note)
			}
		default:
			tl.Checked++
		}
	}
	return failures
}
