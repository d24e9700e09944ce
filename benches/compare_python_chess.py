#!/usr/bin/env python3
"""Model perft versus python-chess perft, side by side, on the same positions.

Both count the leaves of the legal move tree with the last ply counted in bulk (the number of
legal moves, without playing them). Prints nodes/s of each (median of --runs runs) and the
ratio model / python-chess. Needs python-chess (`pip install chess`) and cargo.

    python3 benches/compare_python_chess.py            # start d5, Kiwipete d4, position 3 d5
    python3 benches/compare_python_chess.py --quick    # one ply less each
    python3 benches/compare_python_chess.py --contracts-off   # also the model built without
                                                              # its contract checks (the cost)
"""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import chess

POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
]


def python_perft(board: chess.Board, depth: int) -> int:
    """Leaf count with bulk counting of the last ply (our own few lines over python-chess)."""
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_perft(board, depth - 1)
        board.pop()
    return nodes


def time_python(fen: str, depth: int, runs: int) -> tuple[int, float]:
    times, nodes = [], 0
    for _ in range(runs):
        board = chess.Board(fen)
        t = time.perf_counter()
        nodes = python_perft(board, depth)
        times.append(time.perf_counter() - t)
    return nodes, statistics.median(times)


def time_model(jobs: list[tuple[str, int]], runs: int, contracts: bool = True) -> list[tuple[int, float]]:
    root = Path(__file__).resolve().parent.parent
    args = ["cargo", "bench", "--quiet", "--bench", "model_nps"]
    if not contracts:
        # the default feature `contracts` checks the model's postconditions on every move
        args.append("--no-default-features")
    args += ["--", "--runs", str(runs)]
    for fen, depth in jobs:
        args += [str(depth), fen]
    out = subprocess.run(args, cwd=root, check=True, capture_output=True, text=True).stdout
    results = []
    for line in out.splitlines():
        words = line.split()
        if words and words[0] == "nodes":
            results.append((int(words[1]), float(words[3])))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per position (median)")
    parser.add_argument("--quick", action="store_true", help="one ply less per position")
    parser.add_argument("--contracts-off", action="store_true",
                        help="also time the model built with --no-default-features")
    opts = parser.parse_args()
    jobs = [(fen, depth - opts.quick) for _, fen, depth in POSITIONS]
    model = time_model(jobs, opts.runs)
    unchecked = time_model(jobs, opts.runs, contracts=False) if opts.contracts_off else [None] * len(jobs)
    header = f"{'position':<12} {'depth':>5} {'nodes':>10} {'model Mnps':>11} {'python Mnps':>12} {'ratio':>7}"
    if opts.contracts_off:
        header += f" {'unchecked Mnps':>15} {'checks cost':>12}"
    print(header)
    ratios = []
    for (name, fen, _), (_, depth), (m_nodes, m_secs), off in zip(POSITIONS, jobs, model, unchecked):
        p_nodes, p_secs = time_python(fen, depth, opts.runs)
        if p_nodes != m_nodes:
            print(f"{name}: node counts differ: model {m_nodes}, python-chess {p_nodes}")
            return 1
        m_nps, p_nps = m_nodes / m_secs, p_nodes / p_secs
        ratios.append(m_nps / p_nps)
        line = f"{name:<12} {depth:>5} {m_nodes:>10} {m_nps / 1e6:>11.3f} {p_nps / 1e6:>12.3f} {m_nps / p_nps:>7.2f}"
        if off is not None:
            off_nps = off[0] / off[1]
            line += f" {off_nps / 1e6:>15.3f} {off_nps / m_nps:>11.2f}x"
        print(line)
    print(f"median ratio model / python-chess: {statistics.median(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
