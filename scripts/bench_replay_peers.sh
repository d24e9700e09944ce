#!/usr/bin/env bash
# Replay speed, side by side in one run: vdmchess replay (core, model, --jobs 2) against
# pgn-reader + shakmaty playing every move, and python-chess (if installed), on the bundled
# master games. Prints the median of RUNS runs (games per second) and the ratios; then the
# peak memory of a replay of a ~1 GB file made by concatenation.
#
# Public tools only: the peer is built from crates.io in $WORK (outside the repository) from
# scripts/peers/replay_pgn_reader.rs; python-chess from PyPI (`pip install chess`).
#
# Usage: scripts/bench_replay_peers.sh [RUNS]   (default 5; run on a quiet machine)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
WORK=${WORK:-/tmp/vdmchess-bench-replay}
mkdir -p "$WORK/peer/src"

cargo build --release --quiet
VDM=$PWD/target/release/vdmchess

cat > "$WORK/peer/Cargo.toml" <<'EOF'
[package]
name = "peer-replay"
version = "0.1.0"
edition = "2021"

[dependencies]
pgn-reader = "0.26"
shakmaty = "0.27"

[profile.release]
lto = "thin"
codegen-units = 1
EOF
cp scripts/peers/replay_pgn_reader.rs "$WORK/peer/src/main.rs"
(cd "$WORK/peer" && cargo build --release --quiet)
PEER=$WORK/peer/target/release/peer-replay

CORPUS=$WORK/all.pgn
cat spec/conformance/games/*.pgn > "$CORPUS"
GAMES=$(grep -c '^\[Event ' "$CORPUS")

# Wall-clock seconds of a command, whole process.
seconds() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  awk "BEGIN { print $t1 - $t0 }"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

measure() {
  local name=$1; shift
  local runs=$RUNS
  local s
  s=$(for _ in $(seq "$runs"); do seconds "$@"; done | median)
  printf '%-34s %8.3f s %10.0f games/s\n' "$name" "$s" "$(awk "BEGIN { print $GAMES / $s }")"
  echo "$s" > "$WORK/$name.s"
}

echo "corpus: $GAMES games, $(du -m "$CORPUS" | cut -f1) MB; median of $RUNS runs"
measure pgn-reader+shakmaty "$PEER" "$CORPUS"
measure vdmchess-core "$VDM" replay --errors-only "$CORPUS"
measure vdmchess-core-jobs2 "$VDM" replay --errors-only --jobs 2 "$CORPUS"
measure vdmchess-model "$VDM" replay --errors-only --rules model "$CORPUS"
if python3 -c 'import chess' 2>/dev/null; then
  cat > "$WORK/replay.py" <<'EOF'
import sys, chess.pgn
games = 0
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        games += 1
print(games)
EOF
  RUNS=1 measure python-chess python3 "$WORK/replay.py" "$CORPUS"
fi

ratio() { awk "BEGIN { printf \"%.2f\", $(cat "$WORK/$2.s") / $(cat "$WORK/$1.s") }"; }
echo
echo "core / pgn-reader+shakmaty (games/s):  $(ratio vdmchess-core pgn-reader+shakmaty)"
echo "jobs 2 / jobs 1:                       $(ratio vdmchess-core-jobs2 vdmchess-core)"
[ -f "$WORK/python-chess.s" ] && echo "model / python-chess:                  $(ratio vdmchess-model python-chess)"

# Peak memory on a ~1 GB file: it must not grow with the file.
BIG=$WORK/big.pgn
if [ ! -f "$BIG" ]; then
  : > "$BIG"
  for _ in $(seq 57); do cat "$CORPUS" >> "$BIG"; done
fi
echo
echo "peak RSS, $(du -m "$BIG" | cut -f1) MB file:"
/usr/bin/time -f "  vdmchess --jobs 1: %M KB, %e s" "$VDM" replay --errors-only "$BIG" 2>&1 >/dev/null | grep KB
/usr/bin/time -f "  vdmchess --jobs 2: %M KB, %e s" "$VDM" replay --errors-only --jobs 2 "$BIG" 2>&1 >/dev/null | grep KB
