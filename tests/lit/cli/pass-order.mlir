// Per-pass flags run in command-line order, nested implicitly under their
// anchor; --dump-pass-pipeline prints a pipeline that parses back.
// RUN: goopt opt %s --canonicalize --cse --dump-pass-pipeline -o %t 2>&1 | FileCheck %s --check-prefix=CANON-CSE
// CANON-CSE: Pass Manager with 2 passes:
// CANON-CSE-NEXT: builtin.module(canonicalize{max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},cse)

// RUN: goopt opt %s --cse --canonicalize=top-down=false --symbol-dce --dump-pass-pipeline -o %t 2>&1 | FileCheck %s --check-prefix=CSE-CANON
// CSE-CANON: builtin.module(cse,canonicalize{max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false},symbol-dce)

// RUN: goopt opt %s --pass-pipeline=' builtin.module( func.func( cse , canonicalize{ top-down=false  max-iterations=3 }) ,print-op-stats{json})' --dump-pass-pipeline -o %t 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: Pass Manager with 2 passes:
// NESTED-NEXT: builtin.module(func.func(cse,canonicalize{max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false}),print-op-stats{json=true})

// The dumped pipeline is accepted again.
// RUN: goopt opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false}),print-op-stats{json=true})' --dump-pass-pipeline -o %t 2>&1 | FileCheck %s --check-prefix=NESTED

func.func @f() {
  return
}
