// Package printopstats implements the print-op-stats pass: it counts the
// operations of each name and prints upstream's table to stderr,
//
//	Operations encountered:
//	-----------------------
//	    arith.addi   , 1
//	  builtin.module , 1
//	     func.func   , 1
//	     func.return , 1
//
// or, with `print-op-stats{json}`, a JSON object of the same counts.
package printopstats
