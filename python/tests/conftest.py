"""Shared helpers of the Python package's tests: the bundled games, python-chess, the CLI."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "spec" / "conformance" / "games").glob("*.pgn"))


def require_python_chess():
    """python-chess 1.11, or the test skips saying why."""
    chess = pytest.importorskip("chess", reason="python-chess is not installed (pip install chess)")
    import chess.pgn  # noqa: F401
    import chess.polyglot  # noqa: F401
    return chess


def cli_binary():
    """The vdmchess CLI (VDMCHESS_BIN, else the workspace's release or debug build), or the
    test skips saying why."""
    candidates = [os.environ.get("VDMCHESS_BIN")]
    candidates += [str(ROOT / "target" / kind / "vdmchess") for kind in ("release", "debug")]
    candidates.append(shutil.which("vdmchess"))
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    pytest.skip("the vdmchess CLI is not built (cargo build --release, or set VDMCHESS_BIN)")


def split_games(path):
    """The games of a bundled PGN file as (tag lines, movetext), in file order: the files
    hold one tag section and one movetext section per game."""
    return split_games_text(pathlib.Path(path).read_text(encoding="utf-8", errors="replace"))


def split_games_text(text):
    """`split_games` of PGN text."""
    games = []
    tags, moves = [], []
    for line in text.splitlines():
        if line.startswith("["):
            if moves:
                games.append((tags, "\n".join(moves)))
                tags, moves = [], []
            tags.append(line)
        elif line.strip() or moves:
            moves.append(line)
    if tags or moves:
        games.append((tags, "\n".join(moves).strip()))
    return [(t, m.strip()) for t, m in games]


#: Broken games (movetext as the Lichess database holds it), each with what is wrong.
BROKEN = [
    ("illegal", "1. e4 e5 2. Ke3 Nc6 1-0"),
    ("ambiguous", "1. e4 e5 2. Nc3 Nc6 3. Ne2 Nf6 *"),
    ("truncated", "1. e4 e5 2. Nf3 Nc6 3. Bb"),
    ("truncated-comment", "1. d4 d5 2. c4 { the Queen's Gambit, and then"),
    ("garbage", "1. e4 @@@ ### not chess at all"),
    ("garbage-token", "1. e4 e5 2. Xz9 *"),
    ("after-mate", "1. f3 e5 2. g4 Qh4# 3. a3 0-1"),
    ("no-moves", ""),
    ("no-result", "1. d4 Nf6 2. c4 e6"),
]


def cli_reports(cli, path):
    """What `vdmchess replay --json` reports of each game of a file."""
    import json
    import subprocess

    run = subprocess.run([cli, "replay", "--json", str(path)], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def games_with_reports(cli, tmp_path, every=1):
    """The bundled games (every `every`-th) and the broken ones as (id, tags, movetext,
    report), the report being what the CLI says of that game: of the bundled games, from a
    run over their file; of a broken one, from a run over a file holding its movetext alone
    (so that the error's line and column are the text's own)."""
    out = []
    for path in GAMES:
        games = split_games(path)
        reports = cli_reports(cli, path)
        assert len(reports) == len(games), path.name
        for index, ((tags, movetext), report) in enumerate(zip(games, reports)):
            if index % every == 0:
                out.append((f"{path.name}#{index}", tags, movetext, report))
    for name, movetext in BROKEN:
        f = tmp_path / f"broken-{name}.pgn"
        f.write_text(movetext, encoding="utf-8")
        reports = cli_reports(cli, f)
        if not reports:
            # A file without a game has no report; as a record it is a game without moves.
            reports = cli_reports(cli, _write(tmp_path / f"broken-{name}-tagged.pgn", "[Event \"?\"]\n\n*\n"))
        assert len(reports) == 1, (name, reports)
        out.append((f"broken-{name}", [], movetext, reports[0]))
    return out


def _write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def row_of_report(report):
    """The replay_movetext / Spark columns a CLI report implies."""
    error = report["error"]
    return {
        "valid": error is None,
        "plies": report["plies"],
        "error": None if error is None else error["message"],
        "error_ply": None if error is None else error["ply"],
        "final_fen": report["final_fen"],
        "termination": None if report["status"] == "ongoing" else report["status"],
        "claims": report["claims"],
    }
