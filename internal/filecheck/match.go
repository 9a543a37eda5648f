package filecheck

import (
	"errors"
	"fmt"
	"strings"
)

// Error is returned by Check when the input does not satisfy the checks or
// the checks themselves are invalid. Its message is FileCheck-style
// diagnostic text (possibly several lines).
type Error struct {
	// Status is the exit status FileCheck would have returned: 1 when a
	// check failed, 2 for invalid check files, options or empty input.
	Status int
	// Diagnostics is the rendered diagnostic text.
	Diagnostics string
}

func (e *Error) Error() string { return strings.TrimRight(e.Diagnostics, "\n") }

// Check verifies input against the directives in checkText, which was read
// from the file named checkFile (used only in diagnostics), with the same
// semantics as `FileCheck checkFile < input`. It returns nil on success and
// an *Error otherwise.
func Check(checkFile string, checkText string, input string, opts Options) error {
	c := &checker{opts: opts, ctx: newPatternContext()}
	c.check = source{name: checkFile, text: canonicalize(checkText, opts.StrictWhitespace)}
	if err := c.defineCmdlineVars(); err != nil {
		return &Error{Status: 2, Diagnostics: err.Error()}
	}
	if err := c.readChecks(); err != nil {
		return &Error{Status: 2, Diagnostics: err.Error()}
	}
	if input == "" && !opts.AllowEmpty {
		return &Error{Status: 2, Diagnostics: fmt.Sprintf("FileCheck error: '%s' is empty.\n", opts.inputName())}
	}
	c.input = source{name: opts.inputName(), text: canonicalize(input, opts.StrictWhitespace)}
	var diags strings.Builder
	c.out = &diags
	if !c.checkInput() {
		return &Error{Status: 1, Diagnostics: diags.String()}
	}
	return nil
}

var errNotFound = errors.New("not found")

// checkInput mirrors FileCheck::checkInput: CHECK-LABELs partition the input
// and the other checks are matched within their partition.
func (c *checker) checkInput() bool {
	failed := false
	in := c.input.text
	bufStart := 0
	i, j, e := 0, 0, len(c.strings)
	for {
		regionStart, regionEnd := bufStart, len(in)
		if j != e {
			if c.strings[j].pat.ty != ckLabel {
				j++
				continue
			}
			pos, n, ok := c.runCheck(&c.strings[j], bufStart, len(in), true)
			if !ok {
				return false
			}
			regionEnd = pos + n
			bufStart = pos + n
			j++
		}
		if i != 0 && c.opts.EnableVarScope {
			c.ctx.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, n, ok := c.runCheck(&c.strings[i], regionStart, regionEnd, false)
			if !ok {
				failed = true
				i = j
				break
			}
			regionStart = pos + n
		}
		if j == e {
			break
		}
	}
	return !failed
}

// runCheck mirrors FileCheckString::Check on input[start:end]. It returns the
// absolute position and length of the match.
func (c *checker) runCheck(cs *checkString, start, end int, labelScan bool) (int, int, bool) {
	lastPos := start
	var nots []*pattern
	if !labelScan {
		var ok bool
		if lastPos, nots, ok = c.checkDAG(cs, start, end); !ok {
			return 0, 0, false
		}
	}
	lastMatchEnd, firstMatchPos := lastPos, 0
	for i := 1; i <= cs.pat.count; i++ {
		pos, n, err := c.match(cs.pat, lastMatchEnd, end)
		if err != nil {
			c.reportNoMatch(cs.pat, lastMatchEnd, end, err, i)
			return 0, 0, false
		}
		if i == 1 {
			firstMatchPos = pos
		}
		lastMatchEnd = pos + n
	}
	matchLen := lastMatchEnd - firstMatchPos
	if !labelScan {
		skipped := c.input.text[lastPos:firstMatchPos]
		p := cs.pat
		if p.ty == ckNext || p.ty == ckEmpty {
			nl, first := countNewlines(skipped)
			switch {
			case nl == 0:
				c.reportWrongLine(p, "is on the same line as previous match", firstMatchPos, lastPos, -1)
				return 0, 0, false
			case nl != 1:
				c.reportWrongLine(p, "is not on the line after the previous match", firstMatchPos, lastPos, lastPos+first)
				return 0, 0, false
			}
		}
		if p.ty == ckSame {
			if nl, _ := countNewlines(skipped); nl != 0 {
				c.reportWrongLine(p, "is not on the same line as the previous match", firstMatchPos, lastPos, -1)
				return 0, 0, false
			}
		}
		if !c.checkNot(nots, lastPos, firstMatchPos) {
			return 0, 0, false
		}
	}
	return firstMatchPos, matchLen, true
}

// countNewlines counts line breaks in s, treating "\r\n" and "\n\r" as one.
// It also returns the offset just after the first line break.
func countNewlines(s string) (n, first int) {
	i := 0
	for {
		k := strings.IndexAny(s[i:], "\n\r")
		if k < 0 {
			return n, first
		}
		i += k
		n++
		if i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') && s[i] != s[i+1] {
			i++
		}
		i++
		if n == 1 {
			first = i
		}
	}
}

type matchRange struct{ pos, end int }

// checkDAG mirrors FileCheckString::CheckDag. It returns the position after
// the last DAG group and the CHECK-NOTs still pending after it.
func (c *checker) checkDAG(cs *checkString, start, end int) (int, []*pattern, bool) {
	if len(cs.dagNot) == 0 {
		return start, nil, true
	}
	startPos := start
	var ranges []matchRange
	var nots []*pattern
	for idx, p := range cs.dagNot {
		if p.ty == ckNot {
			nots = append(nots, p)
			continue
		}
		matchPos := startPos
		mi := 0
		for {
			pos, n, err := c.match(p, matchPos, end)
			if err != nil {
				c.reportNoMatch(p, matchPos, end, err, 1)
				return 0, nil, false
			}
			m := matchRange{pos, pos + n}
			if len(ranges) == 0 {
				ranges = append(ranges, m)
				break
			}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if m.pos < ranges[mi].end {
					overlap = ranges[mi].pos < m.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges, matchRange{})
				copy(ranges[mi+1:], ranges[mi:])
				ranges[mi] = m
				break
			}
			matchPos = ranges[mi].end
			mi++
		}
		if idx+1 == len(cs.dagNot) || cs.dagNot[idx+1].ty == ckNot {
			if len(nots) > 0 {
				if !c.checkNot(nots, startPos, ranges[0].pos) {
					return 0, nil, false
				}
				nots = nil
			}
			startPos = ranges[len(ranges)-1].end
			ranges = ranges[:0]
		}
	}
	return startPos, nots, true
}

// checkNot reports every CHECK-NOT pattern that matches input[start:end].
func (c *checker) checkNot(nots []*pattern, start, end int) bool {
	ok := true
	for _, p := range nots {
		pos, n, err := c.match(p, start, end)
		if errors.Is(err, errNotFound) {
			continue
		}
		ok = false
		if err != nil {
			c.reportNoMatch(p, start, end, err, 1)
			continue
		}
		var b strings.Builder
		p.src.diag(&b, p.loc, "error", p.description()+": excluded string found in input")
		c.input.diag(&b, pos, "note", "found here")
		c.noteVars(&b, p)
		_ = n
		c.out.WriteString(b.String())
	}
	return ok
}

// match mirrors Pattern::match on input[start:end], returning the absolute
// match position and length, errNotFound, or another error (such as a use of
// an undefined variable).
func (c *checker) match(p *pattern, start, end int) (int, int, error) {
	buf := c.input.text[start:end]
	if p.ty == ckEOF {
		return end, 0, nil
	}
	if p.isFixed {
		var i int
		if p.icase {
			i = indexFold(buf, p.fixed)
		} else {
			i = strings.Index(buf, p.fixed)
		}
		if i < 0 {
			return 0, 0, errNotFound
		}
		return start + i, len(p.fixed), nil
	}
	cr := p.compiled
	if cr == nil {
		re := p.regex
		if len(p.subs) > 0 {
			var b strings.Builder
			last := 0
			var errs []string
			for _, s := range p.subs {
				val, err := c.substValue(p, &s)
				if err != nil {
					errs = append(errs, err.Error())
					continue
				}
				b.WriteString(re[last:s.at])
				b.WriteString(val)
				last = s.at
			}
			if len(errs) > 0 {
				return 0, 0, &substError{pat: p, msgs: errs}
			}
			b.WriteString(re[last:])
			re = b.String()
		}
		var err error
		cr, err = compileRegex(re, p.icase)
		if err != nil {
			return 0, 0, fmt.Errorf("invalid regex: %v", err)
		}
		if len(p.subs) == 0 {
			p.compiled = cr
		}
	}
	m := cr.find(buf)
	if m == nil {
		return 0, 0, errNotFound
	}
	for name, g := range p.strDefs {
		if m[2*g] >= 0 {
			p.ctx.strVars[name] = buf[m[2*g]:m[2*g+1]]
		} else {
			p.ctx.strVars[name] = ""
		}
	}
	skip := 0
	if p.ty == ckEmpty {
		skip = 1
	}
	for _, d := range p.numDefs {
		text := ""
		if m[2*d.group] >= 0 {
			text = buf[m[2*d.group]:m[2*d.group+1]]
		}
		v, err := d.v.format.parse(text)
		if err != nil {
			return 0, 0, fmt.Errorf("unable to represent numeric value: %q", text)
		}
		d.v.value, d.v.set = v, true
	}
	return start + m[0] + skip, m[1] - m[0] - skip, nil
}

// substError reports substitutions that could not be evaluated.
type substError struct {
	pat  *pattern
	msgs []string
}

func (e *substError) Error() string { return strings.Join(e.msgs, "; ") }

func (c *checker) substValue(p *pattern, s *substitution) (string, error) {
	if s.num == nil {
		v, ok := c.ctx.strVars[s.strVar]
		if !ok {
			return "", &undefinedVarError{s.strVar}
		}
		return escapeRegex(v), nil
	}
	v, err := s.num.expr.eval(p.line)
	if err != nil {
		return "", err
	}
	return s.num.format.format(v)
}

// indexFold is an ASCII case-insensitive strings.Index.
func indexFold(s, sub string) int {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		if strings.EqualFold(s[i:i+n], sub) {
			return i
		}
	}
	return -1
}

func (c *checker) reportNoMatch(p *pattern, start, end int, err error, attempt int) {
	var b strings.Builder
	var se *substError
	if errors.As(err, &se) || !errors.Is(err, errNotFound) {
		// Errors other than "not found" are reported at the offending
		// substitution when it is known.
		reported := false
		if se != nil {
			for _, s := range p.subs {
				if _, e := c.substValue(p, &s); e != nil {
					s.src.diag(&b, s.srcOff, "error", e.Error())
					reported = true
				}
			}
		}
		if !reported {
			p.src.diag(&b, p.loc, "error", err.Error())
		}
		c.out.WriteString(b.String())
		return
	}
	msg := p.description() + ": expected string not found in input"
	if p.count > 1 {
		msg += fmt.Sprintf(" (%d out of %d)", attempt, p.count)
	}
	p.src.diag(&b, p.loc, "error", msg)
	c.input.diag(&b, start, "note", "scanning from here")
	c.noteVars(&b, p)
	c.out.WriteString(b.String())
}

func (c *checker) reportWrongLine(p *pattern, what string, matchPos, prevEnd, firstNonMatching int) {
	var b strings.Builder
	p.src.diag(&b, p.loc, "error", p.description()+": "+what)
	c.input.diag(&b, matchPos, "note", "'"+strings.ToLower(strings.TrimPrefix(p.description(), p.prefix+"-"))+"' match was here")
	c.input.diag(&b, prevEnd, "note", "previous match ended here")
	if firstNonMatching >= 0 {
		c.input.diag(&b, firstNonMatching, "note", "non-matching line after previous match is here")
	}
	c.out.WriteString(b.String())
}

// noteVars adds "with VAR equal to VALUE" notes for p's substitutions.
func (c *checker) noteVars(b *strings.Builder, p *pattern) {
	for _, s := range p.subs {
		if s.num == nil {
			if v, ok := c.ctx.strVars[s.strVar]; ok {
				s.src.diag(b, s.srcOff, "note", fmt.Sprintf("with %q equal to %s", s.strVar, quoteForMessage(v)))
			}
			continue
		}
		if v, err := s.num.expr.eval(p.line); err == nil {
			val, _ := s.num.format.format(v)
			s.src.diag(b, s.srcOff, "note", fmt.Sprintf("with %q equal to %q", strings.TrimSpace(s.text), val))
		}
	}
}
