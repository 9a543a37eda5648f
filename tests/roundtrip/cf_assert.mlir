// Assertions, including messages needing escapes.
func.func @assert(%c: i1) {
  cf.assert %c, "index out of bounds"
  cf.assert %c, "quote \" and backslash \\"
  cf.assert %c, ""
  return
}
