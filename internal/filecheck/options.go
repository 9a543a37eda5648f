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
	// The boolean options, each given alone or as --opt=true|false.
	bools := map[string]*bool{
		"match-full-lines":      &opts.MatchFullLines,
		"strict-whitespace":     &opts.StrictWhitespace,
		"allow-empty":           &opts.AllowEmpty,
		"allow-unused-prefixes": &opts.AllowUnusedPrefixes,
		"enable-var-scope":      &opts.EnableVarScope,
		"ignore-case":           &opts.IgnoreCase,
	}
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
		withValue := func(set func(v string)) error {
			v, err := needValue()
			if err == nil {
				set(v)
			}
			return err
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
			err = withValue(func(v string) { opts.Prefixes = append(opts.Prefixes, v) })
		case "check-prefixes":
			err = withValue(func(v string) { opts.Prefixes = append(opts.Prefixes, strings.Split(v, ",")...) })
		case "comment-prefixes":
			err = withValue(func(v string) { opts.CommentPrefixes = append(opts.CommentPrefixes, strings.Split(v, ",")...) })
		case "implicit-check-not":
			err = withValue(func(v string) { opts.ImplicitCheckNot = append(opts.ImplicitCheckNot, v) })
		case "input-file":
			err = withValue(func(v string) { opts.InputFile = v })
		case "D":
			var def string
			if def, err = needValue(); err != nil {
				break
			}
			eq := strings.IndexByte(def, '=')
			if eq <= 0 {
				return opts, "", fmt.Errorf("FileCheck: missing equal sign in command-line definition '-D%s'", def)
			}
			if opts.Vars == nil {
				opts.Vars = map[string]string{}
			}
			opts.Vars[def[:eq]] = def[eq+1:]
		case "dump-input", "dump-input-filter", "dump-input-context":
			if !hasValue {
				_, err = needValue()
			}
		case "v", "vv", "color", "verbose", "dump-input-on-failure":
			// Options that only affect diagnostic output.
		default:
			dst, ok := bools[name]
			if !ok {
				return opts, "", fmt.Errorf("FileCheck: unknown command line argument %q", arg)
			}
			err = boolOpt(dst)
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
