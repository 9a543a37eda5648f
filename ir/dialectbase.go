package ir

// AttrBase is embedded by attributes that dialects define in Go (e.g.
// `#arith.fastmath<fast>`), so that they satisfy Attribute. Such attributes
// are interned with InternAttr and print their full text from String.
type AttrBase struct{}

func (AttrBase) isAttr() {}

// TypeBase is embedded by types that dialects define in Go, so that they
// satisfy Type (and, with DialectName, DialectType). Intern them with InternType.
type TypeBase struct{}

func (TypeBase) isType() {}
