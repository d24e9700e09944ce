#!/usr/bin/env python3
"""Lazy SMP (`Threads`) measured without a match: time to depth and nodes per second of the
engine with 1 and with N threads on the middlegame positions of scripts/bench_nps.py.

For each position, one after the other: `ucinewgame`, `go depth D` with `Threads` 1, then
the same with `Threads` N (a fresh table each time); the engine's own `time` and `nodes` of
its last `info` line are read. Prints each position and the medians of the ratios (time to
depth of 1 thread over N threads: above 1, N threads reach the depth sooner; nodes per
second of N threads over 1), and the share of positions where both chose the same move.

Time to depth is only a proxy for strength: the helpers' work also widens the search, so a
depth reached at the same time is worth a little more with N threads. Run it on a machine
with N cores free (the measurement lock, `nice -n -5`), or the ratios say how busy the
machine is rather than how good the threads are.

Usage: python3 scripts/smp_bench.py [--threads 2] [--depth 12] [--positions 12] [--seed 7]
    [--engine PATH] (after `cargo build --release`; needs python-chess).
"""

import argparse
import statistics

import chess
import chess.engine

from bench_nps import VDMCHESS, middlegames


def search(engine, fen, depth, threads):
    engine.configure({"Threads": threads})
    engine.protocol.send_line("ucinewgame")
    info = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=depth), game=object())
    return info["time"], info["nodes"], info["pv"][0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--engine", default=VDMCHESS)
    args = ap.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"])
    engine.configure({"Hash": 64})
    speedups, nps_ratios, same = [], [], 0
    try:
        for i, fen in enumerate(middlegames(args.positions, args.seed)):
            t1, n1, m1 = search(engine, fen, args.depth, 1)
            tn, nn, mn = search(engine, fen, args.depth, args.threads)
            speedups.append(t1 / max(tn, 1e-3))
            nps_ratios.append((nn / max(tn, 1e-3)) / (n1 / max(t1, 1e-3)))
            same += m1 == mn
            print(f"{i + 1:2d} 1 thread {t1:6.2f} s {n1:9d} nodes {m1} | {args.threads} threads "
                  f"{tn:6.2f} s {nn:9d} nodes {mn} | time to depth x{speedups[-1]:.2f}, "
                  f"nodes/s x{nps_ratios[-1]:.2f}", flush=True)
    finally:
        engine.quit()
    print(f"depth {args.depth}, {len(speedups)} positions: median time-to-depth speed-up "
          f"x{statistics.median(speedups):.2f} ({min(speedups):.2f} to {max(speedups):.2f}), "
          f"median nodes/s ratio x{statistics.median(nps_ratios):.2f}, same move {same}/{len(speedups)}")


if __name__ == "__main__":
    main()
