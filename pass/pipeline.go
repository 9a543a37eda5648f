package pass

import (
	"errors"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/goopt/goopt/ir"
)

// PipelineFile is the file name diagnostics about pipeline strings carry.
const PipelineFile = "<pass-pipeline>"

// The textual pipeline grammar (MLIR's):
//
//	pipeline ::= element (',' element)*
//	element  ::= name options? ('(' pipeline? ')')?
//	options  ::= '{' (text | quoted | options)* '}'
//
// A name followed by parentheses is an op anchor with a nested pipeline;
// otherwise it names a pass or a registered pipeline. Option text is kept
// verbatim and handed to the pass's option parser.
type astPipeline struct {
	Elems []*astElem `parser:"( @@ ( ',' @@ )* )?"`
}

type astElem struct {
	Pos    lexer.Position
	Name   string     `parser:"@Ident"`
	Opts   *astOpts   `parser:"@@?"`
	Nested *astNested `parser:"@@?"`
}

type astNested struct {
	Elems []*astElem `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
}

type astOpts struct {
	Tokens []lexer.Token
	Parts  []*astOptPart `parser:"OptOpen @@* OptClose"`
}

type astOptPart struct {
	Text string   `parser:"  @(OptText | Quoted)"`
	Sub  *astOpts `parser:"| @@"`
}

var pipelineLexer = lexer.MustStateful(lexer.Rules{
	"Root": {
		{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
		{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_.$\-]*`},
		{Name: "OptOpen", Pattern: `\{`, Action: lexer.Push("Opts")},
		{Name: "Punct", Pattern: `[(),]`},
	},
	"Opts": {
		{Name: "OptOpen", Pattern: `\{`, Action: lexer.Push("Opts")},
		{Name: "OptClose", Pattern: `\}`, Action: lexer.Pop()},
		{Name: "Quoted", Pattern: `"[^"]*"|'[^']*'`},
		{Name: "OptText", Pattern: `[^{}"']+`},
	},
})

// pipelineParser is immutable once built and safe for concurrent use.
var pipelineParser = participle.MustBuild[astPipeline](
	participle.Lexer(pipelineLexer),
	participle.Elide("Whitespace"),
)

// pipelineError returns a diagnostic at byte offset off of text.
func pipelineError(text string, off int, format string, args ...any) *ir.Diagnostic {
	if off > len(text) {
		off = len(text)
	}
	line := 1 + strings.Count(text[:off], "\n")
	col := off - strings.LastIndexByte(text[:off], '\n')
	return ir.Errorf(ir.FileLoc(PipelineFile, line, col), format, args...)
}

// parsePipelineText parses text into its syntax tree, with errors located
// in text.
func parsePipelineText(text string) (*astPipeline, error) {
	if err := checkBalanced(text); err != nil {
		return nil, err
	}
	ast, err := pipelineParser.ParseString(PipelineFile, text)
	if err == nil {
		return ast, nil
	}
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		tok := ute.Unexpected
		if tok.Value == "," {
			// The parser backs out of `, element` as a whole; the real
			// problem is what follows the comma.
			off := tok.Pos.Offset + 1
			for off < len(text) && isSpace(text[off]) {
				off++
			}
			if off >= len(text) {
				return nil, pipelineError(text, off, "expected pass or pipeline name, found end of pipeline")
			}
			return nil, pipelineError(text, off, "expected pass or pipeline name, found '%c'", text[off])
		}
		switch {
		case tok.EOF():
			return nil, pipelineError(text, len(text), "unexpected end of pass pipeline")
		case tok.Type == pipelineLexer.Symbols()["Ident"]:
			return nil, pipelineError(text, tok.Pos.Offset, "expected ',' or ')' before '%s'", tok.Value)
		default:
			return nil, pipelineError(text, tok.Pos.Offset, "expected pass or pipeline name, found '%s'", tok.Value)
		}
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		off := pe.Position().Offset
		if off < len(text) {
			return nil, pipelineError(text, off, "unexpected character '%c' in pass pipeline", text[off])
		}
		return nil, pipelineError(text, off, "%s", pe.Message())
	}
	return nil, pipelineError(text, 0, "%v", err)
}

// checkBalanced reports unbalanced parentheses and braces with MLIR's messages.
func checkBalanced(text string) error {
	var parens []int
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(':
			parens = append(parens, i)
		case ')':
			if len(parens) == 0 {
				return pipelineError(text, i, "encountered extra closing ')' while parsing pipeline")
			}
			parens = parens[:len(parens)-1]
		case '{':
			end, ok := skipOptions(text, i)
			if !ok {
				return pipelineError(text, i, "missing closing '}' while processing pass options")
			}
			i = end
		case '}':
			return pipelineError(text, i, "encountered extra closing '}' while parsing pipeline")
		}
	}
	if len(parens) > 0 {
		return pipelineError(text, parens[len(parens)-1], "encountered unbalanced parentheses while parsing pipeline")
	}
	return nil
}

// skipOptions returns the offset of the '}' closing the '{' at i.
func skipOptions(text string, i int) (int, bool) {
	depth := 0
	for ; i < len(text); i++ {
		switch c := text[i]; c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i, true
			}
		case '"', '\'':
			j := strings.IndexByte(text[i+1:], c)
			if j < 0 {
				return 0, false
			}
			i += j + 1
		}
	}
	return 0, false
}

// optionsText returns the verbatim text between the braces and its offset.
func (o *astOpts) optionsText(text string) (string, int) {
	if len(o.Tokens) < 2 {
		return "", 0
	}
	start := o.Tokens[0].Pos.Offset + 1
	end := o.Tokens[len(o.Tokens)-1].Pos.Offset
	return text[start:end], start
}

// ParsePipeline parses an anchored pipeline, `builtin.module(cse,func.func(canonicalize))`,
// into a new pass manager with explicit nesting. Errors are diagnostics in
// PipelineFile pointing at the offending column.
func (r *Registry) ParsePipeline(text string) (*OpPassManager, error) {
	ast, err := parsePipelineText(text)
	if err != nil {
		return nil, err
	}
	if len(ast.Elems) != 1 || ast.Elems[0].Nested == nil || ast.Elems[0].Opts != nil {
		return nil, pipelineError(text, 0, "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'")
	}
	top := ast.Elems[0]
	pm := NewOpPassManager(top.Name, Explicit)
	if err := r.build(pm, top.Nested.Elems, text); err != nil {
		return nil, err
	}
	return pm, nil
}

// AddPipeline parses a pipeline and appends it to pm. It takes the same
// strings as ParsePipelineOn: an unanchored list, `cse,func.func(canonicalize)`,
// or the list anchored on pm's own op, `builtin.module(cse)` for a module pass
// manager (as a textual sub-pipeline in MLIR).
func (r *Registry) AddPipeline(pm *OpPassManager, text string) error {
	ast, err := parsePipelineText(text)
	if err != nil {
		return err
	}
	elems := ast.Elems
	if len(elems) == 1 && elems[0].Nested != nil && elems[0].Opts == nil && elems[0].Name == pm.anchor {
		elems = elems[0].Nested.Elems
	}
	return r.build(pm, elems, text)
}

// ParsePipelineOn parses a pipeline for a pass manager on root: anchored
// on root (`builtin.module(func.func(cse))`) or unanchored
// (`func.func(cse)`), the spellings AddPipeline accepts. ParsePipeline is
// the strict form of mlir-opt's --pass-pipeline, which requires the anchor.
func (r *Registry) ParsePipelineOn(root, text string) (*OpPassManager, error) {
	pm := NewOpPassManager(root, Explicit)
	if err := r.AddPipeline(pm, text); err != nil {
		return nil, err
	}
	return pm, nil
}

func (r *Registry) build(pm *OpPassManager, elems []*astElem, text string) error {
	for _, e := range elems {
		if e.Nested != nil {
			if e.Opts != nil {
				return pipelineError(text, e.Pos.Offset, "op anchor '%s' cannot take options", e.Name)
			}
			if err := r.build(pm.Nest(e.Name), e.Nested.Elems, text); err != nil {
				return err
			}
			continue
		}
		opts, optsOff := "", 0
		if e.Opts != nil {
			opts, optsOff = e.Opts.optionsText(text)
		}
		// A malformed option is located at the option, any other failure
		// at the element's name.
		fail := func(err error) error {
			var oe *OptionError
			if errors.As(err, &oe) {
				return pipelineError(text, optsOff+oe.Offset, "%s", oe.ForPass(e.Name))
			}
			return pipelineError(text, e.Pos.Offset, "%v", err)
		}
		if pi := r.pipelines[e.Name]; pi != nil {
			if err := pi.Build(pm, opts); err != nil {
				return fail(err)
			}
			continue
		}
		if r.passes[e.Name] == nil {
			return pipelineError(text, e.Pos.Offset, "'%s' does not refer to a registered pass or pass pipeline", e.Name)
		}
		p, err := r.Create(e.Name, opts)
		if err == nil {
			err = pm.AddPass(p)
		}
		if err != nil {
			return fail(err)
		}
	}
	return nil
}
