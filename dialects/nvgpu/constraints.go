package nvgpu

import "github.com/goopt/goopt/ir"

// Type and attribute constraints of the nvgpu ops' schemas, described as
// MLIR 19 describes them in its verifier messages.

func isMemRef(t ir.Type) bool         { _, ok := t.(*ir.MemRefType); return ok }
func isUnrankedMemRef(t ir.Type) bool { _, ok := t.(*ir.UnrankedMemRefType); return ok }
func isVector(t ir.Type) bool         { _, ok := t.(*ir.VectorType); return ok }

// classOf is a constraint on one class of type, which a format's type
// directive reads as such ("invalid kind of type specified" otherwise).
func classOf(desc string, is func(ir.Type) bool) *ir.TypeConstraint {
	return &ir.TypeConstraint{Desc: desc, Check: is, Class: is}
}

func isMBarrierGroup(t ir.Type) bool { _, ok := t.(*MBarrierGroupType); return ok }
func isTensorMap(t ir.Type) bool     { _, ok := t.(*TensorMapDescriptorType); return ok }
func isWGDescriptor(t ir.Type) bool  { _, ok := t.(*WarpgroupMatrixDescriptorType); return ok }
func isAccumulator(t ir.Type) bool   { _, ok := t.(*WarpgroupAccumulatorType); return ok }

var (
	anyMemRef         = classOf("memref of any type values", isMemRef)
	anyUnrankedMemRef = classOf("unranked.memref of any type values", isUnrankedMemRef)
	anyVector         = classOf("vector of any type values", isVector)
	indexType         = ir.IndexConstraint
	i1Type            = ir.I1Constraint
	i16Type           = ir.TypeIs(ir.I16, "16-bit signless integer")

	deviceAsyncToken = ir.TypeIs(DeviceAsyncToken(), "device async token type")
	mbarrierToken    = ir.TypeIs(MBarrierToken(), "")
	mbarrierGroup    = classOf("mbarrier barrier type", isMBarrierGroup)
	tensorMap        = classOf("TensorMap descriptor", isTensorMap)
	wgDescriptor     = classOf("Warpgroup matrix descriptor type", isWGDescriptor)
	accumulator      = classOf("", isAccumulator)

	i64ArrayAttr = ir.I64ArrayAttrKind
)

// strippedTypes are the custom<...>(type($x)) directives of the parametric
// nvgpu types: upstream's formats print them without `!nvgpu.mnemonic`
// (`: <memorySpace = #gpu.address_space<workgroup>>`) and read either form.
var strippedTypes = map[string]ir.CustomDirective{
	"MBarrierGroup": strippedDirective("mbarrier.group", isMBarrierGroup),
	"TensorMap":     strippedDirective("tensormap.descriptor", isTensorMap),
	"WGDescriptor":  strippedDirective("warpgroup.descriptor", isWGDescriptor),
	"WGAccumulator": strippedDirective("warpgroup.accumulator", isAccumulator),
}

func strippedDirective(mnemonic string, is func(ir.Type) bool) ir.CustomDirective {
	def := lookupTypeDef(mnemonic)
	return ir.CustomDirective{
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			loc := p.Loc()
			t, err := parseStrippedType(p, def)
			if err != nil {
				return err
			}
			if !is(t) {
				// Upstream's parseCustomTypeWithFallback spells it so.
				return ir.Errorf(loc, "invalid kind of Type specified")
			}
			args[0].Types = []ir.Type{t}
			return nil
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			for _, t := range args[0].Types {
				if body, ok := strippedBody(t); ok {
					p.Print(body)
				} else {
					p.PrintType(t)
				}
			}
		},
	}
}
