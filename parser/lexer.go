package parser

import "strings"

// tokKind classifies a token. Keywords are lexed as bare identifiers and
// recognised by spelling where the grammar needs them, as MLIR's parser does.
type tokKind uint8

const (
	tEOF tokKind = iota
	tError
	tBareIdent // [a-zA-Z_][a-zA-Z0-9_$.]* (includes keywords)
	tIntType   // i32, si8, ui64
	tPercent   // %name
	tHash      // #name
	tBang      // !name
	tCaret     // ^name
	tAt        // @name or @"name"
	tInteger
	tFloat
	tString
	tLParen
	tRParen
	tLSquare
	tRSquare
	tLBrace
	tRBrace
	tLess
	tGreater
	tComma
	tColon
	tEqual
	tArrow
	tQuestion
	tStar
	tPlus
	tMinus
	tVBar
	tEllipsis
	tFileMetaBegin // {-#
	tFileMetaEnd   // #-}
)

// punctSpelling maps punctuation kinds to their spelling (for messages and OpParser.Parse).
var punctSpelling = [...]string{
	tLParen: "(", tRParen: ")", tLSquare: "[", tRSquare: "]", tLBrace: "{", tRBrace: "}",
	tLess: "<", tGreater: ">", tComma: ",", tColon: ":", tEqual: "=", tArrow: "->",
	tQuestion: "?", tStar: "*", tPlus: "+", tMinus: "-", tVBar: "|", tEllipsis: "...",
	tFileMetaBegin: "{-#", tFileMetaEnd: "#-}",
}

// token is a lexed token: its kind and byte range in the source.
type token struct {
	kind       tokKind
	start, end int
}

// keywords are MLIR 19's reserved words (TokenKinds.def). They may name ops
// and attributes but not affine identifiers.
func isKeyword(s string) bool {
	switch s {
	case "affine_map", "affine_set", "array", "attributes", "bf16", "ceildiv", "complex",
		"dense", "dense_resource", "distinct", "f16", "f32", "f64", "f80", "f128", "tf32",
		"f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ",
		"false", "floordiv", "for", "func", "index", "loc", "max", "memref", "min", "mod",
		"none", "offset", "size", "sparse", "step", "strided", "symbol", "tensor", "to",
		"true", "tuple", "type", "unit", "vector":
		return true
	}
	return false
}

func isDigit(c byte) bool    { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool    { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isHexDigit(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// isSuffixPunct reports the punctuation allowed in suffix ids: `$ . _ -`.
func isSuffixPunct(c byte) bool { return c == '$' || c == '.' || c == '_' || c == '-' }

// at returns the byte at i, or 0 past the end (the lexer's sentinel).
func (p *parser) at(i int) byte {
	if i < len(p.src) {
		return p.src[i]
	}
	return 0
}

// lex scans the token starting at or after p.cur into p.tok. On a lexical
// error the token kind is tError and p.lexErr/p.lexErrPos describe it.
func (p *parser) lex() {
	src := p.src
	i := p.cur
	for {
		if i >= len(src) {
			p.tok = token{tEOF, len(src), len(src)}
			p.cur = i
			return
		}
		c := src[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		if c == '/' && i+1 < len(src) && src[i+1] == '/' {
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				i = len(src)
			} else {
				i += j + 1
			}
			continue
		}
		break
	}
	start := i
	c := src[i]
	i++
	kind := tError
	switch c {
	case '(':
		kind = tLParen
	case ')':
		kind = tRParen
	case '[':
		kind = tLSquare
	case ']':
		kind = tRSquare
	case '{':
		kind = tLBrace
		if p.at(i) == '-' && p.at(i+1) == '#' {
			kind = tFileMetaBegin
			i += 2
		}
	case '}':
		kind = tRBrace
	case '<':
		kind = tLess
	case '>':
		kind = tGreater
	case ',':
		kind = tComma
	case ':':
		kind = tColon
	case '=':
		kind = tEqual
	case '?':
		kind = tQuestion
	case '*':
		kind = tStar
	case '+':
		kind = tPlus
	case '|':
		kind = tVBar
	case '-':
		kind = tMinus
		if p.at(i) == '>' {
			kind = tArrow
			i++
		}
	case '.':
		if p.at(i) == '.' && p.at(i+1) == '.' {
			kind = tEllipsis
			i += 2
		} else {
			p.lexError(start, "unexpected character")
			return
		}
	case '"':
		end, ok := p.lexString(i)
		if !ok {
			return
		}
		kind, i = tString, end
	case '@':
		if p.at(i) == '"' {
			end, ok := p.lexString(i + 1)
			if !ok {
				return
			}
			kind, i = tAt, end
			break
		}
		if d := p.at(i); !isAlpha(d) && d != '_' {
			p.lexError(i, "@ identifier expected to start with letter or '_'")
			return
		}
		for i < len(src) && (isAlpha(src[i]) || isDigit(src[i]) || src[i] == '_' || src[i] == '$' || src[i] == '.') {
			i++
		}
		kind = tAt
	case '#':
		if p.at(i) == '-' && p.at(i+1) == '}' {
			kind = tFileMetaEnd
			i += 2
			break
		}
		fallthrough
	case '%', '^', '!':
		var msg string
		switch c {
		case '#':
			kind, msg = tHash, "invalid attribute name"
		case '%':
			kind, msg = tPercent, "invalid SSA name"
		case '^':
			kind, msg = tCaret, "invalid block name"
		default:
			kind, msg = tBang, "invalid type identifier"
		}
		d := p.at(i)
		switch {
		case isDigit(d):
			for i < len(src) && isDigit(src[i]) {
				i++
			}
		case isAlpha(d) || isSuffixPunct(d):
			for i < len(src) && (isAlpha(src[i]) || isDigit(src[i]) || isSuffixPunct(src[i])) {
				i++
			}
		default:
			p.lexError(start, msg)
			return
		}
	default:
		switch {
		case isAlpha(c) || c == '_':
			for i < len(src) && (isAlpha(src[i]) || isDigit(src[i]) || src[i] == '_' || src[i] == '$' || src[i] == '.') {
				i++
			}
			kind = tBareIdent
			if isIntTypeSpelling(src[start:i]) {
				kind = tIntType
			}
		case isDigit(c):
			kind, i = p.lexNumber(start, i)
		default:
			p.lexError(start, "unexpected character")
			return
		}
	}
	p.tok = token{kind, start, i}
	p.cur = i
}

func (p *parser) lexError(pos int, msg string) {
	p.tok = token{tError, pos, pos + 1}
	if p.tok.end > len(p.src) {
		p.tok.end = len(p.src)
	}
	p.cur = p.tok.end
	p.lexErr = msg
	p.lexErrPos = pos
}

// isIntTypeSpelling matches `i[0-9]+`, `si[0-9]+` and `ui[0-9]+`.
func isIntTypeSpelling(s string) bool {
	switch {
	case len(s) > 1 && s[0] == 'i':
		s = s[1:]
	case len(s) > 2 && (s[0] == 's' || s[0] == 'u') && s[1] == 'i':
		s = s[2:]
	default:
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// lexNumber scans an integer (decimal or 0x hex) or a float literal; i is
// just past the first digit.
func (p *parser) lexNumber(start, i int) (tokKind, int) {
	src := p.src
	if src[start] == '0' && p.at(i) == 'x' {
		// `0xi32` is the literal 0 followed by the identifier `xi32`.
		if !isHexDigit(p.at(i + 1)) {
			return tInteger, i
		}
		i += 2
		for i < len(src) && isHexDigit(src[i]) {
			i++
		}
		return tInteger, i
	}
	for i < len(src) && isDigit(src[i]) {
		i++
	}
	if p.at(i) != '.' {
		return tInteger, i
	}
	i++
	for i < len(src) && isDigit(src[i]) {
		i++
	}
	if c := p.at(i); c == 'e' || c == 'E' {
		if isDigit(p.at(i+1)) || (p.at(i+1) == '-' || p.at(i+1) == '+') && isDigit(p.at(i+2)) {
			i += 2
			for i < len(src) && isDigit(src[i]) {
				i++
			}
		}
	}
	return tFloat, i
}

// lexString scans a string body starting just after the opening quote and
// returns the offset past the closing quote.
func (p *parser) lexString(i int) (int, bool) {
	src := p.src
	for {
		if i >= len(src) {
			p.lexError(len(src), "expected '\"' in string literal")
			return 0, false
		}
		c := src[i]
		i++
		switch c {
		case '"':
			return i, true
		case '\n', '\v', '\f':
			p.lexError(i-1, "expected '\"' in string literal")
			return 0, false
		case '\\':
			d := p.at(i)
			if d == '"' || d == '\\' || d == 'n' || d == 't' {
				i++
			} else if isHexDigit(d) && isHexDigit(p.at(i+1)) {
				i += 2
			} else {
				p.lexError(i-1, "unknown escape in string literal")
				return 0, false
			}
		}
	}
}

// unquote decodes the body of a lexed string literal (without quotes).
func unquote(body string) string {
	if strings.IndexByte(body, '\\') < 0 {
		return body
	}
	b := make([]byte, 0, len(body))
	for i := 0; i < len(body); {
		c := body[i]
		i++
		if c != '\\' || i >= len(body) {
			b = append(b, c)
			continue
		}
		c1 := body[i]
		i++
		switch c1 {
		case '"', '\\':
			b = append(b, c1)
			continue
		case 'n':
			b = append(b, '\n')
			continue
		case 't':
			b = append(b, '\t')
			continue
		}
		if i < len(body) {
			b = append(b, hexVal(c1)<<4|hexVal(body[i]))
			i++
		}
	}
	return string(b)
}

func hexVal(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}
