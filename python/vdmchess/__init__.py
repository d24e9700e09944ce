"""vdmchess: chess on an executable VDM++ specification and a fast bitboard core.

For python-chess users: ``import vdmchess as chess`` runs code written for ``chess.Board``
(the names listed in the README's "From Python" section), on the vdmchess core, or with
``Board(..., rules="model")`` on the specification. Beyond python-chess: ``Board.explain``
says why a move is illegal (the VDM clause and the FIDE article), ``perft`` counts move trees,
and ``replay`` / ``replay_movetext`` replay PGN files and columns of movetext on several
threads without the GIL, the latter into a pyarrow table.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Iterable, Iterator, List, Optional, Union

from ._vdmchess import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    perft,
    replay,
    replay_arrow_blocks as _replay_arrow_blocks,
    replay_movetext_arrow as _replay_movetext_arrow,
    replay_movetext_buffers as _replay_movetext_buffers,
)
from ._vdmchess import Board as _Board

__all__ = [
    "Board", "Move", "Piece", "Outcome", "Termination", "LegalMoveGenerator",
    "IllegalMoveError", "InvalidMoveError", "AmbiguousMoveError",
    "perft", "replay", "replay_movetext", "replay_arrow", "MOVETEXT_SCHEMA_FIELDS",
    "STARTING_FEN", "STARTING_BOARD_FEN", "WHITE", "BLACK", "COLORS", "COLOR_NAMES",
    "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES", "PIECE_SYMBOLS",
    "PIECE_NAMES", "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES",
    "square", "square_file", "square_rank", "square_name", "parse_square", "piece_symbol",
    "piece_name",
]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

WHITE = True
BLACK = False
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
for _index, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _index
    __all__.append(_name.upper())
del _index, _name

UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜", "N": "♘", "n": "♞", "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛", "K": "♔", "k": "♚", "P": "♙", "p": "♟",
}


def square(file_index: int, rank_index: int) -> int:
    """The square at a 0-based file and rank (``square(4, 3) == E4``)."""
    return rank_index * 8 + file_index


def square_file(sq: int) -> int:
    return sq & 7


def square_rank(sq: int) -> int:
    return sq >> 3


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> int:
    """The square a name like ``e4`` names; ValueError otherwise."""
    return SQUARE_NAMES.index(name)


def piece_symbol(piece_type: int) -> str:
    return PIECE_SYMBOLS[piece_type]


def piece_name(piece_type: int) -> str:
    return PIECE_NAMES[piece_type]


@dataclasses.dataclass(frozen=True)
class Piece:
    """A piece type and a color, as python-chess's ``chess.Piece``."""

    piece_type: int
    color: bool

    def symbol(self) -> str:
        s = PIECE_SYMBOLS[self.piece_type]
        return s.upper() if self.color else s

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        s = self.symbol()
        return UNICODE_PIECE_SYMBOLS[s.swapcase() if invert_color else s]

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        return cls(PIECE_SYMBOLS.index(symbol.lower()), symbol.isupper())


class Termination(enum.Enum):
    """How a game ended, as python-chess's ``chess.Termination``."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()
    VARIANT_WIN = enum.auto()
    VARIANT_LOSS = enum.auto()
    VARIANT_DRAW = enum.auto()


@dataclasses.dataclass
class Outcome:
    """The end of a game: its termination and the winner (None for a draw)."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


class LegalMoveGenerator:
    """The legal moves of a board, live: iterable, ``len()``, ``in``, ``bool()``."""

    def __init__(self, board: "Board") -> None:
        self.board = board

    def __iter__(self) -> Iterator[Move]:
        return iter(self.board._legal_moves())

    def __len__(self) -> int:
        return self.board._legal_move_count()

    def __bool__(self) -> bool:
        return self.board._has_legal_moves()

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self.board.is_legal(move)

    def count(self) -> int:
        return len(self)

    def __repr__(self) -> str:
        sans = ", ".join(self.board.san(m) for m in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


class Board(_Board):
    """A chess board with its move stack, with python-chess's names and meanings.

    ``Board(fen=STARTING_FEN, *, chess960=False, rules="core")``: ``rules="model"`` plays on
    the executable specification instead of the core. Only legal positions: a bad FEN raises
    ValueError saying what is wrong, and ``push`` refuses an illegal move (IllegalMoveError).
    """

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        return LegalMoveGenerator(self)

    def piece_at(self, square: int) -> Optional[Piece]:
        found = self._piece_at(square)
        return None if found is None else Piece(*found)

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        found = self._outcome(claim_draw=claim_draw)
        if found is None:
            return None
        return Outcome(Termination[found[0]], found[1])

    def unicode(self, *, invert_color: bool = False, empty_square: str = "⭘") -> str:
        rows = []
        for line in str(self).split("\n"):
            cells = [
                empty_square if c == "." else UNICODE_PIECE_SYMBOLS[c.swapcase() if invert_color else c]
                for c in line.split(" ")
            ]
            rows.append(" ".join(cells))
        return "\n".join(rows)


#: The columns of the table ``replay_movetext`` returns, in order.
MOVETEXT_SCHEMA_FIELDS = (
    "valid", "plies", "error", "error_ply", "final_fen", "termination", "claims", "moves",
)


def _movetext_schema():
    import pyarrow as pa

    return pa.schema([
        pa.field("valid", pa.bool_(), nullable=False),
        pa.field("plies", pa.int32(), nullable=False),
        pa.field("error", pa.string()),
        pa.field("error_ply", pa.int32()),
        pa.field("final_fen", pa.string()),
        pa.field("termination", pa.string()),
        pa.field("claims", pa.list_(pa.string())),
        pa.field("moves", pa.list_(pa.string())),
    ])


def _buffer(memory):
    """A pyarrow Buffer over the memory of a buffer the Rust side filled (no copy: the Buffer
    keeps ``memory`` alive)."""
    import pyarrow as pa

    return pa.foreign_buffer(memory.address, memory.size, base=memory)


def _strings(rows: int, parts):
    import pyarrow as pa

    valid, offsets, data = parts
    buf = _buffer
    return pa.Array.from_buffers(pa.string(), rows, [buf(valid), buf(offsets), buf(data)])


def _batch_of(block: dict, schema):
    import pyarrow as pa

    rows = block["rows"]
    buf = _buffer

    def strings(parts):
        return _strings(rows, parts)

    def lists(parts):
        offsets, item_offsets, data = parts
        n_items = item_offsets.size // 4 - 1
        items = pa.Array.from_buffers(pa.string(), n_items, [None, buf(item_offsets), buf(data)])
        return pa.Array.from_buffers(pa.list_(pa.string()), rows, [None, buf(offsets)], children=[items])

    ply_valid, ply_values = block["error_ply"]
    columns = [
        pa.Array.from_buffers(pa.bool_(), rows, [None, buf(block["valid"])]),
        pa.Array.from_buffers(pa.int32(), rows, [None, buf(block["plies"])]),
        strings(block["error"]),
        pa.Array.from_buffers(pa.int32(), rows, [buf(ply_valid), buf(ply_values)]),
        strings(block["final_fen"]),
        strings(block["termination"]),
        lists(block["claims"]),
        lists(block["moves"]),
    ]
    return pa.RecordBatch.from_arrays(columns, schema=schema)


def replay_movetext(texts, *, jobs: int = 1, rules: str = "core"):
    """Replays one game per movetext (as the Lichess database's Parquet files hold it) and
    returns a pyarrow Table with one row per input, in input order.

    ``texts`` is a pyarrow string array (string or large_string, chunked or not) or a list of
    str (None for a missing movetext). The work runs on ``jobs`` threads without the GIL.

    Columns: ``valid`` (every move replayed), ``plies`` (the moves replayed), ``error`` (why
    not, null when valid), ``error_ply`` (the 1-based ply that failed), ``final_fen``,
    ``termination`` (``checkmate``, ``stalemate``, ``insufficient_material``,
    ``seventyfive_moves``, ``fivefold_repetition``, or null), ``claims`` (draws the player to
    move may claim: ``threefold_repetition``, ``fifty_moves``) and ``moves`` (UCI text).
    Each row is what ``vdmchess replay --json`` reports of the same game.
    """
    import pyarrow as pa

    if isinstance(texts, pa.ChunkedArray):
        texts = texts.combine_chunks() if texts.num_chunks != 1 else texts.chunk(0)
    if not isinstance(texts, pa.Array):
        texts = pa.array(list(texts), type=pa.large_string())
    if not (pa.types.is_string(texts.type) or pa.types.is_large_string(texts.type)):
        raise TypeError(f"replay_movetext takes strings, not {texts.type}")
    if not pa.types.is_large_string(texts.type):
        texts = texts.cast(pa.large_string())
    if hasattr(texts, "__arrow_c_array__"):
        # pyarrow 14 and later: the Rust side reads the array in place.
        schema, array = texts.__arrow_c_array__()
        blocks = _replay_movetext_arrow(schema, array, jobs=jobs, rules=rules)
    else:
        validity, offsets, data = texts.buffers()
        blocks = _replay_movetext_buffers(
            offsets.to_pybytes(),
            b"" if data is None else data.to_pybytes(),
            None if validity is None or texts.null_count == 0 else validity.to_pybytes(),
            texts.offset,
            len(texts),
            jobs=jobs,
            rules=rules,
        )
    schema = _movetext_schema()
    return pa.Table.from_batches([_batch_of(b, schema) for b in blocks], schema=schema)


def replay_arrow(source, *, tags: Iterable[str] = (), batch_size: int = 65536,
                 moves: bool = False, rules: str = "core", name: Optional[str] = None):
    """Replays every game of a PGN input and yields pyarrow RecordBatches of at most
    ``batch_size`` games, in file order: the PGN counterpart of ``replay_movetext``.

    ``source`` is a path (plain, ``.zst`` or ``.gz``, told apart by their first bytes) or a
    binary file object with ``read(n)`` (a pyarrow input stream, for example, which can
    decompress and read from HDFS or S3), then called ``name`` in the ``file`` column. The
    games are read by the crate's streaming reader and replayed without the GIL.

    Columns: ``file``, ``index`` (the game's 0-based place in its file), one string column
    per tag of ``tags`` (null where a game has no such tag), then ``valid``, ``plies``,
    ``error``, ``error_ply``, ``final_fen``, ``termination``, ``claims`` as in
    ``replay_movetext``, and ``moves`` (UCI text) when ``moves`` is true. Each row is what
    ``vdmchess replay --json`` reports of the same game.
    """
    import pyarrow as pa

    tags = list(tags)
    schema = pa.schema(
        [pa.field("file", pa.string(), nullable=False), pa.field("index", pa.int64(), nullable=False)]
        + [pa.field(t, pa.string()) for t in tags]
        + [f for f in _movetext_schema() if moves or f.name != "moves"]
    )
    replay_schema = _movetext_schema()
    for block in _replay_arrow_blocks(source, name=name, tags=tags, rows=batch_size,
                                      moves=moves, rules=rules):
        rows = block["rows"]
        replayed = _batch_of(block, replay_schema)
        columns = [
            _strings(rows, block["file"]),
            pa.Array.from_buffers(pa.int64(), rows, [None, _buffer(block["index"])]),
        ] + [_strings(rows, t) for t in block["tags"]]
        columns += [replayed.column(field) for field in schema.names[2 + len(tags):]]
        yield pa.RecordBatch.from_arrays(columns, schema=schema)
