package lit

import (
	"fmt"
	"strings"
)

// evalFeatures evaluates a lit boolean feature expression such as
// "asserts && !windows" or "(x86 || arm) && linux" against r.Features.
// allowStar permits the "*" wildcard (always true), as in XFAIL: *.
func (r *Runner) evalFeatures(expr string, allowStar bool) (bool, error) {
	if strings.TrimSpace(expr) == "*" {
		if !allowStar {
			return false, fmt.Errorf("'*' is not allowed here")
		}
		return true, nil
	}
	p := &featParser{toks: featTokens(expr), features: r.Features}
	v, err := p.or()
	if err != nil {
		return false, fmt.Errorf("in %q: %v", expr, err)
	}
	if p.pos != len(p.toks) {
		return false, fmt.Errorf("in %q: unexpected %q", expr, p.toks[p.pos])
	}
	return v, nil
}

func featTokens(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t':
			i++
		case strings.HasPrefix(s[i:], "&&"), strings.HasPrefix(s[i:], "||"):
			toks = append(toks, s[i:i+2])
			i += 2
		case c == '!' || c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t!()&|", s[j]) < 0 {
				j++
			}
			if j == i { // lone '&' or '|'
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}

type featParser struct {
	toks     []string
	pos      int
	features map[string]bool
}

func (p *featParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *featParser) or() (bool, error) {
	return p.chain("||", p.and, func(a, b bool) bool { return a || b })
}

func (p *featParser) and() (bool, error) {
	return p.chain("&&", p.not, func(a, b bool) bool { return a && b })
}

// chain parses operand (sep operand)* and folds the values with combine,
// evaluating every operand (no short-circuit: each must still parse).
func (p *featParser) chain(sep string, operand func() (bool, error), combine func(a, b bool) bool) (bool, error) {
	v, err := operand()
	for err == nil && p.peek() == sep {
		p.pos++
		var w bool
		w, err = operand()
		v = combine(v, w)
	}
	return v, err
}

func (p *featParser) not() (bool, error) {
	switch t := p.peek(); t {
	case "!":
		p.pos++
		v, err := p.not()
		return !v, err
	case "(":
		p.pos++
		v, err := p.or()
		if err != nil {
			return false, err
		}
		if p.peek() != ")" {
			return false, fmt.Errorf("missing ')'")
		}
		p.pos++
		return v, nil
	case "", ")", "&&", "||", "&", "|":
		return false, fmt.Errorf("expected a feature name, got %q", t)
	default:
		p.pos++
		return p.features[t], nil
	}
}
