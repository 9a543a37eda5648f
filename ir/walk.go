package ir

// WalkResult steers a walk.
type WalkResult uint8

const (
	// Advance continues the walk.
	Advance WalkResult = iota
	// Skip does not visit the current op's regions (pre-order only).
	Skip
	// Interrupt stops the walk.
	Interrupt
)

// Order of a walk.
type Order uint8

const (
	PreOrder Order = iota
	PostOrder
)

// Walk visits op and every op nested in it. In post-order the visited op
// may be erased (or moved) by fn; in pre-order fn may erase ops nested in
// the visited op but not the op itself unless it returns Skip. The result
// is Interrupt when fn interrupted the walk.
func Walk(op *Operation, order Order, fn func(*Operation) WalkResult) WalkResult {
	if order == PreOrder {
		switch fn(op) {
		case Interrupt:
			return Interrupt
		case Skip:
			return Advance
		}
	}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				if Walk(o, order, fn) == Interrupt {
					return Interrupt
				}
				o = next
			}
		}
	}
	if order == PostOrder {
		return fn(op)
	}
	return Advance
}

// WalkOps visits every nested op (op included) in post-order.
func WalkOps(op *Operation, fn func(*Operation)) {
	Walk(op, PostOrder, func(o *Operation) WalkResult { fn(o); return Advance })
}

// Collect returns the ops nested in op (op included) for which keep is
// true, in pre-order.
func Collect(op *Operation, keep func(*Operation) bool) []*Operation {
	var out []*Operation
	Walk(op, PreOrder, func(o *Operation) WalkResult {
		if keep(o) {
			out = append(out, o)
		}
		return Advance
	})
	return out
}
