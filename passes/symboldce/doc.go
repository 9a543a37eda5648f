// Package symboldce implements the symbol-dce pass: it erases symbols that
// are not public and not referenced by any live op, looking through nested
// symbol tables, as upstream's SymbolDCE.
//
//	func.func private @dead()
//	func.func private @used()
//	func.func @main() {
//	  call @used() : () -> ()
//	  return
//	}
//
// keeps @used and @main and erases @dead.
package symboldce
