// affine.delinearize_index and affine.yield forms.
func.func @delin(%idx: index, %b0: index, %b1: index, %b2: index) -> (index, index) {
  %0:2 = affine.delinearize_index %idx into (%b0, %b1) : index, index
  %1:3 = affine.delinearize_index %idx into (%b0, %b1, %b2) : index, index, index
  %2 = affine.delinearize_index %idx into (%b0) : index
  %3 = affine.for %i = 0 to 4 iter_args(%x = %2) -> (index) {
    affine.yield %x : index
  }
  return %0#0, %1#2 : index, index
}
