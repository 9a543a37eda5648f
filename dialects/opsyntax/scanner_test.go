package opsyntax

import "testing"

// Consume skips blanks (line breaks included) before its token and moves
// only on a match; AtEnd sees trailing blanks as the end.
func TestScanner(t *testing.T) {
	s := &Scanner{Text: " \tptr<\r\n3> \n"}
	if s.Consume("<") {
		t.Fatal("consumed '<' before 'ptr'")
	}
	for _, tok := range []string{"ptr", "<", "3", ">"} {
		if !s.Consume(tok) {
			t.Fatalf("did not consume %q at %d", tok, s.Pos)
		}
	}
	if !s.AtEnd() || s.Pos != len(s.Text) {
		t.Errorf("AtEnd() false at %d of %d", s.Pos, len(s.Text))
	}
	if (&Scanner{Text: "a b"}).AtEnd() {
		t.Error("AtEnd() true with text left")
	}
}

// Expect names the missing token and the reader's context.
func TestScannerExpect(t *testing.T) {
	s := &Scanner{Text: "<4>"}
	if err := s.Expect("<", " in T"); err != nil {
		t.Fatal(err)
	}
	if err := s.Expect(">", " in T"); err == nil || err.Error() != "expected '>' in T" {
		t.Errorf("Expect(\">\") = %v", err)
	}
}
