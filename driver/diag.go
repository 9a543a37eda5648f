package driver

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// Sources maps buffer names to their text, so diagnostics can quote the
// offending line with a caret under the column, as MLIR's SourceMgr does.
type Sources map[string][]byte

// line returns the 1-based line n of file, if known.
func (s Sources) line(file string, n int) (string, bool) {
	text, ok := s[file]
	if !ok || n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(text, '\n')
		if j < 0 {
			return "", false
		}
		text = text[j+1:]
	}
	if j := bytes.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimSuffix(string(text), "\r"), true
}

// WriteDiagnostic prints d and its notes: `file:line:col: error: msg`,
// then the source line and a caret line when the file is known.
func (s Sources) WriteDiagnostic(w io.Writer, d *ir.Diagnostic) {
	s.writeOne(w, d)
	for _, n := range d.Notes {
		s.writeOne(w, n)
	}
}

func (s Sources) writeOne(w io.Writer, d *ir.Diagnostic) {
	f, ok := ir.FileLineCol(d.Loc)
	if !ok {
		fmt.Fprintf(w, "%s: %s: %s\n", unknownPos(d.Loc), d.Severity, d.Msg)
		return
	}
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", f.File, f.Line, f.Col, d.Severity, d.Msg)
	line, ok := s.line(f.File, f.Line)
	if !ok {
		return
	}
	fmt.Fprintln(w, line)
	var caret strings.Builder
	for i := 0; i < f.Col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			caret.WriteByte('\t')
		} else {
			caret.WriteByte(' ')
		}
	}
	caret.WriteByte('^')
	fmt.Fprintln(w, caret.String())
}

func unknownPos(l ir.Location) string {
	if l == nil {
		return "<unknown>:0"
	}
	if _, unknown := l.(ir.UnknownLoc); unknown {
		return "<unknown>:0"
	}
	return l.String()
}

// WriteDiagnostics prints every diagnostic of ds.
func (s Sources) WriteDiagnostics(w io.Writer, ds ir.DiagList) {
	for _, d := range ds {
		s.WriteDiagnostic(w, d)
	}
}

// formattedDiag matches the `file:line:col: error: msg` lines that the
// expected-diagnostics checker produces.
var formattedDiag = regexp.MustCompile(`^(.*?):(\d+):(\d+): error: (.*)$`)

// parseFormatted turns a checker message back into a located diagnostic.
func parseFormatted(msg string) *ir.Diagnostic {
	if m := formattedDiag.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return ir.Errorf(ir.FileLoc(m[1], line, col), "%s", m[4])
	}
	return ir.Errorf(ir.Unknown, "%s", strings.TrimPrefix(msg, "loc(unknown): error: "))
}
