"""The Python package's figures (MEASUREMENTS.md, "From Python"), side by side in one run.

    python3 scripts/bench_python.py [--repeats 5] [--no-spark | --only-spark]
    python3 scripts/bench_python.py --only-spark --prepare-only   # make the Spark data first
    python3 scripts/bench_python.py --only-spark --repeats 3 [--spark-games N] [--engine-io arrow,spark]

Needs the vdmchess wheel installed (pip install ./python), python-chess 1.11,
rust-pgn-reader-python-binding 4.1.0, pyarrow, and for the Spark figure pyspark and Java,
plus the release CLI (target/release/vdmchess). The Spark figure's data (--spark-games rows,
about 280 bytes of Parquet and 600 of PGN a game) is kept in --workdir: delete it after. Every figure is the median of
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
    parser.add_argument("--spark-games", type=int, default=4_000_000,
                        help="games in the Spark figure's Parquet file")
    parser.add_argument("--engine-io", default="arrow",
                        help="the recipe's --engine-io modes to time, comma-separated (arrow,spark)")
    parser.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "vdmchess-bench"),
                        help="where the Spark figure's data is made (once) and kept")
    parser.add_argument("--prepare-only", action="store_true",
                        help="make the Spark figure's data and stop (untimed, so that it can run "
                             "outside a measurement)")
    parser.add_argument("--no-spark", action="store_true")
    parser.add_argument("--only-spark", action="store_true")
    args = parser.parse_args()
    if args.only_spark or args.prepare_only:
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


def spark_data(texts, args):
    """The Spark figure's inputs in --workdir, made once: the bundled games repeated to
    --spark-games rows as Lichess-style Parquet (Result and movetext; row groups of 20,000
    games) and the same games as one PGN file for the CLI."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    work = pathlib.Path(args.workdir)
    work.mkdir(parents=True, exist_ok=True)
    n = args.spark_games
    source = work / f"games-{n}.parquet"
    pgn = work / f"games-{n}.pgn"
    if not source.exists() or not pgn.exists():
        rows = (texts * (n // len(texts) + 1))[:n]
        with pq.ParquetWriter(source, pa.schema([("Result", pa.string()),
                                                 ("movetext", pa.string())])) as writer:
            for at in range(0, n, 20_000):
                part = rows[at:at + 20_000]
                writer.write_table(pa.table({"Result": ["*"] * len(part), "movetext": part}))
        with open(pgn, "w") as f:
            for text in rows:
                f.write('[Result "*"]\n\n' + text + "\n\n")
    return source, pgn


def spark(texts, args):
    """Spark local[2] (spark-submit, the whole run) against one Python process with jobs=1
    (the same recipe with --no-spark: the same work units one after another, Parquet in and
    out), and the cost per game against the CLI on the same games as PGN."""
    import pyarrow.parquet as pq

    import pyarrow
    import pyspark

    import vdmchess

    source, pgn = spark_data(texts, args)
    if args.prepare_only:
        return
    n = pq.ParquetFile(source).metadata.num_rows
    cli = ROOT / "target" / "release" / "vdmchess"
    recipe = ROOT / "python" / "recipes" / "spark_lichess.py"
    here = pathlib.Path(sys.executable).parent / "spark-submit"  # this environment's pyspark
    submit = str(here) if here.exists() else shutil.which("spark-submit")
    out = pathlib.Path(args.workdir) / "out"
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable,
               PYSPARK_DRIVER_PYTHON=sys.executable)
    spark_cmd = [submit, "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                 "--conf", "spark.driver.host=127.0.0.1"]
    commands = {
        f"spark-{io}": spark_cmd + [str(recipe), "--engine-io", io, str(source), str(out)]
        for io in args.engine_io.split(",")
    }
    commands["one"] = [sys.executable, str(recipe), "--no-spark", str(source), str(out)]
    commands["cli"] = [str(cli), "replay", "--jobs", "1", str(pgn)]
    for name, cmd in commands.items():
        print(f"{name}: {' '.join(cmd)}")

    def runner(cmd):
        return lambda: subprocess.run(cmd, env=env, check=True, capture_output=True)

    contenders = {name: runner(cmd) for name, cmd in commands.items()}
    column = pq.read_table(source, columns=["movetext"]).column("movetext")
    sample = column.slice(0, min(n, 1_000_000))
    contenders["movetext"] = lambda: vdmchess.replay_movetext(sample, jobs=1)
    med, _ = median_times(contenders, args.repeats)
    per = {k: v / n * 1e6 for k, v in med.items()}
    per["movetext"] = med["movetext"] / len(sample) * 1e6
    print(f"pyspark {pyspark.__version__}, pyarrow {pyarrow.__version__}; {n:,} games, "
          f"{source.stat().st_size / 1e6:.0f} MB of Parquet; medians of {args.repeats}")
    for name in commands:
        if name.startswith("spark-"):
            print(f"{name} local[2]: {med[name]:.1f} s ({per[name]:.1f} us a game of wall clock, "
                  f"{2 * per[name]:.1f} core-us); one process: {med['one']:.1f} s; "
                  f"{med['one'] / med[name]:.2f}x")
    print(f"cost per game: one process {per['one']:.1f} us, replay_movetext alone "
          f"{per['movetext']:.1f} us (on {len(sample):,} games), CLI --jobs 1 {per['cli']:.1f} us")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
