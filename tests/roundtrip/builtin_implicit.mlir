// A file without a module gets an implicit one.
func.func private @a()
func.func private @b()
