package filecheck

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type checkType uint8

const (
	ckNone checkType = iota
	ckPlain
	ckNext
	ckSame
	ckNot
	ckDAG
	ckLabel
	ckEmpty
	ckComment
	ckEOF
	ckBadNot
	ckBadCount
	ckMisspelled
)

// patternContext holds the variables shared by all patterns of one run.
type patternContext struct {
	strVars    map[string]string
	definedStr map[string]bool // string variables defined anywhere (collision checks)
	numVars    map[string]*numVar
}

func newPatternContext() *patternContext {
	return &patternContext{
		strVars:    map[string]string{},
		definedStr: map[string]bool{},
		numVars:    map[string]*numVar{},
	}
}

// clearLocalVars implements --enable-var-scope at a CHECK-LABEL boundary.
func (ctx *patternContext) clearLocalVars() {
	for name := range ctx.strVars {
		if !strings.HasPrefix(name, "$") {
			delete(ctx.strVars, name)
		}
	}
	for name, v := range ctx.numVars {
		if !strings.HasPrefix(name, "$") {
			v.set = false
		}
	}
}

type substitution struct {
	at     int    // insertion offset in pattern.regex
	strVar string // string variable name, or
	num    *numBlock
	text   string // source text, for diagnostics
	src    *source
	srcOff int // offset of the block body in src
}

type numDef struct {
	v     *numVar
	group int
}

type pattern struct {
	ty      checkType
	count   int
	literal bool
	line    int // 1-based line in the check file
	loc     int // offset of the pattern text in the check buffer
	prefix  string

	isFixed bool
	fixed   string
	regex   string
	subs    []substitution
	strDefs map[string]int
	numDefs map[string]numDef
	icase   bool
	ctx     *patternContext

	compiled *compiledRegex // cached when there are no substitutions
	src      *source        // where the pattern text lives, for diagnostics
}

// description names the directive as FileCheck does in diagnostics.
func (p *pattern) description() string {
	switch p.ty {
	case ckNext:
		return p.prefix + "-NEXT"
	case ckSame:
		return p.prefix + "-SAME"
	case ckNot:
		if p.prefix == "IMPLICIT-CHECK" {
			return "IMPLICIT-CHECK-NOT"
		}
		return p.prefix + "-NOT"
	case ckDAG:
		return p.prefix + "-DAG"
	case ckLabel:
		return p.prefix + "-LABEL"
	case ckEmpty:
		return p.prefix + "-EMPTY"
	case ckEOF:
		return "implicit EOF"
	case ckPlain:
		if p.count > 1 {
			return p.prefix + "-COUNT"
		}
	}
	return p.prefix
}

func (p *pattern) hasVariable() bool { return len(p.subs) > 0 || len(p.strDefs) > 0 }

type checkString struct {
	pat    *pattern
	dagNot []*pattern
}

// source is a named buffer for diagnostics.
type source struct {
	name string
	text string
}

// position returns the 1-based line and column of byte offset off.
func (s *source) position(off int) (line, col int, lineText string) {
	off = min(max(off, 0), len(s.text))
	start := strings.LastIndexByte(s.text[:off], '\n') + 1
	end := strings.IndexAny(s.text[off:], "\n\r")
	if end < 0 {
		end = len(s.text)
	} else {
		end += off
	}
	line = strings.Count(s.text[:start], "\n") + 1
	return line, off - start + 1, s.text[start:end]
}

// diag renders a diagnostic in llvm::SourceMgr style.
func (s *source) diag(b *strings.Builder, off int, kind, msg string) {
	line, col, text := s.position(off)
	fmt.Fprintf(b, "%s:%d:%d: %s: %s\n%s\n", s.name, line, col, kind, msg, text)
	caret := make([]byte, 0, col)
	for i := 0; i < col-1 && i < len(text); i++ {
		if text[i] == '\t' {
			caret = append(caret, '\t')
		} else {
			caret = append(caret, ' ')
		}
	}
	b.Write(caret)
	b.WriteString("^\n")
}

// canonicalize mirrors FileCheck::CanonicalizeFile: it drops the '\r' of
// "\r\n" and, unless strict, collapses runs of spaces and tabs to one space.
func canonicalize(s string, strict bool) string {
	if !strings.Contains(s, "\r\n") && (strict || (!strings.Contains(s, "\t") && !strings.Contains(s, "  "))) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			b.WriteByte(c)
			continue
		}
		b.WriteByte(' ')
		for i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t') {
			i++
		}
	}
	return b.String()
}

func isPartOfWord(c byte) bool { return isVarChar(c) || c == '-' }

// findCheckType mirrors FindCheckType: rest is the text after the prefix.
// It returns the type, the count for -COUNT-, the LITERAL flag and the
// offset (within rest) just after the directive's colon.
func findCheckType(rest string, isComment bool) (ty checkType, count int, literal bool, after int) {
	if rest == "" {
		return ckNone, 0, false, 0
	}
	orig := len(rest)
	consumed := func() int { return orig - len(rest) }
	if isComment {
		if strings.HasPrefix(rest, ":") {
			return ckComment, 0, false, 1
		}
		return ckNone, 0, false, 0
	}
	modifiers := func(t checkType) (checkType, bool) {
		if strings.HasPrefix(rest, ":") {
			rest = rest[1:]
			return t, false
		}
		if !strings.HasPrefix(rest, "{") {
			return ckNone, false
		}
		rest = rest[1:]
		lit := false
		for {
			rest = strings.TrimLeft(rest, " \t\n\v\f\r")
			if !strings.HasPrefix(rest, "LITERAL") {
				return ckNone, false
			}
			rest = rest[len("LITERAL"):]
			lit = true
			rest = strings.TrimLeft(rest, " \t\n\v\f\r")
			if !strings.HasPrefix(rest, ",") {
				break
			}
			rest = rest[1:]
		}
		if !strings.HasPrefix(rest, "}:") {
			return ckNone, false
		}
		rest = rest[2:]
		return t, lit
	}
	if rest[0] == ':' {
		return ckPlain, 0, false, 1
	}
	if rest[0] == '{' {
		t, lit := modifiers(ckPlain)
		return t, 0, lit, consumed()
	}
	misspelled := false
	switch rest[0] {
	case '_':
		misspelled = true
	case '-':
	default:
		return ckNone, 0, false, 0
	}
	rest = rest[1:]
	fix := func(t checkType, lit bool) (checkType, int, bool, int) {
		if t != ckNone && misspelled {
			return ckMisspelled, count, lit, consumed()
		}
		return t, count, lit, consumed()
	}
	if strings.HasPrefix(rest, "COUNT-") {
		rest = rest[len("COUNT-"):]
		n := 0
		for n < len(rest) && isDigit(rest[n]) {
			n++
		}
		c, err := strconv.ParseInt(rest[:n], 10, 64)
		rest = rest[n:]
		if n == 0 || err != nil || c <= 0 || c > 1<<31-1 || rest == "" || (rest[0] != ':' && rest[0] != '{') {
			return fix(ckBadCount, false)
		}
		count = int(c)
		return fix(modifiers(ckPlain))
	}
	for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if strings.HasPrefix(rest, bad) {
			return fix(ckBadNot, false)
		}
	}
	for _, d := range []struct {
		s string
		t checkType
	}{{"NEXT", ckNext}, {"SAME", ckSame}, {"NOT", ckNot}, {"DAG", ckDAG}, {"LABEL", ckLabel}, {"EMPTY", ckEmpty}} {
		if strings.HasPrefix(rest, d.s) {
			rest = rest[len(d.s):]
			return fix(modifiers(d.t))
		}
	}
	return ckNone, 0, false, 0
}

// prefixMatcher finds the earliest (then longest) occurrence of any prefix.
type prefixMatcher struct {
	prefixes []string
	next     []int // cached next occurrence of each prefix (-1: none)
}

func newPrefixMatcher(prefixes []string) *prefixMatcher {
	m := &prefixMatcher{prefixes: prefixes, next: make([]int, len(prefixes))}
	for i := range m.next {
		m.next[i] = -2 // unknown
	}
	return m
}

// match returns the position and prefix of the first match at or after pos.
func (m *prefixMatcher) match(buf string, pos int) (int, string) {
	best, bestPrefix := -1, ""
	for i, p := range m.prefixes {
		if m.next[i] == -1 {
			continue
		}
		if m.next[i] < pos {
			j := strings.Index(buf[pos:], p)
			if j < 0 {
				m.next[i] = -1
				continue
			}
			m.next[i] = pos + j
		}
		n := m.next[i]
		if best < 0 || n < best || (n == best && len(p) > len(bestPrefix)) {
			best, bestPrefix = n, p
		}
	}
	return best, bestPrefix
}

// parseError carries a rendered diagnostic produced while reading checks.
type parseError struct{ text string }

func (e *parseError) Error() string { return e.text }

func validatePrefixes(kind string, unique map[string]bool, prefixes []string) error {
	for _, p := range prefixes {
		if p == "" {
			return &parseError{fmt.Sprintf("error: supplied %s prefix must not be the empty string\n", kind)}
		}
		for i := 0; i < len(p); i++ {
			if !isPartOfWord(p[i]) {
				return &parseError{fmt.Sprintf("error: supplied %s prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '%s'\n", kind, p)}
			}
		}
		if unique[p] {
			return &parseError{fmt.Sprintf("error: supplied %s prefix must be unique among check and comment prefixes: '%s'\n", kind, p)}
		}
		unique[p] = true
	}
	return nil
}

// checker holds the state of one FileCheck run.
type checker struct {
	opts    Options
	check   source
	input   source
	ctx     *patternContext
	strings []checkString
	// implicit holds the --implicit-check-not patterns; their diagnostics
	// refer to the synthesized command-line text.
	implicitSrc []source
	out         *strings.Builder // match diagnostics
}

// readChecks parses the check file; it mirrors FileCheck::readCheckFile.
func (c *checker) readChecks() error {
	prefixes := c.opts.prefixes()
	comments := c.opts.commentPrefixes()
	unique := map[string]bool{}
	if err := validatePrefixes("check", unique, prefixes); err != nil {
		return err
	}
	if err := validatePrefixes("comment", unique, comments); err != nil {
		return err
	}
	isComment := map[string]bool{}
	for _, p := range comments {
		isComment[p] = true
	}

	var implicit []*pattern
	for _, s := range c.opts.ImplicitCheckNot {
		src := source{name: "command line", text: "-implicit-check-not='" + s + "'"}
		c.implicitSrc = append(c.implicitSrc, src)
		p := &pattern{ty: ckNot, prefix: "IMPLICIT-CHECK", ctx: c.ctx, icase: c.opts.IgnoreCase}
		var b strings.Builder
		if !p.parse(&src, len("-implicit-check-not='"), s, &c.opts, &b) {
			return &parseError{b.String()}
		}
		implicit = append(implicit, p)
	}

	buf := c.check.text
	m := newPrefixMatcher(append(append([]string(nil), prefixes...), comments...))
	used := map[string]bool{}
	dagNot := append([]*pattern(nil), implicit...)
	pos := 0
	for pos < len(buf) {
		at, prefix := m.match(buf, pos)
		if at < 0 {
			break
		}
		var ty checkType
		var count, after int
		var literal bool
		if at == pos || !isPartOfWord(buf[at-1]) {
			ty, count, literal, after = findCheckType(buf[at+len(prefix):], isComment[prefix])
		}
		if ty == ckNone {
			// Skip this prefix and the rest of the word it is part of.
			pos = at + len(prefix)
			for pos < len(buf) && isPartOfWord(buf[pos]) {
				pos++
			}
			continue
		}
		prefixStart := at
		pos = at + len(prefix) + after
		if after == 0 {
			pos = at + len(prefix)
		}
		var b strings.Builder
		switch ty {
		case ckMisspelled:
			c.check.diag(&b, prefixStart, "error", "misspelled directive '"+buf[prefixStart:pos]+"'")
			return &parseError{b.String()}
		case ckBadNot:
			c.check.diag(&b, pos, "error", "unsupported -NOT combo on prefix '"+prefix+"'")
			return &parseError{b.String()}
		case ckBadCount:
			c.check.diag(&b, pos, "error", "invalid count in -COUNT specification on prefix '"+prefix+"'")
			return &parseError{b.String()}
		}
		if !(c.opts.StrictWhitespace && c.opts.MatchFullLines) {
			for pos < len(buf) && (buf[pos] == ' ' || buf[pos] == '\t') {
				pos++
			}
		}
		eol := strings.IndexAny(buf[pos:], "\n\r")
		if eol < 0 {
			eol = len(buf)
		} else {
			eol += pos
		}
		patLoc, patText := pos, buf[pos:eol]
		pos = eol
		if ty == ckComment {
			continue
		}
		used[prefix] = true
		p := &pattern{ty: ty, count: max(count, 1), literal: literal, prefix: prefix, ctx: c.ctx, icase: c.opts.IgnoreCase}
		p.line = strings.Count(buf[:prefixStart], "\n") + 1
		if !p.parse(&c.check, patLoc, patText, &c.opts, &b) {
			return &parseError{b.String()}
		}
		if ty == ckLabel && p.hasVariable() {
			c.check.diag(&b, prefixStart, "error", "found '"+prefix+"-LABEL:' with variable definition or use")
			return &parseError{b.String()}
		}
		if (ty == ckNext || ty == ckSame || ty == ckEmpty) && len(c.strings) == 0 {
			name := map[checkType]string{ckNext: "NEXT", ckSame: "SAME", ckEmpty: "EMPTY"}[ty]
			c.check.diag(&b, prefixStart, "error", "found '"+prefix+"-"+name+"' without previous '"+prefix+": line")
			return &parseError{b.String()}
		}
		if ty == ckDAG || ty == ckNot {
			dagNot = append(dagNot, p)
			continue
		}
		c.strings = append(c.strings, checkString{pat: p, dagNot: dagNot})
		dagNot = append([]*pattern(nil), implicit...)
	}

	if len(dagNot) > 0 {
		eof := &pattern{ty: ckEOF, count: 1, prefix: prefixes[0], loc: len(buf), ctx: c.ctx, src: &c.check}
		c.strings = append(c.strings, checkString{pat: eof, dagNot: dagNot})
	}

	var unused []string
	for _, p := range prefixes {
		if !used[p] {
			unused = append(unused, p)
		}
	}
	explicitPrefixes := len(c.opts.Prefixes) > 0
	noneUsed := len(unused) == len(prefixes)
	if noneUsed && len(implicit) > 0 && !explicitPrefixes {
		return nil
	}
	if noneUsed || (len(unused) > 0 && !c.opts.AllowUnusedPrefixes) {
		quoted := make([]string, len(unused))
		for i, p := range unused {
			quoted[i] = "'" + p + ":'"
		}
		plural := " "
		if len(unused) > 1 {
			plural = "es "
		}
		return &parseError{"error: no check strings found with prefix" + plural + strings.Join(quoted, ", ") + "\n"}
	}
	return nil
}

// parse mirrors Pattern::parsePattern. text is the pattern text found at
// offset loc of src. On error it writes a diagnostic to b and returns false.
func (p *pattern) parse(src *source, loc int, text string, opts *Options, b *strings.Builder) bool {
	fullLines := opts.MatchFullLines && p.ty != ckNot
	p.loc, p.src = loc, src
	if !(opts.StrictWhitespace && opts.MatchFullLines) {
		text = strings.TrimRight(text, " \t")
	}
	if text == "" && p.ty != ckEmpty {
		src.diag(b, loc, "error", "found empty check string with prefix '"+p.prefix+":'")
		return false
	}
	if text != "" && p.ty == ckEmpty {
		src.diag(b, loc, "error", "found non-empty check string for empty check with prefix '"+p.prefix+":'")
		return false
	}
	if p.ty == ckEmpty {
		p.regex = "(\n$)"
		return true
	}
	if p.literal || (!fullLines && (len(text) < 2 || (!strings.Contains(text, "{{") && !strings.Contains(text, "[[")))) {
		p.isFixed, p.fixed = true, text
		return true
	}

	var re strings.Builder
	if fullLines {
		re.WriteString("^")
		if !opts.StrictWhitespace {
			re.WriteString(" *")
		}
	}
	p.strDefs = map[string]int{}
	p.numDefs = map[string]numDef{}
	curParen := 1
	ctx := p.ctx
	off := loc // source offset of text[0]
	errAt := func(at int, msg string) bool {
		src.diag(b, at, "error", msg)
		return false
	}
	addRegex := func(rs string, at int) bool {
		_, n, err := parseERE(rs, false)
		if err != nil {
			return errAt(at, "invalid regex: "+err.Error())
		}
		re.WriteString(rs)
		curParen += n
		return true
	}
	for text != "" {
		if strings.HasPrefix(text, "{{") {
			end := strings.Index(text[2:], "}}")
			if end < 0 {
				return errAt(off, "found start of regex string with no end '}}'")
			}
			end += 2
			re.WriteString("(")
			curParen++
			if !addRegex(text[2:end], off+2) {
				return false
			}
			re.WriteString(")")
			off += end + 2
			text = text[end+2:]
			continue
		}
		if strings.HasPrefix(text, "[[") && !strings.HasPrefix(text, "[[[") {
			body := text[2:]
			bodyOff := off + 2
			end, errOff := findVarEnd(body)
			if errOff >= 0 {
				return errAt(bodyOff+errOff, "missing closing \"]\" for regex variable")
			}
			if end < 0 {
				return errAt(off, "Invalid substitution block, no ]] found")
			}
			match := body[:end]
			text = body[end+2:]
			off = bodyOff + end + 2
			isNum := strings.HasPrefix(match, "#")
			matchOff := bodyOff
			if isNum {
				match, matchOff = match[1:], matchOff+1
			}
			isDef, substNeeded, legacyLine := false, false, false
			var defName, substStr, matchRegex string
			insertAt := re.Len()
			if !isNum {
				colon := strings.IndexByte(match, ':')
				head := match
				if colon >= 0 {
					head = match[:colon]
				}
				if i := strings.IndexAny(head, " \t"); i >= 0 {
					return errAt(matchOff+i, "unexpected whitespace")
				}
				name, rest, pseudo, msg := parseVariable(match)
				if msg != "" {
					return errAt(matchOff, msg)
				}
				isDef = colon >= 0
				substNeeded = !isDef
				if isDef {
					if pseudo || !strings.HasPrefix(rest, ":") {
						return errAt(matchOff, "invalid name in string variable definition")
					}
					if v := ctx.numVars[name]; v != nil {
						return errAt(matchOff, "numeric variable with name '"+name+"' already exists")
					}
					defName, matchRegex = name, rest[1:]
				} else if pseudo {
					legacyLine, isNum = true, true
				} else {
					if rest != "" {
						return errAt(matchOff, "invalid name in string variable use")
					}
					substStr = name
				}
			}
			var blk *numBlock
			if isNum {
				var err error
				blk, err = ctx.parseNumericBlock(match, legacyLine, p.line)
				if err != nil {
					return errAt(matchOff, err.Error())
				}
				substNeeded = blk.expr != nil
				if blk.def != nil {
					isDef, defName = true, blk.def.name
				}
				if substNeeded {
					substStr = match
				} else {
					matchRegex = blk.format.wildcard()
				}
			}
			if isDef {
				re.WriteString("(")
				insertAt++
				if isNum {
					p.numDefs[defName] = numDef{v: blk.def, group: curParen}
				} else {
					p.strDefs[defName] = curParen
					ctx.definedStr[defName] = true
				}
				curParen++
			}
			if matchRegex != "" && !addRegex(matchRegex, matchOff) {
				return false
			}
			if isDef {
				re.WriteString(")")
			}
			if substNeeded {
				if group, ok := p.strDefs[substStr]; !isNum && ok {
					if group < 1 || group > 9 {
						return errAt(matchOff, "Can't back-reference more than 9 variables")
					}
					fmt.Fprintf(&re, "\\%d", group)
				} else {
					sub := substitution{at: insertAt, strVar: substStr, num: blk, text: substStr, src: src, srcOff: matchOff}
					if isNum {
						sub.strVar = ""
					}
					p.subs = append(p.subs, sub)
				}
			}
			continue
		}
		// Fixed text up to the next "{{" or "[[" (searching from index 1).
		end := len(text)
		if i := strings.Index(text[1:], "{{"); i >= 0 {
			end = i + 1
		}
		if i := strings.Index(text[1:], "[["); i >= 0 && i+1 < end {
			end = i + 1
		}
		re.WriteString(escapeRegex(text[:end]))
		off += end
		text = text[end:]
	}
	if fullLines {
		if !opts.StrictWhitespace {
			re.WriteString(" *")
		}
		re.WriteString("$")
	}
	p.regex = re.String()
	return true
}

// findVarEnd mirrors Pattern::FindRegexVarEnd. It returns the offset of the
// closing "]]" (or -1), and the offset of an unbalanced ']' (or -1).
func findVarEnd(s string) (end, badBracket int) {
	depth := 0
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "]]") && depth == 0 {
			return i, -1
		}
		if s[i] == '\\' {
			i += 2
			continue
		}
		switch s[i] {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return -1, i
			}
			depth--
		}
		i++
	}
	return -1, -1
}

// parseVariable mirrors Pattern::parseVariable: it splits off a variable
// name (with its '$' or '@' sigil) from the front of s.
func parseVariable(s string) (name, rest string, pseudo bool, errMsg string) {
	if s == "" {
		return "", "", false, "empty variable name"
	}
	i := 0
	pseudo = s[0] == '@'
	if s[0] == '$' || pseudo {
		i++
	}
	if i == len(s) {
		if pseudo {
			return "", "", false, "empty pseudo variable name"
		}
		return "", "", false, "empty global variable name"
	}
	if !isVarStart(s[i]) {
		return "", "", false, "invalid variable name"
	}
	i++
	for i < len(s) && isVarChar(s[i]) {
		i++
	}
	return s[:i], s[i:], pseudo, ""
}

// defineCmdlineVars installs -D definitions.
func (c *checker) defineCmdlineVars() error {
	keys := make([]string, 0, len(c.opts.Vars))
	for k := range c.opts.Vars {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := c.opts.Vars[k]
		if strings.HasPrefix(k, "#") {
			blk, err := c.ctx.parseNumericBlock(k[1:]+":"+v, false, 0)
			if err != nil {
				return &parseError{fmt.Sprintf("Global defines:1:1: error: %v\n", err)}
			}
			if blk.def == nil || blk.expr == nil {
				return &parseError{fmt.Sprintf("Global defines:1:1: error: invalid numeric variable definition '-D%s=%s'\n", k, v)}
			}
			val, err := blk.expr.eval(0)
			if err != nil {
				return &parseError{fmt.Sprintf("Global defines:1:1: error: %v\n", err)}
			}
			blk.def.value, blk.def.set, blk.def.defLine = val, true, 0
			continue
		}
		name, rest, pseudo, msg := parseVariable(k)
		if msg == "" && (pseudo || rest != "") {
			msg = "invalid name in string variable definition"
		}
		if msg != "" {
			return &parseError{fmt.Sprintf("Global defines:1:1: error: %s '%s'\n", msg, k)}
		}
		c.ctx.strVars[name] = v
		c.ctx.definedStr[name] = true
	}
	return nil
}
