// Math on vectors.
func.func @vector(%v: vector<4xf32>, %w: vector<4xi32>, %s: vector<[8]xf16>) {
  %0 = math.exp %v : vector<4xf32>
  %1 = math.fma %v, %v, %v : vector<4xf32>
  %2 = math.absi %w : vector<4xi32>
  %3 = math.fpowi %v, %w : vector<4xf32>, vector<4xi32>
  %4 = math.tanh %s fastmath<fast> : vector<[8]xf16>
  %5 = math.ipowi %w, %w : vector<4xi32>
  return
}
