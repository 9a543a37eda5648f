// Probe: which 1-D TMA (cp.async.bulk.tensor.1d) configurations are legal on sm_90a.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
__global__ void k(const __grid_constant__ CUtensorMap map, int coord, unsigned short* out) {
  __shared__ alignas(1024) unsigned short smem[64 * 8];
  __shared__ alignas(8) uint64_t bar;
  unsigned sb = (unsigned)__cvta_generic_to_shared(&bar);
  unsigned sd = (unsigned)__cvta_generic_to_shared(smem + 64 * 3);  // line 3 of the tile
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"(sb));
    asm volatile("fence.proxy.async.shared::cta;");
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 128;" :: "r"(sb));
    asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];"
                 :: "r"(sd), "l"(&map), "r"(coord), "r"(sb) : "memory");
    asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared.b64 p, [%0], 0; @!p bra W; }" :: "r"(sb));
    for (int i = 0; i < 64; i++) out[i] = smem[64 * 3 + i];
  }
}
int main(int argc, char** argv) {
  int swz = atoi(argv[1]), coord = atoi(argv[2]);
  size_t n = 1000;
  unsigned short* h = (unsigned short*)malloc(n * 2);
  for (size_t i = 0; i < n; i++) h[i] = (unsigned short)i;
  unsigned short *d, *o;
  cudaMalloc(&d, n * 2); cudaMalloc(&o, 128);
  cudaMemcpy(d, h, n * 2, cudaMemcpyHostToDevice);
  CUtensorMap m;
  cuuint64_t dims[1] = {n}; cuuint64_t strides[1] = {0};
  cuuint32_t box[1] = {64}, es[1] = {1};
  CUresult r = cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 1, d, dims, strides, box, es,
      CU_TENSOR_MAP_INTERLEAVE_NONE, swz ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE,
      CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) { printf("swz=%d coord=%d encode error %d\n", swz, coord, r); return 0; }
  k<<<1, 32>>>(m, coord, o);
  cudaError_t e = cudaDeviceSynchronize();
  unsigned short ho[64];
  if (e == cudaSuccess) cudaMemcpy(ho, o, 128, cudaMemcpyDeviceToHost);
  printf("swz=%d coord=%d: %s", swz, coord, cudaGetErrorString(e));
  if (e == cudaSuccess) { printf(" got"); for (int i = 0; i < 10; i++) printf(" %d", ho[i]); }
  printf("\n");
  return 0;
}
