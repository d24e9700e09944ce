#!/usr/bin/env python3
"""The oracle's speed, measured side by side in one run.

1. The bisect against its baseline: `vdmchess diff --engine E --depth N` (whole process, the
   engine's start included) against one `go perft N` of the same engine (timed from `go` to
   `Nodes searched` in an engine already started) plus one `vdmchess perft --depth N` (whole
   process). Each round runs the three one after the other, in rotating order; the figure is
   the median of the rounds' ratios.
2. `vdmchess fuzz --engine stockfish --cases 10000` at depth 1, cases per second as it reports
   them, median over seeds.

Usage: python3 scripts/bench_oracle.py [ROUNDS]   (after `cargo build --release --features
test-engine`; Stockfish from /usr/games or PATH). Prints the load average before and after.
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VDMCHESS = os.path.join(ROOT, "target", "release", "vdmchess")
BROKEN = os.path.join(ROOT, "target", "release", "broken-engine")
STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def engine_perft(command, fen, depth):
    """Seconds of one `go perft depth` of an engine already started and ready."""
    p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line

    send("uci")
    until("uciok")
    send("isready")
    until("readyok")
    send("position fen " + fen)
    t = time.perf_counter()
    send("go perft %d" % depth)
    until("Nodes searched")
    elapsed = time.perf_counter() - t
    send("quit")
    p.wait()
    return elapsed


def wall(args):
    t = time.perf_counter()
    out = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - t, out


def bisect_rounds(label, engine, fen, depth, rounds):
    ratios, diffs, engines, ours = [], [], [], []
    report = None
    for r in range(rounds):
        steps = ["engine", "ours", "diff"]
        steps = steps[r % 3:] + steps[: r % 3]
        got = {}
        for step in steps:
            if step == "engine":
                got[step] = engine_perft(engine, fen, depth)
            elif step == "ours":
                got[step], _ = wall([VDMCHESS, "perft", "--depth", str(depth), "--fen", fen])
            else:
                got[step], out = wall([VDMCHESS, "diff", "--engine", " ".join("'%s'" % w for w in engine),
                                       "--fen", fen, "--depth", str(depth), "--json"])
                report = json.loads(out.stdout)
        diffs.append(got["diff"])
        engines.append(got["engine"])
        ours.append(got["ours"])
        ratios.append(got["diff"] / (got["engine"] + got["ours"]))
    med = statistics.median
    print("%s, depth %d: diff %.3f s; engine go perft %.3f s + vdmchess perft %.3f s; "
          "ratio (median of rounds) %.2fx [%.2f..%.2f]; agree %s, path %s"
          % (label, depth, med(diffs), med(engines), med(ours), med(ratios), min(ratios), max(ratios),
             report["agree"], report["path"]))


def fuzz_rate(seeds):
    rates = []
    for seed in seeds:
        _, out = wall([VDMCHESS, "fuzz", "--engine", STOCKFISH, "--cases", "10000", "--seed", str(seed), "--json"])
        v = json.loads(out.stdout)
        assert v["agree"], v
        rates.append(v["cases_per_second"])
    print("fuzz vs Stockfish, depth 1, 10,000 cases, seeds %s: median %.0f cases/s [%.0f..%.0f]"
          % (seeds, statistics.median(rates), min(rates), max(rates)))


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print("load average before:", os.getloadavg())
    version = subprocess.run([STOCKFISH], input="quit\n", stdout=subprocess.PIPE, text=True).stdout.split("\n")[0]
    print("engine:", version)
    bisect_rounds("Stockfish, start", [STOCKFISH], START, 6, rounds)
    bisect_rounds("Stockfish, Kiwipete", [STOCKFISH], KIWIPETE, 5, rounds)
    bisect_rounds("broken engine (castle-through-check), Kiwipete", [BROKEN, "--bug", "castle-through-check"],
                  KIWIPETE, 4, rounds)
    bisect_rounds("broken engine (no-knight-promotion), Kiwipete", [BROKEN, "--bug", "no-knight-promotion"],
                  KIWIPETE, 4, rounds)
    fuzz_rate([1, 2, 3, 4, 5])
    print("load average after:", os.getloadavg())


if __name__ == "__main__":
    main()
