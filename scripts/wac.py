#!/usr/bin/env python3
"""Tactics suites through `vdmchess uci`, driven by python-chess's chess.engine.

Each EPD position is sent as `position fen ...` and searched with `go movetime MS` (1000 by
default); it is solved when the `bestmove` is one of the `bm` moves and none of the `am`
moves. The engine's table is cleared between positions (`ucinewgame`), so each position is
searched from nothing.

Usage: python3 scripts/wac.py [--suite wac|ecm|FILE.epd] [--movetime MS | --nodes N]
                              [--engine CMD] [--hash MB] [--option NAME=VALUE ...]
                              [--first N] [--failures]
(`--option Threads=2`, for example, sets a UCI option of the engine, as scripts/match.py's;
`--option UCI_AnalyseMode=true` measures the engine as a GUI's analysis runs it.)
(after `cargo build --release`; the suites are spec/conformance/tactics/{wac,ecm}.epd).
Prints the load average before and after, solved/total, and with --failures each position
missed with the move played.
"""

import argparse
import os
import shlex
import sys
import time

import chess
import chess.engine

from match import options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VDMCHESS = os.path.join(ROOT, "target", "release", "vdmchess")


def suite_path(name):
    if name in ("wac", "ecm"):
        return os.path.join(ROOT, "spec", "conformance", "tactics", name + ".epd")
    return name


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", default="wac")
    ap.add_argument("--movetime", type=int, default=1000, help="milliseconds per position")
    ap.add_argument("--nodes", type=int, default=0,
                    help="search this many nodes instead of --movetime (comparisons that the machine's load does not disturb)")
    ap.add_argument("--engine", default=VDMCHESS + " uci", help="engine command line")
    ap.add_argument("--hash", type=int, default=64, help="Hash in MB")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE: a UCI option of the engine")
    ap.add_argument("--first", type=int, default=0, help="only the first N positions")
    ap.add_argument("--failures", action="store_true", help="list the positions missed")
    args = ap.parse_args()
    uci_options = options(args.option)

    lines = [l for l in open(suite_path(args.suite)) if l.strip()]
    if args.first:
        lines = lines[: args.first]
    print(f"load average before: {os.getloadavg()}", flush=True)
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    engine.configure({"Hash": args.hash, **uci_options})
    solved, missed = 0, []
    start = time.time()
    for i, line in enumerate(lines, 1):
        board, ops = chess.Board.from_epd(line)
        best, avoid = ops.get("bm", []), ops.get("am", [])
        engine.protocol.send_line("ucinewgame")
        limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.movetime / 1000)
        result = engine.play(board, limit)
        move = result.move
        ok = move is not None and (not best or move in best) and move not in avoid
        if ok:
            solved += 1
        else:
            missed.append((ops.get("id", f"#{i}"), board.san(move) if move else "(none)",
                           [board.san(m) for m in best], [board.san(m) for m in avoid]))
        if i % 25 == 0:
            print(f"{i:4d}/{len(lines)}: {solved} solved ({time.time() - start:.0f} s)", flush=True)
    engine.quit()
    print(f"load average after: {os.getloadavg()}")
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.movetime} ms"
    print(f"{args.suite}: {solved}/{len(lines)} solved at {budget} a position")
    if args.failures:
        for ident, played, bm, am in missed:
            print(f"  missed {ident}: played {played}, bm {' '.join(bm)}" + (f", am {' '.join(am)}" if am else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
