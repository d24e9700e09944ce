"""The Python package's figures (MEASUREMENTS.md, "From Python"), side by side in one run.

    python3 scripts/bench_python.py [--repeats 5] [--spark-copies 8]

Needs the vdmchess wheel installed (pip install ./python), python-chess 1.11,
rust-pgn-reader-python-binding 4.1.0, pyarrow, and for the Spark figure pyspark, pandas and
Java, plus the release CLI (target/release/vdmchess). Every figure is the median of
`--repeats` runs, the contenders interleaved; ratios are ratios of those medians. The load
average is printed before and after, since the machine may be shared.
"""

import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python" / "tests"))

from conftest import GAMES, split_games  # noqa: E402


def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def median_times(contenders, repeats):
    """{name: median seconds} of the contenders, run interleaved `repeats` times."""
    times = {name: [] for name in contenders}
    results = {}
    for _ in range(repeats):
        for name, fn in contenders.items():
            t, results[name] = timed(fn)
            times[name].append(t)
    return {name: statistics.median(ts) for name, ts in times.items()}, results


def movetexts():
    out = []
    for path in GAMES:
        out.extend(m for _, m in split_games(path))
    return out


def python_chess_replay(texts):
    import io

    import chess.pgn

    plies = 0
    for text in texts:
        game = chess.pgn.read_game(io.StringIO(text))
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
    return plies


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--python-chess-games", type=int, default=1000)
    parser.add_argument("--spark-copies", type=int, default=8)
    parser.add_argument("--no-spark", action="store_true")
    parser.add_argument("--only-spark", action="store_true")
    args = parser.parse_args()
    if args.only_spark:
        print(f"load average at start: {load()}")
        spark(movetexts(), args)
        print(f"load average at end: {load()}")
        return

    import chess
    import pyarrow as pa
    import rust_pgn_reader_python_binding as rpr

    import vdmchess

    print(f"load average at start: {load()}")
    texts = movetexts()
    n = len(texts)
    array = pa.array(texts, pa.large_string())
    chunked = pa.chunked_array([pa.array(texts, pa.string())])
    some = texts[: args.python_chess_games]
    k = len(some)
    print(f"{n} bundled games; python-chess replays the first {k}")

    # 1. replay_movetext, one thread, against python-chess read_game + push.
    med, res = median_times({
        "vdmchess": lambda: vdmchess.replay_movetext(texts[:k], jobs=1),
        "python-chess": lambda: python_chess_replay(some),
    }, args.repeats)
    assert sum(res["vdmchess"].column("plies").to_pylist()) == res["python-chess"]
    v, p = k / med["vdmchess"], k / med["python-chess"]
    print(f"replay_movetext jobs=1: {v:,.0f} games/s; python-chess 1.11: {p:,.0f} games/s; "
          f"{v / p:.0f}x")

    # 2. replay_movetext against rust-pgn-reader-python-binding, 1 and 2 threads, all games.
    for threads in (1, 2):
        med, res = median_times({
            "vdmchess": lambda: vdmchess.replay_movetext(array, jobs=threads),
            "rust-pgn-reader": lambda: rpr.parse_games(chunked, num_threads=threads),
        }, args.repeats)
        ours, theirs = res["vdmchess"], res["rust-pgn-reader"]
        v, r = n / med["vdmchess"], n / med["rust-pgn-reader"]
        print(f"threads={threads}: replay_movetext {v:,.0f} games/s "
              f"(a table: valid, plies, error, final FEN, termination, claims, UCI moves); "
              f"rust-pgn-reader 4.1.0 {r:,.0f} games/s ({theirs.num_games} games, "
              f"{theirs.num_positions} positions as board arrays); {v / r:.2f}x")
        assert ours.num_rows == theirs.num_games == n

    # 3. push_san + fen per move, vdmchess.Board against chess.Board.
    import io

    import chess.pgn

    sans = []
    for text in texts[:300]:
        game = chess.pgn.read_game(io.StringIO(text))
        board = game.board()
        line = []
        for move in game.mainline_moves():
            line.append(board.san(move))
            board.push(move)
        sans.append(line)
    moves = sum(len(s) for s in sans)

    def push_all(module):
        for line in sans:
            board = module.Board()
            for san in line:
                board.push_san(san)
                board.fen()

    med, _ = median_times({
        "vdmchess": lambda: push_all(vdmchess),
        "python-chess": lambda: push_all(chess),
    }, args.repeats)
    v, p = med["vdmchess"] / moves * 1e6, med["python-chess"] / moves * 1e6
    print(f"push_san + fen: vdmchess {v:.2f} us/move, python-chess {p:.2f} us/move; {p / v:.1f}x")

    if not args.no_spark:
        spark(texts, args)
    print(f"load average at end: {load()}")


def spark(texts, args):
    """Spark local[2] against one Python process with jobs=1 on the same Parquet file, and
    the cost per game against the CLI on the same games as PGN."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    import vdmchess

    cli = ROOT / "target" / "release" / "vdmchess"
    recipe = ROOT / "python" / "recipes" / "spark_lichess.py"
    submit = shutil.which("spark-submit")
    tmp = pathlib.Path(tempfile.mkdtemp())
    rows = texts * args.spark_copies
    n = len(rows)
    table = pa.table({"Result": pa.array(["*"] * n), "movetext": pa.array(rows)})
    source = tmp / "games.parquet"
    pq.write_table(table, source, row_group_size=20_000)
    pgn = tmp / "games.pgn"
    with open(pgn, "w") as f:
        for text in rows:
            f.write('[Result "*"]\n\n' + text + "\n\n")
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable,
               PYSPARK_DRIVER_PYTHON=sys.executable)

    def run_spark():
        out = tmp / "spark-out"
        # Splits of 16 MB (the file's row groups of 20,000 games are about 5 MB): one task
        # per core at least, as a Lichess month (tens of GB) has without asking.
        subprocess.run([submit, "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                        "--conf", "spark.sql.files.maxPartitionBytes=16m",
                        "--conf", "spark.sql.execution.arrow.maxRecordsPerBatch=20000",
                        str(recipe), str(source), str(out)], env=env, check=True,
                       capture_output=True)

    def run_one_process():
        sys.path.insert(0, str(recipe.parent))
        import spark_lichess

        parquet = pq.ParquetFile(source)
        out = tmp / "one.parquet"
        writer = None
        for batch in parquet.iter_batches(batch_size=20_000):
            for result in spark_lichess.replay_batches([batch], jobs=1):
                if writer is None:
                    writer = pq.ParquetWriter(out, result.schema)
                writer.write_batch(result)
        writer.close()

    def run_cli():
        subprocess.run([str(cli), "replay", "--jobs", "1", str(pgn)], check=True,
                       capture_output=True)

    med, _ = median_times({
        "spark": run_spark,
        "one": run_one_process,
        "cli": run_cli,
        "movetext": lambda: vdmchess.replay_movetext(table.column("movetext"), jobs=1),
    }, args.repeats)
    per = {k: v / n * 1e6 for k, v in med.items()}
    print(f"Spark local[2] on {n:,} games ({source.stat().st_size / 1e6:.0f} MB Parquet): "
          f"{med['spark']:.1f} s; one process jobs=1 (Parquet in and out): {med['one']:.1f} s; "
          f"{med['one'] / med['spark']:.2f}x")
    print(f"cost per game: Spark local[2] {per['spark']:.1f} us wall ({2 * per['spark']:.1f} core-us), "
          f"one process {per['one']:.1f} us, replay_movetext alone {per['movetext']:.1f} us, "
          f"CLI --jobs 1 {per['cli']:.1f} us")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
