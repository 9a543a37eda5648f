// mbarriers: a group of barriers created, initialised, arrived on with and
// without transactions, tested and waited on by parity; the group type is
// spelled in full and stripped.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
func.func @mbarrier(%i: index, %n: index, %p: i1, %parity: i1, %ticks: index) -> i1 {
  %b = nvgpu.mbarrier.create -> !bar
  %b1 = nvgpu.mbarrier.create -> <memorySpace = 3>
  nvgpu.mbarrier.init %b[%i], %n : !bar
  nvgpu.mbarrier.init %b1[%i], %n, predicate = %p : <memorySpace = 3>
  %t0 = nvgpu.mbarrier.arrive %b[%i] : !bar -> !nvgpu.mbarrier.token
  %t1 = nvgpu.mbarrier.arrive.nocomplete %b[%i], %n : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> !nvgpu.mbarrier.token
  nvgpu.mbarrier.arrive.expect_tx %b[%i], %n : !bar
  nvgpu.mbarrier.arrive.expect_tx %b1[%i], %n, predicate = %p : !nvgpu.mbarrier.group<memorySpace = 3>
  %done = nvgpu.mbarrier.test.wait %b[%i], %t0 : !bar, !nvgpu.mbarrier.token
  nvgpu.mbarrier.try_wait.parity %b[%i], %parity, %ticks : !bar
  return %done : i1
}
