"""Replay the Lichess database on Apache Spark with vdmchess.

    spark-submit --master 'local[*]' python/recipes/spark_lichess.py IN... OUT

IN: Parquet files (or folders) with the Lichess database's columns (``Event``, ``Site``,
``White``, ``Black``, ``Result``, ``WhiteElo``, ``BlackElo``, ``UTCDate``, ``UTCTime``, ``ECO``,
``Opening``, ``Termination``, ``TimeControl``, ``movetext``; only ``movetext`` and ``Result``
are needed), or PGN files (``.pgn``, ``.pgn.zst``, ``.pgn.gz``), one task per file, streamed by
the crate's reader.

OUT: Parquet with the input columns (for PGN: ``file``, ``index``, ``Result``) and ``valid``,
``plies``, ``error``, ``final_fen``, ``rule_termination`` (the replay's ``termination``:
Lichess's own ``Termination`` column clashes with that name in Spark, whose column names are
case-insensitive) and ``result_agrees`` (the ``Result``
column agrees with a game that ended by rule: 1-0 or 0-1 for the checkmating side, 1/2-1/2
for a draw by rule; null when no rule ended the game).

Each task replays its Arrow batches with ``vdmchess.replay_movetext`` (no Python loop over
the games, no GIL held while replaying). Nothing here names a machine: the same script runs
on a cluster with ``--master spark://HOST:7077``, ``--master yarn`` or ``--master k8s://...``,
given the vdmchess wheel on the executors (``pip install`` it in their image, or ship a
packed virtual environment with ``--archives``).
"""

from __future__ import annotations

import argparse
import sys

#: The columns the replay adds, and their Spark types.
ADDED = [
    ("valid", "boolean"),
    ("plies", "int"),
    ("error", "string"),
    ("final_fen", "string"),
    # The replay's `termination` (checkmate, stalemate, ...), renamed: Spark's column names
    # are case-insensitive, and the Lichess database has its own `Termination` (Normal,
    # Time forfeit, ...).
    ("rule_termination", "string"),
    ("result_agrees", "boolean"),
]


def _added_arrays(table, results):
    """The added columns for a replayed table and the ``Result`` strings beside it."""
    import pyarrow as pa
    import pyarrow.compute as pc

    termination = table.column("termination")
    side_to_move = pc.list_element(pc.split_pattern(table.column("final_fen"), " "), 1)
    # Checkmated: the side to move lost.
    decisive = pc.if_else(pc.equal(side_to_move, "w"), "0-1", "1-0")
    by_rule = pc.if_else(
        pc.equal(termination, "checkmate"),
        decisive,
        pa.scalar("1/2-1/2"),
    )
    # Null where no rule ended the game (termination is null).
    by_rule = pc.if_else(pc.is_valid(termination), by_rule, pa.scalar(None, pa.string()))
    agrees = pc.equal(results, by_rule)
    names = ["valid", "plies", "error", "final_fen", "termination"]
    columns = [table.column(name) for name in names] + [agrees]
    return [c.combine_chunks() if isinstance(c, pa.ChunkedArray) else c for c in columns]


def _cast_like(array, string_type):
    """Strings as the type Spark hands its batches in (string or large_string)."""
    import pyarrow as pa

    return array.cast(string_type) if pa.types.is_string(array.type) else array


def replay_batches(batches, jobs=1):
    """mapInArrow over Lichess rows: each batch's movetext column replayed at once."""
    import pyarrow as pa
    import vdmchess

    for batch in batches:
        table = vdmchess.replay_movetext(batch.column("movetext"), jobs=jobs)
        results = batch.column("Result")
        string_type = batch.schema.field("movetext").type
        added = [_cast_like(a, string_type) for a in _added_arrays(table, results)]
        yield pa.RecordBatch.from_arrays(
            list(batch.columns) + added,
            names=list(batch.schema.names) + [name for name, _ in ADDED],
        )


def replay_files(batches, jobs=1, rows_per_batch=8192):
    """mapInArrow over PGN file names: each file replayed by the crate's streaming runner."""
    import pyarrow as pa
    import vdmchess

    def emit(reports, string_type):
        results = pa.array([r["result"] for r in reports], pa.string())
        table = pa.table({
            "valid": pa.array([r["error"] is None for r in reports], pa.bool_()),
            "plies": pa.array([r["plies"] for r in reports], pa.int32()),
            "error": pa.array([r["error"] and r["error"]["message"] for r in reports], pa.string()),
            "final_fen": pa.array([r["final_fen"] for r in reports], pa.string()),
            "termination": pa.array(
                [None if r["status"] == "ongoing" else r["status"] for r in reports], pa.string()),
        })
        head = [
            pa.array([r["file"] for r in reports], pa.string()),
            pa.array([r["index"] for r in reports], pa.int64()),
            results,
        ]
        columns = head + _added_arrays(table, results)
        return pa.RecordBatch.from_arrays(
            [_cast_like(c, string_type) for c in columns],
            names=["file", "index", "Result"] + [name for name, _ in ADDED],
        )

    for batch in batches:
        string_type = batch.schema.field("path").type
        for path in batch.column("path").to_pylist():
            reports = []
            for report in vdmchess.replay(path, jobs=jobs):
                reports.append(report)
                if len(reports) == rows_per_batch:
                    yield emit(reports, string_type)
                    reports = []
            if reports:
                yield emit(reports, string_type)


def _is_pgn(name):
    return any(name.endswith(ext) for ext in (".pgn", ".pgn.zst", ".pgn.gz", ".zst", ".gz"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", metavar="IN", help="Parquet files or folders, or PGN files")
    parser.add_argument("output", metavar="OUT", help="the Parquet folder to write")
    parser.add_argument("--jobs", type=int, default=1, help="threads per task (default 1: Spark's tasks are the parallelism)")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession
    from pyspark.sql import types as T

    spark = SparkSession.builder.appName("vdmchess-lichess").getOrCreate()
    jobs = args.jobs
    added = ", ".join(f"{name} {kind}" for name, kind in ADDED)
    if all(_is_pgn(name) for name in args.inputs):
        paths = spark.createDataFrame([(p,) for p in args.inputs], "path string")
        paths = paths.repartition(len(args.inputs))
        out = paths.mapInArrow(
            lambda batches: replay_files(batches, jobs),
            f"file string, index long, Result string, {added}",
        )
    elif any(_is_pgn(name) for name in args.inputs):
        parser.error("give either Parquet or PGN inputs, not both")
    else:
        games = spark.read.parquet(*args.inputs)
        spark_type = {"boolean": T.BooleanType(), "int": T.IntegerType(), "string": T.StringType()}
        schema = T.StructType(
            list(games.schema.fields) + [T.StructField(n, spark_type[k]) for n, k in ADDED])
        out = games.mapInArrow(lambda batches: replay_batches(batches, jobs), schema)
    out.write.mode("overwrite").parquet(args.output)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
