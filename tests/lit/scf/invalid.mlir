// RUN: goopt opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @a(%lb: index, %a: i32) {
  // expected-error @+1 {{0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'f32'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    %c = arith.constant 1.0 : f32
    scf.yield %c : f32
  }
  return
}

// -----

func.func @a(%c: i1, %a: i32) {
  // expected-error @+1 {{must have an else block if defining values}}
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @a(%c: i1, %a: i32) {
  // expected-error @+1 {{ region control flow edge from Region #1 to parent results: source has 0 operands, but target successor needs 1}}
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield
  }
  return
}

// -----

func.func @a(%c: i1, %a: i32) {
  // expected-error @+1 {{ along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.if %c -> (f32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @a(%c: i1, %a: i32) {
  // expected-error @+1 {{ region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1}}
  %w = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x, %x : i32, i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @a(%c: i1, %a: i32) {
  // expected-error @+1 {{ along control flow edge from Region #1 to Region #0: source type #0 'f32' should match input type #0 'i32'}}
  %w = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %f = arith.constant 1.0 : f32
    scf.yield %f : f32
  }
  return
}

// -----

func.func @a(%c: i1, %a: i32) {
  // expected-error @+1 {{ along control flow edge from Region #0 to Region #1: source type #0 'i32' should match input type #0 'f32'}}
  %w = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: f32):
    scf.yield %a : i32
  }
  return
}

// -----

func.func @a(%lb: index, %f: f32) {
  // expected-error @+1 {{expects number of results: 1 to be the same as number of reductions: 0}}
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @a(%lb: index, %f: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%lb) step (%c0) {
  }
  return
}

// -----

func.func @a(%lb: index, %f: f32) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    %c = arith.constant 1 : i32
    // expected-error @+1 {{expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%c : i32) {
    ^bb0(%l: i32, %r: i32):
      scf.reduce.return %l : i32
    }
  }
  return
}

// -----

func.func @a(%lb: index, %f: f32) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    // expected-error @+1 {{expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @a(%lb: index, %f: f32) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      %c = arith.constant 1 : i32
      // expected-error @+1 {{must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : i32
    }
  }
  return
}

// -----

func.func @a(%lb: index, %f: f32) {
  // expected-error @+1 {{ along control flow edge from Region #0 to parent results: source type #0 'f32' should match input type #0 'i32'}}
  %e = scf.execute_region -> i32 {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @a(%lb: index, %f: f32) {
  // expected-error @+1 {{region cannot have any arguments}}
  %e = scf.execute_region -> i32 {
  ^bb0(%x: i32):
    scf.yield %x : i32
  }
  return
}

// -----

func.func @a(%lb: index, %a: i32) {
  // expected-error @+1 {{has duplicate case value: 1}}
  %s = scf.index_switch %lb -> i32
  case 1 {
    scf.yield %a : i32
  }
  case 1 {
    scf.yield %a : i32
  }
  default {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @a(%lb: index, %a: i32, %f: f32) {
  // expected-error @+1 {{expected result #0 of each region to be 'i32'}}
  %s = scf.index_switch %lb -> i32
  case 1 {
    // expected-note @+1 {{case region #0 returns 'f32' here}}
    scf.yield %f : f32
  }
  default {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @a(%lb: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{mapping attribute size must match op rank}}
  %r = scf.forall (%i) in (%lb) shared_outs(%o = %t) -> (tensor<4xf32>) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// -----

func.func @a(%lb: index, %a: i32) {
  // expected-error @+1 {{different number of region iter_args and yielded values: 1 != 2}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    scf.yield %x, %x : i32, i32
  }
  return
}

// -----

func.func @a(%lb: index, %a: i32) {
  // expected-error @+1 {{expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @a(%lb: index, %a: i32, %c: i1) {
  // expected-error @+1 {{expects parent op 'scf.while'}}
  scf.condition(%c)
}
