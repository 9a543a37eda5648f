// -o writes the output file; a failed run leaves an existing file untouched.
// RUN: goopt opt %s -o %t
// RUN: FileCheck %s --check-prefix=WRITTEN < %t
// WRITTEN: func.func @f()

// RUN: echo "previous contents" > %t
// RUN: not goopt opt %s --pass-pipeline='builtin.module(nope)' -o %t
// RUN: FileCheck %s --check-prefix=KEPT < %t
// KEPT: previous contents

// Output from --split-input-file keeps the chunk separators.
// RUN: goopt opt %s --split-input-file | FileCheck %s --check-prefix=SPLIT
// SPLIT: func.func @f()
// SPLIT: // -----
// SPLIT: func.func @g()

func.func @f() {
  return
}

// -----

func.func @g() {
  return
}

// An output file that cannot be opened is named as given, never by a temporary name.
// RUN: not goopt opt %s -o %t.dir/missing/out.mlir 2>&1 | FileCheck %s --check-prefix=NOOPEN
// NOOPEN: goopt: error: cannot open output file '{{.*}}missing/out.mlir': no such file or directory
// NOOPEN-NOT: .tmp
