package lit

import (
	"fmt"
	"strings"
)

// This file parses the shell subset accepted in RUN lines, modelled on lit's
// internal shell (ShUtil.py): words with '...' and "..." quoting and
// backslash escapes, pipelines joined by |, command lists joined by &&, ||
// and ;, and the redirections <, >, >>, 2>, 2>>, 2>&1, 1>&2, &>.
// There is no globbing, no variable expansion and no subshell syntax.

type redirect struct {
	fd     int    // 0, 1 or 2
	op     string // "<", ">", ">>", or ">&" (fd duplication)
	target string // file name, or "1"/"2" for ">&"
}

type command struct {
	args   []string
	redirs []redirect
}

type pipeline struct {
	cmds []*command
}

// script is a sequence of pipelines; ops[i] joins pipes[i] and pipes[i+1].
type script struct {
	pipes []*pipeline
	ops   []string
}

type token struct {
	op   string // non-empty for operators
	word string
}

func tokenize(s string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
			continue
		case strings.HasPrefix(s[i:], "&&"), strings.HasPrefix(s[i:], "||"):
			toks = append(toks, token{op: s[i : i+2]})
			i += 2
			continue
		case c == '|' || c == ';' || c == '<':
			toks = append(toks, token{op: string(c)})
			i++
			continue
		case strings.HasPrefix(s[i:], "&>"):
			toks = append(toks, token{op: "&>"})
			i += 2
			continue
		case c == '&':
			return nil, fmt.Errorf("unsupported shell operator '&' (background jobs)")
		case c == '>' || ((c == '1' || c == '2') && i+1 < len(s) && s[i+1] == '>'):
			fd := "1"
			if c != '>' {
				fd = string(c)
				i++
			}
			op := ">"
			i++
			if i < len(s) && s[i] == '>' {
				op = ">>"
				i++
			} else if i < len(s) && s[i] == '&' {
				op = ">&"
				i++
			}
			toks = append(toks, token{op: fd + op})
			continue
		}
		// A word: a run of unquoted, quoted and escaped pieces.
		var w strings.Builder
		for i < len(s) {
			c := s[i]
			if strings.IndexByte(" \t\n|;<>&", c) >= 0 {
				break
			}
			switch c {
			case '\'':
				end := strings.IndexByte(s[i+1:], '\'')
				if end < 0 {
					return nil, fmt.Errorf("unterminated single quote")
				}
				w.WriteString(s[i+1 : i+1+end])
				i += end + 2
			case '"':
				i++
				closed := false
				for i < len(s) {
					if s[i] == '"' {
						closed = true
						i++
						break
					}
					if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
						i++
					}
					w.WriteByte(s[i])
					i++
				}
				if !closed {
					return nil, fmt.Errorf("unterminated double quote")
				}
			case '\\':
				if i+1 < len(s) {
					w.WriteByte(s[i+1])
				}
				i += 2
			default:
				w.WriteByte(c)
				i++
			}
		}
		toks = append(toks, token{word: w.String()})
	}
	return toks, nil
}

// parseScript parses a full RUN command.
func parseScript(s string) (*script, error) {
	toks, err := tokenize(s)
	if err != nil {
		return nil, err
	}
	sc := &script{}
	pl := &pipeline{}
	cmd := &command{}
	endCmd := func() error {
		if len(cmd.args) == 0 {
			return fmt.Errorf("empty command")
		}
		pl.cmds = append(pl.cmds, cmd)
		cmd = &command{}
		return nil
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.op {
		case "":
			cmd.args = append(cmd.args, t.word)
		case "|":
			if err := endCmd(); err != nil {
				return nil, fmt.Errorf("syntax error near '|': %v", err)
			}
		case "&&", "||", ";":
			if err := endCmd(); err != nil {
				return nil, fmt.Errorf("syntax error near '%s': %v", t.op, err)
			}
			sc.pipes = append(sc.pipes, pl)
			sc.ops = append(sc.ops, t.op)
			pl = &pipeline{}
		default:
			if i+1 >= len(toks) || toks[i+1].op != "" {
				return nil, fmt.Errorf("syntax error: missing target for redirection '%s'", t.op)
			}
			i++
			target := toks[i].word
			switch t.op {
			case "<":
				cmd.redirs = append(cmd.redirs, redirect{fd: 0, op: "<", target: target})
			case "&>":
				cmd.redirs = append(cmd.redirs, redirect{fd: 1, op: ">", target: target}, redirect{fd: 2, op: ">&", target: "1"})
			default:
				fd := int(t.op[0] - '0')
				op := t.op[1:]
				if op == ">&" && target != "1" && target != "2" {
					return nil, fmt.Errorf("unsupported redirection '%s%s'", t.op, target)
				}
				cmd.redirs = append(cmd.redirs, redirect{fd: fd, op: op, target: target})
			}
		}
	}
	if len(cmd.args) == 0 && len(cmd.redirs) == 0 && len(pl.cmds) == 0 && len(sc.ops) > 0 && sc.ops[len(sc.ops)-1] == ";" {
		// A trailing ';' is allowed.
		sc.ops = sc.ops[:len(sc.ops)-1]
		return sc, nil
	}
	if err := endCmd(); err != nil {
		return nil, fmt.Errorf("syntax error: %v", err)
	}
	sc.pipes = append(sc.pipes, pl)
	return sc, nil
}

// quoteArgs renders args for a failure report.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && !strings.ContainsAny(a, " \t\n'\"\\|&;<>$`*?[]{}()") {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}
