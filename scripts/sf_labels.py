#!/usr/bin/env python3
"""Labels the Texel tuner's quiet positions with Stockfish's scores, for
`cargo run --release --example texel -- --labels FILE`.

Input: the FENs the tuner writes with `--write-fens FILE` (one a line). Output: one line a
position, its FEN and Stockfish's score in centipawns for White (an integer), a mate clipped to
+/- `--clip`. Each position is searched from scratch of its own, `go depth D` (or `go nodes N`),
by `--procs` Stockfish processes (Threads 1, `--hash` MB each), every `--every`-th FEN of the
input only, in a fixed random order (a run stopped early has labelled a random sample of
them). A position is its FEN's first four fields (the move counters aside), searched once
however many games reach it. Lines already in OUT are kept and their positions not searched
again, so an interrupted run continues where it stopped, and new positions (the engine's own
games, say) are added to an existing labels file by giving it as OUT.

The labels are Stockfish's output, computed by your own run; they are not part of the
repository. Made for the README's row with:

    cargo run --release --example texel -- --write-fens /tmp/quiet.fens
    nice -n 19 python3 scripts/sf_labels.py --fens /tmp/quiet.fens --out /tmp/sf.labels \\
        --every 4 --depth 10 --procs 2

Usage: python3 scripts/sf_labels.py --fens FILE --out FILE [--every N] [--depth D | --nodes N]
    [--procs P] [--stockfish PATH] [--clip CP] [--hash MB]
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import threading
import time


class Stockfish:
    """One Stockfish process spoken to in plain UCI."""

    def __init__(self, path, hash_mb):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait_for(self, word):
        for line in self.p.stdout:
            if line.split()[:1] == [word]:
                return line
        raise RuntimeError(f"Stockfish ended before {word!r}")

    def score(self, fen, go, clip):
        """Stockfish's score of `fen` for White in centipawns, mates clipped to +/- clip."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(go)
        cp = None
        for line in self.p.stdout:
            words = line.split()
            if words[:1] == ["bestmove"]:
                break
            if words[:1] != ["info"] or "score" not in words:
                continue
            if "lowerbound" in words or "upperbound" in words:
                continue
            i = words.index("score")
            kind, value = words[i + 1], int(words[i + 2])
            if kind == "cp":
                cp = max(-clip, min(clip, value))
            elif kind == "mate":
                cp = clip if value > 0 else -clip
        else:
            raise RuntimeError("Stockfish ended in a search")
        if cp is None:
            raise RuntimeError(f"no score for {fen}")
        white = fen.split()[1] == "w"
        return cp if white else -cp

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fens", required=True, help="the tuner's --write-fens output")
    ap.add_argument("--out", required=True, help="the labels file (appended to)")
    ap.add_argument("--every", type=int, default=1, help="label every N-th FEN only")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--nodes", type=int, help="go nodes N instead of go depth")
    ap.add_argument("--procs", type=int, default=1, help="Stockfish processes (one a core at most)")
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--clip", type=int, default=2000, help="mates and larger scores clipped to this")
    ap.add_argument("--hash", type=int, default=16)
    args = ap.parse_args()
    if not os.path.exists(args.stockfish):
        sys.exit(f"no Stockfish at {args.stockfish} (give --stockfish PATH)")
    go = f"go nodes {args.nodes}" if args.nodes else f"go depth {args.depth}"

    with open(args.fens) as f:
        fens = [line.strip() for n, line in enumerate(f) if n % max(args.every, 1) == 0]
    fens = [fen for fen in fens if fen]
    def key(fen):
        return " ".join(fen.split()[:4])

    done = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = {key(line.rsplit(None, 1)[0]) for line in f if line.strip() and not line.startswith("#")}
    # A position met in several games is searched once (the tuner labels each of them).
    firsts = {}
    for fen in fens:
        firsts.setdefault(key(fen), fen)
    todo = [fen for k, fen in firsts.items() if k not in done]
    # In a fixed random order, so that a run stopped early has labelled a random sample.
    random.Random(1).shuffle(todo)
    unique = len(firsts)
    print(f"{unique} distinct positions, {unique - len(todo)} labelled before, {len(todo)} to do ({go})",
          file=sys.stderr)

    out = open(args.out, "a")
    lock = threading.Lock()
    count = [0]
    t0 = time.time()
    errors = []

    def work(shard):
        try:
            sf = Stockfish(args.stockfish, args.hash)
            for fen in shard:
                cp = sf.score(fen, go, args.clip)
                with lock:
                    out.write(f"{fen} {cp}\n")
                    count[0] += 1
                    if count[0] % 5000 == 0:
                        rate = count[0] / (time.time() - t0)
                        left = (len(todo) - count[0]) / rate
                        print(f"{count[0]} labelled, {rate:.0f}/s, about {left / 60:.0f} min left",
                              file=sys.stderr)
                        out.flush()
            sf.quit()
        except Exception as e:  # reported after the others finish
            errors.append(e)

    threads = [threading.Thread(target=work, args=(todo[i::args.procs],)) for i in range(args.procs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.close()
    print(f"{count[0]} labelled in {time.time() - t0:.0f} s", file=sys.stderr)
    if errors:
        sys.exit(f"error: {errors[0]}")


if __name__ == "__main__":
    main()
