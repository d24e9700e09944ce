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
- `--opponent "CMD"` plays against another UCI engine instead (for example the engine as it
  was before a change, built from an older commit), at its defaults and the same `--hash`;
  `--elo` is then ignored.
- `--option NAME=VALUE` sets a UCI option of vdmchess, `--opponent-option NAME=VALUE` one of
  the other engine (both may be given more than once): e.g. the same binary on both sides with
  `--opponent-option "SearchFeatures=-adaptive_time"` measures one feature on the clock.
- `--concurrency N` plays N games at once (each with its own two engine processes).
- A long match can be played in chunks: `--first K` starts at game K + 1 of the schedule
  (K even, so both games of an opening stay together), and `--results FILE` appends one JSON
  line per game (its number in the schedule, score, result, reason, and the match's
  settings). `--combine FILE ...` plays nothing and prints the score, Elo interval and
  losses on time of every game in the files together (a game played twice counts once, the
  last time), checking that they were played at the same settings.

Prints each game's result, then the score, the Elo difference with its 95% interval (from the
per-game score variance), wins/draws/losses, and losses on time. `--pgn FILE` writes the games.

Usage: python3 scripts/match.py [--games 100] [--elo 2000] [--tc 10+0.1] [--concurrency 1]
    [--first 0] [--results FILE] | --combine FILE ...
(after `cargo build --release`).
"""

import argparse
import json
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
    """Plays one game; returns (score for vdmchess, reason, pgn game, vdmchess's clock at the
    end and its mean time a move, in seconds)."""
    vdm = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    sf = chess.engine.SimpleEngine.popen_uci(shlex.split(args.opponent) if args.opponent else [STOCKFISH])
    try:
        vdm.configure({"Hash": args.hash, **options(args.option)})
        if args.opponent:
            sf.configure({"Hash": args.hash, **options(args.opponent_option)})
        else:
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
        vdm_side = chess.WHITE if vdm_white else chess.BLACK
        vdm_times = []
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
            spent = time.monotonic() - t0
            clock[side] -= spent
            if side == vdm_side:
                vdm_times.append(spent)
            if clock[side] < 0:
                result = "0-1" if side == chess.WHITE else "1-0"
                reason = "time forfeit " + ("vdmchess" if players[side] is vdm else "opponent")
                break
            clock[side] += inc
            if played.move is None or played.move not in board.legal_moves:
                result = "0-1" if side == chess.WHITE else "1-0"
                reason = "illegal move " + ("vdmchess" if players[side] is vdm else "opponent")
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
    game.headers["White"] = "vdmchess" if vdm_white else opponent_name(args)
    game.headers["Black"] = opponent_name(args) if vdm_white else "vdmchess"
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    game.headers["TimeControl"] = f"{args.base:g}+{args.inc:g}"
    mean = sum(vdm_times) / len(vdm_times) if vdm_times else 0.0
    return score, reason, game, clock[vdm_side], mean


def options(pairs):
    """`NAME=VALUE` strings as a dict of UCI options."""
    out = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            sys.exit(f"an option is NAME=VALUE, not {pair!r}")
        out[name] = value
    return out


def opponent_name(args):
    """How the games and the summary name the other side."""
    return args.opponent if args.opponent else f"Stockfish UCI_Elo {args.elo}"


def elo(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / p - 1) + 0.0  # + 0.0: no "-0" at an even score


def summary(scores, forfeits):
    """Prints the score, the Elo difference with its 95% interval and the losses on time."""
    n = len(scores)
    p = sum(scores) / n
    var = sum((s - p) ** 2 for s in scores) / n
    se = math.sqrt(var / n)
    lo, hi = p - 1.96 * se, p + 1.96 * se
    wins = scores.count(1.0)
    draws = scores.count(0.5)
    losses = scores.count(0.0)
    print(f"result: +{wins} ={draws} -{losses}, score {sum(scores)}/{n} = {100 * p:.1f}%")
    if var > 0:
        print(f"elo difference: {elo(p):+.0f} (95% interval {elo(lo):+.0f} .. {elo(hi):+.0f})")
    else:
        print(f"elo difference: {elo(p):+.0f} (no interval: every game scored the same)")
    print(f"vdmchess losses on time: {forfeits}")


def combine(paths):
    """The games of the chunks' --results files as one match."""
    games, settings = {}, set()
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    g = json.loads(line)
                    settings.add((g.get("opponent") or f"Stockfish UCI_Elo {g['elo']}", g["tc"],
                                  g["seed"], g["plies"], g["engine"]))
                    games[g["game"]] = g
    if not games:
        sys.exit("no games in " + ", ".join(paths))
    if len(settings) > 1:
        sys.exit(f"the files mix settings (opponent, tc, seed, plies, engine): {sorted(settings)}")
    opponent, tc, seed, plies, engine = settings.pop()
    numbers = sorted(games)
    print(f"vdmchess ({engine}) vs {opponent} at {tc}, openings seed {seed}: "
          f"{len(numbers)} games, schedule {numbers[0]} to {numbers[-1]}")
    scores = [games[k]["score"] for k in numbers]
    forfeits = sum(1 for k in numbers if games[k]["reason"].startswith("time forfeit vdmchess"))
    summary(scores, forfeits)
    return 0


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
    ap.add_argument("--opponent", help="command of another UCI engine to play instead of Stockfish")
    ap.add_argument("--option", action="append", metavar="NAME=VALUE", help="a UCI option of vdmchess")
    ap.add_argument("--opponent-option", action="append", metavar="NAME=VALUE",
                    help="a UCI option of the other engine (with --opponent)")
    ap.add_argument("--pgn", help="write the games to this file")
    ap.add_argument("--first", type=int, default=0, help="games of the schedule to skip (even)")
    ap.add_argument("--results", help="append one JSON line per game to this file")
    ap.add_argument("--combine", nargs="+", metavar="FILE", help="summarise --results files")
    args = ap.parse_args()
    if args.combine:
        return combine(args.combine)
    if args.first % 2:
        sys.exit("--first must be even (both games of an opening stay together)")
    base, _, inc = args.tc.partition("+")
    args.base, args.inc = float(base), float(inc or 0)

    pairs = (args.first + args.games + 1) // 2
    ops = openings(args.plies, pairs, args.seed)
    jobs = [(ops[i // 2], i % 2 == 0) for i in range(args.first, args.first + args.games)]
    print(f"load average before: {os.getloadavg()}", flush=True)
    print(f"vdmchess vs {opponent_name(args)}, {args.games} games at {args.tc} "
          f"(games {args.first + 1} to {args.first + args.games} of the schedule), "
          f"concurrency {args.concurrency}", flush=True)
    lock = threading.Lock()
    results = []

    def run(job_index):
        opening, vdm_white = jobs[job_index]
        score, reason, game, clock_end, mean_time = play_game(opening, vdm_white, args)
        number = args.first + job_index + 1
        with lock:
            results.append((job_index, score, reason, game))
            n = len(results)
            total = sum(r[1] for r in results)
            print(f"game {number:3d} ({'white' if vdm_white else 'black'}): "
                  f"{game.headers['Result']} {reason:28s} score {total}/{n}", flush=True)
            if args.results:
                with open(args.results, "a") as f:
                    print(json.dumps({
                        "game": number, "score": score, "result": game.headers["Result"],
                        "reason": reason, "vdmchess_white": vdm_white, "elo": args.elo,
                        "tc": args.tc, "seed": args.seed, "plies": args.plies,
                        "engine": args.engine, "opponent": opponent_name(args), "plies_played": len(game.end().board().move_stack),
                        "vdmchess_clock_end": round(clock_end, 3),
                        "vdmchess_mean_move_time": round(mean_time, 4),
                        "options": args.option or [], "opponent_options": args.opponent_option or [],
                    }), file=f, flush=True)

    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        list(pool.map(run, range(len(jobs))))

    results.sort()
    scores = [r[1] for r in results]
    forfeits = sum(1 for r in results if r[2].startswith("time forfeit vdmchess"))
    print(f"load average after: {os.getloadavg()}")
    summary(scores, forfeits)
    if args.pgn:
        with open(args.pgn, "w") as f:
            for r in results:
                print(r[3], file=f, end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
