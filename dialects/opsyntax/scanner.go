package opsyntax

import (
	"fmt"
	"strings"
)

// Scanner reads the text of a type or attribute body that a dialect
// parses itself (llvm's short-form types, nvgpu's struct-like parameter
// lists): a position in Text and the few moves every such reader makes.
type Scanner struct {
	Text string
	Pos  int
}

// SkipSpace moves past blanks and line breaks.
func (s *Scanner) SkipSpace() {
	for s.Pos < len(s.Text) && strings.IndexByte(" \t\r\n", s.Text[s.Pos]) >= 0 {
		s.Pos++
	}
}

// Consume skips blanks and then tok when the text continues with it, and
// reports whether it did.
func (s *Scanner) Consume(tok string) bool {
	s.SkipSpace()
	if strings.HasPrefix(s.Text[s.Pos:], tok) {
		s.Pos += len(tok)
		return true
	}
	return false
}

// AtEnd skips blanks and reports whether the text is used up.
func (s *Scanner) AtEnd() bool {
	s.SkipSpace()
	return s.Pos == len(s.Text)
}

// Expect consumes tok, or reports `expected 'tok'` followed by where (the
// reader's context, such as " in LLVM type"; empty for none).
func (s *Scanner) Expect(tok, where string) error {
	if !s.Consume(tok) {
		return fmt.Errorf("expected '%s'%s", tok, where)
	}
	return nil
}
