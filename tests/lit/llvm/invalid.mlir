// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Sign extension must widen.
llvm.func @sext_narrow(%a: i32) {
  // expected-error @+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.sext %a : i32 to i16
  llvm.return
}

// -----

// Bitcasts cannot turn integers into pointers.
llvm.func @bitcast_ptr(%a: i64) {
  // expected-error @+1 {{can only cast pointers from and to pointers}}
  %0 = llvm.bitcast %a : i64 to !llvm.ptr
  llvm.return
}

// -----

// Bitcasts cannot change the address space.
llvm.func @bitcast_as(%a: !llvm.ptr) {
  // expected-error @+1 {{cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead}}
  %0 = llvm.bitcast %a : !llvm.ptr to !llvm.ptr<1>
  llvm.return
}

// -----

// Integer ops take signless integers.
llvm.func @add_float(%a: f32) {
  // expected-error @+1 {{operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.add %a, %a : f32
  llvm.return
}

// -----

// Float ops take floats.
llvm.func @fadd_int(%a: i32) {
  // expected-error @+1 {{operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.fadd %a, %a : i32
  llvm.return
}

// -----

// A struct must be indexed by constants.
llvm.func @gep_dynamic_struct(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{expected index 1 indexing a struct to be constant}}
  %0 = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

// Struct indices are in range.
llvm.func @gep_struct_oob(%p: !llvm.ptr) {
  // expected-error @+1 {{index 1 indexing a struct is out of bounds}}
  %0 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

// The raw indices name one slot per dynamic index.
llvm.func @gep_raw(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{expected as many dynamic indices as specified in 'rawConstantIndices'}}
  %0 = "llvm.getelementptr"(%p, %i) <{elem_type = f32, rawConstantIndices = array<i32: 1>}> : (!llvm.ptr, i32) -> !llvm.ptr
  llvm.return
}

// -----

// Atomic loads need an alignment.
llvm.func @load_atomic_align(%p: !llvm.ptr) {
  // expected-error @+1 {{expected alignment for atomic access}}
  %0 = llvm.load %p atomic monotonic : !llvm.ptr -> i32
  llvm.return
}

// -----

// Atomic loads cannot release.
llvm.func @load_release(%p: !llvm.ptr) {
  // expected-error @+1 {{unsupported ordering 'release'}}
  %0 = llvm.load %p atomic release {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return
}

// -----

// Atomic stores cannot acquire.
llvm.func @store_acquire(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{unsupported ordering 'acquire'}}
  llvm.store %v, %p atomic acquire {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// Atomic accesses are of 8 to 64-bit scalars or pointers.
llvm.func @load_atomic_type(%p: !llvm.ptr) {
  // expected-error @+1 {{unsupported type 'vector<4xf32>' for atomic access}}
  %0 = llvm.load %p atomic monotonic {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
  llvm.return
}

// -----

// A sync scope only makes sense on an atomic access.
llvm.func @load_syncscope(%p: !llvm.ptr) {
  // expected-error @+1 {{expected syncscope to be null for non-atomic access}}
  %0 = llvm.load %p {syncscope = "agent"} : !llvm.ptr -> i32
  llvm.return
}

// -----

// Float atomicrmw operations take floats.
llvm.func @rmw_fadd_int(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{expected LLVM IR floating point type}}
  %0 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

// Integer atomicrmw operations take integers.
llvm.func @rmw_add_float(%p: !llvm.ptr, %v: f32) {
  // expected-error @+1 {{expected LLVM IR integer type}}
  %0 = llvm.atomicrmw add %p, %v monotonic : !llvm.ptr, f32
  llvm.return
}

// -----

// xchg takes atomic-compatible types.
llvm.func @rmw_xchg(%p: !llvm.ptr, %v: i24) {
  // expected-error @+1 {{unexpected LLVM IR type for 'xchg' bin_op}}
  %0 = llvm.atomicrmw xchg %p, %v monotonic : !llvm.ptr, i24
  llvm.return
}

// -----

// atomicrmw is at least monotonic.
llvm.func @rmw_unordered(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{expected at least 'monotonic' ordering}}
  %0 = llvm.atomicrmw add %p, %v unordered : !llvm.ptr, i32
  llvm.return
}

// -----

// cmpxchg orderings are at least monotonic.
llvm.func @cmpxchg_order(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{ordering must be at least 'monotonic'}}
  %0 = llvm.cmpxchg %p, %v, %v unordered monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

// A failed cmpxchg does not release.
llvm.func @cmpxchg_failure(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %p, %v, %v acq_rel release : !llvm.ptr, i32
  llvm.return
}

// -----

// cmpxchg takes atomic-compatible types.
llvm.func @cmpxchg_type(%p: !llvm.ptr, %v: i24) {
  // expected-error @+1 {{unexpected LLVM IR type}}
  %0 = llvm.cmpxchg %p, %v, %v acq_rel monotonic : !llvm.ptr, i24
  llvm.return
}

// -----

// extractvalue positions are in range.
llvm.func @extract_oob(%s: !llvm.struct<(i32, f32)>) {
  // expected-error @+1 {{position out of bounds: 2}}
  %0 = llvm.extractvalue %s[2] : !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

// extractvalue cannot index into a scalar.
llvm.func @extract_scalar(%s: !llvm.struct<(i32, f32)>) {
  // expected-error @+1 {{expected LLVM IR structure/array type, got: 'i32'}}
  %0 = llvm.extractvalue %s[0, 0] : !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

// extractvalue's result is the indexed field.
llvm.func @extract_type(%s: !llvm.struct<(i32, f32)>) {
  // expected-error @+1 {{Type mismatch: extracting from '!llvm.struct<(i32, f32)>' should produce 'i32' but this op returns 'f32'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>) -> f32
  llvm.return
}

// -----

// insertvalue inserts the indexed field's type.
llvm.func @insert_type(%s: !llvm.struct<(i32, f32)>, %f: f32) {
  // expected-error @+1 {{Type mismatch: cannot insert 'f32' into '!llvm.struct<(i32, f32)>'}}
  %0 = "llvm.insertvalue"(%s, %f) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>, f32) -> !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

// Scalable shuffles are splats.
llvm.func @shuffle_scalable(%v: vector<[4]xf32>) {
  // expected-error @+1 {{expected a splat operation for scalable vectors}}
  %0 = llvm.shufflevector %v, %v [0, 1] : vector<[4]xf32>
  llvm.return
}

// -----

// A void function returns nothing.
llvm.func @ret_void(%a: i32) {
  // expected-error @+1 {{expected no operands}}
  llvm.return %a : i32
}

// -----

// A non-void function returns a value.
llvm.func @ret_missing() -> i32 {
  // expected-error @+1 {{expected 1 operand}}
  llvm.return
}

// -----

// The returned type is the function's.
llvm.func @ret_type(%a: i64) -> i32 {
  // expected-error @+1 {{mismatching result types}}
  llvm.return %a : i64
}

// -----

// Declarations have external linkage.
// expected-error @+1 {{external functions must have 'external' or 'extern_weak' linkage}}
llvm.func internal @decl_internal()

// -----

// Functions cannot have common linkage.
// expected-error @+1 {{functions cannot have 'common' linkage}}
llvm.func common @common_fn() {
  llvm.return
}

// -----

// LLVM functions have at most one result.
// expected-error @+1 {{failed to construct function type: expected zero or one function result}}
llvm.func @two_results() -> (i32, i32)

// -----

// Calls name a symbol that exists.
llvm.func @call_missing() {
  // expected-error @+1 {{'nowhere' does not reference a symbol in the current scope}}
  llvm.call @nowhere() : () -> ()
  llvm.return
}

// -----

// Calls pass as many operands as the callee takes.
llvm.func @callee(i32)
llvm.func @call_count() {
  // expected-error @+1 {{incorrect number of operands (0) for callee (expecting: 1)}}
  llvm.call @callee() : () -> ()
  llvm.return
}

// -----

// Call operand types match the callee's.
llvm.func @callee(i32)
llvm.func @call_type(%a: i64) {
  // expected-error @+1 {{operand type mismatch for operand 0: 'i64' != 'i32'}}
  llvm.call @callee(%a) : (i64) -> ()
  llvm.return
}

// -----

// A call of a void function produces no value.
llvm.func @callee()
llvm.func @call_result() {
  // expected-error @+1 {{calling function with void result must not produce values}}
  %0 = llvm.call @callee() : () -> i32
  llvm.return
}

// -----

// Call result types match the callee's.
llvm.func @callee() -> i64
llvm.func @call_result_type() {
  // expected-error @+1 {{result type mismatch: 'i32' != 'i64'}}
  %0 = llvm.call @callee() : () -> i32
  llvm.return
}

// -----

// addressof names a global or function.
llvm.func @addressof_missing() {
  // expected-error @+1 {{must reference a global defined by 'llvm.mlir.global' or 'llvm.func'}}
  %0 = llvm.mlir.addressof @nothing : !llvm.ptr
  llvm.return
}

// -----

// addressof's pointer is in the global's address space.
llvm.mlir.global private @smem() {addr_space = 3 : i32} : !llvm.array<4 x f32>
llvm.func @addressof_as() {
  // expected-error @+1 {{pointer address space must match address space of the referenced global}}
  %0 = llvm.mlir.addressof @smem : !llvm.ptr
  llvm.return
}

// -----

// A string global is an i8 array of its length.
// expected-error @+1 {{requires an i8 array type of the length equal to that of the string attribute}}
llvm.mlir.global internal @str("abc") : !llvm.array<4 x i8>

// -----

// A global has a value or an initializer region, not both.
// expected-error @+1 {{cannot have both initializer value and region}}
llvm.mlir.global internal @both(1 : i32) : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}

// -----

// Appending linkage is for arrays.
// expected-error @+1 {{expected array type for 'appending' linkage}}
llvm.mlir.global appending @app(1 : i32) : i32

// -----

// Global alignments are powers of two.
// expected-error @+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global internal @align3(1 : i32) {alignment = 3 : i64} : i32

// -----

// Globals hold sized types.
// expected-error @+1 {{expects type to be a valid element type for an LLVM global}}
llvm.mlir.global internal @voidg() : !llvm.void

// -----

// Switch case values have the condition's type.
llvm.func @switch_type(%a: i32) {
  // expected-error @+1 {{expects case value type to match condition value type}}
  "llvm.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

// Branch operands match the block arguments.
llvm.func @br_type(%a: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  llvm.br ^bb1(%a : i32)
^bb1(%x: i64):
  llvm.return
}

// -----

// cond_br checks each successor's operand count.
llvm.func @cond_br_false_dest(%c: i1, %a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #1, but target block has 0}}
  llvm.cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%x: i32):
  llvm.return
^bb2:
  llvm.return
}

// -----

// Comparison predicates are LLVM's.
llvm.func @icmp_pred(%a: i32) {
  // expected-error @+1 {{'lt' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "lt" %a, %a : i32
  llvm.return
}

// -----

// Nested LLVM types are valid element types.
// expected-error @+1 {{invalid LLVM structure element type}}
llvm.func @bad_struct(!llvm.struct<(void)>)

// -----

// A variadic call spells the callee's type.
llvm.func @vf(i32, ...)
llvm.func @vararg_missing(%a: i32) {
  // expected-error @+1 {{missing var_callee_type attribute for vararg call}}
  llvm.call @vf(%a) : (i32) -> ()
  llvm.return
}

// -----

// The variadic callee type has no more parameters than the call has operands.
llvm.func @vf(i32, ...)
llvm.func @vararg_params() {
  // expected-error @+1 {{expected var_callee_type to have at most 0 parameters}}
  llvm.call @vf() vararg(!llvm.func<void (i32, ...)>) : () -> ()
  llvm.return
}

// -----

// A call of a function with a result produces it.
llvm.func @r() -> i32
llvm.func @call_no_result() {
  // expected-error @+1 {{expected function call to produce a value}}
  llvm.call @r() : () -> ()
  llvm.return
}

// -----

// Direct calls name an llvm.func.
llvm.mlir.global internal @gg() : i32
llvm.func @call_global() {
  // expected-error @+1 {{'gg' does not reference a valid LLVM function}}
  llvm.call @gg() : () -> ()
  llvm.return
}

// -----

// An indirect callee is a pointer.
llvm.func @indirect_int(%a: i32) {
  // expected-error @+1 {{indirect call expects a pointer as callee: 'i32'}}
  "llvm.call"(%a) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, fastmathFlags = #llvm.fastmath<none>}> : (i32) -> ()
  llvm.return
}

// -----

// A call has a callee.
llvm.func @no_callee() {
  // expected-error @+1 {{must have either a `callee` attribute or at least an operand}}
  %0 = "llvm.call"() <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, fastmathFlags = #llvm.fastmath<none>}> : () -> i32
  llvm.return
}

// -----

// Case operand segments cover the case operands.
llvm.func @switch_segments(%a: i32) {
  // expected-error @+1 {{caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'}}
  "llvm.switch"(%a, %a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  llvm.return
}

// -----

// Case values match the case destinations.
llvm.func @switch_count(%a: i32) {
  // expected-error @+1 {{expects number of case values to match number of case destinations}}
  "llvm.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

// One branch weight per successor.
llvm.func @switch_weights(%a: i32) {
  // expected-error @+1 {{expects number of branch weights to match number of successors: 2 vs 1}}
  "llvm.switch"(%a)[^bb1] <{branch_weights = array<i32: 1, 2>, case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

// Entry block arguments match the signature.
// expected-error @+1 {{type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"llvm.func"() <{function_type = !llvm.func<void (i32)>, sym_name = "entry_type", linkage = #llvm.linkage<external>, CConv = #llvm.cconv<ccc>, visibility_ = 0 : i64}> ({
^bb0(%x: i64):
  llvm.return
}) : () -> ()

// -----

// The entry block has one argument per parameter.
// expected-error @+1 {{entry block must have 1 arguments to match function signature}}
"llvm.func"() <{function_type = !llvm.func<void (i32)>, sym_name = "entry_count", linkage = #llvm.linkage<external>, CConv = #llvm.cconv<ccc>, visibility_ = 0 : i64}> ({
^bb0:
  llvm.return
}) : () -> ()

// -----

// An initializer region returns the global's type.
// expected-error @+1 {{initializer region type 'i64' does not match global type 'i32'}}
llvm.mlir.global internal @init_type() : i32 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}

// -----

// A string constant is an i8 array of its length.
llvm.func @const_string() {
  // expected-error @+1 {{expected array type of 3 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("abc") : i32
  llvm.return
}

// -----

// An integer constant has an integer type.
llvm.func @const_int() {
  // expected-error @+1 {{expected integer type}}
  %0 = llvm.mlir.constant(1 : i32) : f32
  llvm.return
}

// -----

// A float constant has its attribute's width.
llvm.func @const_float() {
  // expected-error @+1 {{expected float type of width 64}}
  %0 = llvm.mlir.constant(1.0 : f64) : f32
  llvm.return
}

// -----

// Constants are numbers, strings or elements.
llvm.func @const_symbol() {
  // expected-error @+1 {{only supports integer, float, string or elements attributes}}
  %0 = llvm.mlir.constant(@const_symbol) : i32
  llvm.return
}

// -----

// Comparisons produce i1.
llvm.func @icmp_result(%a: i32) {
  // expected-error @+1 {{result #0 must be 1-bit signless integer or LLVM dialect-compatible vector of 1-bit signless integer, but got 'i32'}}
  %0 = "llvm.icmp"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  llvm.return
}
