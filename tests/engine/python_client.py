"""python-chess's chess.engine driving `vdmchess uci` (run by tests/uci_python.rs).

Usage: python3 python_client.py PATH/TO/vdmchess
Exits 0 when every check passes; an AssertionError's message says which failed.
"""

import sys

import chess
import chess.engine


def main(binary):
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"], timeout=60)
    try:
        assert engine.id["name"].startswith("vdmchess"), engine.id
        for name in ("Hash", "OwnBook", "BookFile", "UCI_Chess960", "Move Overhead"):
            assert name in engine.options, (name, list(engine.options))
        engine.configure({"Hash": 8, "Move Overhead": 20})

        # A few moves against itself, under depth, node and clock limits.
        board = chess.Board()
        limits = [
            chess.engine.Limit(depth=3),
            chess.engine.Limit(nodes=2000),
            chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05),
            chess.engine.Limit(time=0.05),
        ]
        for ply in range(8):
            result = engine.play(board, limits[ply % len(limits)])
            assert result.move in board.legal_moves, (board.fen(), result.move)
            board.push(result.move)

        # Analysis: depth, score and a legal principal variation.
        info = engine.analyse(board, chess.engine.Limit(depth=5))
        assert info["depth"] == 5, info
        assert "score" in info and "nodes" in info and "pv" in info, info
        replay = board.copy()
        for m in info["pv"]:
            assert m in replay.legal_moves, (replay.fen(), m)
            replay.push(m)

        # A mate in two is announced as one (WAC.001, 1. Qg6). A new game (`ucinewgame`), as
        # a GUI starts one for a new position, and depth to spare: the reductions of a selective
        # search, ordered by the history of the moves before, sees the queen sacrifice only at
        # depth 10 or 11, more than twice the mate's length.
        wac1 = chess.Board("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1")
        info = engine.analyse(wac1, chess.engine.Limit(depth=12), game=object())
        assert info["score"].relative == chess.engine.Mate(2), info["score"]
        assert info["pv"][0] == chess.Move.from_uci("g3g6"), info["pv"]

        # Infinite analysis, stopped by the client.
        with engine.analysis(chess.Board()) as analysis:
            for i in analysis:
                if i.get("depth", 0) >= 3:
                    break
        assert analysis.info.get("depth", 0) >= 3

        # A checkmated position: no move.
        mated = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        result = engine.play(mated, chess.engine.Limit(depth=3))
        assert result.move is None, result

        # Chess960 (python-chess sets UCI_Chess960 itself): castling written king-takes-rook.
        b960 = chess.Board("4k3/8/8/8/8/8/8/4K2R w K - 0 1", chess960=True)
        b960.push(chess.Move.from_uci("e1h1"))
        result = engine.play(b960, chess.engine.Limit(depth=3))
        assert result.move in b960.legal_moves, result
    finally:
        engine.quit()
    print("python-chess client: all checks passed")


if __name__ == "__main__":
    main(sys.argv[1])
