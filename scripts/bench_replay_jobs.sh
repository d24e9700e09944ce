#!/usr/bin/env bash
# Parallel replay speed-up, measured side by side: `vdmchess replay --jobs 1` against
# `--jobs 2` on the bundled master games concatenated 4 times, in ROUNDS rounds; each round
# runs both (in alternating order) and, as the machine's own ceiling, two `--jobs 1`
# processes at once, each on half the games. Prints every round and the medians.
#
# The ceiling matters on a virtual machine: when two busy threads do not get two full
# cores, no program gets 2x, and the round shows it. The speed of such a machine changes
# from second to second, so the figure to read is the median of the rounds' ratios (each
# round's runs are next to each other in time).
#
# Usage: scripts/bench_replay_jobs.sh [ROUNDS]   (default 15; run on a quiet machine)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-15}
WORK=${WORK:-/tmp/vdmchess-bench-jobs}
mkdir -p "$WORK"

cargo build --release --quiet
VDM=$PWD/target/release/vdmchess

cat spec/conformance/games/*.pgn > "$WORK/x1.pgn"
cat "$WORK/x1.pgn" "$WORK/x1.pgn" > "$WORK/x2.pgn"
cat "$WORK/x2.pgn" "$WORK/x2.pgn" > "$WORK/x4.pgn"
GAMES=$(grep -c '^\[Event ' "$WORK/x4.pgn")

ms() {
  local t0 t1
  t0=$(date +%s%N)
  "$@"
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}
one() { "$VDM" replay --errors-only --jobs "$1" "$WORK/x4.pgn" >/dev/null 2>&1; }
halves() {
  "$VDM" replay --errors-only "$WORK/x2.pgn" >/dev/null 2>&1 &
  "$VDM" replay --errors-only "$WORK/x2.pgn" >/dev/null 2>&1
  wait
}

echo "date: $(date -u +%Y-%m-%d), vdmchess $(git rev-parse --short HEAD), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "corpus x4: $GAMES games, $(du -m "$WORK/x4.pgn" | cut -f1) MB; $ROUNDS rounds (ms)"
echo "round jobs1 jobs2 halves"
for r in $(seq "$ROUNDS"); do
  if ((r % 2)); then
    a=$(ms one 1)
    b=$(ms one 2)
  else
    b=$(ms one 2)
    a=$(ms one 1)
  fi
  c=$(ms halves)
  echo "$r $a $b $c"
done | tee "$WORK/rounds.txt"

awk -v games="$GAMES" '
  NR > 0 { a[NR] = $2; b[NR] = $3; c[NR] = $4; ra[NR] = $2 / $3; rc[NR] = $2 / $4; n = NR }
  function median(x,   i, j, t, m) {
    for (i = 1; i <= n; i++) s[i] = x[i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
    m = int((n + 1) / 2)
    return s[m]
  }
  END {
    printf "median --jobs 1: %d ms (%.0f games/s)\n", median(a), games / median(a) * 1000
    printf "median --jobs 2: %d ms (%.0f games/s)\n", median(b), games / median(b) * 1000
    printf "median two processes on halves: %d ms\n", median(c)
    printf "speed-up --jobs 2 / --jobs 1: %.2fx (median of the rounds), %.2fx (ratio of medians)\n", median(ra), median(a) / median(b)
    printf "machine ceiling, halves / --jobs 1: %.2fx (median of the rounds), %.2fx (ratio of medians)\n", median(rc), median(a) / median(c)
  }' "$WORK/rounds.txt"
