package ir

import (
	"strconv"
	"strings"
)

// Location says where an operation came from. Locations are attributes (as
// in MLIR) but are not interned: most operations carry a distinct one.
type Location interface {
	Attribute
	isLocation()
}

// locBase is embedded by the location types: each is an attribute and a
// location.
type locBase struct{}

func (locBase) isAttr()     {}
func (locBase) isLocation() {}

// UnknownLoc is `loc(unknown)`.
type UnknownLoc struct{ locBase }

// FileLineColLoc is `loc("file":line:col)`.
type FileLineColLoc struct {
	locBase
	File      string
	Line, Col int
}

// NameLoc is `loc("name")` or `loc("name"(child))`.
type NameLoc struct {
	locBase
	Name  string
	Child Location // nil when absent
}

// CallSiteLoc is `loc(callsite(callee at caller))`.
type CallSiteLoc struct {
	locBase
	Callee, Caller Location
}

// FusedLoc is `loc(fused<metadata>[a, b])`.
type FusedLoc struct {
	locBase
	Locs     []Location
	Metadata Attribute // nil when absent
}

// OpaqueLoc keeps an unrecognised location body verbatim.
type OpaqueLoc struct {
	locBase
	Body string
}

// Unknown is the unknown location.
var Unknown Location = UnknownLoc{}

// FileLoc returns a file:line:col location.
func FileLoc(file string, line, col int) *FileLineColLoc {
	return &FileLineColLoc{File: file, Line: line, Col: col}
}

func (UnknownLoc) String() string { return "loc(unknown)" }
func (l *FileLineColLoc) String() string {
	return "loc(" + l.body() + ")"
}
func (l *NameLoc) String() string     { return "loc(" + l.body() + ")" }
func (l *CallSiteLoc) String() string { return "loc(" + l.body() + ")" }
func (l *FusedLoc) String() string    { return "loc(" + l.body() + ")" }
func (l *OpaqueLoc) String() string   { return "loc(" + l.Body + ")" }

func (l *FileLineColLoc) body() string {
	return Quote(l.File) + ":" + strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Col)
}

func (l *NameLoc) body() string {
	s := Quote(l.Name)
	if l.Child != nil {
		if _, unk := l.Child.(UnknownLoc); !unk {
			s += "(" + LocBody(l.Child) + ")"
		}
	}
	return s
}

func (l *CallSiteLoc) body() string {
	return "callsite(" + LocBody(l.Callee) + " at " + LocBody(l.Caller) + ")"
}

func (l *FusedLoc) body() string {
	var b strings.Builder
	b.WriteString("fused")
	if l.Metadata != nil {
		b.WriteString("<" + l.Metadata.String() + ">")
	}
	b.WriteByte('[')
	for i, c := range l.Locs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(LocBody(c))
	}
	b.WriteByte(']')
	return b.String()
}

// LocBody prints a location without the surrounding `loc(...)`.
func LocBody(l Location) string {
	switch l := l.(type) {
	case UnknownLoc:
		return "unknown"
	case *FileLineColLoc:
		return l.body()
	case *NameLoc:
		return l.body()
	case *CallSiteLoc:
		return l.body()
	case *FusedLoc:
		return l.body()
	case *OpaqueLoc:
		return l.Body
	}
	return "unknown"
}

// FileLineCol finds the first file:line:col position in l, looking through
// names, call sites (the callee) and fused locations.
func FileLineCol(l Location) (*FileLineColLoc, bool) {
	switch l := l.(type) {
	case *FileLineColLoc:
		return l, true
	case *NameLoc:
		if l.Child != nil {
			return FileLineCol(l.Child)
		}
	case *CallSiteLoc:
		return FileLineCol(l.Callee)
	case *FusedLoc:
		for _, c := range l.Locs {
			if f, ok := FileLineCol(c); ok {
				return f, true
			}
		}
	}
	return nil, false
}
