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

// An unknown flag close to a known one gets mlir-opt's suggestion.
// RUN: not goopt opt %s --canonicalise 2>&1 | FileCheck %s --check-prefix=SUGGEST
// SUGGEST: unknown flag: --canonicalise
// SUGGEST-NEXT: did you mean '--canonicalize'?

// `--version` prints what `goopt version` prints.
// RUN: goopt --version | FileCheck %s --check-prefix=VERSION

// Each option's default is printed once, in the pass's own words when it has them.
// RUN: goopt opt --help | FileCheck %s --check-prefix=DEFAULTS
// DEFAULTS: fast-mem-capacity=<ulong> {{ *}}Set fast memory space capacity in KiB (default: unlimited){{$}}
// DEFAULTS: cache-size=<ulong> {{ *}}Set size of cache to tile for in KiB (default: 512){{$}}
// DEFAULTS-NOT: (default {{.*}}(default
