// Package all lists the dialects goopt registers by default, explicitly.
//
//	ctx := ir.NewContext(all.All()...)
package all
