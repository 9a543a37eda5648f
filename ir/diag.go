package ir

import (
	"fmt"
	"strings"
)

// Severity of a diagnostic.
type Severity uint8

const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityRemark
	SeverityNote
)

func (s Severity) String() string {
	return [...]string{"error", "warning", "remark", "note"}[s]
}

// Diagnostic is a located message in MLIR's style: lowercase, no trailing
// period, IR entities in single quotes. It implements error.
type Diagnostic struct {
	Severity Severity
	Loc      Location
	Msg      string
	Notes    []*Diagnostic
}

func (d *Diagnostic) Error() string {
	var b strings.Builder
	b.WriteString(d.Header())
	for _, n := range d.Notes {
		b.WriteString("\n")
		b.WriteString(n.Header())
	}
	return b.String()
}

// Header prints `file:line:col: error: msg` (or `loc: error: msg` when the
// location has no position).
func (d *Diagnostic) Header() string {
	pos := "<unknown>"
	if f, ok := FileLineCol(d.Loc); ok {
		pos = fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
	} else if d.Loc != nil {
		pos = d.Loc.String()
	}
	return pos + ": " + d.Severity.String() + ": " + d.Msg
}

// AttachNote adds a note at loc and returns d.
func (d *Diagnostic) AttachNote(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Severity: SeverityNote, Loc: loc, Msg: fmt.Sprintf(format, args...)})
	return d
}

// Errorf returns an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SeverityError, Loc: loc, Msg: fmt.Sprintf(format, args...)}
}

// Errorf returns an error diagnostic at op's location, prefixed `'name' op `.
func (op *Operation) Errorf(format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SeverityError, Loc: op.loc, Msg: "'" + op.name + "' op " + fmt.Sprintf(format, args...)}
}

// Remarkf returns a remark diagnostic at op's location.
func (op *Operation) Remarkf(format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SeverityRemark, Loc: op.loc, Msg: fmt.Sprintf(format, args...)}
}

// Warningf returns a warning diagnostic at op's location.
func (op *Operation) Warningf(format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SeverityWarning, Loc: op.loc, Msg: fmt.Sprintf(format, args...)}
}

// DiagList is a list of diagnostics that is itself an error (drivers report
// every error they find, not only the first).
type DiagList []*Diagnostic

func (l DiagList) Error() string {
	parts := make([]string, len(l))
	for i, d := range l {
		parts[i] = d.Error()
	}
	return strings.Join(parts, "\n")
}

// Diagnostics flattens an error into diagnostics: a *Diagnostic, a DiagList,
// or any other error as an unlocated error diagnostic.
func Diagnostics(err error) []*Diagnostic {
	switch e := err.(type) {
	case nil:
		return nil
	case *Diagnostic:
		return []*Diagnostic{e}
	case DiagList:
		return e
	}
	return []*Diagnostic{{Severity: SeverityError, Loc: Unknown, Msg: err.Error()}}
}
