package filecheck

import (
	"fmt"
	"strings"
)

// Options mirrors the FileCheck command-line options that affect matching.
// The zero value behaves like a plain `FileCheck checkfile` invocation.
type Options struct {
	// Prefixes are the check prefixes (--check-prefix/--check-prefixes).
	// Empty means {"CHECK"}.
	Prefixes []string
	// CommentPrefixes (--comment-prefixes). Empty means {"COM", "RUN"}.
	CommentPrefixes []string
	// ImplicitCheckNot patterns (--implicit-check-not), checked between every
	// pair of positive matches and after the last one.
	ImplicitCheckNot []string
	// MatchFullLines (--match-full-lines) requires every positive pattern to
	// match a whole line (modulo surrounding whitespace unless
	// StrictWhitespace).
	MatchFullLines bool
	// StrictWhitespace (--strict-whitespace) disables canonicalisation of
	// runs of horizontal whitespace.
	StrictWhitespace bool
	// AllowEmpty (--allow-empty) accepts an empty input.
	AllowEmpty bool
	// AllowUnusedPrefixes (--allow-unused-prefixes) suppresses the error for
	// a prefix given in Prefixes that no directive uses.
	AllowUnusedPrefixes bool
	// EnableVarScope (--enable-var-scope) clears variables whose names do
	// not start with '$' at each CHECK-LABEL boundary. As in FileCheck it is
	// off by default.
	EnableVarScope bool
	// IgnoreCase (--ignore-case) matches case-insensitively (ASCII).
	IgnoreCase bool
	// Vars are command-line variable definitions (-D). A key "NAME" defines
	// a string variable; a key "#NAME" or "#%x,NAME" defines a numeric
	// variable whose value is the numeric expression in the map value.
	Vars map[string]string
	// InputFile (--input-file) names the input. Check never reads it; it is
	// used in diagnostics (default "<stdin>") and by callers that read the
	// input themselves.
	InputFile string
}

func (o *Options) prefixes() []string {
	if len(o.Prefixes) == 0 {
		return []string{"CHECK"}
	}
	return o.Prefixes
}

func (o *Options) commentPrefixes() []string {
	if len(o.CommentPrefixes) == 0 {
		return []string{"COM", "RUN"}
	}
	return o.CommentPrefixes
}

func (o *Options) inputName() string {
	if o.InputFile == "" || o.InputFile == "-" {
		return "<stdin>"
	}
	return o.InputFile
}

// ParseArgs parses FileCheck command-line arguments (excluding the program
// name). It accepts the single- and double-dash spellings of each option and
// both the "--opt=value" and "--opt value" forms. Options that only affect
// FileCheck's diagnostic output (--dump-input, --color, -v, ...) are accepted
// and ignored. Exactly one positional argument, the check file, is required.
func ParseArgs(args []string) (opts Options, checkFile string, err error) {
	var positional []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "-" || !strings.HasPrefix(arg, "-") {
			positional = append(positional, arg)
			continue
		}
		if arg == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		name := strings.TrimLeft(arg, "-")
		value, hasValue := "", false
		// -DVAR=VAL is a single argument whose value is the rest.
		if strings.HasPrefix(arg, "-D") && !strings.HasPrefix(arg, "--") && len(arg) > 2 {
			name, value, hasValue = "D", arg[2:], true
		} else if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, value, hasValue = name[:eq], name[eq+1:], true
		}
		needValue := func() (string, error) {
			if hasValue {
				return value, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("FileCheck: option %q requires a value", arg)
			}
			i++
			return args[i], nil
		}
		// withValue hands the option's value to set.
		withValue := func(set func(v string) error) error {
			v, err := needValue()
			if err != nil {
				return err
			}
			return set(v)
		}
		boolOpt := func(dst *bool) error {
			if !hasValue {
				*dst = true
				return nil
			}
			switch value {
			case "true", "TRUE", "True", "1", "":
				*dst = true
			case "false", "FALSE", "False", "0":
				*dst = false
			default:
				return fmt.Errorf("FileCheck: invalid boolean value %q for option %q", value, name)
			}
			return nil
		}
		switch name {
		case "check-prefix":
			err = withValue(func(v string) error {
				opts.Prefixes = append(opts.Prefixes, v)
				return nil
			})
		case "check-prefixes":
			err = withValue(func(v string) error {
				opts.Prefixes = append(opts.Prefixes, strings.Split(v, ",")...)
				return nil
			})
		case "comment-prefixes":
			err = withValue(func(v string) error {
				opts.CommentPrefixes = append(opts.CommentPrefixes, strings.Split(v, ",")...)
				return nil
			})
		case "implicit-check-not":
			err = withValue(func(v string) error {
				opts.ImplicitCheckNot = append(opts.ImplicitCheckNot, v)
				return nil
			})
		case "input-file":
			err = withValue(func(v string) error {
				opts.InputFile = v
				return nil
			})
		case "D":
			err = withValue(func(v string) error {
				eq := strings.IndexByte(v, '=')
				if eq <= 0 {
					return fmt.Errorf("FileCheck: missing equal sign in command-line definition '-D%s'", v)
				}
				if opts.Vars == nil {
					opts.Vars = map[string]string{}
				}
				opts.Vars[v[:eq]] = v[eq+1:]
				return nil
			})
		case "match-full-lines":
			err = boolOpt(&opts.MatchFullLines)
		case "strict-whitespace":
			err = boolOpt(&opts.StrictWhitespace)
		case "allow-empty":
			err = boolOpt(&opts.AllowEmpty)
		case "allow-unused-prefixes":
			err = boolOpt(&opts.AllowUnusedPrefixes)
		case "enable-var-scope":
			err = boolOpt(&opts.EnableVarScope)
		case "ignore-case":
			err = boolOpt(&opts.IgnoreCase)
		case "dump-input", "dump-input-filter", "dump-input-context":
			if !hasValue {
				_, err = needValue()
			}
		case "v", "vv", "color", "verbose", "dump-input-on-failure":
			// Options that only affect diagnostic output.
		default:
			return opts, "", fmt.Errorf("FileCheck: unknown command line argument %q", arg)
		}
		if err != nil {
			return opts, "", err
		}
	}
	switch len(positional) {
	case 0:
		return opts, "", fmt.Errorf("FileCheck: not enough positional command line arguments specified (<check-file> is required)")
	case 1:
		return opts, positional[0], nil
	default:
		return opts, "", fmt.Errorf("FileCheck: too many positional arguments: %q", positional)
	}
}
