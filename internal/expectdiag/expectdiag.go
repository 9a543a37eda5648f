package expectdiag

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Diag is a diagnostic produced by the tool under test.
type Diag struct {
	File      string
	Line, Col int    // 1-based; Line <= 0 means an unknown location
	Severity  string // "error", "warning", "note" or "remark"
	Message   string
}

// Expectation is one expected-<severity> annotation.
type Expectation struct {
	// File is the buffer the annotation was parsed from.
	File string
	// Line is the 1-based line the diagnostic is expected on, after applying
	// the @+N/@-N/@above/@below designator. It is 0 for @unknown.
	Line int
	// Unknown is set for @unknown: the diagnostic has no file location.
	Unknown bool
	// Severity is "error", "warning", "note" or "remark".
	Severity string
	// Message is the text between the outermost {{ and }}.
	Message string
	// Regex is set for expected-<severity>-re.
	Regex bool
	// AnnotLine and AnnotCol locate the "expected-..." text itself.
	AnnotLine, AnnotCol int

	re *regexp.Regexp
}

// Matches reports whether msg satisfies the expectation's text: a substring
// match, or for -re a regex search where {{...}} pieces are regexes and the
// rest is literal.
func (e *Expectation) Matches(msg string) bool {
	if e.Regex {
		return e.re != nil && e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.Message)
}

// annotation mirrors MLIR's
//
//	expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$
var annotation = regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$`)

// ParseExpectations extracts the expected-* annotations from text, the
// contents of file (one buffer; with -split-input-file, pass each split
// chunk separately so that lines are relative to the chunk).
//
// As in MLIR, @above refers to the closest preceding line without an
// annotation, @below to the closest following one, and a line containing
// "expected-error" that does not have the annotation's syntax is an ordinary
// line. An error is returned for a malformed -re pattern.
func ParseExpectations(file, text string) ([]Expectation, error) {
	lines := strings.Split(text, "\n")
	var out []Expectation
	var below []int // indices into out waiting for the next plain line
	lastPlain := 0  // 0-based index of the last line without an annotation
	for i, ln := range lines {
		ln = strings.TrimRight(ln, " \t\r\n\v\f")
		m := annotation.FindStringSubmatchIndex(ln)
		if m == nil {
			for _, k := range below {
				out[k].Line = i + 1
			}
			below = below[:0]
			lastPlain = i
			continue
		}
		e := Expectation{
			File:      file,
			Line:      i + 1,
			Severity:  ln[m[2]:m[3]],
			Message:   ln[m[10]:m[11]],
			Regex:     m[4] >= 0,
			AnnotLine: i + 1,
			AnnotCol:  m[0] + 1,
		}
		if e.Regex {
			re, err := compileMessageRegex(e.Message)
			if err != nil {
				return nil, fmt.Errorf("%s:%d:%d: error: %v", file, e.AnnotLine, e.AnnotCol, err)
			}
			e.re = re
		}
		if m[8] >= 0 {
			switch d := ln[m[8]:m[9]]; {
			case d[0] == '+' || d[0] == '-':
				n, err := strconv.Atoi(d[1:])
				if err != nil {
					return nil, fmt.Errorf("%s:%d:%d: error: invalid line offset %q", file, e.AnnotLine, e.AnnotCol, d)
				}
				if d[0] == '+' {
					e.Line += n
				} else {
					e.Line -= n
				}
			case d == "unknown":
				e.Line, e.Unknown = 0, true
			case d == "above":
				e.Line = lastPlain + 1
			case d == "below":
				below = append(below, len(out))
				e.Line = len(lines) // dangling until a plain line follows
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// compileMessageRegex mirrors ExpectedDiag::computeRegex: text outside
// {{...}} is literal, each {{...}} is a regex group.
func compileMessageRegex(s string) (*regexp.Regexp, error) {
	var b strings.Builder
	for s != "" {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(s))
			break
		}
		b.WriteString(regexp.QuoteMeta(s[:i]))
		s = s[i+2:]
		j := strings.Index(s, "}}")
		if j < 0 {
			return nil, fmt.Errorf("found start of regex with no end '}}'")
		}
		piece := s[:j]
		if _, err := regexp.Compile(piece); err != nil {
			return nil, fmt.Errorf("invalid regex: %v", err)
		}
		b.WriteString("(" + piece + ")")
		s = s[j+2:]
	}
	return regexp.Compile(b.String())
}

// Verify compares the produced diagnostics with the expectations, in MLIR's
// -verify-diagnostics style, and returns one message per problem (nil when
// everything matched):
//
//	file:L:C: error: unexpected error: msg
//	file:L:C: error: 'warning' diagnostic emitted when expecting a 'error'
//	file:L:C: error: expected error "msg" was not produced
//
// A diagnostic matches an expectation in the same file on the same line with
// the same severity whose text matches; columns are not compared. As in
// MLIR, one expectation may match several identical diagnostics. Diagnostics
// for files that have no expectations are unexpected.
func Verify(expect []Expectation, got []Diag) []string {
	matched := make([]bool, len(expect))
	var msgs []string
	for _, d := range got {
		unknown := d.Line <= 0
		near := -1
		found := false
		for i := range expect {
			e := &expect[i]
			if e.Unknown != unknown || (!unknown && (e.File != d.File || e.Line != d.Line)) {
				continue
			}
			if !e.Matches(d.Message) {
				continue
			}
			if e.Severity == d.Severity {
				matched[i], found = true, true
				break
			}
			near = i
		}
		if found {
			continue
		}
		if near >= 0 {
			e := &expect[near]
			msgs = append(msgs, fmt.Sprintf("%s:%d:%d: error: '%s' diagnostic emitted when expecting a '%s'",
				e.File, e.AnnotLine, e.AnnotCol, d.Severity, e.Severity))
			continue
		}
		loc := "loc(unknown)"
		if !unknown {
			loc = fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Col)
		}
		msgs = append(msgs, fmt.Sprintf("%s: error: unexpected %s: %s", loc, d.Severity, d.Message))
	}
	for i, e := range expect {
		if !matched[i] {
			msgs = append(msgs, fmt.Sprintf("%s:%d:%d: error: expected %s \"%s\" was not produced",
				e.File, e.AnnotLine, e.AnnotCol, e.Severity, e.Message))
		}
	}
	return msgs
}
