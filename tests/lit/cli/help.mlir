// `goopt opt --help` lists every pass with its summary and options.
// RUN: goopt opt --help | FileCheck %s
// CHECK: Usage:
// CHECK: --pass-pipeline
// CHECK: Passes (run in command-line order):
// CHECK: --canonicalize {{ *}}Canonicalize operations
// CHECK: max-iterations=<long>
// CHECK: region-simplify=<string>
// CHECK: --cse {{ *}}Eliminate common sub-expressions
// CHECK: --print-op-stats {{ *}}Print statistics of operations
// CHECK: json=<bool>
// CHECK: --strip-debuginfo
// CHECK: --symbol-dce {{ *}}Eliminate dead symbols

// RUN: goopt version | FileCheck %s --check-prefix=VERSION
// VERSION: goopt version {{.*}}MLIR 19

// RUN: not goopt opt --no-such-flag 2>&1 | FileCheck %s --check-prefix=BADFLAG
// BADFLAG: unknown flag: --no-such-flag
