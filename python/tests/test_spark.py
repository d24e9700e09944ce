"""The Spark recipe (python/recipes/spark_lichess.py) in local[2] with spark-submit, on a
Parquet file of bundled and broken games with the Lichess database's columns: every output
row is what `vdmchess replay --json` says of its game, and rows in = rows out."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

from conftest import (BROKEN, GAMES, ROOT, cli_binary, cli_reports, games_with_reports,
                      row_of_report, split_games_text)

RECIPE = ROOT / "python" / "recipes" / "spark_lichess.py"
LICHESS_COLUMNS = ["Event", "Site", "White", "Black", "Result", "WhiteElo", "BlackElo", "UTCDate",
                   "UTCTime", "ECO", "Opening", "Termination", "TimeControl"]
ADDED_COLUMNS = ["valid", "plies", "error", "final_fen", "rule_termination", "result_agrees"]
_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')


def _spark_submit():
    pytest.importorskip("pyspark", reason="pyspark is not installed (pip install pyspark)")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("Java is not installed (Spark needs it: apt-get install openjdk-17-jre-headless)")
    here = pathlib.Path(sys.executable).parent / "spark-submit"
    found = str(here) if here.exists() else shutil.which("spark-submit")
    if found is None:
        import pyspark

        found = str(pathlib.Path(pyspark.__file__).parent / "bin" / "spark-submit")
    return found


def _run_recipe(args, tmp_path):
    env = dict(os.environ)
    env.update({
        "PYSPARK_PYTHON": sys.executable,
        "PYSPARK_DRIVER_PYTHON": sys.executable,
        "SPARK_LOCAL_IP": "127.0.0.1",
    })
    cmd = [_spark_submit(), "--master", "local[2]", "--conf", "spark.ui.enabled=false",
           "--conf", "spark.driver.host=127.0.0.1", "--conf", f"spark.local.dir={tmp_path}",
           str(RECIPE)] + [str(a) for a in args]
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    noisy = (" INFO ", " WARN ")
    assert run.returncode == 0, "\n".join(
        line for line in (run.stdout + run.stderr).splitlines()
        if not any(n in line for n in noisy))[-6000:]
    return run.stdout


def _check_output(out, engine_io, tasks=None):
    """The output folder is complete: `_SUCCESS`, and with `--engine-io arrow` one part per
    work unit and no `_temporary` left."""
    names = sorted(p.name for p in out.iterdir())
    assert "_SUCCESS" in names, names
    parts = [n for n in names if n.endswith(".parquet")]
    if engine_io == "arrow":
        assert parts == [f"part-{i:05d}.parquet" for i in range(tasks)], names
        assert "_temporary" not in names


def _lichess_rows(games):
    rows = []
    for gid, tags, movetext, _ in games:
        tag = dict(m.groups() for m in map(_TAG.match, tags) if m)
        row = {c: tag.get(c, "?") for c in LICHESS_COLUMNS}
        row["Site"] = gid  # unique, so that each output row finds its input
        row["movetext"] = movetext
        rows.append(row)
    return rows


def _expect_added(row, want, result):
    """The added columns of an output row against the CLI's report of its game."""
    for key in ("valid", "plies", "error", "final_fen"):
        assert row[key] == want[key], key
    assert row["rule_termination"] == want["termination"]
    if want["termination"] is None:
        assert row["result_agrees"] is None
        return False
    if want["termination"] == "checkmate":
        by_rule = "0-1" if want["final_fen"].split()[1] == "w" else "1-0"
    else:
        by_rule = "1/2-1/2"
    assert row["result_agrees"] == (result == by_rule)
    return True


@pytest.mark.parametrize("engine_io", ["arrow", "spark"])
def test_the_recipe_replays_a_lichess_parquet_file_row_for_row(tmp_path, engine_io):
    pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed")
    import pyarrow.parquet as pq

    _spark_submit()
    cli = cli_binary()
    games = games_with_reports(cli, tmp_path)
    rows = _lichess_rows(games)
    source = tmp_path / "in" / "lichess.parquet"
    source.parent.mkdir()
    # Row groups of 4,000 games (about 1 MB each): several tasks either way.
    pq.write_table(pa.Table.from_pylist(rows), source, row_group_size=4000)
    out = tmp_path / "out"
    said = _run_recipe(["--engine-io", engine_io, "--unit-bytes", "2m", source.parent, out],
                       tmp_path)
    units = None
    if engine_io == "arrow":
        # 7 row groups of about 1 MB, cut into work units of at most 2 MB.
        said = re.search(r"(\d+) games replayed .* in (\d+) tasks; rows in = rows out", said)
        assert said and int(said[1]) == len(rows), said
        units = int(said[2])
        assert 3 <= units <= 7
    _check_output(out, engine_io, units)

    table = pq.read_table(out)
    assert table.num_rows == len(rows) == 27_343 + len(BROKEN)
    assert table.column_names == LICHESS_COLUMNS + ["movetext"] + ADDED_COLUMNS
    got = {r["Site"]: r for r in table.to_pylist()}
    assert len(got) == len(rows), "a row was repeated or lost"
    results_checked = 0
    for (gid, _, _, report), row_in in zip(games, rows):
        row = got[gid]
        for key in LICHESS_COLUMNS + ["movetext"]:
            assert row[key] == row_in[key], (gid, key)
        results_checked += _expect_added(row, row_of_report(report), row_in["Result"])
    assert results_checked > 300


def _lichess_games():
    """Broken games (but for an unclosed comment or no moves) and short finished ones."""
    return [m for _, m in BROKEN if m and "{" not in m] + [
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
        "1. f3 e5 2. g4 Qh4# 1-0",  # mate, with a Result that disagrees
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2",
    ]


def _lichess_pgn():
    """A PGN file in the Lichess database's style (its thirteen header tags, some games
    without some) of `_lichess_games`."""
    games = []
    for i, text in enumerate(_lichess_games()):
        tags = {c: f"{c.lower()}-{i}" for c in LICHESS_COLUMNS}
        tags["Result"] = text.rsplit(" ", 1)[-1] if text.endswith(("1-0", "0-1", "1/2-1/2", "*")) else "*"
        for dropped in LICHESS_COLUMNS[5:5 + i % 4]:  # WhiteElo, BlackElo, UTCDate absent in some
            del tags[dropped]
        games.append("".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + "\n" + text + "\n\n")
    return "".join(games)


@pytest.mark.parametrize("engine_io", ["arrow", "spark"])
def test_the_recipe_streams_pgn_files_one_task_per_file(tmp_path, engine_io):
    pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed")
    import pyarrow.parquet as pq

    _spark_submit()
    cli = cli_binary()
    folder = tmp_path / "lichess"
    folder.mkdir()
    packed = folder / "games.pgn.zst"
    with pa.CompressedOutputStream(str(packed), "zstd") as f:
        f.write(_lichess_pgn().encode())
    inputs = [GAMES[3], GAMES[4], folder]  # Capablanca, Fischer, and a folder with a .pgn.zst
    out = tmp_path / "out"
    said = _run_recipe(["--engine-io", engine_io] + inputs + [out], tmp_path)
    files = [GAMES[3], GAMES[4], packed]
    want = [r for f in files for r in cli_reports(cli, f)]
    if engine_io == "arrow":
        assert f"{len(want)} games replayed" in said and "in 3 tasks" in said, said
    _check_output(out, engine_io, 3)
    table = pq.read_table(out)
    assert table.column_names == ["file", "index"] + LICHESS_COLUMNS + ADDED_COLUMNS
    got = {(r["file"], r["index"]): r for r in table.to_pylist()}
    assert table.num_rows == len(got) == len(want) == 597 + 827 + len(_lichess_games())
    tags = {}
    for f in files:
        text = (_lichess_pgn() if f == packed else f.read_text(errors="replace"))
        per_game = [dict(m.groups() for m in map(_TAG.match, t) if m)
                    for t, _ in split_games_text(text)]
        tags.update({(str(f), i): t for i, t in enumerate(per_game)})
    for report in want:
        key = (report["file"], report["index"])
        row = got[key]
        _expect_added(row, row_of_report(report), report["result"])
        for column in LICHESS_COLUMNS:
            assert row[column] == tags[key].get(column), (key, column)
    lichess = sorted((r for r in got.values() if r["file"] == str(packed)), key=lambda r: r["index"])
    assert [r["valid"] for r in lichess] == [False] * 6 + [True] * 4
    assert [r["result_agrees"] for r in lichess] == [None] * 5 + [True] + [None, True, False, None]
