package ir

// SymbolAttrName is the attribute holding a symbol's name.
const SymbolAttrName = "sym_name"

// VisibilityAttrName is the attribute holding a symbol's visibility.
const VisibilityAttrName = "sym_visibility"

// SymbolNameOf returns op's symbol name, or "" when op defines no symbol.
func SymbolNameOf(op *Operation) string {
	if s, ok := op.Attr(SymbolAttrName).(*StringAttr); ok {
		return s.Value
	}
	return ""
}

// Visibility returns "public" (the default), "private" or "nested".
func Visibility(op *Operation) string {
	if s, ok := op.Attr(VisibilityAttrName).(*StringAttr); ok {
		return s.Value
	}
	return "public"
}

// IsSymbolTable reports whether op holds a symbol table (builtin.module, gpu.module...).
func IsSymbolTable(op *Operation) bool { return op.HasTrait(SymbolTableTrait) }

// SymbolTable indexes the symbols defined directly in a symbol-table op's region.
type SymbolTable struct {
	op   *Operation
	syms map[string]*Operation
}

// NewSymbolTable indexes op's symbols. The first definition of a name wins;
// duplicates are the verifier's to report.
func NewSymbolTable(op *Operation) *SymbolTable {
	t := &SymbolTable{op: op, syms: map[string]*Operation{}}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if n := SymbolNameOf(o); n != "" {
					if _, dup := t.syms[n]; !dup {
						t.syms[n] = o
					}
				}
			}
		}
	}
	return t
}

// Op returns the symbol-table operation.
func (t *SymbolTable) Op() *Operation { return t.op }

// Lookup returns the op defining name, or nil.
func (t *SymbolTable) Lookup(name string) *Operation { return t.syms[name] }

// Insert adds op (which must define a symbol) to the index.
func (t *SymbolTable) Insert(op *Operation) { t.syms[SymbolNameOf(op)] = op }

// Remove drops name from the index.
func (t *SymbolTable) Remove(name string) { delete(t.syms, name) }

// NearestSymbolTable returns op or its closest ancestor that is a symbol table.
func NearestSymbolTable(op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if IsSymbolTable(o) {
			return o
		}
	}
	return nil
}

// LookupSymbolIn resolves ref inside the symbol table op (nested references
// descend through nested symbol tables).
func LookupSymbolIn(table *Operation, ref *SymbolRefAttr) *Operation {
	cur := lookupDirect(table, ref.Root)
	for _, n := range ref.Nested {
		if cur == nil || !IsSymbolTable(cur) {
			return nil
		}
		cur = lookupDirect(cur, n)
	}
	return cur
}

func lookupDirect(table *Operation, name string) *Operation {
	for _, r := range table.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if SymbolNameOf(o) == name {
					return o
				}
			}
		}
	}
	return nil
}

// LookupNearestSymbolFrom resolves ref from the symbol table nearest to from,
// walking outwards through enclosing symbol tables as MLIR does.
func LookupNearestSymbolFrom(from *Operation, ref *SymbolRefAttr) *Operation {
	for t := NearestSymbolTable(from); t != nil; t = NearestSymbolTable(t.ParentOp()) {
		if s := LookupSymbolIn(t, ref); s != nil {
			return s
		}
		if t.ParentOp() == nil {
			break
		}
	}
	return nil
}

// SymbolUses calls fn for every SymbolRefAttr in the attributes of op and its
// nested ops (looking inside arrays and dictionaries).
func SymbolUses(op *Operation, fn func(user *Operation, ref *SymbolRefAttr)) {
	WalkOps(op, func(o *Operation) {
		for _, a := range o.props {
			walkSymbolRefs(a.Value, func(r *SymbolRefAttr) { fn(o, r) })
		}
		for _, a := range o.attrs {
			walkSymbolRefs(a.Value, func(r *SymbolRefAttr) { fn(o, r) })
		}
	})
}

func walkSymbolRefs(a Attribute, fn func(*SymbolRefAttr)) {
	switch a := a.(type) {
	case *SymbolRefAttr:
		fn(a)
	case *ArrayAttr:
		for _, e := range a.Elems {
			walkSymbolRefs(e, fn)
		}
	case *DictionaryAttr:
		for _, e := range a.Entries {
			walkSymbolRefs(e.Value, fn)
		}
	}
}
