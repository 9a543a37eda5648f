// Just IR, no RUN lines.
func.func @f() { return }
