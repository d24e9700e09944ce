#!/usr/bin/env python3
"""Writes a Lichess-style PGN file made from PGN games: every mainline move followed by a
comment such as `{ [%eval 0.17] [%clk 0:02:59] }`, with `N...` move numbers after the comments
of White's moves, as Lichess exports games with evaluations and clocks.

The moves and tags are the input's (comments, NAGs and variations of the input are dropped);
the evaluations and clocks are made up, deterministically, so the output is the same on every
run. Standard library only.

Usage: scripts/make_lichess_style.py OUT.pgn IN.pgn...
       (scripts/bench_replay_peers.sh makes it from spec/conformance/games/*.pgn)
"""
import random
import re
import sys

RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
MOVE_NUMBER = re.compile(r"^\d+\.+$")


def tokens(movetext):
    """The mainline tokens of a game's movetext: moves and the result."""
    out = []
    i, n, depth = 0, len(movetext), 0
    while i < n:
        c = movetext[i]
        if c == "{":
            j = movetext.find("}", i)
            i = n if j < 0 else j + 1
        elif c == ";":
            j = movetext.find("\n", i)
            i = n if j < 0 else j + 1
        elif c == "(":
            depth += 1
            i += 1
        elif c == ")":
            depth = max(0, depth - 1)
            i += 1
        elif c.isspace():
            i += 1
        else:
            j = i
            while j < n and not movetext[j].isspace() and movetext[j] not in "{}();":
                j += 1
            word = movetext[i:j]
            i = j
            if depth > 0 or word.startswith("$"):
                continue
            word = re.sub(r"^\d+\.+", "", word).rstrip("!?")
            if word and not MOVE_NUMBER.match(word):
                out.append(word)
    return out


def games(paths):
    """(tag lines, movetext) of each game, split at a tag line after movetext."""
    for path in paths:
        with open(path, encoding="latin-1") as f:
            tags, moves = [], []
            for line in f:
                if line.startswith("[") and moves and any(m.strip() for m in moves):
                    yield tags, "".join(moves)
                    tags, moves = [], []
                if line.startswith("[") and not moves:
                    tags.append(line.rstrip("\r\n"))
                elif line.strip() or moves:
                    moves.append(line)
            if tags or moves:
                yield tags, "".join(moves)


def main():
    out_path, paths = sys.argv[1], sys.argv[2:]
    rng = random.Random(8)
    with open(out_path, "w", encoding="latin-1") as out:
        for tags, movetext in games(paths):
            words = tokens(movetext)
            result = words.pop() if words and words[-1] in RESULTS else "*"
            eval_cp, clocks = 20, [180, 180]
            parts = []
            for ply, san in enumerate(words):
                eval_cp += rng.randint(-40, 40)
                clocks[ply % 2] = max(0, clocks[ply % 2] - rng.randint(0, 6))
                clk = clocks[ply % 2]
                number = ply // 2 + 1
                if ply % 2 == 0:
                    parts.append(f"{number}.")
                else:
                    parts.append(f"{number}...")
                parts.append(san)
                parts.append(
                    f"{{ [%eval {eval_cp / 100:.2f}] [%clk {clk // 3600}:{clk // 60 % 60:02}:{clk % 60:02}] }}"
                )
            parts.append(result)
            out.write("\n".join(tags) + "\n\n" + " ".join(parts) + "\n\n")


if __name__ == "__main__":
    main()
