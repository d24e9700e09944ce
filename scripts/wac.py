#!/usr/bin/env python3
"""Tactics suites through `vdmchess uci`, driven by python-chess's chess.engine.

Each EPD position is sent as `position fen ...` and searched with `go movetime MS` (1000 by
default); it is solved when the `bestmove` is one of the `bm` moves and none of the `am`
moves. The engine's table is cleared between positions (`ucinewgame`), so each position is
searched from nothing.

Usage: python3 scripts/wac.py [--suite wac|ecm|FILE.epd] [--movetime MS | --nodes N]
                              [--engine CMD] [--hash MB] [--option NAME=VALUE ...]
                              [--vs CMD] [--vs-option NAME=VALUE ...]
                              [--first N] [--failures]
(`--option Threads=2`, for example, sets a UCI option of the engine, as scripts/match.py's;
`--option UCI_AnalyseMode=true` measures the engine as a GUI's analysis runs it.)

With `--vs CMD` (and its own `--vs-option`s), a second engine is measured side by side: each
position is searched by one engine and then by the other (which one goes first alternates), so
a change in the machine's load or a slow stretch falls on both alike. Prints both scores and the
positions that one solved and the other missed: with `--movetime` and `Threads` above 1 single
runs of one engine vary by several positions, and only such a paired run compares two.
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
    ap.add_argument("--vs", help="a second engine's command, measured side by side")
    ap.add_argument("--vs-option", action="append", default=[], help="NAME=VALUE: a UCI option of the --vs engine")
    ap.add_argument("--first", type=int, default=0, help="only the first N positions")
    ap.add_argument("--failures", action="store_true", help="list the positions missed")
    args = ap.parse_args()
    uci_options = options(args.option)

    lines = [l for l in open(suite_path(args.suite)) if l.strip()]
    if args.first:
        lines = lines[: args.first]
    print(f"load average before: {os.getloadavg()}", flush=True)
    sides = [(args.engine, uci_options)]
    if args.vs:
        sides.append((args.vs, options(args.vs_option)))
    engines = []
    for command, opts in sides:
        engine = chess.engine.SimpleEngine.popen_uci(shlex.split(command))
        engine.configure({"Hash": args.hash, **opts})
        engines.append(engine)
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.movetime / 1000)
    solved = [0] * len(engines)
    missed = [[] for _ in engines]
    differ = []
    start = time.time()
    for i, line in enumerate(lines, 1):
        board, ops = chess.Board.from_epd(line)
        best, avoid = ops.get("bm", []), ops.get("am", [])
        ident = ops.get("id", f"#{i}")
        order = list(range(len(engines)))
        if i % 2 == 0:
            order.reverse()
        played = [None] * len(engines)
        ok = [False] * len(engines)
        for k in order:
            engines[k].protocol.send_line("ucinewgame")
            move = engines[k].play(board, limit).move
            played[k] = board.san(move) if move else "(none)"
            ok[k] = move is not None and (not best or move in best) and move not in avoid
            if ok[k]:
                solved[k] += 1
            else:
                missed[k].append((ident, played[k], [board.san(m) for m in best], [board.san(m) for m in avoid]))
        if len(engines) == 2 and ok[0] != ok[1]:
            differ.append((ident, played))
        if i % 25 == 0:
            print(f"{i:4d}/{len(lines)}: {' / '.join(map(str, solved))} solved ({time.time() - start:.0f} s)", flush=True)
    for engine in engines:
        engine.quit()
    print(f"load average after: {os.getloadavg()}")
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.movetime} ms"
    names = ["engine", "vs"]
    for k in range(len(engines)):
        label = f" ({names[k]}: {sides[k][0]})" if len(engines) == 2 else ""
        print(f"{args.suite}: {solved[k]}/{len(lines)} solved at {budget} a position{label}")
    if args.failures:
        for k in range(len(engines)):
            if len(engines) == 2:
                print(f" {names[k]} missed:")
            for ident, played, bm, am in missed[k]:
                print(f"  missed {ident}: played {played}, bm {' '.join(bm)}" + (f", am {' '.join(am)}" if am else ""))
    if len(engines) == 2:
        print(f"solved by one and missed by the other: {len(differ)}")
        for ident, played in differ:
            print(f"  {ident}: engine {played[0]}, vs {played[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
