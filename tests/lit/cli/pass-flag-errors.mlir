// Per-pass flags report their errors as --pass-pipeline does: located in the
// <pass-flags> buffer, the flags as the shell passed them, one a line in
// command-line order, with the column at the offending option or value.

// A value of the wrong type points at the value.
// RUN: not goopt opt %s --affine-loop-tile="tile-size=abc" 2>&1 | FileCheck %s --check-prefix=BADUINT
// BADUINT: <pass-flags>:1:30: error: invalid value 'abc' for option 'tile-size': expected an unsigned integer for pass 'affine-loop-tile'
// BADUINT-NEXT: {{^}}--affine-loop-tile=tile-size=abc{{$}}
// BADUINT-NEXT: {{^}}                             ^{{$}}

// RUN: not goopt opt %s --canonicalize=top-down=3 2>&1 | FileCheck %s --check-prefix=BADBOOL
// BADBOOL: <pass-flags>:1:25: error: invalid value '3' for option 'top-down': expected 'true' or 'false' for pass 'canonicalize'

// An unknown option points at its name.
// RUN: not goopt opt %s --affine-loop-tile="bogus=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <pass-flags>:1:20: error: no such option 'bogus' for pass 'affine-loop-tile'
// UNKNOWN-NEXT: {{^}}--affine-loop-tile=bogus=1{{$}}
// UNKNOWN-NEXT: {{^}}                   ^{{$}}

// The second option of a flag: the column counts from the flag's start.
// RUN: not goopt opt %s --affine-loop-tile="tile-size=4 separate=maybe" 2>&1 | FileCheck %s --check-prefix=SECOND
// SECOND: <pass-flags>:1:41: error: invalid value 'maybe' for option 'separate': expected 'true' or 'false' for pass 'affine-loop-tile'

// A non-bool option without '=' and its value.
// RUN: not goopt opt %s --affine-loop-tile="tile-size" 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: <pass-flags>:1:20: error: option 'tile-size' expects a value for pass 'affine-loop-tile'

// Unbalanced braces and quotes in a value.
// RUN: not goopt opt %s --affine-loop-tile="tile-sizes={4,4" 2>&1 | FileCheck %s --check-prefix=OPEN
// OPEN: <pass-flags>:1:35: error: expected '}' in the value of option 'tile-sizes' for pass 'affine-loop-tile'
// RUN: not goopt opt %s --affine-loop-tile="tile-sizes=4,4}" 2>&1 | FileCheck %s --check-prefix=CLOSE
// CLOSE: <pass-flags>:1:34: error: unbalanced '}' in the value of option 'tile-sizes' for pass 'affine-loop-tile'
// RUN: not goopt opt %s --affine-loop-tile="tile-sizes='4" 2>&1 | FileCheck %s --check-prefix=QUOTE
// QUOTE: <pass-flags>:1:31: error: unterminated quote in the value of option 'tile-sizes' for pass 'affine-loop-tile'

// Each bad flag is reported, on the line of its position among the pass
// flags; the good ones in between do not count as errors.
// RUN: not goopt opt %s --cse --affine-loop-tile="bogus=1" --canonicalize --canonicalize=max-iterations=x 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: <pass-flags>:2:20: error: no such option 'bogus' for pass 'affine-loop-tile'
// MANY: <pass-flags>:4:31: error: invalid value 'x' for option 'max-iterations': expected an integer for pass 'canonicalize'
// MANY-NEXT: {{^}}--canonicalize=max-iterations=x{{$}}

// A registered pipeline's options are located the same way.
// RUN: not goopt opt %s --gpu-matmul-wmma="bogus=1" 2>&1 | FileCheck %s --check-prefix=PIPEOPT
// PIPEOPT: <pass-flags>:1:19: error: no such option 'bogus' for pass 'gpu-matmul-wmma'

// A well-formed option string the pipeline rejects points at the flag's name.
// RUN: not goopt opt %s --gpu-matmul-hopper="persistent=true warp-specialize=false" 2>&1 | FileCheck %s --check-prefix=REJECT
// REJECT: <pass-flags>:1:3: error: failed to add 'gpu-matmul-hopper' with options 'persistent=true warp-specialize=false': gpu-matmul-hopper: persistent needs warp-specialize
// REJECT-NEXT: {{^}}--gpu-matmul-hopper=persistent=true warp-specialize=false{{$}}
// REJECT-NEXT: {{^}}  ^{{$}}

func.func @f(%a: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %a[%i] : memref<64xf32>
    affine.store %v, %a[%i] : memref<64xf32>
  }
  return
}
