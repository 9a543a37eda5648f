package filecheck

// This file implements the regular-expression dialect used by LLVM FileCheck:
// POSIX extended regular expressions as compiled by LLVM's copy of Henry
// Spencer's regcomp with REG_EXTENDED|REG_NEWLINE, extended with \1..\9
// back-references. Notable differences from Go's RE2 syntax, all handled here:
//
//   - Backslash followed by anything other than a digit 1-9 is that literal
//     character: `\d` matches "d", `\n` matches "n", `\.` matches ".".
//   - Inside bracket expressions backslash is an ordinary character, so
//     `[^\n]` excludes '\\' and 'n'. POSIX classes such as [[:digit:]] work.
//   - Because of REG_NEWLINE, `.` and negated bracket expressions never match
//     '\n', and `^` / `$` match at line boundaries as well as at the ends of
//     the searched text.
//   - Matching is leftmost-longest, not leftmost-first.
//   - Matching is byte-oriented.
//
// A parsed pattern is executed with Go's regexp package (in leftmost-longest
// mode) whenever it can be expressed faithfully in RE2 syntax, and with a small
// byte-oriented backtracking matcher otherwise (back-references, bracket
// expressions that contain only some non-ASCII bytes, non-UTF-8 literals).

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

type reKind uint8

const (
	reLit     reKind = iota // single byte b
	reClass                 // byte set
	reBOL                   // ^
	reEOL                   // $
	reGroup                 // capturing group idx
	reConcat                // subs in sequence
	reAlt                   // alternation of subs
	reRepeat                // subs[0]{min,max}; max<0 means unbounded
	reBackref               // \idx
	reEmpty                 // matches the empty string
)

type reNode struct {
	kind     reKind
	b        byte
	set      *[256]bool
	idx      int
	min, max int
	subs     []*reNode
}

// regexError is a syntax error in an LLVM-style regular expression.
type regexError struct{ msg string }

func (e *regexError) Error() string { return e.msg }

type reParser struct {
	s       string
	pos     int
	icase   bool
	ngroups int
	closed  []bool // closed[i] is true once group i+1 is complete
}

// parseERE parses s as a POSIX ERE in LLVM's dialect. It returns the AST and
// the number of capturing groups.
func parseERE(s string, icase bool) (*reNode, int, error) {
	p := &reParser{s: s, icase: icase}
	n, err := p.ere(0)
	if err != nil {
		return nil, 0, err
	}
	if p.pos < len(p.s) {
		// Only an unmatched ')' can stop the top-level parse early.
		return nil, 0, &regexError{"parentheses not balanced"}
	}
	return n, p.ngroups, nil
}

func (p *reParser) more() bool  { return p.pos < len(p.s) }
func (p *reParser) peek() byte  { return p.s[p.pos] }
func (p *reParser) more2() bool { return p.pos+1 < len(p.s) }
func (p *reParser) peek2() byte { return p.s[p.pos+1] }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// ere parses alternatives up to (not including) stop (0: end of input).
func (p *reParser) ere(stop byte) (*reNode, error) {
	var alts []*reNode
	for {
		var seq []*reNode
		for p.more() && p.peek() != '|' && (stop == 0 || p.peek() != stop) {
			if stop == 0 && p.peek() == ')' {
				return nil, &regexError{"parentheses not balanced"}
			}
			n, err := p.ereExp()
			if err != nil {
				return nil, err
			}
			seq = append(seq, n)
		}
		if len(seq) == 0 {
			return nil, &regexError{"empty regular expression"}
		}
		alts = append(alts, &reNode{kind: reConcat, subs: seq})
		if !p.more() || p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &reNode{kind: reAlt, subs: alts}, nil
}

func (p *reParser) lit(c byte) *reNode {
	if p.icase && isLetter(c) {
		set := new([256]bool)
		set[lower(c)], set[upper(c)] = true, true
		return &reNode{kind: reClass, set: set}
	}
	return &reNode{kind: reLit, b: c}
}

func isLetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func (p *reParser) ereExp() (*reNode, error) {
	c := p.s[p.pos]
	p.pos++
	var atom *reNode
	wasCaret := false
	switch c {
	case '(':
		if !p.more() {
			return nil, &regexError{"parentheses not balanced"}
		}
		p.ngroups++
		idx := p.ngroups
		p.closed = append(p.closed, false)
		var sub *reNode
		if p.peek() != ')' {
			var err error
			if sub, err = p.ere(')'); err != nil {
				return nil, err
			}
		} else {
			sub = &reNode{kind: reEmpty}
		}
		if !p.more() || p.peek() != ')' {
			return nil, &regexError{"parentheses not balanced"}
		}
		p.pos++
		p.closed[idx-1] = true
		atom = &reNode{kind: reGroup, idx: idx, subs: []*reNode{sub}}
	case ')':
		return nil, &regexError{"parentheses not balanced"}
	case '^':
		atom = &reNode{kind: reBOL}
		wasCaret = true
	case '$':
		atom = &reNode{kind: reEOL}
	case '|':
		return nil, &regexError{"empty regular expression"}
	case '*', '+', '?':
		return nil, &regexError{"repetition-operator operand invalid"}
	case '.':
		set := new([256]bool)
		for i := range set {
			set[i] = i != '\n'
		}
		atom = &reNode{kind: reClass, set: set}
	case '[':
		set, err := p.bracket()
		if err != nil {
			return nil, err
		}
		atom = &reNode{kind: reClass, set: set}
	case '\\':
		if !p.more() {
			return nil, &regexError{"trailing backslash (\\)"}
		}
		c = p.s[p.pos]
		p.pos++
		if c >= '1' && c <= '9' {
			i := int(c - '0')
			if i > p.ngroups || !p.closed[i-1] {
				return nil, &regexError{"invalid backreference number"}
			}
			atom = &reNode{kind: reBackref, idx: i}
		} else {
			atom = p.lit(c)
		}
	case '{':
		if p.more() && isDigit(p.peek()) {
			return nil, &regexError{"repetition-operator operand invalid"}
		}
		atom = p.lit(c)
	default:
		atom = p.lit(c)
	}

	if !p.more() {
		return atom, nil
	}
	c = p.peek()
	if !(c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2()))) {
		return atom, nil
	}
	p.pos++
	if wasCaret {
		return nil, &regexError{"repetition-operator operand invalid"}
	}
	rep := &reNode{kind: reRepeat, subs: []*reNode{atom}}
	switch c {
	case '*':
		rep.min, rep.max = 0, -1
	case '+':
		rep.min, rep.max = 1, -1
	case '?':
		rep.min, rep.max = 0, 1
	case '{':
		lo, err := p.count()
		if err != nil {
			return nil, err
		}
		hi := lo
		if p.more() && p.peek() == ',' {
			p.pos++
			if p.more() && isDigit(p.peek()) {
				if hi, err = p.count(); err != nil {
					return nil, err
				}
				if lo > hi {
					return nil, &regexError{"invalid repetition count(s)"}
				}
			} else {
				hi = -1
			}
		}
		if !p.more() || p.peek() != '}' {
			for p.more() && p.peek() != '}' {
				p.pos++
			}
			if !p.more() {
				return nil, &regexError{"braces not balanced"}
			}
			return nil, &regexError{"invalid repetition count(s)"}
		}
		p.pos++
		rep.min, rep.max = lo, hi
	}
	if p.more() {
		c = p.peek()
		if c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2())) {
			return nil, &regexError{"repetition-operator operand invalid"}
		}
	}
	return rep, nil
}

const dupMax = 255

func (p *reParser) count() (int, error) {
	n, digits := 0, 0
	for p.more() && isDigit(p.peek()) && n <= dupMax {
		n = n*10 + int(p.peek()-'0')
		p.pos++
		digits++
	}
	if digits == 0 || n > dupMax {
		return 0, &regexError{"invalid repetition count(s)"}
	}
	return n, nil
}

var posixClasses = map[string]func(c byte) bool{
	"alnum":  func(c byte) bool { return isLetter(c) || isDigit(c) },
	"alpha":  isLetter,
	"blank":  func(c byte) bool { return c == ' ' || c == '\t' },
	"cntrl":  func(c byte) bool { return c < 0x20 || c == 0x7f },
	"digit":  isDigit,
	"graph":  func(c byte) bool { return c > 0x20 && c < 0x7f },
	"lower":  func(c byte) bool { return c >= 'a' && c <= 'z' },
	"print":  func(c byte) bool { return c >= 0x20 && c < 0x7f },
	"punct":  func(c byte) bool { return c > 0x20 && c < 0x7f && !isLetter(c) && !isDigit(c) },
	"space":  func(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') },
	"upper":  func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"xdigit": func(c byte) bool { return isDigit(c) || (c|0x20) >= 'a' && (c|0x20) <= 'f' },
}

// bracket parses a bracket expression; the opening '[' has been consumed.
func (p *reParser) bracket() (*[256]bool, error) {
	set := new([256]bool)
	if strings.HasPrefix(p.s[p.pos:], "[:<:]]") || strings.HasPrefix(p.s[p.pos:], "[:>:]]") {
		return nil, &regexError{"word-boundary bracket expressions are not supported"}
	}
	invert := false
	if p.more() && p.peek() == '^' {
		invert = true
		p.pos++
	}
	if p.more() && (p.peek() == ']' || p.peek() == '-') {
		set[p.peek()] = true
		p.pos++
	}
	for p.more() && p.peek() != ']' && !(p.peek() == '-' && p.more2() && p.peek2() == ']') {
		if err := p.bracketTerm(set); err != nil {
			return nil, err
		}
	}
	if p.more() && p.peek() == '-' {
		set['-'] = true
		p.pos++
	}
	if !p.more() || p.peek() != ']' {
		return nil, &regexError{"brackets ([ ]) not balanced"}
	}
	p.pos++
	if p.icase {
		for c := 'a'; c <= 'z'; c++ {
			u := byte(c) - ('a' - 'A')
			if set[c] || set[u] {
				set[c], set[u] = true, true
			}
		}
	}
	if invert {
		for i := range set {
			set[i] = !set[i]
		}
		set['\n'] = false
	}
	return set, nil
}

func (p *reParser) bracketTerm(set *[256]bool) error {
	var c byte
	switch p.peek() {
	case '[':
		if p.more2() {
			c = p.peek2()
		}
	case '-':
		return &regexError{"invalid character range"}
	}
	switch c {
	case ':':
		p.pos += 2
		end := strings.Index(p.s[p.pos:], ":]")
		if !p.more() {
			return &regexError{"brackets ([ ]) not balanced"}
		}
		if end < 0 {
			return &regexError{"invalid character class"}
		}
		fn, ok := posixClasses[p.s[p.pos:p.pos+end]]
		if !ok {
			return &regexError{"invalid character class"}
		}
		for i := 0; i < 256; i++ {
			if fn(byte(i)) {
				set[i] = true
			}
		}
		p.pos += end + 2
		return nil
	case '=':
		p.pos += 2
		end := strings.Index(p.s[p.pos:], "=]")
		if end != 1 {
			return &regexError{"invalid collating element"}
		}
		set[p.s[p.pos]] = true
		p.pos += 3
		return nil
	}
	start, err := p.bracketSymbol()
	if err != nil {
		return err
	}
	finish := start
	if p.more() && p.peek() == '-' && p.more2() && p.peek2() != ']' {
		p.pos++
		if p.peek() == '-' {
			p.pos++
			finish = '-'
		} else if finish, err = p.bracketSymbol(); err != nil {
			return err
		}
	}
	if start > finish {
		return &regexError{"invalid character range"}
	}
	for i := int(start); i <= int(finish); i++ {
		set[i] = true
	}
	return nil
}

func (p *reParser) bracketSymbol() (byte, error) {
	if !p.more() {
		return 0, &regexError{"brackets ([ ]) not balanced"}
	}
	if strings.HasPrefix(p.s[p.pos:], "[.") {
		p.pos += 2
		end := strings.Index(p.s[p.pos:], ".]")
		if end != 1 {
			return 0, &regexError{"invalid collating element"}
		}
		c := p.s[p.pos]
		p.pos += 3
		return c, nil
	}
	c := p.s[p.pos]
	p.pos++
	return c, nil
}

// escapeRegex mirrors llvm::Regex::escape.
func escapeRegex(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`()^$|*+?.[]\{}`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// compiledRegex is an executable LLVM-style regular expression.
type compiledRegex struct {
	ngroups int
	goRE    *regexp.Regexp // nil: use the backtracker
	root    *reNode
}

func compileRegex(s string, icase bool) (*compiledRegex, error) {
	root, n, err := parseERE(s, icase)
	if err != nil {
		return nil, err
	}
	cr := &compiledRegex{ngroups: n, root: root}
	var b strings.Builder
	b.WriteString("(?m)")
	if emitGo(&b, root) {
		if re, err := regexp.Compile(b.String()); err == nil {
			re.Longest()
			cr.goRE = re
		}
	}
	return cr, nil
}

// find returns the submatch index pairs of the leftmost-longest match in s
// (like regexp.FindStringSubmatchIndex), or nil.
func (cr *compiledRegex) find(s string) []int {
	if cr.goRE != nil {
		return cr.goRE.FindStringSubmatchIndex(s)
	}
	return backtrackFind(cr.root, cr.ngroups, s)
}

// emitGo writes n in RE2 syntax; it reports false if n cannot be expressed
// with identical byte-level semantics.
func emitGo(b *strings.Builder, n *reNode) bool {
	switch n.kind {
	case reLit:
		if n.b >= utf8.RuneSelf {
			return false
		}
		b.WriteString(regexp.QuoteMeta(string(rune(n.b))))
	case reClass:
		return emitGoClass(b, n.set)
	case reBOL:
		b.WriteString("^")
	case reEOL:
		b.WriteString("$")
	case reGroup:
		return emitGoGroup(b, "(", "", n.subs[:1])
	case reConcat:
		return emitGoGroup(b, "(?:", "", n.subs)
	case reAlt:
		return emitGoGroup(b, "(?:", "|", n.subs)
	case reRepeat:
		if !emitGoGroup(b, "(?:", "", n.subs[:1]) {
			return false
		}
		switch {
		case n.min == 0 && n.max < 0:
			b.WriteString("*")
		case n.min == 1 && n.max < 0:
			b.WriteString("+")
		case n.min == 0 && n.max == 1:
			b.WriteString("?")
		case n.max < 0:
			fmt.Fprintf(b, "{%d,}", n.min)
		case n.min == n.max:
			fmt.Fprintf(b, "{%d}", n.min)
		default:
			fmt.Fprintf(b, "{%d,%d}", n.min, n.max)
		}
	case reBackref:
		return false
	case reEmpty:
		b.WriteString("(?:)")
	}
	return true
}

// emitGoGroup writes subs in a group opened by open, separated by sep; it
// reports false when one cannot be written in Go's syntax.
func emitGoGroup(b *strings.Builder, open, sep string, subs []*reNode) bool {
	b.WriteString(open)
	for i, s := range subs {
		if i > 0 {
			b.WriteString(sep)
		}
		if !emitGo(b, s) {
			return false
		}
	}
	b.WriteString(")")
	return true
}

func emitGoClass(b *strings.Builder, set *[256]bool) bool {
	high := 0
	for i := 0x80; i < 0x100; i++ {
		if set[i] {
			high++
		}
	}
	negate := false
	switch high {
	case 0:
	case 0x80:
		// All non-ASCII bytes: a negated ASCII class matches every non-ASCII
		// rune (and invalid byte), which is the byte-level equivalent.
		negate = true
	default:
		return false
	}
	b.WriteString("[")
	if negate {
		b.WriteString("^")
	}
	any := false
	for i := 0; i < 0x80; {
		if set[i] == negate {
			i++
			continue
		}
		j := i
		for j+1 < 0x80 && set[j+1] != negate {
			j++
		}
		fmt.Fprintf(b, `\x{%x}`, i)
		if j > i {
			fmt.Fprintf(b, `-\x{%x}`, j)
		}
		any = true
		i = j + 1
	}
	if !any {
		if negate {
			// Every byte: [^] is invalid in RE2.
			b.Reset()
			return false
		}
		// No byte at all: a class that can never match.
		b.WriteString(`^\x00-\x{10FFFF}`)
	}
	b.WriteString("]")
	return true
}

// backtrackLimit bounds the work of the backtracking matcher per start
// position so that pathological patterns fail instead of hanging.
const backtrackLimit = 1 << 22

type backtracker struct {
	in       string
	caps     []int
	best     []int
	bestEnd  int
	steps    int
	exceeded bool
}

func backtrackFind(root *reNode, ngroups int, s string) []int {
	m := &backtracker{in: s, caps: make([]int, 2*(ngroups+1))}
	for start := 0; start <= len(s); start++ {
		for i := range m.caps {
			m.caps[i] = -1
		}
		m.bestEnd, m.steps = -1, 0
		m.match(root, start, func(end int) bool {
			if end > m.bestEnd {
				m.bestEnd = end
				m.best = append(m.best[:0], m.caps...)
				m.best[0], m.best[1] = start, end
			}
			return end == len(s)
		})
		if m.bestEnd >= 0 {
			return m.best
		}
	}
	return nil
}

// match matches n at pos and calls k with each possible end position, in
// preference order, until k returns true.
func (m *backtracker) match(n *reNode, pos int, k func(int) bool) bool {
	m.steps++
	if m.steps > backtrackLimit {
		m.exceeded = true
		return true
	}
	switch n.kind {
	case reLit:
		return pos < len(m.in) && m.in[pos] == n.b && k(pos+1)
	case reClass:
		return pos < len(m.in) && n.set[m.in[pos]] && k(pos+1)
	case reBOL:
		return (pos == 0 || m.in[pos-1] == '\n') && k(pos)
	case reEOL:
		return (pos == len(m.in) || m.in[pos] == '\n') && k(pos)
	case reEmpty:
		return k(pos)
	case reGroup:
		i := 2 * n.idx
		os, oe := m.caps[i], m.caps[i+1]
		r := m.match(n.subs[0], pos, func(end int) bool {
			ps, pe := m.caps[i], m.caps[i+1]
			m.caps[i], m.caps[i+1] = pos, end
			if k(end) {
				return true
			}
			m.caps[i], m.caps[i+1] = ps, pe
			return false
		})
		m.caps[i], m.caps[i+1] = os, oe
		return r
	case reConcat:
		return m.concat(n.subs, pos, k)
	case reAlt:
		for _, s := range n.subs {
			if m.match(s, pos, k) {
				return true
			}
		}
		return false
	case reRepeat:
		return m.repeat(n, 0, pos, k)
	case reBackref:
		s, e := m.caps[2*n.idx], m.caps[2*n.idx+1]
		if s < 0 {
			return false
		}
		return strings.HasPrefix(m.in[pos:], m.in[s:e]) && k(pos+e-s)
	}
	panic("filecheck: bad regex node")
}

func (m *backtracker) concat(subs []*reNode, pos int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(pos)
	}
	return m.match(subs[0], pos, func(p int) bool { return m.concat(subs[1:], p, k) })
}

func (m *backtracker) repeat(n *reNode, count, pos int, k func(int) bool) bool {
	if n.max < 0 || count < n.max {
		if m.match(n.subs[0], pos, func(p int) bool {
			if p == pos && count >= n.min {
				return false // an empty iteration cannot help
			}
			return m.repeat(n, count+1, p, k)
		}) {
			return true
		}
	}
	return count >= n.min && k(pos)
}

// quoteForMessage renders s for a diagnostic.
func quoteForMessage(s string) string { return strconv.Quote(s) }
