#!/usr/bin/python3
"""A real UCI client against `messhall uci`: python-chess's engine module plays a short FIDE
chess game between two messhall engines under several kinds of limits, then analyses positions
(a mate in one, a finite analysis, an infinite one stopped by the client).

Usage: uci_game.py MESSHALL_BINARY [PGN_OUT]
Exits non-zero, with the reason, when anything is wrong.
"""

import sys

import chess
import chess.engine
import chess.pgn

PLIES = 24


def start(binary, options):
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"], timeout=30)
    name = engine.id.get("name", "")
    assert name.startswith("messhall"), f"engine name {name!r}"
    for option in ("UCI_Variant", "VariantPath", "Hash", "Skill Level", "Seed"):
        assert option in engine.options, f"no option {option}; has {list(engine.options)}"
    variants = engine.options["UCI_Variant"].var
    for variant in ("chess", "calorie", "foodfight", "friendly", "pieceeater"):
        assert variant in variants, f"UCI_Variant lacks {variant}: {variants}"
    engine.configure(options)
    return engine


def limits(ply):
    """A different kind of limit as the game goes on: time, depth, nodes, clocks."""
    kinds = [
        chess.engine.Limit(time=0.05),
        chess.engine.Limit(depth=3),
        chess.engine.Limit(nodes=3000),
        chess.engine.Limit(white_clock=20, black_clock=20, white_inc=0.1, black_inc=0.1),
        chess.engine.Limit(white_clock=10, black_clock=12, remaining_moves=30),
    ]
    return kinds[ply % len(kinds)]


def play(white, black):
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = "messhall uci through python-chess"
    game.headers["White"] = "messhall (Skill Level 10)"
    game.headers["Black"] = "messhall (Skill Level 6)"
    node = game
    for ply in range(PLIES):
        if board.is_game_over():
            break
        engine = white if board.turn == chess.WHITE else black
        result = engine.play(board, limits(ply), info=chess.engine.INFO_ALL)
        assert result.move is not None, f"no move at ply {ply} in {board.fen()}"
        assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
        board.push(result.move)
        node = node.add_variation(result.move)
    game.headers["Result"] = board.result(claim_draw=True) if board.is_game_over() else "*"
    return board, game


def analyse(engine):
    # A mate in one on the back rank.
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    info = engine.analyse(board, chess.engine.Limit(depth=3))
    assert info["score"].white() == chess.engine.Mate(1), f"mate in one scored {info['score']}"
    assert info["pv"][0] == chess.Move.from_uci("a1a8"), f"pv {info['pv']}"

    board = chess.Board()
    board.push_uci("e2e4")
    info = engine.analyse(board, chess.engine.Limit(depth=5))
    assert info["depth"] == 5, f"depth {info.get('depth')}"
    assert info["nodes"] > 0 and "score" in info
    probe = board.copy()
    for move in info["pv"]:
        assert move in probe.legal_moves, f"pv move {move} illegal in {probe.fen()}"
        probe.push(move)

    # Infinite analysis, stopped by the client after a few depths.
    depths = []
    with engine.analysis(board) as analysis:
        for info in analysis:
            if "depth" in info:
                depths.append(info["depth"])
            if len(depths) >= 3:
                break
    assert depths[:3] == [1, 2, 3], f"depths {depths}"
    # The engine still answers after the stop.
    engine.ping()
    return info


def main():
    binary = sys.argv[1]
    white = start(binary, {"Hash": 8, "Skill Level": 10})
    black = start(binary, {"Hash": 8, "Skill Level": 6, "Seed": "5"})
    try:
        board, game = play(white, black)
        analyse(white)
    finally:
        white.quit()
        black.quit()
    print(game)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as out:
            print(game, file=out)
    print(f"ok: {len(board.move_stack)} plies, final position {board.fen()}")


if __name__ == "__main__":
    main()
