// Package cfg holds the control-flow-graph orders that several layers
// need over a region's blocks: the LLVM IR emitter lays blocks out in
// reverse post-order, and CSE's dominator tree numbers them by post-order.
//
//	for _, b := range cfg.ReversePostOrder(r.Front()) {
//		// every block comes before its successors, back edges aside
//	}
package cfg
