"""Replay the Lichess database on Apache Spark with vdmchess.

    spark-submit --master 'local[*]' python/recipes/spark_lichess.py [OPTIONS] IN... OUT

IN: Parquet files (or folders of them) with the Lichess database's columns (``Event``,
``Site``, ``White``, ``Black``, ``Result``, ``WhiteElo``, ``BlackElo``, ``UTCDate``,
``UTCTime``, ``ECO``, ``Opening``, ``Termination``, ``TimeControl``, ``movetext``; only
``movetext`` and ``Result`` are needed), or PGN files (``.pgn``, ``.pgn.zst``, ``.pgn.gz``, or
folders of them), one task per file, streamed by the crate's reader. Paths or URIs:
``file://``, ``hdfs://``, ``s3://``, ``gs://``, whatever ``pyarrow.fs`` reads.

OUT: a folder of Parquet part files. Each row is an input row (Parquet: all its columns; PGN:
``file``, ``index`` and the thirteen header columns above, null where a game lacks the tag)
plus ``valid``, ``plies``, ``error``, ``final_fen``, ``rule_termination`` (the replay's
``termination``: checkmate, stalemate, insufficient_material, seventyfive_moves,
fivefold_repetition, or null; renamed because Lichess's own ``Termination`` column clashes
with it in Spark, whose column names are case-insensitive) and ``result_agrees`` (the
``Result`` column agrees with a game that ended by rule: 1-0 or 0-1 for the checkmating side,
1/2-1/2 for a draw by rule; null when no rule ended the game).

Two ways to move the data (``--engine-io``):

- ``arrow`` (the default): Spark schedules the work and pyarrow moves the data. The driver
  reads the Parquet footers and cuts the input into work units of whole row groups (about
  ``--unit-bytes`` each; a PGN file is one unit); each Spark task reads its unit with
  pyarrow, replays it batch by batch with ``vdmchess.replay_movetext`` (PGN:
  ``vdmchess.replay_arrow``), writes its own Parquet part file, and returns one summary row.
  The driver checks that every unit came back once with rows out = rows in, then writes
  ``_SUCCESS``. The games never pass through the JVM.
- ``spark``: Spark's own Parquet reader and writer around ``mapInArrow``: for sources only
  Spark reads (a table, a format pyarrow lacks), at the cost of Spark's conversions between its
  rows and the Arrow batches.

Either way each batch is replayed whole in Rust (no Python loop over the games, the GIL
released). Nothing here names a machine: the same script runs on a cluster with ``--master
spark://HOST:7077``, ``--master yarn`` or ``--master k8s://...``, given the vdmchess wheel on
the executors and inputs and output they can all reach (HDFS, S3, a shared disk).
"""

from __future__ import annotations

import argparse
import os
import sys
import uuid

#: The columns the replay adds, and their Arrow type names.
ADDED = [
    ("valid", "bool"),
    ("plies", "int32"),
    ("error", "string"),
    ("final_fen", "string"),
    # The replay's `termination` (checkmate, stalemate, ...), renamed: Spark's column names
    # are case-insensitive, and the Lichess database has its own `Termination` (Normal,
    # Time forfeit, ...).
    ("rule_termination", "string"),
    ("result_agrees", "bool"),
]

#: The Lichess database's header columns, carried from PGN tags.
LICHESS_TAGS = ["Event", "Site", "White", "Black", "Result", "WhiteElo", "BlackElo", "UTCDate",
                "UTCTime", "ECO", "Opening", "Termination", "TimeControl"]

PGN_EXTENSIONS = (".pgn", ".pgn.zst", ".pgn.gz")

#: Games per Arrow batch handed to the replay and to the Parquet writer.
BATCH_ROWS = 65536


# --- The work on one Arrow batch (both engines) ------------------------------------------

def _added_arrays(table, results):
    """The added columns for a replayed table and the ``Result`` strings beside it."""
    import pyarrow as pa
    import pyarrow.compute as pc

    termination = table.column("termination")
    side_to_move = pc.list_element(pc.split_pattern(table.column("final_fen"), " "), 1)
    # Checkmated: the side to move lost.
    decisive = pc.if_else(pc.equal(side_to_move, "w"), "0-1", "1-0")
    by_rule = pc.if_else(pc.equal(termination, "checkmate"), decisive, pa.scalar("1/2-1/2"))
    # Null where no rule ended the game (termination is null).
    by_rule = pc.if_else(pc.is_valid(termination), by_rule, pa.scalar(None, pa.string()))
    agrees = pc.equal(results, by_rule)
    names = ["valid", "plies", "error", "final_fen", "termination"]
    columns = [table.column(name) for name in names] + [agrees]
    return [c.combine_chunks() if isinstance(c, pa.ChunkedArray) else c for c in columns]


def _cast_like(array, string_type):
    """Strings as the string type of the batch they join (string or large_string)."""
    import pyarrow as pa

    if string_type is not None and pa.types.is_string(array.type) and array.type != string_type:
        return array.cast(string_type)
    return array


def replay_batch(batch, jobs=1):
    """One batch of Lichess rows (``movetext`` and ``Result`` among its columns) with the
    added columns after its own."""
    import pyarrow as pa
    import vdmchess

    table = vdmchess.replay_movetext(batch.column("movetext"), jobs=jobs)
    string_type = batch.schema.field("movetext").type
    added = [_cast_like(a, string_type) for a in _added_arrays(table, batch.column("Result"))]
    return pa.RecordBatch.from_arrays(
        list(batch.columns) + added,
        names=list(batch.schema.names) + [name for name, _ in ADDED],
    )


def replay_batches(batches, jobs=1):
    """mapInArrow over Lichess rows: each batch's movetext column replayed at once."""
    for batch in batches:
        yield replay_batch(batch, jobs)


def pgn_schema(string_type=None):
    """The output schema of PGN input: ``file``, ``index``, the Lichess headers, the added
    columns."""
    import pyarrow as pa

    text = string_type or pa.string()
    kinds = {"bool": pa.bool_(), "int32": pa.int32(), "string": text}
    return pa.schema(
        [pa.field("file", text), pa.field("index", pa.int64())]
        + [pa.field(tag, text) for tag in LICHESS_TAGS]
        + [pa.field(name, kinds[kind]) for name, kind in ADDED]
    )


def replay_pgn(uri, string_type=None, rows=BATCH_ROWS):
    """The games of one PGN file (path or URI) as output batches, streamed by the crate's
    reader: a local file is opened by the crate, any other through ``pyarrow.fs``."""
    import pyarrow as pa
    import pyarrow.fs as pafs
    import vdmchess

    fs, path = _filesystem(uri)
    if isinstance(fs, pafs.LocalFileSystem):
        source = path
        stream = None
    else:
        # Raw bytes: the crate tells plain, zstd and gzip apart by content, as for a file.
        stream = fs.open_input_stream(path, compression=None)
        source = stream
    schema = pgn_schema(string_type)
    try:
        for table in vdmchess.replay_arrow(source, name=uri, tags=LICHESS_TAGS, batch_size=rows):
            added = _added_arrays(table, table.column("Result"))
            head = [table.column(n) for n in ["file", "index"] + LICHESS_TAGS]
            yield pa.RecordBatch.from_arrays(
                [_cast_like(c, string_type) for c in head + added], schema=schema)
    finally:
        if stream is not None:
            stream.close()


def replay_pgn_files(batches):
    """mapInArrow over PGN file names (``--engine-io spark``)."""
    for batch in batches:
        string_type = batch.schema.field("path").type
        for uri in batch.column("path").to_pylist():
            yield from replay_pgn(uri, string_type)


def parquet_schema(schema):
    """The output schema of Parquet input: its own columns, then the added ones."""
    import pyarrow as pa

    kinds = {"bool": pa.bool_(), "int32": pa.int32(),
             "string": schema.field("movetext").type}
    return pa.schema(list(schema) + [pa.field(name, kinds[kind]) for name, kind in ADDED])


# --- Files, through pyarrow.fs -------------------------------------------------------------

def _filesystem(uri):
    """(pyarrow filesystem, path) of a path or URI; a plain path is a local file."""
    import pyarrow.fs as pafs

    if "://" not in uri:
        uri = os.path.abspath(uri)
    return pafs.FileSystem.from_uri(uri)


def _uri(path, like):
    """The URI of ``path``, listed on the filesystem of input ``like``, as the executors
    reopen it: a plain path stays a path; HDFS lists paths under the URI's host, S3 and GCS
    paths that start with the bucket."""
    from urllib.parse import urlsplit

    if "://" not in like:
        return path
    parts = urlsplit(like)
    where = parts.netloc if path.startswith("/") else ""
    query = f"?{parts.query}" if parts.query else ""
    return f"{parts.scheme}://{where}{path}{query}"


def _is_pgn(name):
    return name.endswith(PGN_EXTENSIONS)


def expand_inputs(inputs):
    """The files of the inputs, folders listed (recursively; names starting with ``_`` or
    ``.`` skipped, as Spark skips them), each as a URI or path the executors can open."""
    import pyarrow.fs as pafs

    files = []
    for given in inputs:
        fs, path = _filesystem(given)
        info = fs.get_file_info(path)
        if info.type == pafs.FileType.NotFound:
            raise SystemExit(f"{given}: no such file or folder")
        if info.type == pafs.FileType.File:
            files.append(given if "://" in given else path)
            continue
        found = fs.get_file_info(pafs.FileSelector(path, recursive=True))
        for entry in sorted(found, key=lambda e: e.path):
            rel = entry.path[len(path):].lstrip("/")
            if entry.type != pafs.FileType.File or any(
                    part.startswith(("_", ".")) for part in rel.split("/")):
                continue
            files.append(_uri(entry.path, given))
    return files


def parquet_units(files, unit_bytes):
    """Work units over Parquet files: runs of whole row groups of about ``unit_bytes``
    (stored size) each, as (file, [row group], rows)."""
    import pyarrow.parquet as pq

    units = []
    for uri in files:
        fs, path = _filesystem(uri)
        with fs.open_input_file(path) as f:
            meta = pq.ParquetFile(f).metadata
        group, rows, size = [], 0, 0
        for i in range(meta.num_row_groups):
            rg = meta.row_group(i)
            stored = sum(rg.column(c).total_compressed_size for c in range(rg.num_columns))
            if group and size + stored > unit_bytes:
                units.append((uri, group, rows))
                group, rows, size = [], 0, 0
            group.append(i)
            rows += rg.num_rows
            size += stored
        if group:
            units.append((uri, group, rows))
    return units


class PartWriter:
    """Writes one work unit's Parquet part file: first under ``_temporary`` with the task
    attempt's name, then moved to its final name, so that a retried task replaces the part
    of a failed attempt and no half-written file is ever named as a part."""

    def __init__(self, out, unit):
        try:
            from pyspark import TaskContext

            ctx = TaskContext.get()
        except ImportError:  # --no-spark without pyspark
            ctx = None
        attempt = f"{ctx.stageId()}-{ctx.taskAttemptId()}" if ctx else uuid.uuid4().hex
        self.fs, self.base = _filesystem(out)
        self.final = f"{self.base}/part-{unit:05d}.parquet"
        self.temp = f"{self.base}/_temporary/part-{unit:05d}-{attempt}.parquet"
        self.writer = None
        self.stream = None
        self.rows = 0

    def write(self, batch):
        import pyarrow.parquet as pq

        if self.writer is None:
            self.stream = self.fs.open_output_stream(self.temp)
            self.writer = pq.ParquetWriter(self.stream, batch.schema)
        self.writer.write_batch(batch)
        self.rows += batch.num_rows

    def close(self, schema):
        import pyarrow.parquet as pq

        if self.writer is None:  # no rows: an empty part with the schema
            self.stream = self.fs.open_output_stream(self.temp)
            self.writer = pq.ParquetWriter(self.stream, schema)
        self.writer.close()
        self.stream.close()
        self.fs.move(self.temp, self.final)
        return self.rows


def run_unit(unit, out, jobs):
    """One Spark task of ``--engine-io arrow``: replays a work unit into its part file and
    returns its summary (unit, kind, rows expected, rows read, rows written, valid games,
    games indexed)."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    number, kind, uri, groups, expected = unit
    part = PartWriter(out, number)
    read = valid = 0
    last_index = -1
    if kind == "parquet":
        fs, path = _filesystem(uri)
        with fs.open_input_file(path) as f:
            source = pq.ParquetFile(f)
            schema = parquet_schema(source.schema_arrow)
            for batch in source.iter_batches(batch_size=BATCH_ROWS, row_groups=groups,
                                             use_threads=False):
                result = replay_batch(batch, jobs)
                read += batch.num_rows
                valid += pc.sum(result.column("valid")).as_py() or 0
                part.write(result)
    else:
        schema = pgn_schema()
        for result in replay_pgn(uri):
            read += result.num_rows
            valid += pc.sum(result.column("valid")).as_py() or 0
            last_index = max(last_index, pc.max(result.column("index")).as_py())
            part.write(result)
        expected = last_index + 1
    written = part.close(schema)
    return (number, kind, expected, read, written, valid)


# --- The two engines -------------------------------------------------------------------------

def run_arrow(sc, files, out, jobs, unit_bytes):
    """``--engine-io arrow``: Spark schedules work units; pyarrow reads and writes. Without
    a SparkContext (``sc`` None, ``--no-spark``) this process runs the units one after
    another."""
    import pyarrow.fs as pafs

    if all(_is_pgn(f) for f in files):
        units = [(i, "pgn", f, None, None) for i, f in enumerate(files)]
    else:
        units = [(i, "parquet", uri, groups, rows)
                 for i, (uri, groups, rows) in enumerate(parquet_units(files, unit_bytes))]
    fs, base = _filesystem(out)
    if fs.get_file_info(base).type != pafs.FileType.NotFound:
        fs.delete_dir(base)
    fs.create_dir(base + "/_temporary", recursive=True)
    if sc is None:
        done = [run_unit(u, out, jobs) for u in units]
    elif units:
        done = (sc.parallelize(units, len(units))
                .map(lambda u: run_unit(u, out, jobs)).collect())
    else:
        done = []
    numbers = sorted(d[0] for d in done)
    if numbers != list(range(len(units))):
        raise SystemExit(f"work units lost or repeated: {len(units)} planned, {numbers} done")
    bad = [d for d in done if not (d[2] == d[3] == d[4])]
    if bad:
        raise SystemExit(f"rows in and out differ (unit, kind, expected, read, written): {bad}")
    fs.delete_dir(base + "/_temporary")
    with fs.open_output_stream(base + "/_SUCCESS"):
        pass
    games = sum(d[4] for d in done)
    valid = sum(d[5] for d in done)
    return games, valid, len(units)


def run_spark(spark, files, out, jobs):
    """``--engine-io spark``: Spark's Parquet reader and writer around ``mapInArrow``."""
    from pyspark.sql import types as T

    if all(_is_pgn(f) for f in files):
        paths = spark.createDataFrame([(f,) for f in files], "path string")
        paths = paths.repartition(len(files))
        ddl = {"bool": "boolean", "int32": "int", "int64": "long", "string": "string"}
        schema = ", ".join(f"{f.name} {ddl[str(f.type)]}" for f in pgn_schema())
        result = paths.mapInArrow(replay_pgn_files, schema)
    else:
        games = spark.read.parquet(*files)
        spark_type = {"bool": T.BooleanType(), "int32": T.IntegerType(),
                      "string": T.StringType()}
        schema = T.StructType(
            list(games.schema.fields) + [T.StructField(n, spark_type[k]) for n, k in ADDED])
        result = games.mapInArrow(lambda batches: replay_batches(batches, jobs), schema)
    result.write.mode("overwrite").parquet(out)
    return None


def _bytes(text):
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    text = text.strip().lower().rstrip("b")
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", metavar="IN",
                        help="Parquet or PGN files or folders (paths or URIs)")
    parser.add_argument("output", metavar="OUT", help="the folder of Parquet part files to write")
    parser.add_argument("--engine-io", choices=["arrow", "spark"], default="arrow",
                        help="who reads and writes the files: pyarrow in each task (default) "
                             "or Spark's own Parquet reader and writer")
    parser.add_argument("--unit-bytes", type=_bytes, default=_bytes("32m"),
                        help="stored Parquet bytes per work unit, in whole row groups "
                             "(--engine-io arrow; default 32m)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="threads per task (default 1: Spark's tasks are the parallelism)")
    parser.add_argument("--no-spark", action="store_true",
                        help="run the work units of --engine-io arrow in this one process, "
                             "one after another, without Spark (python3 spark_lichess.py "
                             "--no-spark IN OUT): the baseline Spark is measured against")
    args = parser.parse_args(argv)

    files = expand_inputs(args.inputs)
    if "://" not in args.output:  # the executors' working folder is not the driver's
        args.output = os.path.abspath(args.output)
    if any(_is_pgn(f) for f in files) and not all(_is_pgn(f) for f in files):
        parser.error("give either Parquet or PGN inputs (files or folders), not both")

    if args.no_spark:
        if args.engine_io != "arrow":
            parser.error("--no-spark runs --engine-io arrow only")
        games, valid, units = run_arrow(None, files, args.output, args.jobs, args.unit_bytes)
        print(f"vdmchess: {games} games replayed ({valid} valid) in {units} units, one process; "
              f"rows in = rows out; {args.output}")
        return 0

    if args.engine_io == "arrow":
        # A bare SparkContext: the tasks need no SQL, and a SparkSession takes seconds more
        # to start.
        from pyspark import SparkConf, SparkContext

        sc = SparkContext.getOrCreate(SparkConf().setAppName("vdmchess-lichess"))
        try:
            games, valid, units = run_arrow(sc, files, args.output, args.jobs, args.unit_bytes)
        finally:
            sc.stop()
        print(f"vdmchess: {games} games replayed ({valid} valid) in {units} tasks; "
              f"rows in = rows out; {args.output}")
    else:
        from pyspark.sql import SparkSession

        spark = SparkSession.builder.appName("vdmchess-lichess").getOrCreate()
        try:
            run_spark(spark, files, args.output, args.jobs)
        finally:
            spark.stop()
        print(f"vdmchess: written {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
