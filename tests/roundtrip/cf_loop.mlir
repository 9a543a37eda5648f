// A counted loop in unstructured control flow.
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %acc: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : index
  %acc2 = arith.addi %acc, %i : index
  cf.br ^header(%next, %acc2 : index, index)
^exit:
  return %acc : index
}
