#!/usr/bin/env python3
"""The engine's speed in the middlegame, side by side with the core's perft on the same positions.

Positions: one position from each of `--positions` (20) master games of
spec/conformance/games/*.pgn, taken in a fixed pseudo-random order (`--seed`), after a ply
drawn between 24 and 40; positions in check or with fewer than 20 legal moves are skipped, so
every position is a real middlegame.

For each position, one after the other:
- `vdmchess analyse --fen F --movetime MS --json` (MS = `--movetime`, 2000 by default): the
  search's own nodes and time, so its nodes per second (every node the search visits,
  quiescence included, each made on the board and evaluated or looked up);
- `vdmchess perft --fen F --depth D`, D the smallest depth that takes at least half a second,
  timed as a whole process: leaf nodes per second, the last ply counted in bulk (the leaves are
  counted, never made), as the perft tables of MEASUREMENTS.md are;
- Stockfish's own `nps` after `go movetime MS`, one thread (when `stockfish` is installed), as a
  reference point.

Prints each position and the medians, with perft's speed as a multiple of the search's.

With `--before PATH`, each position is also searched by that binary right after, and the
median ratio of the two node rates is printed: the same-run comparison of two versions.

Usage: python3 scripts/bench_nps.py [--positions 20] [--movetime 2000] [--seed 7] [--before PATH]
(after `cargo build --release`; needs python-chess).
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import time

import chess
import chess.engine
import chess.pgn

from master_games import master_games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VDMCHESS = os.path.join(ROOT, "target", "release", "vdmchess")
STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"


def middlegames(count, seed):
    """`count` middlegame FENs from the bundled master games."""
    games = []
    for game in master_games():
        moves = list(game.mainline_moves())
        if len(moves) >= 50:
            games.append(moves)
    rng = random.Random(seed)
    rng.shuffle(games)
    out = []
    for moves in games:
        board = chess.Board()
        for m in moves[: rng.randint(24, 40)]:
            board.push(m)
        if board.is_check() or board.legal_moves.count() < 20:
            continue
        out.append(board.fen())
        if len(out) == count:
            break
    return out


def search_nps(fen, movetime, binary=VDMCHESS):
    out = subprocess.run(
        [binary, "analyse", "--fen", fen, "--movetime", str(movetime), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    r = json.loads(out)
    return r["nodes"] / max(r["time_ms"], 1) * 1000, r["depth"]


def perft_nps(fen):
    for depth in range(3, 9):
        t0 = time.perf_counter()
        out = subprocess.run(
            [VDMCHESS, "perft", "--fen", fen, "--depth", str(depth)],
            check=True, capture_output=True, text=True,
        ).stdout
        dt = time.perf_counter() - t0
        nodes = int(out.strip().splitlines()[-1].split(":")[1])
        if dt >= 0.5:
            return nodes / dt, depth
    return nodes / dt, depth


def stockfish_nps(engine, fen, movetime):
    info = engine.analyse(chess.Board(fen), chess.engine.Limit(time=movetime / 1000), game=object())
    return info.get("nps", 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=2000, help="milliseconds per search")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--before", help="another vdmchess binary (an earlier version) searched right "
                    "after this one on each position: the same-run comparison of node rates")
    args = ap.parse_args()

    print(f"load average before: {os.getloadavg()[0]:.2f}")
    sf = None
    if os.path.exists(STOCKFISH):
        sf = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
        sf.configure({"Threads": 1, "Hash": 16})
        print(f"stockfish: {sf.id.get('name', '?')}")
    else:
        print("stockfish not found: its column is left out")

    rows = []
    print(f"{'#':>3} {'search knps':>12} {'depth':>5} {'perft Mnps':>11} {'d':>2} {'ratio':>6} {'stockfish knps':>15}  fen")
    for i, fen in enumerate(middlegames(args.positions, args.seed), 1):
        s, depth = search_nps(fen, args.movetime)
        p, pdepth = perft_nps(fen)
        f = stockfish_nps(sf, fen, args.movetime) if sf else 0
        b = search_nps(fen, args.movetime, args.before)[0] if args.before else 0
        rows.append((s, p, f, b))
        before = f" before {b / 1e3:.0f} knps" if args.before else ""
        print(f"{i:>3} {s / 1e3:>12.0f} {depth:>5} {p / 1e6:>11.1f} {pdepth:>2} {p / s:>6.0f} {f / 1e3:>15.0f}  {fen}{before}")
    if sf:
        sf.quit()

    s = statistics.median(r[0] for r in rows)
    p = statistics.median(r[1] for r in rows)
    ratio = statistics.median(r[1] / r[0] for r in rows)
    print(f"median: search {s / 1e3:.0f} knps, perft {p / 1e6:.1f} Mnps, "
          f"perft / search {ratio:.0f}x (median of the positions' ratios)")
    if sf:
        f = statistics.median(r[2] for r in rows)
        print(f"median: stockfish {f / 1e3:.0f} knps; vdmchess search / stockfish "
              f"{statistics.median(r[0] / r[2] for r in rows):.2f}x")
    if args.before:
        b = statistics.median(r[3] for r in rows)
        print(f"median: before ({args.before}) {b / 1e3:.0f} knps; this / before "
              f"{statistics.median(r[0] / r[3] for r in rows):.2f}x (median of the positions' ratios)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
