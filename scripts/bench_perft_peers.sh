#!/usr/bin/env bash
# Single-thread perft speed of the vdmchess core against the fastest Rust move generators on
# crates.io (chess, cozy-chess, shakmaty) and Stockfish's `go perft`, on three positions.
#
# It builds one small program OUTSIDE the repository (default /tmp/peers) that depends on the
# three crates from crates.io (the newest releases of chess 3, cozy-chess 0.3 and shakmaty 0.30
# that build with the installed Rust: scripts/newest_releases.sh takes a release that declares
# a newer Rust when it builds; the versions used are printed, with any newer release that did
# not build) and
# on this repository by path, so every library is compiled the same way (release, thin LTO,
# one codegen unit, portable x86-64: no target-cpu=native). Each run is a whole process
# (start-up included). The libraries take turns run by run, and the script prints, from the
# median of RUNS runs, million nodes per second by the wall clock and by user CPU time (the
# second is robust to other load on the machine), with vdmchess's ratio to each peer (> 1:
# vdmchess is faster). `vdmchess-2t` is the core's perft on two threads.
#
# Usage: scripts/bench_perft_peers.sh [RUNS]   (default 11; needs cargo and network access
# to crates.io the first time; Stockfish from $STOCKFISH, `stockfish` or /usr/games/stockfish).
set -euo pipefail

RUNS="${1:-11}"
REPO="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="${PEERS_DIR:-/tmp/peers}"
STOCKFISH="${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}"

# build_newest, newest_note: the newest peer releases that build, and which they are.
source "$REPO/scripts/newest_releases.sh"

mkdir -p "$PEERS/src"
cat > "$PEERS/Cargo.toml" <<TOML
[package]
name = "peers"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
chess = "3.2"
cozy-chess = "0.3.4"
shakmaty = "0.30"
vdmchess = { path = "$REPO" }

[profile.release]
lto = "thin"
codegen-units = 1
TOML
cat > "$PEERS/src/main.rs" <<'RUST'
//! `peers LIB FEN DEPTH [THREADS]`: prints the perft node count of FEN at DEPTH using LIB.
use std::str::FromStr;

fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (lib, fen, depth) = (&args[1], &args[2], args[3].parse::<u32>().unwrap());
    let threads: usize = args.get(4).map_or(1, |t| t.parse().unwrap());
    let nodes = match lib.as_str() {
        "chess" => chess::MoveGen::movegen_perft_test(&chess::Board::from_str(fen).unwrap(), depth as usize) as u64,
        "cozy-chess" => cozy_perft(&fen.parse::<cozy_chess::Board>().unwrap(), depth as u8),
        "shakmaty" => {
            use shakmaty::{fen::Fen, CastlingMode, Chess};
            let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            shakmaty::perft(&pos, depth)
        }
        "vdmchess" => {
            let setup = vdmchess::notation::fen::parse_fen(fen).unwrap();
            let pos = vdmchess::core::Position::from_setup(&setup, vdmchess::CastlingMode::Standard).unwrap();
            vdmchess::rules::perft_threads(&pos, depth, threads)
        }
        other => panic!("unknown library {other}"),
    };
    println!("{nodes}");
}
RUST
build_newest "$PEERS" chess cozy-chess shakmaty
BIN="$PEERS/target/release/peers"
echo "peers: $(cd "$PEERS" && cargo tree --depth 1 -e normal --prefix none | grep -E '^(chess|cozy-chess|shakmaty) ' | cut -d' ' -f1,2 | tr '\n' ' ')"
newest_note "$PEERS" chess cozy-chess shakmaty
[ -x "$STOCKFISH" ] && echo "stockfish: $(echo quit | "$STOCKFISH" | head -n 1)"
echo "date: $(date -u +%Y-%m-%d), load average: $(cut -d' ' -f1-3 /proc/loadavg)"

POSITIONS=(
  "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "cpw-pos3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
)

# "WALL USER" seconds of one run of "$@" (wall clock, and CPU time in user mode of the whole
# process, threads included); its last output line (the node count) goes to $PEERS/nodes.
seconds_of() {
  local TIMEFORMAT='%R %U'
  { time "$@" | tail -n 1 > "$PEERS/nodes"; } 2>&1
}

stockfish_perft() {
  printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$STOCKFISH" | awk '/Nodes searched/ {print $3}'
}

run_one() { # LIB FEN DEPTH
  case "$1" in
    stockfish) stockfish_perft "$2" "$3" ;;
    vdmchess-2t) "$BIN" vdmchess "$2" "$3" 2 ;;
    *) "$BIN" "$1" "$2" "$3" ;;
  esac
}

LIBS=(vdmchess vdmchess-2t chess cozy-chess shakmaty)
[ -x "$STOCKFISH" ] && LIBS+=(stockfish)

echo "median of $RUNS runs (libraries interleaved run by run, so load changes hit all alike)"
echo "Mnps = nodes / wall-clock seconds; cpu-Mnps = nodes / user CPU seconds (robust to other load)"
printf '%-10s %-11s %11s %8s %8s %9s %9s %9s\n' position library nodes wall-s Mnps vdm/peer cpu-Mnps vdm/peer
for entry in "${POSITIONS[@]}"; do
  IFS='|' read -r name fen depth <<<"$entry"
  declare -A walls=() users=() nodes=()
  for _ in $(seq "$RUNS"); do
    for lib in "${LIBS[@]}"; do
      read -r w u < <(seconds_of run_one "$lib" "$fen" "$depth")
      walls[$lib]+="$w "
      users[$lib]+="$u "
      nodes[$lib]=$(cat "$PEERS/nodes")
    done
  done
  vdm_wall="" vdm_cpu=""
  for lib in "${LIBS[@]}"; do
    w=$(printf '%s\n' ${walls[$lib]} | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    u=$(printf '%s\n' ${users[$lib]} | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    mnps=$(awk -v n="${nodes[$lib]}" -v s="$w" 'BEGIN {printf "%.1f", n / s / 1e6}')
    cpu=$(awk -v n="${nodes[$lib]}" -v s="$u" 'BEGIN {printf "%.1f", (s > 0) ? n / s / 1e6 : 0}')
    [ "$lib" = vdmchess ] && vdm_wall="$mnps" && vdm_cpu="$cpu"
    r1=$(awk -v a="$vdm_wall" -v b="$mnps" 'BEGIN {printf "%.2f", a / b}')
    r2=$(awk -v a="$vdm_cpu" -v b="$cpu" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')
    printf '%-10s %-11s %11s %8s %8s %9s %9s %9s\n' "$name" "$lib" "${nodes[$lib]}" "$w" "$mnps" "$r1" "$cpu" "$r2"
  done
  unset walls users nodes
done
