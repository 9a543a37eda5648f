// Malformed pipelines and options are reported with the column they occur at.
// RUN: not goopt opt %s --pass-pipeline='builtin.module(cse, foo)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <pass-pipeline>:1:21: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(cse, foo)
// UNKNOWN-NEXT: {{^}}                    ^

// RUN: not goopt opt %s --pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=UNANCHORED
// UNANCHORED: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not goopt opt %s --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=PARENS
// PARENS: <pass-pipeline>:1:15: error: encountered unbalanced parentheses while parsing pipeline

// RUN: not goopt opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=3)' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: <pass-pipeline>:1:28: error: missing closing '}' while processing pass options

// RUN: not goopt opt %s --pass-pipeline='builtin.module(cse,,canonicalize)' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: <pass-pipeline>:1:20: error: expected pass or pipeline name, found ','

// RUN: not goopt opt %s --pass-pipeline='builtin.module(cse canonicalize)' 2>&1 | FileCheck %s --check-prefix=COMMA
// COMMA: <pass-pipeline>:1:20: error: expected ',' or ')' before 'canonicalize'

// RUN: not goopt opt %s --pass-pipeline='builtin.module(canonicalize{foo=1})' 2>&1 | FileCheck %s --check-prefix=NOOPT
// NOOPT: <pass-pipeline>:1:29: error: no such option 'foo' for pass 'canonicalize'

// RUN: not goopt opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=abc})' 2>&1 | FileCheck %s --check-prefix=BADINT
// BADINT: <pass-pipeline>:1:44: error: invalid value 'abc' for option 'max-iterations': expected an integer for pass 'canonicalize'

// RUN: not goopt opt %s --pass-pipeline='builtin.module(canonicalize{top-down=3})' 2>&1 | FileCheck %s --check-prefix=BADBOOL
// BADBOOL: error: invalid value '3' for option 'top-down': expected 'true' or 'false'

// RUN: not goopt opt %s --pass-pipeline='builtin.module(canonicalize{region-simplify=maybe})' 2>&1 | FileCheck %s --check-prefix=BADENUM
// BADENUM: error: invalid value 'maybe' for option 'region-simplify': expected one of 'disabled', 'normal', 'aggressive'

// RUN: not goopt opt %s --pass-pipeline='builtin.module(print-op-stats{json=true json2})' 2>&1 | FileCheck %s --check-prefix=NOOPT2
// NOOPT2: <pass-pipeline>:1:41: error: no such option 'json2' for pass 'print-op-stats'

// A registered pipeline's malformed options are located the same way.
// RUN: not goopt opt %s --pass-pipeline='builtin.module(gpu-matmul-wmma{bogus=1})' 2>&1 | FileCheck %s --check-prefix=PIPEOPT
// PIPEOPT: <pass-pipeline>:1:32: error: no such option 'bogus' for pass 'gpu-matmul-wmma'

// RUN: not goopt opt %s --pass-pipeline='builtin.module(func.func{x=1}(cse))' 2>&1 | FileCheck %s --check-prefix=ANCHOROPTS
// ANCHOROPTS: <pass-pipeline>:1:16: error: op anchor 'func.func' cannot take options

// RUN: not goopt opt %s --pass-pipeline='builtin.module(cse)' --cse 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: error: '--pass-pipeline' option can't be used with individual pass options

// Per-pass flags report option errors too (more in pass-flag-errors.mlir).
// RUN: not goopt opt %s --canonicalize=max-iterations=abc 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: <pass-flags>:1:31: error: invalid value 'abc' for option 'max-iterations': expected an integer for pass 'canonicalize'

// RUN: not goopt opt %s --cse=bogus 2>&1 | FileCheck %s --check-prefix=FLAGNOOPT
// FLAGNOOPT: <pass-flags>:1:7: error: no such option 'bogus' for pass 'cse'

// A pipeline anchored on the wrong op fails when it runs.
// RUN: not goopt opt %s --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: error: can't run 'func.func' pass manager on 'builtin.module' op

func.func @f() {
  return
}

// An explicit empty pipeline is rejected, as mlir-opt rejects it.
// RUN: not goopt opt %s --pass-pipeline='' 2>&1 | FileCheck %s --check-prefix=EMPTYPIPE
// EMPTYPIPE: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// --mlir-print-ir-before/after take registered pass names only.
// RUN: not goopt opt %s --cse --mlir-print-ir-after=nosuch 2>&1 | FileCheck %s --check-prefix=PRINTAFTER
// PRINTAFTER: for the --mlir-print-ir-after option: Cannot find option named 'nosuch'!
// RUN: not goopt opt %s --cse --mlir-print-ir-before=nosuch 2>&1 | FileCheck %s --check-prefix=PRINTBEFORE
// PRINTBEFORE: for the --mlir-print-ir-before option: Cannot find option named 'nosuch'!
