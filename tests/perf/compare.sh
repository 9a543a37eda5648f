#!/bin/sh
# compare.sh [OTHER_CHECKOUT...]
#
# Times BenchmarkParse, BenchmarkVerify, BenchmarkPrint and BenchmarkTotal
# of this checkout ("new") against other checkouts of goopt, e.g. the
# commit before the op-schema refactor:
#
#	git worktree add /tmp/base 23c72ef
#	ROUNDS=6 BENCHTIME=3x tests/perf/compare.sh /tmp/base
#
# Runs are interleaved (base, new, base, new, ...) under GOMAXPROCS=1 so
# that machine noise hits every tree alike; the table gives the median and
# the spread (min..max) of wall time (ns/op) and of the process's CPU time
# (cpu-ns/op, steadier on a shared machine), and the medians of B/op and
# allocs/op. phases_test.go and cputime_*_test.go are copied into each other
# checkout's tests/perf: they use only public APIs (parser.ParseFile,
# ir.Verify, printer.Print).
set -eu
rounds=${ROUNDS:-6}
benchtime=${BENCHTIME:-3x}
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

trees=""
for t in "$@"; do
	name=$(basename "$t")
	cp "$here"/tests/perf/phases_test.go "$here"/tests/perf/cputime_*_test.go "$t/tests/perf/"
	(cd "$t" && go test -c -o "$tmp/$name.test" ./tests/perf)
	trees="$trees $name"
done
(cd "$here" && go test -c -o "$tmp/new.test" ./tests/perf)
trees="$trees new"

i=0
while [ "$i" -lt "$rounds" ]; do
	for which in $trees; do
		GOMAXPROCS=1 "$tmp/$which.test" -test.run '^$' \
			-test.bench '^Benchmark(Parse|Verify|Print|Total)$' \
			-test.benchtime "$benchtime" -test.benchmem |
			awk -v w="$which" '/^Benchmark/ { print w, $0 }' >>"$tmp/runs"
	done
	i=$((i + 1))
done

# A line reads: new BenchmarkParse 3 412345678 ns/op 12.1 MB/s 398765432 cpu-ns/op 123 B/op 45 allocs/op
awk -v trees="$trees" '
{
	for (f = 4; f < NF; f++) {
		k = $1 SUBSEP $2 SUBSEP $(f+1)
		n[k]++
		v[k, n[k]] = $f
	}
}
# median sets lo and hi to the extremes as a side effect.
function median(k,   i, j, t, a, m) {
	m = n[k]
	for (i = 1; i <= m; i++) a[i] = v[k, i]
	for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	lo = a[1]; hi = a[m]
	return m % 2 ? a[(m+1)/2] : (a[m/2] + a[m/2+1]) / 2
}
function ms(x) { return sprintf("%.1f", x / 1e6) }
END {
	nt = split(trees, tr, " ")
	printf "%-7s %-10s %26s %26s %12s %11s\n", "bench", "tree", "wall ms/op median (min..max)", "cpu ms/op median (min..max)", "B/op", "allocs/op"
	split("Parse Verify Print Total", order, " ")
	for (o = 1; o <= 4; o++) {
		b = "Benchmark" order[o]
		for (t = 1; t <= nt; t++) {
			key = tr[t] SUBSEP b
			if (!((key SUBSEP "ns/op") in n)) continue
			wall = ms(median(key SUBSEP "ns/op")) " (" ms(lo) ".." ms(hi) ")"
			cpu = "-"
			if ((key SUBSEP "cpu-ns/op") in n)
				cpu = ms(median(key SUBSEP "cpu-ns/op")) " (" ms(lo) ".." ms(hi) ")"
			printf "%-7s %-10s %26s %26s %12.0f %11.0f\n", order[o], tr[t], wall, cpu, median(key SUBSEP "B/op"), median(key SUBSEP "allocs/op")
		}
	}
	printf "(%d runs per tree)\n", n[tr[1] SUBSEP "BenchmarkParse" SUBSEP "ns/op"]
}' "$tmp/runs"
