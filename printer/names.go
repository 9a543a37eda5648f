package printer

import (
	"strconv"

	"github.com/goopt/goopt/ir"
)

// nameSentinel marks a value whose name is a string (valueNames) rather than a number.
const nameSentinel = -1

// nameState assigns SSA names to values and labels to blocks the way MLIR 19's
// SSANameState does: regions are numbered depth-first from an explicit stack
// (last pushed, first numbered); a nested region starts from the counters its
// parent region ended with, so sibling regions reuse numbers. In generic form
// (MLIR's unique-SSA-ids mode) counters are never restored, so every name in
// the output is unique, and no op hints are used.
type nameState struct {
	generic bool

	ids    map[*ir.Value]int32
	names  map[*ir.Value]string
	groups map[*ir.Operation][]int
	blocks map[*ir.Block]int32

	nextValue, nextArg, nextConflict int

	// used counts the names visible in the current scope chain; scopes lists,
	// per open scope, the names inserted there (removed when it closes).
	used   map[string]int
	scopes [][]string

	// cur, groups1 and resultNameFn carry numberOp's state into its
	// ResultNames callback without a closure per op.
	cur          *ir.Operation
	groups1      []int
	resultNameFn func(*ir.Value, string)
}

type nameContext struct {
	region                           *ir.Region
	nextValue, nextArg, nextConflict int
	parentDepth                      int
}

func newNameState(root *ir.Operation, generic bool) *nameState {
	// Sizing the map up front avoids rehashing on large functions.
	nvals := 0
	ir.WalkOps(root, func(op *ir.Operation) {
		if op.NumResults() > 0 {
			nvals++
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				nvals += b.NumArguments()
			}
		}
	})
	s := &nameState{
		generic: generic,
		ids:     make(map[*ir.Value]int32, nvals),
		names:   make(map[*ir.Value]string),
		groups:  make(map[*ir.Operation][]int),
		blocks:  make(map[*ir.Block]int32),
		used:    make(map[string]int),
		scopes:  [][]string{nil},
	}
	var stack []nameContext
	for _, r := range root.Regions() {
		stack = append(stack, nameContext{r, 0, 0, 0, 1})
	}
	s.numberOp(root)
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !generic {
			s.nextValue, s.nextArg, s.nextConflict = c.nextValue, c.nextArg, c.nextConflict
		}
		for len(s.scopes) > c.parentDepth {
			s.popScope()
		}
		s.scopes = append(s.scopes, nil)
		depth := len(s.scopes)
		s.numberRegion(c.region)
		for _, b := range c.region.Blocks() {
			for op := b.First(); op != nil; op = op.Next() {
				for _, r := range op.Regions() {
					stack = append(stack, nameContext{r, s.nextValue, s.nextArg, s.nextConflict, depth})
				}
			}
		}
	}
	return s
}

func (s *nameState) popScope() {
	top := s.scopes[len(s.scopes)-1]
	for _, n := range top {
		if s.used[n]--; s.used[n] <= 0 {
			delete(s.used, n)
		}
	}
	s.scopes = s.scopes[:len(s.scopes)-1]
}

func (s *nameState) numberRegion(r *ir.Region) {
	if !s.generic {
		if op := r.Parent(); op != nil && op.Def() != nil && op.Def().BlockArgNames != nil {
			op.Def().BlockArgNames(op, r, func(v *ir.Value, name string) {
				if v == nil || !v.IsBlockArgument() || v.ParentRegion() != r {
					return
				}
				if _, done := s.ids[v]; !done {
					s.setValueName(v, name)
				}
			})
		}
	}
	for i, b := range r.Blocks() {
		if _, ok := s.blocks[b]; !ok {
			s.blocks[b] = int32(i)
		}
		s.numberBlock(b, i == 0)
	}
}

func (s *nameState) numberBlock(b *ir.Block, entry bool) {
	for _, a := range b.Arguments() {
		if _, done := s.ids[a]; done {
			continue
		}
		if entry {
			s.setValueName(a, "arg"+strconv.Itoa(s.nextArg))
			s.nextArg++
		} else {
			s.setValueName(a, "")
		}
	}
	for op := b.First(); op != nil; op = op.Next() {
		s.numberOp(op)
	}
}

func (s *nameState) numberOp(op *ir.Operation) {
	s.groups1 = s.groups1[:0]
	if !s.generic && op.Def() != nil && op.Def().ResultNames != nil {
		if s.resultNameFn == nil {
			// A method value bound once: a closure per op would be one
			// allocation per op of the file.
			s.resultNameFn = s.resultName
		}
		s.cur = op
		op.Def().ResultNames(op, s.resultNameFn)
		s.cur = nil
	}
	if op.NumResults() == 0 {
		return
	}
	r0 := op.Result(0)
	if _, done := s.ids[r0]; !done {
		s.ids[r0] = int32(s.nextValue)
		s.nextValue++
	}
	if len(s.groups1) > 0 {
		groups := append(make([]int, 0, len(s.groups1)+1), s.groups1...)
		groups = append(groups, 0)
		sortInts(groups)
		s.groups[op] = groups
	}
}

// resultName is the ResultNames callback of numberOp for op s.cur.
func (s *nameState) resultName(v *ir.Value, name string) {
	op := s.cur
	if v == nil || v.IsBlockArgument() || v.DefiningOp() != op {
		return
	}
	if _, done := s.ids[v]; done {
		return
	}
	s.setValueName(v, name)
	if n := v.Index(); n != 0 {
		s.groups1 = append(s.groups1, n)
	}
}

// sortInts sorts a short slice in place and removes duplicates.
func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func (s *nameState) setValueName(v *ir.Value, name string) {
	if name == "" {
		s.ids[v] = int32(s.nextValue)
		s.nextValue++
		return
	}
	s.ids[v] = nameSentinel
	s.names[v] = s.uniqueName(name)
}

// uniqueName sanitizes name and probes `name_N` with the shared conflict
// counter until the name is unused in the current scope chain.
func (s *nameState) uniqueName(name string) string {
	name = sanitizeIdentifier(name, "$._-", true)
	if s.used[name] > 0 {
		base := name + "_"
		for {
			probe := base + strconv.Itoa(s.nextConflict)
			s.nextConflict++
			if s.used[probe] == 0 {
				name = probe
				break
			}
		}
	}
	s.used[name]++
	top := len(s.scopes) - 1
	s.scopes[top] = append(s.scopes[top], name)
	return name
}

// sanitizeIdentifier mirrors MLIR's: invalid characters become their hex
// code (space becomes '_'), a leading digit gets a '_' prefix, and a trailing
// digit gets a '_' suffix when not allowed.
func sanitizeIdentifier(name, punct string, allowTrailingDigit bool) string {
	if name == "" {
		return "_"
	}
	valid := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || indexByte(punct, c)
	}
	copyName := func(buf []byte) []byte {
		const hex = "0123456789ABCDEF"
		for i := 0; i < len(name); i++ {
			c := name[i]
			switch {
			case valid(c):
				buf = append(buf, c)
			case c == ' ':
				buf = append(buf, '_')
			default:
				if c >= 16 {
					buf = append(buf, hex[c>>4])
				}
				buf = append(buf, hex[c&15])
			}
		}
		return buf
	}
	if isDigit(name[0]) {
		return string(copyName([]byte{'_'}))
	}
	if !allowTrailingDigit && isDigit(name[len(name)-1]) {
		return string(append(copyName(nil), '_'))
	}
	for i := 0; i < len(name); i++ {
		if !valid(name[i]) {
			return string(copyName(nil))
		}
	}
	return name
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func indexByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// lookup returns the value carrying v's name and v's number within its result
// group (-1 when the group has a single result or v is a block argument).
func (s *nameState) lookup(v *ir.Value) (*ir.Value, int) {
	op := v.DefiningOp()
	if op == nil || v.IsBlockArgument() || op.NumResults() == 1 {
		return v, -1
	}
	n := v.Index()
	groups, ok := s.groups[op]
	if !ok {
		return op.Result(0), n
	}
	start, size := groups[len(groups)-1], op.NumResults()-groups[len(groups)-1]
	for i := 1; i < len(groups); i++ {
		if groups[i] > n {
			start, size = groups[i-1], groups[i]-groups[i-1]
			break
		}
	}
	if size == 1 {
		return op.Result(start), -1
	}
	return op.Result(start), n - start
}

// appendValue appends v's SSA name (`%0`, `%arg1`, `%c0`, `%2#1` when
// withResultNo) to buf.
func (s *nameState) appendValue(buf []byte, v *ir.Value, withResultNo bool) []byte {
	if v == nil {
		return append(buf, "<<NULL VALUE>>"...)
	}
	head, no := s.lookup(v)
	id, ok := s.ids[head]
	if !ok {
		return append(buf, "<<UNKNOWN SSA VALUE>>"...)
	}
	buf = append(buf, '%')
	if id != nameSentinel {
		buf = strconv.AppendInt(buf, int64(id), 10)
	} else {
		buf = append(buf, s.names[head]...)
	}
	if no >= 0 && withResultNo {
		buf = append(buf, '#')
		buf = strconv.AppendInt(buf, int64(no), 10)
	}
	return buf
}

// shadow renames the entry arguments of r after vs (nil entries are kept).
func (s *nameState) shadow(r *ir.Region, vs []*ir.Value) {
	if r == nil || r.Empty() {
		return
	}
	args := r.Front().Arguments()
	for i, v := range vs {
		if i >= len(args) || v == nil {
			continue
		}
		name := s.appendValue(nil, v, true)
		if len(name) == 0 || name[0] != '%' {
			continue
		}
		s.ids[args[i]] = nameSentinel
		s.names[args[i]] = string(name[1:])
	}
}

// blockName returns `^bbN`.
func (s *nameState) appendBlock(buf []byte, b *ir.Block) []byte {
	id, ok := s.blocks[b]
	if !ok {
		return append(buf, "<<UNKNOWN BLOCK>>"...)
	}
	buf = append(buf, "^bb"...)
	return strconv.AppendInt(buf, int64(id), 10)
}
