#!/usr/bin/env python3
"""Recomputes the python-chess oracle of spec/conformance/{games,pgn}/*.expected.jsonl.

Usage: python3 scripts/conformance_expected.py [--write]

How each record is made (python-chess 1.11.2, the version that made the original files):
the file is decoded as UTF-8 (a byte order mark dropped), or as Latin-1 when it is not
UTF-8; `chess.pgn.read_game` reads game after game (its errors are `game.errors`); the
mainline moves are pushed on `game.board()` (the FEN tag's position, Chess960 from the
Variant tag), and the final board gives:

- `plies`, `final_fen`: `len(board.move_stack)`, `board.fen()`;
- `checkmate`, `stalemate`, `insufficient_material`: the board's predicates;
- `threefold_repetition`: `board.is_repetition(3)` (counted from the game's start);
- `outcome` (added by this script): the termination of `board.outcome()` in lower case
  (`checkmate`, `insufficient_material`, `stalemate`, `seventyfive_moves`,
  `fivefold_repetition`), or null. python-chess checks them in this order, and claimable
  draws (threefold, fifty moves) are not outcomes unless claimed.

The fields of the original files are recomputed and must be unchanged (the script stops at
the first difference); only the `outcome` field is added, after them. Without `--write` it
checks and reports; with it, it rewrites the files.
"""

import glob
import io
import json
import os
import sys

import chess
import chess.pgn

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
RECOMPUTED = ["plies", "final_fen", "checkmate", "stalemate", "insufficient_material",
              "threefold_repetition"]


def decode(raw):
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return text[1:] if text.startswith("\ufeff") else text


def final_boards(path):
    with open(path, "rb") as f:
        stream = io.StringIO(decode(f.read()))
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            return
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        yield board


def facts(board):
    outcome = board.outcome()
    return {
        "plies": len(board.move_stack),
        "final_fen": board.fen(),
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "insufficient_material": board.is_insufficient_material(),
        "threefold_repetition": board.is_repetition(3),
        "outcome": outcome.termination.name.lower() if outcome else None,
    }


def main():
    write = "--write" in sys.argv[1:]
    if chess.__version__ != "1.11.2":
        sys.exit(f"python-chess {chess.__version__}: the oracle was made with 1.11.2")
    outcomes = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "spec/conformance/*/*.pgn"))):
        oracle = path[:-len(".pgn")] + ".expected.jsonl"
        with open(oracle, encoding="utf-8") as f:
            records = [json.loads(line) for line in f]
        boards = list(final_boards(path))
        if len(boards) != len(records):
            sys.exit(f"{oracle}: {len(boards)} games, {len(records)} records")
        for record, board in zip(records, boards):
            new = facts(board)
            for field in RECOMPUTED:
                if record[field] != new[field]:
                    sys.exit(f"{oracle}#{record['index']}: {field} {record[field]!r} "
                             f"recomputed as {new[field]!r}")
            record["outcome"] = new["outcome"]
            outcomes[new["outcome"]] = outcomes.get(new["outcome"], 0) + 1
        if write:
            with open(oracle, "w", encoding="utf-8") as f:
                for record in records:
                    f.write(json.dumps(record, ensure_ascii=False) + "\n")
    print("outcomes:", ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items(), key=str)))
    print("written" if write else "checked (use --write to rewrite the files)")


if __name__ == "__main__":
    main()
