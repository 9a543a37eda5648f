package pass

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// OptionInfo describes one pass option, read from the struct tags of the
// pass's options struct: `opt:"tile-sizes" desc:"..." enum:"a,b,c"`.
type OptionInfo struct {
	Name    string   // upstream spelling, "tile-sizes"
	Desc    string   // one-line description
	Type    string   // value type for help: "int", "long", "bool", "string", "list<long>", ...
	Default string   // printed default value
	Enum    []string // allowed values of a string option, when restricted
}

// OptionError is a malformed option string. Offset is the byte offset of the
// offending text in the option string, so callers can point at a column.
type OptionError struct {
	Offset int
	Msg    string
}

func (e *OptionError) Error() string { return e.Msg }

// ForPass words the error for the pass (or pipeline) name it configures.
func (e *OptionError) ForPass(name string) string {
	return fmt.Sprintf("%s for pass '%s'", e.Msg, name)
}

// optionField binds an option to a settable struct field.
type optionField struct {
	info  OptionInfo
	value reflect.Value
}

// optionFields lists the options of opts, a pointer to an options struct (or nil).
func optionFields(opts any) []optionField {
	if opts == nil {
		return nil
	}
	v := reflect.ValueOf(opts)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	v = v.Elem()
	t := v.Type()
	var out []optionField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := f.Tag.Get("opt")
		if name == "" || !f.IsExported() {
			continue
		}
		info := OptionInfo{Name: name, Desc: f.Tag.Get("desc"), Type: typeName(f.Type)}
		if e := f.Tag.Get("enum"); e != "" {
			info.Enum = strings.Split(e, ",")
		}
		info.Default = formatValue(v.Field(i))
		out = append(out, optionField{info: info, value: v.Field(i)})
	}
	return out
}

// Options returns the option descriptions of opts sorted by name.
func Options(opts any) []OptionInfo {
	fs := optionFields(opts)
	out := make([]OptionInfo, len(fs))
	for i, f := range fs {
		out[i] = f.info
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// kindNames spells the scalar field kinds the way mlir-opt's help does.
var kindNames = map[reflect.Kind]string{
	reflect.Bool: "bool", reflect.Int: "int", reflect.Int32: "int", reflect.Int64: "long",
	reflect.Uint: "uint", reflect.Uint32: "uint", reflect.Uint64: "ulong",
	reflect.Float32: "number", reflect.Float64: "number", reflect.String: "string",
}

// typeName spells a field type the way mlir-opt's help does.
func typeName(t reflect.Type) string {
	if n, ok := kindNames[t.Kind()]; ok {
		return n
	}
	if t.Kind() == reflect.Slice {
		return "list<" + typeName(t.Elem()) + ">"
	}
	return t.String()
}

// GivenRecorder is implemented by an options struct whose defaults adapt
// to the options a user gives (upstream's Option::hasValue): ParseOptions
// calls OptionGiven with the name of each option it sets, so that the
// pass can tell an explicit value from a default that happens to equal it.
type GivenRecorder interface{ OptionGiven(name string) }

// ParseOptions sets the fields of opts from an option string in MLIR's
// syntax: `key=value key2=v1,v2 flag`. Values may be quoted ('..' or "..")
// or contain balanced {}, [] and () groups. A bare key sets a bool to true.
func ParseOptions(opts any, text string) error {
	given := func(string) {}
	if g, ok := opts.(GivenRecorder); ok {
		given = g.OptionGiven
	}
	fields := optionFields(opts)
	byName := map[string]optionField{}
	for _, f := range fields {
		byName[f.info.Name] = f
	}
	i := 0
	for {
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		if i >= len(text) {
			return nil
		}
		keyStart := i
		for i < len(text) && !isSpace(text[i]) && text[i] != '=' {
			i++
		}
		key := text[keyStart:i]
		f, ok := byName[key]
		if !ok {
			return &OptionError{keyStart, fmt.Sprintf("no such option '%s'", key)}
		}
		if i >= len(text) || text[i] != '=' {
			if f.value.Kind() != reflect.Bool {
				return &OptionError{keyStart, fmt.Sprintf("option '%s' expects a value", key)}
			}
			f.value.SetBool(true)
			given(key)
			continue
		}
		i++ // '='
		valStart := i
		end, err := scanValue(text, i)
		if err != nil {
			err.Msg += fmt.Sprintf(" in the value of option '%s'", key)
			return err
		}
		i = end
		val := text[valStart:end]
		if f.value.Kind() != reflect.Slice || strings.HasPrefix(val, "{") {
			// A list keeps its element quotes: `""` is a list of one empty string.
			val = unquote(val)
		}
		if err := setValue(f, val); err != nil {
			return &OptionError{valStart, err.Error()}
		}
		given(key)
	}
}

// scanValue returns the end of the option value starting at i: up to the
// next space outside quotes and brackets.
func scanValue(text string, i int) (int, *OptionError) {
	var stack []byte
	for i < len(text) {
		c := text[i]
		switch {
		case c == '"' || c == '\'':
			j := strings.IndexByte(text[i+1:], c)
			if j < 0 {
				return 0, &OptionError{i, "unterminated quote"}
			}
			i += j + 2
			continue
		case c == '{' || c == '[' || c == '(':
			stack = append(stack, closer(c))
		case c == '}' || c == ']' || c == ')':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return 0, &OptionError{i, fmt.Sprintf("unbalanced '%c'", c)}
			}
			stack = stack[:len(stack)-1]
		case isSpace(c) && len(stack) == 0:
			return i, nil
		}
		i++
	}
	if len(stack) > 0 {
		return 0, &OptionError{len(text), fmt.Sprintf("expected '%c'", stack[len(stack)-1])}
	}
	return i, nil
}

func closer(c byte) byte {
	switch c {
	case '{':
		return '}'
	case '[':
		return ']'
	}
	return ')'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// unquote strips one level of matching quotes or braces around a value when
// they enclose all of it: `"a b"` → `a b`, `{x,y}` → `x,y`, but `"",""`
// (two quoted list elements) stays as it is.
func unquote(s string) string {
	if len(s) < 2 {
		return s
	}
	switch f := s[0]; f {
	case '"', '\'':
		if strings.IndexByte(s[1:], f) == len(s)-2 {
			return s[1 : len(s)-1]
		}
	case '{':
		depth, end := 0, -1
		scanUnquoted(s, func(i int) bool {
			switch s[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					end = i
					return false
				}
			}
			return true
		})
		if end == len(s)-1 {
			return s[1 : len(s)-1]
		}
	}
	return s
}

// scanUnquoted calls visit with the index of each byte of s outside quoted
// text ('...' or "...", the quotes excluded) until visit returns false.
func scanUnquoted(s string, visit func(i int) bool) {
	var quote byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		default:
			if !visit(i) {
				return
			}
		}
	}
}

// splitList splits a list value at top-level commas.
func splitList(s string) []string {
	var out []string
	depth, start := 0, 0
	scanUnquoted(s, func(i int) bool {
		switch c := s[i]; {
		case c == '{' || c == '[' || c == '(':
			depth++
		case c == '}' || c == ']' || c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, trimASCIISpace(s[start:i]))
			start = i + 1
		}
		return true
	})
	return append(out, trimASCIISpace(s[start:]))
}

func setValue(f optionField, val string) error {
	v := f.value
	if v.Kind() == reflect.Slice {
		if val == "" {
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			return nil
		}
		parts := splitList(val)
		s := reflect.MakeSlice(v.Type(), len(parts), len(parts))
		for i, p := range parts {
			if err := setScalar(f.info, s.Index(i), unquote(p)); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	}
	return setScalar(f.info, v, val)
}

func setScalar(info OptionInfo, v reflect.Value, val string) error {
	bad := func(what string) error {
		return fmt.Errorf("invalid value '%s' for option '%s': expected %s", val, info.Name, what)
	}
	switch v.Kind() {
	case reflect.Bool:
		switch val {
		case "true", "1", "TRUE", "True":
			v.SetBool(true)
		case "false", "0", "FALSE", "False":
			v.SetBool(false)
		default:
			return bad("'true' or 'false'")
		}
	case reflect.Int, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(val, 0, v.Type().Bits())
		if err != nil {
			return bad("an integer")
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(val, 0, v.Type().Bits())
		if err != nil {
			return bad("an unsigned integer")
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(val, v.Type().Bits())
		if err != nil {
			return bad("a number")
		}
		v.SetFloat(n)
	case reflect.String:
		if strings.Contains(val, "'") && strings.Contains(val, "\"") {
			return bad("a value without both ' and \" (option values have no escapes)")
		}
		if len(info.Enum) > 0 && !contains(info.Enum, val) {
			return bad("one of " + quoteList(info.Enum))
		}
		v.SetString(val)
	default:
		return fmt.Errorf("option '%s' has unsupported type %s", info.Name, v.Type())
	}
	return nil
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = "'" + x + "'"
	}
	return strings.Join(q, ", ")
}

// FormatOptions prints opts as `k=v k2=v2`, sorted by name, so that
// parsing the result restores the same values. Empty lists are left out.
func FormatOptions(opts any) string {
	fs := optionFields(opts)
	sort.Slice(fs, func(i, j int) bool { return fs[i].info.Name < fs[j].info.Name })
	var parts []string
	for _, f := range fs {
		if f.value.Kind() == reflect.Slice && f.value.Len() == 0 {
			continue
		}
		parts = append(parts, f.info.Name+"="+formatValue(f.value))
	}
	return strings.Join(parts, " ")
}

func formatValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, v.Type().Bits())
	case reflect.String:
		return quoteIfNeeded(v.String())
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = formatValue(v.Index(i))
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v.Interface())
}

// quoteIfNeeded quotes string values that would not survive re-parsing bare.
func quoteIfNeeded(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f || strings.ContainsRune("{}[](),'\"=", r) }) {
		return s
	}
	if !strings.Contains(s, "\"") {
		return "\"" + s + "\""
	}
	return "'" + s + "'"
}

// trimASCIISpace trims the separators the option scanner knows (not Unicode
// spaces, which are part of a value).
func trimASCIISpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
