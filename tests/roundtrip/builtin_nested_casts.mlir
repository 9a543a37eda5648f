// Casts chained across type systems inside nested modules.
module @a {
  module @b {
    func.func @f(%x: index) -> index {
      %0 = builtin.unrealized_conversion_cast %x : index to i64
      %1 = builtin.unrealized_conversion_cast %0 : i64 to index
      return %1 : index
    }
  }
}
