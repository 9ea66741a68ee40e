"""Perft of drops-king-capture (PieceEater Chess without the PieceEater) by Fairy-Stockfish.

Usage: python3 drops-king-capture-perft.py DEPTH FEN...   (needs `pip install pyffish`)

Fairy-Stockfish plays the section of drops-king-capture.ini; the three rules it cannot state
are filters on its move lists here (see the .ini). A position where a King is gone has no moves.
"""
import sys

import pyffish as sf

VARIANT = "dropskingcapture"
sf.load_variant_config(open(__file__.replace("-perft.py", ".ini")).read())


def board_of(fen):
    rows = fen.split()[0].split("[")[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank, file, num = 8 - i, 0, ""
        for c in row + " ":
            if c.isdigit():
                num += c
                continue
            if num:
                file += int(num)
                num = ""
            if c != " ":
                board["abcdefgh"[file] + str(rank)] = c
                file += 1
    return board


def attacked(fen, square, by_white):
    """Whether the side `by_white` could take a piece of the other side standing on `square`."""
    board = board_of(fen)
    fields = fen.split()
    if square not in board:
        board[square] = "n" if by_white else "N"
    rows = []
    for rank in range(8, 0, -1):
        row, empty = "", 0
        for f in "abcdefgh":
            c = board.get(f + str(rank))
            if c is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + c
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    hand = "[" + fields[0].split("[")[1] if "[" in fields[0] else ""
    probe = "/".join(rows) + hand + (" w" if by_white else " b") + " - - 0 1"
    return any(m[2:4] == square for m in sf.legal_moves(VARIANT, probe, []) if "@" not in m)


def allowed(fen, move):
    white = fen.split()[1] == "w"
    first, seventh, last = ("1", "7", "8") if white else ("8", "2", "1")
    if "@" in move:
        return move[0].upper() == "P" or move[-1] == first
    board = board_of(fen)
    piece = board.get(move[:2], "")
    if piece.upper() == "P" and move[3] == last and len(move) == 4:
        return False
    if piece.upper() == "P" and move[3] == seventh and move[4:] == "q":
        return False
    if piece.upper() == "K" and move[:2] in ("e1", "e8") and move[2:4] in ("g1", "c1", "g8", "c8"):
        path = {"g": "efg", "c": "edc"}[move[2]]
        return not any(attacked(fen, f + move[1], not white) for f in path)
    return True


def moves(fen):
    if sf.is_immediate_game_end(VARIANT, fen, [])[0]:
        return []
    return [m for m in sf.legal_moves(VARIANT, fen, []) if allowed(fen, m)]


def perft(fen, depth):
    ms = moves(fen)
    if depth == 1:
        return len(ms)
    return sum(perft(sf.get_fen(VARIANT, fen, [m]), depth - 1) for m in ms)


if __name__ == "__main__":
    depth = int(sys.argv[1])
    for fen in sys.argv[2:]:
        print(fen, [perft(fen, d) for d in range(1, depth + 1)])
