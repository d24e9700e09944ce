"""Batch replay: replay(path) and replay_movetext against `vdmchess replay --json`."""

import io
import itertools

import pytest

import vdmchess
from conftest import BROKEN, GAMES, cli_binary, cli_reports, games_with_reports, row_of_report

pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed (pip install pyarrow)")


@pytest.mark.parametrize("rules,jobs", [("core", 1), ("core", 2), ("both", 2)])
def test_replay_yields_the_cli_s_reports(rules, jobs):
    cli = cli_binary()
    path = GAMES[4]  # Fischer
    ours = list(vdmchess.replay(str(path), rules=rules, jobs=jobs))
    assert ours == cli_reports(cli, path)
    assert len(ours) == 827


def test_replay_reports_errors_and_stops_early_without_hanging(tmp_path):
    cli = cli_binary()
    f = tmp_path / "broken.pgn"
    f.write_text("".join(f'[Event "{n}"]\n\n{m}\n\n' for n, m in BROKEN if m and "{" not in m))
    assert list(vdmchess.replay(str(f))) == cli_reports(cli, f)
    first = list(itertools.islice(vdmchess.replay(str(GAMES[1]), jobs=2), 3))
    assert [r["index"] for r in first] == [0, 1, 2]
    with pytest.raises(OSError):
        vdmchess.replay(str(tmp_path / "missing.pgn"))
    with pytest.raises(ValueError):
        vdmchess.replay(str(f), rules="neither")


def test_every_row_of_replay_movetext_is_what_the_cli_says_of_that_game(tmp_path):
    cli = cli_binary()
    games = games_with_reports(cli, tmp_path)
    texts = [movetext for _, _, movetext, _ in games]
    table = vdmchess.replay_movetext(pa.array(texts), jobs=2)
    assert table.num_rows == len(games) == 27_343 + len(BROKEN)
    assert table.column_names == list(vdmchess.MOVETEXT_SCHEMA_FIELDS)
    rows = table.to_pylist()
    for (gid, _, _, report), row in zip(games, rows):
        want = row_of_report(report)
        got = {k: row[k] for k in want}
        assert got == want, gid
        assert len(row["moves"]) == row["plies"], gid
    # The moves, replayed as UCI on a Board, reach the final FEN (one game in 25).
    for (gid, _, _, _), row in list(zip(games, rows))[::25]:
        board = vdmchess.Board()
        for uci in row["moves"]:
            board.push_uci(uci)
        assert board.fen() == row["final_fen"], gid
    # One thread gives the same table, from a list of str too.
    assert vdmchess.replay_movetext(texts[:2000], jobs=1).equals(table.slice(0, 2000))


def test_replay_movetext_keeps_input_order_and_reads_any_string_array():
    texts = ["1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", None, "1. e4 e5 2. Ke3", "1. d4 *"] * 50
    table = vdmchess.replay_movetext(texts, jobs=3)
    assert table.num_rows == 200
    assert table.column("plies").to_pylist()[:4] == [7, 0, 2, 1]
    assert table.column("valid").to_pylist()[:4] == [True, False, False, True]
    assert table.column("termination").to_pylist()[:4] == ["checkmate", None, None, None]
    assert table.column("error_ply").to_pylist()[:4] == [None, None, 3, None]
    assert table.column("final_fen").to_pylist()[1] is None
    assert table.column("moves").to_pylist()[3] == ["d2d4"]
    for array in (
        pa.array(texts, pa.string()),
        pa.array(texts, pa.large_string()),
        pa.chunked_array([texts[:77], texts[77:]]),
    ):
        assert vdmchess.replay_movetext(array).equals(table)
    sliced = pa.array(["x"] + texts, pa.string()).slice(1)
    assert vdmchess.replay_movetext(sliced, jobs=2).equals(table)
    # A large_string slice is read in place, at its offset into its buffers.
    sliced = pa.array(["x", None] + texts + ["y"], pa.large_string()).slice(2, len(texts))
    assert sliced.offset == 2
    assert vdmchess.replay_movetext(sliced, jobs=2).equals(table)
    assert vdmchess.replay_movetext([]).num_rows == 0
    with pytest.raises(TypeError):
        vdmchess.replay_movetext(pa.array([1, 2]))
    with pytest.raises(ValueError):
        vdmchess.replay_movetext(texts, jobs=0)


def test_replay_movetext_reads_arrow_s_c_interface_and_its_bytes_alike():
    from vdmchess import _vdmchess

    texts = ["1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", None, "1. e4 e5 2. Ke3", ""] * 9
    array = pa.array(texts, pa.large_string()).slice(3, 30)
    validity, offsets, data = array.buffers()
    by_bytes = _vdmchess.replay_movetext_buffers(
        offsets.to_pybytes(), data.to_pybytes(), validity.to_pybytes(), array.offset, len(array))
    in_place = _vdmchess.replay_movetext_arrow(*array.__arrow_c_array__())
    schema = vdmchess._movetext_schema()
    tables = [pa.Table.from_batches([vdmchess._batch_of(b, schema) for b in blocks], schema=schema)
              for blocks in (by_bytes, in_place)]
    assert tables[0].equals(tables[1])
    assert tables[1].column("plies").to_pylist()[:4] == [0, 7, 0, 2]
    # Anything but a large_string array's capsules is refused, saying what it is.
    with pytest.raises(ValueError, match="its format is"):
        _vdmchess.replay_movetext_arrow(*pa.array([1, 2]).__arrow_c_array__())
    schema_capsule, array_capsule = array.__arrow_c_array__()
    with pytest.raises(ValueError, match="not named"):
        _vdmchess.replay_movetext_arrow(array_capsule, schema_capsule)


def test_replay_movetext_on_the_model_agrees_with_the_core():
    texts = [m for _, m in BROKEN] + ["1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *"]
    core = vdmchess.replay_movetext(texts, rules="core")
    assert vdmchess.replay_movetext(texts, rules="model").equals(core)
    assert vdmchess.replay_movetext(texts, rules="both").equals(core)


def _tags_of(path):
    """Each game's tag pairs, in file order (the bundled files write one tag a line)."""
    import re

    tag = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
    return [dict(m.groups() for m in map(tag.match, tags) if m)
            for tags, _ in __import__("conftest").split_games(path)]


def test_replay_arrow_streams_a_pgn_file_into_batches_with_its_tags(tmp_path):
    cli = cli_binary()
    path = GAMES[4]  # Fischer
    want = cli_reports(cli, path)
    tags = ["White", "Black", "Result", "WhiteElo", "ECO", "NoSuchTag"]
    batches = list(vdmchess.replay_arrow(str(path), tags=tags, batch_size=100, moves=True))
    assert [b.num_rows for b in batches] == [100] * 8 + [27]
    table = pa.Table.from_batches(batches)
    assert table.column_names == ["file", "index"] + tags + list(vdmchess.MOVETEXT_SCHEMA_FIELDS)
    rows = table.to_pylist()
    assert len(rows) == len(want) == 827
    for row, report, tag in zip(rows, want, _tags_of(path)):
        assert (row["file"], row["index"]) == (report["file"], report["index"])
        assert {k: row[k] for k in row_of_report(report)} == row_of_report(report), report["index"]
        for name in tags:
            assert row[name] == tag.get(name), (report["index"], name)
        assert row["Result"] == report["result"]
        assert len(row["moves"]) == row["plies"]
    assert table.column("NoSuchTag").null_count == 827 and table.column("WhiteElo").null_count < 827
    # From a binary file object (here pyarrow's zstd decompressor over a .pgn.zst file), named
    # as asked: the same rows; without `moves`, no moves column.
    packed = tmp_path / "fischer.pgn.zst"
    with pa.CompressedOutputStream(str(packed), "zstd") as out:
        out.write(path.read_bytes())
    with pa.input_stream(str(packed), compression="zstd") as stream:
        again = pa.Table.from_batches(list(vdmchess.replay_arrow(stream, name="remote", tags=tags)))
    assert again.column("file").unique().to_pylist() == ["remote"]
    assert again.drop_columns(["file"]).equals(table.drop_columns(["file", "moves"]))
    # The crate opens the .zst file itself too.
    direct = pa.Table.from_batches(list(vdmchess.replay_arrow(str(packed), tags=tags)))
    assert direct.drop_columns(["file"]).equals(again.drop_columns(["file"]))
    # A file object of the still compressed bytes: the crate tells zstd by its content, as it
    # does for a file; and a file object whose bytes are not PGN is refused as a file would be.
    with open(packed, "rb") as raw:
        packed_rows = pa.Table.from_batches(list(vdmchess.replay_arrow(raw, name="remote", tags=tags)))
    assert packed_rows.equals(again)
    with pytest.raises(OSError, match=r"^elf: not PGN: an ELF executable$"):
        next(vdmchess.replay_arrow(io.BytesIO(b"\x7fELF\x00\x01"), name="elf"))


def test_replay_arrow_reports_broken_games_and_bad_input(tmp_path):
    cli = cli_binary()
    f = tmp_path / "broken.pgn"
    f.write_text("".join(f'[Event "{n}"]\n\n{m}\n\n' for n, m in BROKEN if m and "{" not in m))
    table = pa.Table.from_batches(list(vdmchess.replay_arrow(str(f), tags=["Event"])))
    want = cli_reports(cli, f)
    assert table.num_rows == len(want) > 5
    for row, report in zip(table.to_pylist(), want):
        assert {k: row[k] for k in row_of_report(report)} == row_of_report(report)
    assert table.column("valid").to_pylist().count(False) >= 4
    with pytest.raises(OSError):
        vdmchess.replay_arrow(str(tmp_path / "missing.pgn")).__next__()
    with pytest.raises(ValueError):
        next(vdmchess.replay_arrow(str(f), batch_size=0))
    with pytest.raises(OSError):
        next(vdmchess.replay_arrow(b"not a file object"))
