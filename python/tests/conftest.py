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
    games = []
    tags, moves = [], []
    for line in pathlib.Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
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
