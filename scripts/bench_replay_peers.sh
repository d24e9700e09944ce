#!/usr/bin/env bash
# Replay speed, side by side in one run: `vdmchess replay --rules core --jobs 1` against
# pgn-reader + shakmaty playing every mainline move with a visitor, on two files:
#   - the bundled master games (spec/conformance/games/*.pgn, 27,343 games, 17 MB);
#   - the same games written as Lichess exports them, every move followed by a comment such as
#     `{ [%eval 0.17] [%clk 0:02:59] }` (scripts/make_lichess_style.py, 94 MB).
# Each round runs both programs once, in alternating order, whole process; the script prints
# the medians of the rounds (wall clock and user CPU time), games per second, the ratio of the
# medians and the median of the rounds' ratios (> 1: vdmchess is faster), with the load average.
# Then, once each: the model (`--rules model`) and python-chess on the master games, and the
# peak memory of a replay of a ~1 GB file made by concatenation. With INSTRUCTIONS=1 it also
# counts instructions with callgrind (a measure that other load on the machine does not move).
#
# Public tools only: the peer is built from crates.io in $WORK (outside the repository) from
# scripts/peers/replay_pgn_reader.rs: the newest pgn-reader 0.29 and shakmaty 0.30 that build
# with the installed Rust (scripts/newest_releases.sh: a release that declares a newer Rust is
# taken when it builds; the versions used are printed, with any newer release that did not
# build), release profile with
# thin LTO and one codegen unit like vdmchess's, portable (no target-cpu=native).
# python-chess from PyPI (`pip install chess`), if installed.
#
# Usage: scripts/bench_replay_peers.sh [ROUNDS]   (default 15; run on a quiet machine)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-15}
WORK=${WORK:-/tmp/vdmchess-bench-replay}
mkdir -p "$WORK/peer/src"

cargo build --release --quiet
VDM=$PWD/target/release/vdmchess

cat > "$WORK/peer/Cargo.toml" <<'EOF'
[package]
name = "peer-replay"
version = "0.1.0"
edition = "2024"

[dependencies]
pgn-reader = "0.29"
shakmaty = "0.30"

[profile.release]
lto = "thin"
codegen-units = 1
EOF
cp scripts/peers/replay_pgn_reader.rs "$WORK/peer/src/main.rs"
# build_newest, newest_note: the newest peer releases that build, and which they are.
source scripts/newest_releases.sh
build_newest "$WORK/peer" pgn-reader shakmaty
PEER=$WORK/peer/target/release/peer-replay
PEER_VERSIONS=$(cd "$WORK/peer" && cargo tree --depth 1 -e normal --prefix none |
  grep -E '^(pgn-reader|shakmaty) ' | cut -d' ' -f1,2 | tr '\n' ' ')

CORPUS=$WORK/all.pgn
cat spec/conformance/games/*.pgn > "$CORPUS"
LICHESS=$WORK/lichess.pgn
[ -f "$LICHESS" ] || python3 scripts/make_lichess_style.py "$LICHESS" spec/conformance/games/*.pgn

echo "date: $(date -u +%Y-%m-%d), $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "vdmchess $(git rev-parse --short HEAD); peer: $PEER_VERSIONS"


newest_note "$WORK/peer" pgn-reader shakmaty

# "WALL USER" seconds of one whole-process run of "$@".
seconds() {
  local TIMEFORMAT='%R %U'
  { time "$@" >/dev/null 2>&1; } 2>&1
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Paired rounds of the peer and vdmchess on FILE; prints one table row per program.
compare() {
  local file=$1 games
  games=$(grep -c '^\[Event ' "$file")
  : > "$WORK/rounds"
  for round in $(seq "$ROUNDS"); do
    local p v
    if (( round % 2 )); then
      p=$(seconds "$PEER" "$file"); v=$(seconds "$VDM" replay --errors-only "$file")
    else
      v=$(seconds "$VDM" replay --errors-only "$file"); p=$(seconds "$PEER" "$file")
    fi
    echo "$p $v" >> "$WORK/rounds"
  done
  local pw pu vw vu ratio ratio_user
  pw=$(awk '{print $1}' "$WORK/rounds" | median); pu=$(awk '{print $2}' "$WORK/rounds" | median)
  vw=$(awk '{print $3}' "$WORK/rounds" | median); vu=$(awk '{print $4}' "$WORK/rounds" | median)
  ratio=$(awk '{print $1 / $3}' "$WORK/rounds" | median)
  ratio_user=$(awk '{print $2 / $4}' "$WORK/rounds" | median)
  echo "$(basename "$file"): $games games, $(du -m "$file" | cut -f1) MB, $ROUNDS paired rounds"
  printf '  %-28s %8s %8s %12s\n' "" "wall s" "user s" "games/s"
  printf '  %-28s %8.3f %8.3f %12.0f\n' "pgn-reader + shakmaty" "$pw" "$pu" "$(awk "BEGIN { print $games / $pw }")"
  printf '  %-28s %8.3f %8.3f %12.0f\n' "vdmchess replay --rules core" "$vw" "$vu" "$(awk "BEGIN { print $games / $vw }")"
  printf '  vdmchess / peer (games/s): %.2fx by the medians of the wall clock, %.2fx median of the rounds (%.2fx by user time)\n' \
    "$(awk "BEGIN { print $pw / $vw }")" "$ratio" "$ratio_user"
  if [ "${INSTRUCTIONS:-0}" = 1 ] && command -v valgrind >/dev/null; then
    local ip iv
    ip=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PEER" "$file" 2>&1 | awk '/refs:/ {gsub(",", "", $4); print $4}')
    iv=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$VDM" replay --errors-only "$file" 2>&1 | awk '/refs:/ {gsub(",", "", $4); print $4}')
    printf '  instructions (callgrind): peer %d, vdmchess %d, ratio %.2f\n' "$ip" "$iv" "$(awk "BEGIN { print $ip / $iv }")"
  fi
}

compare "$CORPUS"
compare "$LICHESS"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

# Once each, on the master games: the model, and python-chess.
GAMES=$(grep -c '^\[Event ' "$CORPUS")
echo
read -r mw _ < <(seconds "$VDM" replay --errors-only --rules model "$CORPUS")
printf 'vdmchess replay --rules model: %.2f s, %.0f games/s\n' "$mw" "$(awk "BEGIN { print $GAMES / $mw }")"
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
  read -r pyw _ < <(seconds python3 "$WORK/replay.py" "$CORPUS")
  printf 'python-chess %s: %.1f s, %.0f games/s; the model is %.1fx python-chess\n' \
    "$(python3 -c 'import chess; print(chess.__version__)')" "$pyw" "$(awk "BEGIN { print $GAMES / $pyw }")" \
    "$(awk "BEGIN { print $pyw / $mw }")"
fi

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
