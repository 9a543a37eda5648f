// Every vector op in its custom form: memory access, transfers with masks
// and permutation maps, shape ops, reductions, contractions, masks and print.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @f(%m: memref<8x8xf32>, %i: index, %v: vector<4xf32>, %mask: vector<4xi1>, %s: f32, %a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x4xf32>) {
  %0 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<4xf32>
  vector.store %0, %m[%i, %i] : memref<8x8xf32>, vector<4xf32>
  %1 = vector.maskedload %m[%i, %i], %mask, %v : memref<8x8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i, %i], %mask, %v : memref<8x8xf32>, vector<4xi1>, vector<4xf32>
  %2 = vector.transfer_read %m[%i, %i], %s : memref<8x8xf32>, vector<4xf32>
  %3 = vector.transfer_read %m[%i, %i], %s, %mask {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
  %4 = vector.transfer_read %m[%i, %i], %s {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<8x8xf32>, vector<4xf32>
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<8x8xf32>
  vector.transfer_write %v, %m[%i, %i], %mask {in_bounds = [false]} : vector<4xf32>, memref<8x8xf32>
  %5 = vector.broadcast %s : f32 to vector<4x4xf32>
  %6 = vector.splat %s : vector<4xf32>
  %7 = vector.extract %a[1, %i] : f32 from vector<4x8xf32>
  %8 = vector.extract %a[1] : vector<8xf32> from vector<4x8xf32>
  %9 = vector.insert %s, %a[1, 2] : f32 into vector<4x8xf32>
  %10 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %11 = vector.insert_strided_slice %c, %a {offsets = [0, 2], strides = [1, 1]} : vector<4x4xf32> into vector<4x8xf32>
  %12 = vector.shape_cast %a : vector<4x8xf32> to vector<32xf32>
  %13 = vector.bitcast %a : vector<4x8xf32> to vector<4x16xf16>
  %14 = vector.fma %v, %v, %v : vector<4xf32>
  %15 = vector.reduction <add>, %v : vector<4xf32> into f32
  %16 = vector.reduction <maximumf>, %v, %s fastmath<fast> : vector<4xf32> into f32
  %17 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  %18 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  %19 = vector.create_mask %i, %i : vector<4x3xi1>
  %20 = vector.constant_mask [3, 2] : vector<4x3xi1>
  vector.print %v : vector<4xf32>
  vector.print punctuation <comma>
  vector.print str "hello"
  vector.print %s : f32 punctuation <no_punctuation>
  vector.print
  return
}
