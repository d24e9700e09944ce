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

from conftest import BROKEN, GAMES, ROOT, cli_binary, cli_reports, games_with_reports, row_of_report

RECIPE = ROOT / "python" / "recipes" / "spark_lichess.py"
LICHESS_COLUMNS = ["Event", "Site", "White", "Black", "Result", "WhiteElo", "BlackElo", "UTCDate",
                   "UTCTime", "ECO", "Opening", "Termination", "TimeControl"]
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


def _lichess_rows(games):
    rows = []
    for gid, tags, movetext, _ in games:
        tag = dict(m.groups() for m in map(_TAG.match, tags) if m)
        row = {c: tag.get(c, "?") for c in LICHESS_COLUMNS}
        row["Site"] = gid  # unique, so that each output row finds its input
        row["movetext"] = movetext
        rows.append(row)
    return rows


def test_the_recipe_replays_a_lichess_parquet_file_row_for_row(tmp_path):
    pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed")
    import pyarrow.parquet as pq

    _spark_submit()
    cli = cli_binary()
    games = games_with_reports(cli, tmp_path)
    rows = _lichess_rows(games)
    source = tmp_path / "lichess.parquet"
    # Several row groups, so that Spark splits the file into several tasks.
    pq.write_table(pa.Table.from_pylist(rows), source, row_group_size=4000)
    out = tmp_path / "out"
    _run_recipe([source, out], tmp_path)

    table = pq.read_table(out)
    assert table.num_rows == len(rows) == 27_343 + len(BROKEN)
    got = {r["Site"]: r for r in table.to_pylist()}
    assert len(got) == len(rows), "a row was repeated or lost"
    results_checked = 0
    for (gid, _, movetext, report), row_in in zip(games, rows):
        row = got[gid]
        want = row_of_report(report)
        for key in ("valid", "plies", "error", "final_fen"):
            assert row[key] == want[key], (gid, key)
        assert row["rule_termination"] == want["termination"], gid
        for key in LICHESS_COLUMNS + ["movetext"]:
            assert row[key] == row_in[key], (gid, key)
        if want["termination"] is None:
            assert row["result_agrees"] is None, gid
        else:
            if want["termination"] == "checkmate":
                by_rule = "0-1" if want["final_fen"].split()[1] == "w" else "1-0"
            else:
                by_rule = "1/2-1/2"
            assert row["result_agrees"] == (row_in["Result"] == by_rule), gid
            results_checked += 1
    assert results_checked > 300


def test_the_recipe_streams_pgn_files_one_task_per_file(tmp_path):
    pytest.importorskip("pyarrow", reason="pyarrow is not installed")
    import pyarrow.parquet as pq

    _spark_submit()
    cli = cli_binary()
    files = [GAMES[3], GAMES[4]]  # Capablanca, Fischer
    out = tmp_path / "out"
    _run_recipe(files + [out], tmp_path)
    table = pq.read_table(out)
    got = {(r["file"], r["index"]): r for r in table.to_pylist()}
    want = [r for f in files for r in cli_reports(cli, f)]
    assert table.num_rows == len(got) == len(want) == 597 + 827
    for report in want:
        row = got[(report["file"], report["index"])]
        expected = row_of_report(report)
        for key in ("valid", "plies", "error", "final_fen"):
            assert row[key] == expected[key], (report["file"], report["index"], key)
        assert row["rule_termination"] == expected["termination"]
        assert row["Result"] == report["result"]
