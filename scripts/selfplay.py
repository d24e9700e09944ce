#!/usr/bin/env python3
"""A match of two versions of the engine (or any two UCI engines) at a fixed number of nodes a
move, python-chess's chess.engine as the client: how the engine's features and tunings are
decided.

Node-limited games do not depend on the machine's load, so the result is the same on a busy
machine as on a quiet one (each engine searches exactly `--nodes` nodes a move; ucinewgame
before each game). Openings as scripts/match.py takes them: the first `--plies` moves of
distinct master games in a fixed pseudo-random order, each played twice, once with each colour.
A game ends by the rules, by a claim the side to move could make (threefold, fifty moves), or
as a draw after `--max-plies`.

Prints each game, then the score of A, the Elo difference with its 95% interval (from the
per-game score variance) and wins/draws/losses. `--pgn FILE` appends each game to FILE as it
ends (the engines' own games, for example as training positions: `examples/texel.rs --games
DIR --write-fens` reads them).

Usage: python3 scripts/selfplay.py --a "CMD_A" --b "CMD_B" [--games 100] [--nodes 20000]
    [--a-option NAME=VALUE ...] [--b-option NAME=VALUE ...] [--pgn FILE]
"""

import argparse
import shlex
import sys

import chess
import chess.engine
import chess.pgn

from match import elo, openings, options


def play(opening, a_white, args):
    """Plays one game; returns the score of A, the result and the game."""
    a = chess.engine.SimpleEngine.popen_uci(shlex.split(args.a))
    b = chess.engine.SimpleEngine.popen_uci(shlex.split(args.b))
    try:
        for engine, pairs in ((a, args.a_option), (b, args.b_option)):
            engine.configure({"Hash": args.hash, **options(pairs)})
            engine.protocol.send_line("ucinewgame")
        board = chess.Board()
        for m in opening:
            board.push(m)
        players = {chess.WHITE: a if a_white else b, chess.BLACK: b if a_white else a}
        while True:
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                result = outcome.result()
                break
            if board.ply() >= args.max_plies:
                result = "1/2-1/2"
                break
            played = players[board.turn].play(board, chess.engine.Limit(nodes=args.nodes))
            if played.move is None or played.move not in board.legal_moves:
                result = "0-1" if board.turn == chess.WHITE else "1-0"
                break
            board.push(played.move)
    finally:
        a.quit()
        b.quit()
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"selfplay {args.nodes} nodes a move"
    game.headers["White"] = "A" if a_white else "B"
    game.headers["Black"] = "B" if a_white else "A"
    game.headers["Result"] = result
    if result == "1/2-1/2":
        return 0.5, result, game
    return (1.0 if (result == "1-0") == a_white else 0.0), result, game


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", required=True, help="command of engine A")
    ap.add_argument("--b", required=True, help="command of engine B")
    ap.add_argument("--a-option", action="append", default=[], help="NAME=VALUE for A")
    ap.add_argument("--b-option", action="append", default=[], help="NAME=VALUE for B")
    ap.add_argument("--games", type=int, default=100, help="games (even: each opening twice)")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--pgn", help="append each game to this file")
    args = ap.parse_args()
    ops = openings(args.plies, (args.games + 1) // 2, args.seed)
    scores = []
    for i in range(args.games):
        a_white = i % 2 == 0
        score, result, game = play(ops[i // 2], a_white, args)
        if args.pgn:
            with open(args.pgn, "a") as f:
                print(game, file=f, end="\n\n")
        scores.append(score)
        print(f"game {i + 1:3d} (A {'white' if a_white else 'black'}): {result:7s} "
              f"A {sum(scores)}/{len(scores)}", flush=True)
    n = len(scores)
    p = sum(scores) / n
    var = sum((s - p) ** 2 for s in scores) / n
    se = (var / n) ** 0.5
    print(f"result A: +{scores.count(1.0)} ={scores.count(0.5)} -{scores.count(0.0)}, "
          f"score {sum(scores)}/{n} = {100 * p:.1f}%")
    if var > 0:
        print(f"elo difference A - B: {elo(p):+.0f} "
              f"(95% interval {elo(p - 1.96 * se):+.0f} .. {elo(p + 1.96 * se):+.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
