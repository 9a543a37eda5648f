package expectdiag

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseExpectations(t *testing.T) {
	text := strings.Join([]string{
		`func.func @f() {`, // 1
		`  %0 = "foo"() : () -> i32 // expected-error {{'foo' op is bad}}`,     // 2
		`  // expected-warning@+1 {{careful}}`,                                 // 3
		`  "bar"() : () -> ()`,                                                 // 4
		`  // expected-note@-3 {{see here}}`,                                   // 5
		`  // expected-remark@above {{above it}}`,                              // 6
		`  // expected-error@below {{below it}}`,                               // 7
		`  // expected-error-re@below {{value {{[0-9]+}} is {{(big|small)}}}}`, // 8
		`  "baz"() : () -> ()`,                                                 // 9
		`  // expected-error@unknown {{nowhere}}`,                              // 10
		`  // expected-error {{unterminated`,                                   // 11 (not an annotation)
		`}`,                                                                    // 12
	}, "\n")
	got, err := ParseExpectations("t.mlir", text)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Line     int
		Unknown  bool
		Severity string
		Message  string
		Regex    bool
		AnnotCol int
	}
	var rows []row
	for _, e := range got {
		rows = append(rows, row{e.Line, e.Unknown, e.Severity, e.Message, e.Regex, e.AnnotCol})
	}
	want := []row{
		{2, false, "error", "'foo' op is bad", false, 31},
		{4, false, "warning", "careful", false, 6},
		{2, false, "note", "see here", false, 6},
		{4, false, "remark", "above it", false, 6},
		{9, false, "error", "below it", false, 6},
		{9, false, "error", "value {{[0-9]+}} is {{(big|small)}}", true, 6},
		{0, true, "error", "nowhere", false, 6},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("got\n%+v\nwant\n%+v", rows, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, text := range []string{
		`// expected-error-re {{a{{[}}b}}`,
		`// expected-error-re {{a{{b}}`,
	} {
		if _, err := ParseExpectations("t.mlir", text); err == nil {
			t.Errorf("ParseExpectations(%q) succeeded", text)
		}
	}
}

func TestMatches(t *testing.T) {
	tests := []struct {
		annot, msg string
		want       bool
	}{
		{`expected-error {{op is bad}}`, "'foo' op is bad here", true},
		{`expected-error {{op is bad}}`, "op is good", false},
		{`expected-error {{a.b}}`, "axb", false},
		{`expected-error-re {{value {{[0-9]+}} is big}}`, "the value 42 is big", true},
		{`expected-error-re {{value {{[0-9]+}} is big}}`, "the value x is big", false},
		{`expected-error-re {{a.b{{.*}}}}`, "axb", false},
		{`expected-error-re {{a.b{{.*}}}}`, "a.b", true},
		{`expected-error-re {{{{^}}starts{{$}}}}`, "starts", true},
		{`expected-error-re {{{{^}}starts{{$}}}}`, "it starts", false},
	}
	for _, tc := range tests {
		es, err := ParseExpectations("f", "// "+tc.annot)
		if err != nil || len(es) != 1 {
			t.Fatalf("%q: %v %v", tc.annot, es, err)
		}
		if got := es[0].Matches(tc.msg); got != tc.want {
			t.Errorf("%q matches %q = %v, want %v", tc.annot, tc.msg, got, tc.want)
		}
	}
}

func TestVerify(t *testing.T) {
	text := "op1 // expected-error {{bad op}}\nop2\n// expected-warning@-1 {{odd}}\n// expected-error@unknown {{lost}}\n"
	exp, err := ParseExpectations("f.mlir", text)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		got  []Diag
		want []string
	}{
		{"all-matched", []Diag{
			{"f.mlir", 1, 1, "error", "very bad op"},
			{"f.mlir", 2, 3, "warning", "odd thing"},
			{"", 0, 0, "error", "lost it"},
		}, nil},
		{"one-expectation-many-diags", []Diag{
			{"f.mlir", 1, 1, "error", "bad op"},
			{"f.mlir", 1, 5, "error", "bad op"},
			{"f.mlir", 2, 3, "warning", "odd"},
			{"", 0, 0, "error", "lost"},
		}, nil},
		{"missing-and-unexpected", []Diag{
			{"f.mlir", 2, 3, "warning", "odd"},
			{"f.mlir", 3, 7, "error", "surprise"},
			{"other.mlir", 1, 1, "remark", "elsewhere"},
			{"", 0, 0, "note", "floating"},
		}, []string{
			"f.mlir:3:7: error: unexpected error: surprise",
			"other.mlir:1:1: error: unexpected remark: elsewhere",
			"loc(unknown): error: unexpected note: floating",
			`f.mlir:1:8: error: expected error "bad op" was not produced`,
			`f.mlir:4:4: error: expected error "lost" was not produced`,
		}},
		{"wrong-line", []Diag{
			{"f.mlir", 2, 1, "error", "bad op"},
			{"f.mlir", 2, 3, "warning", "odd"},
			{"", 0, 0, "error", "lost"},
		}, []string{
			"f.mlir:2:1: error: unexpected error: bad op",
			`f.mlir:1:8: error: expected error "bad op" was not produced`,
		}},
		{"near-miss-severity", []Diag{
			{"f.mlir", 1, 1, "warning", "bad op"},
			{"f.mlir", 2, 3, "warning", "odd"},
			{"", 0, 0, "error", "lost"},
		}, []string{
			"f.mlir:1:8: error: 'warning' diagnostic emitted when expecting a 'error'",
			`f.mlir:1:8: error: expected error "bad op" was not produced`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Verify(exp, tc.got); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Verify =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestDanglingBelow(t *testing.T) {
	exp, err := ParseExpectations("f", "a\n// expected-error@below {{x}}")
	if err != nil {
		t.Fatal(err)
	}
	if len(exp) != 1 || exp[0].Line != 2 {
		t.Fatalf("got %+v", exp)
	}
}
