"""The bundled master games (spec/conformance/games/*.pgn), read with python-chess, for the
scripts that take openings or middlegame positions from them."""

import glob
import os

import chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def master_games():
    """Each game from the standard start position, in file order, as a python-chess game."""
    for path in sorted(glob.glob(os.path.join(ROOT, "spec", "conformance", "games", "*.pgn"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                if game.headers.get("FEN") or game.headers.get("Variant"):
                    continue
                yield game
