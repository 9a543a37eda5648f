// Named and unnamed modules, attributes, nesting, empty bodies.
module @top attributes {test.attr = 1 : i32, gpu.container_module} {
  module {
  }
  module @named {
    func.func private @f()
  }
  module attributes {test.unit} {
  }
}
