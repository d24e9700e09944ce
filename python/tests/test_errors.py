"""Errors as python-chess 1.11 raises them: the same class for the same call."""

import pytest

import vdmchess
from conftest import require_python_chess

START = vdmchess.STARTING_FEN
# Knights on b1 and f1 both reach d2.
TWO_KNIGHTS = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
CASTLING = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"

CASES = [
    # (fen, method, argument)
    (START, "push_san", "e4"),
    (START, "push_san", "xyz"),
    (START, "push_san", "e9"),
    (START, "push_san", ""),
    (START, "push_san", "Ke2"),
    (START, "push_san", "Bc4"),
    (START, "push_san", "Qxf7"),
    (START, "push_san", "exd5"),
    (START, "push_san", "O-O"),
    (START, "push_san", "e8=Q"),
    (TWO_KNIGHTS, "push_san", "Nd2"),
    (TWO_KNIGHTS, "push_san", "Nbd2"),
    (TWO_KNIGHTS, "parse_san", "Nd2"),
    (START, "parse_san", "Nh3"),
    (START, "parse_san", "Nh4"),
    (CASTLING, "push_san", "O-O-O"),
    (START, "push_uci", "e2e4"),
    (START, "push_uci", "e2e5"),
    (START, "push_uci", "e9e4"),
    (START, "push_uci", "e2e4x"),
    (START, "push_uci", "e2e4q"),
    (START, "parse_uci", "g1f3"),
    (START, "parse_uci", "g1g3"),
    (START, "pop", None),
    (START, "peek", None),
]


def _call(board, method, argument):
    fn = getattr(board, method)
    return fn() if argument is None else fn(argument)


def _error_class(module, fen, method, argument):
    board = module.Board(fen)
    try:
        result = _call(board, method, argument)
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return type(e).__name__, None
    return None, str(result)


@pytest.mark.parametrize("fen,method,argument", CASES)
def test_the_same_error_class_where_python_chess_raises(fen, method, argument):
    chess = require_python_chess()
    theirs = _error_class(chess, fen, method, argument)
    ours = _error_class(vdmchess, fen, method, argument)
    assert ours == theirs


def test_the_move_error_classes_are_value_errors_with_python_chess_s_messages():
    for cls in (vdmchess.IllegalMoveError, vdmchess.InvalidMoveError, vdmchess.AmbiguousMoveError):
        assert issubclass(cls, ValueError)
    board = vdmchess.Board()
    with pytest.raises(vdmchess.IllegalMoveError) as e:
        board.push_san("Bc4")
    # python-chess's words, then why (the reference model's explanation).
    assert str(e.value) == (
        f"illegal san: 'Bc4' in {START} (blocked: the white pawn on e2 stands between f1 and c4)")
    with pytest.raises(vdmchess.InvalidMoveError, match="invalid san: 'xyz'"):
        board.push_san("xyz")
    with pytest.raises(vdmchess.AmbiguousMoveError, match="ambiguous san: 'Nd2'"):
        vdmchess.Board(TWO_KNIGHTS).push_san("Nd2")
    with pytest.raises(vdmchess.InvalidMoveError, match="invalid uci: 'e9e4'"):
        vdmchess.Move.from_uci("e9e4")
    # A refused move changes nothing.
    assert board.fen() == START and board.move_stack == []


def test_move_from_uci_raises_as_python_chess_does():
    chess = require_python_chess()
    for text in ["e2e4", "e7e8q", "0000", "e9e4", "e2e4x", "", "a1a1", "e2"]:
        try:
            theirs = (None, chess.Move.from_uci(text).uci())
        except Exception as e:  # noqa: BLE001
            theirs = (type(e).__name__, None)
        try:
            ours = (None, vdmchess.Move.from_uci(text).uci())
        except Exception as e:  # noqa: BLE001
            ours = (type(e).__name__, None)
        assert ours == theirs, text


def test_a_bad_fen_raises_value_error_saying_what_is_wrong():
    chess = require_python_chess()
    for fen in ["xx", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "8/8/8/8/8/8/8/8 z - - 0 1"]:
        with pytest.raises(ValueError):
            chess.Board(fen)
        with pytest.raises(ValueError) as e:
            vdmchess.Board(fen)
        assert str(e.value)
    # python-chess accepts a FEN without kings; vdmchess holds legal positions only, and its
    # message is the crate's.
    with pytest.raises(ValueError, match="king"):
        vdmchess.Board("4k3/8/8/8/8/8/8/8 w - - 0 1")
    board = vdmchess.Board()
    with pytest.raises(ValueError):
        board.set_fen("xx")
    assert board.fen() == START


def test_an_illegal_move_is_refused_by_push_where_python_chess_would_play_it():
    board = vdmchess.Board()
    with pytest.raises(vdmchess.IllegalMoveError, match="illegal move: 'e2e5'"):
        board.push(vdmchess.Move.from_uci("e2e5"))
    with pytest.raises(vdmchess.IllegalMoveError):
        board.push(vdmchess.Move.null())
    assert vdmchess.Move.from_uci("e2e5") not in board.legal_moves
