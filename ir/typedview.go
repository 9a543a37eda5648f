package ir

// View is the shape of every typed op view (affine.ForOp, cf.CondBrOp):
// a struct embedding the operation, so the view has all of its methods.
type View interface{ ~struct{ *Operation } }

// AsView returns op as the view V, and whether op is a name op. It is the
// body of each generated AsXOp, kept here so that each is one line.
func AsView[V View](op *Operation, name string) (V, bool) {
	return V{op}, op != nil && op.Name() == name
}
