// --mlir-print-ir-* dump the IR around passes; --mlir-timing reports the
// time spent in each pass and phase.
// RUN: goopt opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-before=cse --mlir-print-ir-after=canonicalize -o %t 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: // -----// IR Dump Before CSE (cse) //----- //
// DUMP-NEXT: func.func @f(
// DUMP-COUNT-2: arith.addi
// DUMP: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP-NEXT: module {
// DUMP-COUNT-1: arith.addi
// DUMP-NOT: IR Dump

// RUN: goopt opt %s --cse --mlir-print-ir-after-all -o %t 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: // -----// IR Dump After CSE (cse) //----- //

// RUN: goopt opt %s --cse --symbol-dce --mlir-print-ir-after-change -o %t 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE: IR Dump After CSE (cse)
// CHANGE-NOT: IR Dump After SymbolDCE

// RUN: goopt opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-timing -o %t 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: Execution time report
// TIME: Total Execution Time: {{[0-9.]+}} seconds
// TIME: ----Wall Time----  ----Name----
// TIME: Parser
// TIME: 'func.func' Pipeline
// TIME-NEXT: CSE
// TIME: Canonicalizer
// TIME: Output
// TIME: Total

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
