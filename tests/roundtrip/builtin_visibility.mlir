// Nested module symbols with visibility.
module {
  module @m attributes {sym_visibility = "private"} {
  }
  module @n attributes {sym_visibility = "nested"} {
  }
}
