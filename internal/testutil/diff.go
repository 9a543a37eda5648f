package testutil

import "strings"

// FirstDiff returns the number (from 1) of the first line where a and b
// differ and that line of each ("" past the end of one), or ok false when
// they are equal; tests comparing printed IR show it rather than two whole
// modules.
func FirstDiff(a, b string) (line int, x, y string, ok bool) {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		x, y = "", ""
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return i + 1, x, y, true
		}
	}
	return 0, "", "", false
}
