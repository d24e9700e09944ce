"""vdmchess.Board against python-chess 1.11: the same SAN, FEN, legal move set, check,
outcome, claims and Zobrist key at every ply of every bundled game."""

import concurrent.futures
import copy
import itertools
import json
import os
import re
import xml.etree.ElementTree as ET

import pytest

import vdmchess
from conftest import GAMES, require_python_chess, split_games

#: One game in this many is replayed side by side with python-chess at every ply (all the
#: others are checked against python-chess's recorded results, below); VDMCHESS_TEST_EVERY=1
#: checks every game at every ply (half an hour of python-chess on two cores).
EVERY = int(os.environ.get("VDMCHESS_TEST_EVERY", "20"))

_TOKEN_NOISE = re.compile(r"\{[^}]*\}|;[^\n]*|\$\d+|\d+\.(\.\.)?|[!?]+")
_RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def san_tokens(movetext):
    """The mainline SAN of a bundled game's movetext (comments, NAGs, variations, move
    numbers and the result left out)."""
    text = _TOKEN_NOISE.sub(" ", movetext)
    out, depth = [], 0
    for token in text.replace("(", " ( ").replace(")", " ) ").split():
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        elif depth == 0 and token not in _RESULTS:
            out.append(token)
    return out


def _outcome(o):
    return None if o is None else (o.termination.name, o.winner)


def agree_on_file(path, every=EVERY, limit=None, rules="core"):
    """Replays every `every`-th game of `path` on both boards; returns (games, plies)
    checked, or raises AssertionError at the first difference."""
    import chess
    import chess.pgn
    import chess.polyglot

    games = plies = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for index in itertools.count():
            if limit is not None and games >= limit:
                break
            if index % every:
                if not chess.pgn.skip_game(f):
                    break
                continue
            game = chess.pgn.read_game(f)
            if game is None:
                break
            theirs = game.board()
            ours = vdmchess.Board(theirs.fen(), rules=rules)
            where = f"{path.name}#{index}"
            for ply, move in enumerate(game.mainline_moves(), start=1):
                san = theirs.san(move)
                assert ours.san(vdmchess.Move.from_uci(move.uci())) == san, (where, ply)
                theirs.push(move)
                pushed = ours.push_san(san)
                assert pushed.uci() == move.uci(), (where, ply)
                at = (where, ply, san)
                assert ours.fen() == theirs.fen(), at
                assert sorted(m.uci() for m in ours.legal_moves) == sorted(
                    m.uci() for m in theirs.legal_moves), at
                assert ours.is_check() == theirs.is_check(), at
                assert _outcome(ours.outcome()) == _outcome(theirs.outcome()), at
                assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs), at
                plies += 1
            at = (where, "end")
            assert ours.result() == theirs.result(), at
            assert ours.is_game_over() == theirs.is_game_over(), at
            assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves(), at
            assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), at
            assert _outcome(ours.outcome(claim_draw=True)) == _outcome(theirs.outcome(claim_draw=True)), at
            assert str(ours) == str(theirs), at
            assert ours.board_fen() == theirs.board_fen(), at
            assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack], at
            games += 1
    return games, plies


def test_games_agree_with_python_chess_at_every_ply():
    require_python_chess()
    assert len(GAMES) == 12
    workers = max(1, min(len(GAMES), os.cpu_count() or 1))
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(agree_on_file, GAMES))
    games = sum(g for g, _ in results)
    plies = sum(p for _, p in results)
    print(f"{games} games (one in {EVERY}), {plies} plies agree with python-chess")
    assert games >= 27_343 // EVERY
    assert plies > games * 40


def _expected(path):
    with open(str(path).replace(".pgn", ".expected.jsonl"), encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    if path.name == "pgnmentor-Anand.pgn":
        # python-chess reads game 1961 as two games (spec/conformance/README.md); vdmchess
        # reads one, whose end is python-chess's second.
        records[1961:1963] = [records[1962]]
    return records


def test_every_bundled_game_ends_where_python_chess_says():
    """Every game of every bundled file, played move by move with push_san, ends in the
    FEN, after the plies, and with the outcome python-chess 1.11 recorded for it."""
    total = 0
    for path in GAMES:
        expected = _expected(path)
        games = split_games(path)
        assert len(games) == len(expected), path.name
        for index, ((_, movetext), want) in enumerate(zip(games, expected)):
            board = vdmchess.Board(want.get("start_fen", vdmchess.STARTING_FEN))
            for san in san_tokens(movetext):
                board.push_san(san)
            at = (path.name, index)
            assert board.ply() == want["plies"], at
            assert board.fen() == want["final_fen"], at
            outcome = board.outcome()
            got = None if outcome is None else outcome.termination.name.lower()
            assert got == want["outcome"], at
            assert board.is_repetition(3) == want["threefold_repetition"], at
            total += 1
    assert total == 27_343


def test_the_model_plays_the_same_games():
    require_python_chess()
    games, plies = agree_on_file(GAMES[0], limit=5, rules="model")
    assert games == 5 and plies > 200


def test_claims_and_automatic_draws_agree_on_positions_made_for_them():
    chess = require_python_chess()
    cases = [
        # Knights shuffled back and forth: threefold, then fivefold repetition.
        (chess.STARTING_FEN, ["Nf3", "Nf6", "Ng1", "Ng8"] * 4),
        # One move from 100 and 150 half-moves without a capture or pawn move.
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 99 80", ["Ra2"]),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 149 100", ["Kd1"]),
        # Stalemate, checkmate, insufficient material.
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []),
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", []),
        ("8/8/8/8/8/2k5/8/K1N5 w - - 0 1", []),
    ]
    for fen, sans in cases:
        theirs = chess.Board(fen)
        ours = vdmchess.Board(fen)
        for san in [None] + sans:
            if san is not None:
                theirs.push_san(san)
                ours.push_san(san)
            at = (fen, san, theirs.fen())
            assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), at
            assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves(), at
            assert ours.can_claim_draw() == theirs.can_claim_draw(), at
            assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition(), at
            assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves(), at
            assert ours.is_stalemate() == theirs.is_stalemate(), at
            assert ours.is_checkmate() == theirs.is_checkmate(), at
            assert ours.is_insufficient_material() == theirs.is_insufficient_material(), at
            assert _outcome(ours.outcome()) == _outcome(theirs.outcome()), at
            assert _outcome(ours.outcome(claim_draw=True)) == _outcome(theirs.outcome(claim_draw=True)), at
            assert ours.result(claim_draw=True) == theirs.result(claim_draw=True), at
    # The knights' dance reaches fivefold repetition, which python-chess ends the game with.
    board = vdmchess.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 4:
        board.push_san(san)
    assert board.outcome().termination == vdmchess.Termination.FIVEFOLD_REPETITION


def test_python_chess_code_runs_unchanged_on_vdmchess():
    chess = vdmchess  # import vdmchess as chess
    board = chess.Board()
    assert board.fen() == chess.STARTING_FEN
    assert len(board.legal_moves) == 20
    assert chess.Move.from_uci("e2e4") in board.legal_moves
    assert chess.Move.from_uci("e2e5") not in board.legal_moves
    move = board.push_san("e4")
    assert move == chess.Move(chess.E2, chess.E4)
    assert (move.from_square, move.to_square, move.promotion) == (12, 28, None)
    assert board.turn == chess.BLACK
    board.push_uci("e7e5")
    assert board.peek() == chess.Move.from_uci("e7e5")
    assert board.piece_at(chess.E4) == chess.Piece(chess.PAWN, chess.WHITE)
    assert board.piece_at(chess.E3) is None
    assert board.piece_at(chess.E8).symbol() == "k"
    assert board.san(chess.Move.from_uci("g1f3")) == "Nf3"
    assert board.parse_san("Nf3") == chess.Move.from_uci("g1f3")
    snapshot = board.copy()
    assert board.pop() == chess.Move.from_uci("e7e5")
    assert len(board.move_stack) == 1 and len(snapshot.move_stack) == 2
    assert isinstance(snapshot, chess.Board) and isinstance(copy.deepcopy(board), chess.Board)
    assert copy.copy(snapshot).fen() == snapshot.fen()
    board.set_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1")
    promote = board.push_san("a8=Q+")
    assert promote.promotion == chess.QUEEN and promote.uci() == "a7a8q"
    assert board.move_stack == [promote]
    assert str(chess.Move.null()) == "0000" and not chess.Move.null()
    assert repr(chess.Move.from_uci("e2e4")) == "Move.from_uci('e2e4')"
    assert chess.Board().parse_san("--") == chess.Move.null()


def test_castling_is_written_as_python_chess_writes_it_in_both_modes():
    chess = require_python_chess()
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    for chess960 in (False, True):
        theirs = chess.Board(fen, chess960=chess960)
        ours = vdmchess.Board(fen, chess960=chess960)
        assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
        assert ours.push_san("O-O").uci() == theirs.push_san("O-O").uci()
        assert ours.fen() == theirs.fen()


def test_str_svg_and_zobrist_hash_are_python_chess_s():
    chess = require_python_chess()
    import chess.polyglot

    theirs = chess.Board()
    ours = vdmchess.Board()
    for san in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"]:
        theirs.push_san(san)
        ours.push_san(san)
        assert str(ours) == str(theirs)
        assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)
    assert ours.unicode() == theirs.unicode()
    svg = ET.fromstring(ours._repr_svg_())
    assert svg.tag.endswith("svg")


def test_explain_says_why_with_the_clause_and_the_article():
    board = vdmchess.Board()
    why = board.explain("Bc4")
    assert why["legal"] is False
    assert why["reason"] == "blocked"
    assert why["detail"] == "the white pawn on e2 stands between f1 and c4"
    assert why["clause"] and why["fide"]
    assert why["uci"] == "f1c4"
    legal = board.explain("e4")
    assert legal["legal"] is True and legal["san"] == "e4"


def test_perft_counts_the_known_trees():
    assert vdmchess.perft(vdmchess.STARTING_FEN, 4) == 197_281
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert vdmchess.perft(kiwipete, 3) == 97_862
    assert vdmchess.perft(kiwipete, 2, rules="model") == 2_039
    assert vdmchess.Board(kiwipete).perft(2) == 2_039


def test_the_model_board_is_the_specification():
    board = vdmchess.Board(rules="model")
    assert board.rules == "model"
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    assert board.is_checkmate() and board.result() == "0-1"
    assert repr(board).endswith("rules='model')")
    with pytest.raises(ValueError, match="rules must be"):
        vdmchess.Board(rules="both")
