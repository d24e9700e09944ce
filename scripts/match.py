#!/usr/bin/env python3
"""A match of `vdmchess uci` against Stockfish at a limited strength, python-chess's
chess.engine as the client.

- Stockfish (Debian's, /usr/games/stockfish) plays with `UCI_LimitStrength true` and
  `UCI_Elo ELO` (2000 by default), one thread, 16 MB.
- Time control 10+0.1 by default (`--tc 10+0.1`, seconds + increment), kept by this script:
  each side's clock loses the wall time of its move and gains the increment; a side whose
  clock falls below zero loses on time. The clocks are sent with every `go` (wtime btime winc
  binc).
- Openings: the first `--plies` (8) moves of master games in spec/conformance/games/*.pgn,
  distinct, taken in a fixed pseudo-random order (`--seed`); each opening is played twice,
  once with each colour.
- A game ends by the rules (checkmate, stalemate, insufficient material, fivefold, 75 moves)
  or by a claim the side to move could make (threefold repetition, fifty moves), or as a draw
  after `--max-plies` (400).
- `--concurrency N` plays N games at once (each with its own two engine processes).

Prints each game's result, then the score, the Elo difference with its 95% interval (from the
per-game score variance), wins/draws/losses, and losses on time. `--pgn FILE` writes the games.

Usage: python3 scripts/match.py [--games 100] [--elo 2000] [--tc 10+0.1] [--concurrency 1]
(after `cargo build --release`).
"""

import argparse
import math
import os
import random
import shlex
import shutil
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine
import chess.pgn

from master_games import master_games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VDMCHESS = os.path.join(ROOT, "target", "release", "vdmchess")
STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"


def openings(plies, count, seed):
    """`count` distinct move lists of `plies` moves from the master games."""
    seen, out = set(), []
    for game in master_games():
        moves = list(game.mainline_moves())[:plies]
        if len(moves) < plies:
            continue
        key = tuple(m.uci() for m in moves)
        if key not in seen:
            seen.add(key)
            out.append(moves)
    rng = random.Random(seed)
    rng.shuffle(out)
    if len(out) < count:
        sys.exit(f"only {len(out)} distinct openings of {plies} plies")
    return out[:count]


def play_game(opening, vdm_white, args):
    """Plays one game; returns (score for vdmchess, reason, pgn game)."""
    vdm = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    sf = chess.engine.SimpleEngine.popen_uci([STOCKFISH])
    try:
        vdm.configure({"Hash": args.hash})
        sf.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1, "Hash": 16})
        board = chess.Board()
        for m in opening:
            board.push(m)
        base, inc = args.base, args.inc
        clock = {chess.WHITE: base, chess.BLACK: base}
        players = {chess.WHITE: vdm if vdm_white else sf, chess.BLACK: sf if vdm_white else vdm}
        for e in (vdm, sf):
            e.protocol.send_line("ucinewgame")
        reason, result = None, None
        while True:
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                result = outcome.result()
                reason = outcome.termination.name.lower()
                break
            if board.ply() >= args.max_plies:
                result, reason = "1/2-1/2", "max plies"
                break
            side = board.turn
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
            t0 = time.monotonic()
            played = players[side].play(board, limit)
            clock[side] -= time.monotonic() - t0
            if clock[side] < 0:
                result = "0-1" if side == chess.WHITE else "1-0"
                reason = "time forfeit " + ("vdmchess" if players[side] is vdm else "stockfish")
                break
            clock[side] += inc
            if played.move is None or played.move not in board.legal_moves:
                result = "0-1" if side == chess.WHITE else "1-0"
                reason = "illegal move " + ("vdmchess" if players[side] is vdm else "stockfish")
                break
            board.push(played.move)
    finally:
        vdm.quit()
        sf.quit()
    vdm_color = chess.WHITE if vdm_white else chess.BLACK
    if result == "1/2-1/2":
        score = 0.5
    elif (result == "1-0") == (vdm_color == chess.WHITE):
        score = 1.0
    else:
        score = 0.0
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = "vdmchess" if vdm_white else f"Stockfish {args.elo}"
    game.headers["Black"] = f"Stockfish {args.elo}" if vdm_white else "vdmchess"
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    game.headers["TimeControl"] = f"{args.base:g}+{args.inc:g}"
    return score, reason, game


def elo(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / p - 1) + 0.0  # + 0.0: no "-0" at an even score


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games (even: each opening twice)")
    ap.add_argument("--elo", type=int, default=2000)
    ap.add_argument("--tc", default="10+0.1", help="base seconds + increment seconds")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--plies", type=int, default=8, help="opening length in plies")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--engine", default=VDMCHESS + " uci")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--pgn", help="write the games to this file")
    args = ap.parse_args()
    base, _, inc = args.tc.partition("+")
    args.base, args.inc = float(base), float(inc or 0)

    pairs = (args.games + 1) // 2
    ops = openings(args.plies, pairs, args.seed)
    jobs = [(ops[i // 2], i % 2 == 0) for i in range(args.games)]
    print(f"load average before: {os.getloadavg()}", flush=True)
    print(f"vdmchess vs Stockfish UCI_Elo {args.elo}, {args.games} games at {args.tc}, "
          f"concurrency {args.concurrency}", flush=True)
    lock = threading.Lock()
    results = []

    def run(job_index):
        opening, vdm_white = jobs[job_index]
        score, reason, game = play_game(opening, vdm_white, args)
        with lock:
            results.append((job_index, score, reason, game))
            n = len(results)
            total = sum(r[1] for r in results)
            print(f"game {job_index + 1:3d} ({'white' if vdm_white else 'black'}): "
                  f"{game.headers['Result']} {reason:28s} score {total}/{n}", flush=True)

    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        list(pool.map(run, range(len(jobs))))

    results.sort()
    scores = [r[1] for r in results]
    n = len(scores)
    p = sum(scores) / n
    var = sum((s - p) ** 2 for s in scores) / n
    se = math.sqrt(var / n)
    lo, hi = p - 1.96 * se, p + 1.96 * se
    wins = scores.count(1.0)
    draws = scores.count(0.5)
    losses = scores.count(0.0)
    forfeits = sum(1 for r in results if r[2].startswith("time forfeit vdmchess"))
    print(f"load average after: {os.getloadavg()}")
    print(f"result: +{wins} ={draws} -{losses}, score {sum(scores)}/{n} = {100 * p:.1f}%")
    if var > 0:
        print(f"elo difference: {elo(p):+.0f} (95% interval {elo(lo):+.0f} .. {elo(hi):+.0f})")
    else:
        print(f"elo difference: {elo(p):+.0f} (no interval: every game scored the same)")
    print(f"vdmchess losses on time: {forfeits}")
    if args.pgn:
        with open(args.pgn, "w") as f:
            for r in results:
                print(r[3], file=f, end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
