"""Random playouts per second from Python: messhall beside python-chess and pyffish for FIDE chess
(in the same run), and messhall alone for Food Fight chess and the cafeteria game.

A playout starts from the start position and plays uniformly random legal moves until the game
is over or MAX_PLIES plies are played. Each library is asked the way its users ask it: messhall's
ChessGame (legal_moves, push), python-chess's Board (legal_moves, push, is_game_over) and
pyffish's stateless calls (legal_moves and get_fen from the current FEN; with the FEN alone it
does not see repetitions).

    python python/bench/playouts.py [--seconds 10]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import messhall

MAX_PLIES = 400


def messhall_chess(variant: str):
    def playout(rng: random.Random) -> int:
        g = messhall.ChessGame(variant, seed=rng.randrange(2**32))
        plies = 0
        while plies < MAX_PLIES:
            moves = g.legal_moves()
            if not moves:
                break
            g.push(rng.choice(moves))
            plies += 1
        return plies

    return playout


def messhall_cafeteria(players: int):
    def playout(rng: random.Random) -> int:
        c = messhall.CafeteriaGame(players, seed=rng.randrange(2**32))
        actions = 0
        while True:
            legal = c.legal_actions()
            if not legal:
                return actions
            c.act(rng.choice(legal))
            actions += 1

    return playout


def python_chess():
    import chess

    def playout(rng: random.Random) -> int:
        board = chess.Board()
        plies = 0
        while plies < MAX_PLIES and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        return plies

    return playout, f"python-chess {chess.__version__}"


def pyffish():
    import pyffish as sf

    start = sf.start_fen("chess")

    def playout(rng: random.Random) -> int:
        fen = start
        plies = 0
        while plies < MAX_PLIES:
            moves = sf.legal_moves("chess", fen, [])
            if not moves or sf.is_optional_game_end("chess", fen, [])[0]:
                break
            fen = sf.get_fen("chess", fen, [rng.choice(moves)])
            plies += 1
        return plies

    return playout, "pyffish " + ".".join(str(n) for n in sf.version())


def measure(playout, seconds: float, seed: int = 1) -> tuple[float, float, int]:
    """Playouts a second and plies a second over at least `seconds`, and the playouts run."""
    rng = random.Random(seed)
    games = plies = 0
    begun = time.perf_counter()
    while True:
        plies += playout(rng)
        games += 1
        elapsed = time.perf_counter() - begun
        if elapsed >= seconds:
            return games / elapsed, plies / elapsed, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each line (default 10)")
    args = parser.parse_args()
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; playouts of at most {MAX_PLIES} plies")
    rows = [("FIDE chess", "messhall", messhall_chess("chess"))]
    for make in (python_chess, pyffish):
        try:
            playout, name = make()
            rows.append(("FIDE chess", name, playout))
        except ImportError as e:
            print(f"# {make.__name__}: not installed ({e})")
    rows.append(("Food Fight chess", "messhall", messhall_chess("foodfight")))
    rows.append(("cafeteria, 4 players", "messhall", messhall_cafeteria(4)))
    print(f"{'game':<22} {'library':<22} {'playouts/s':>11} {'plies/s':>10} {'playouts':>9}")
    for game, name, playout in rows:
        per_s, plies_s, n = measure(playout, args.seconds)
        print(f"{game:<22} {name:<22} {per_s:>11.2f} {plies_s:>10.0f} {n:>9}")


if __name__ == "__main__":
    main()
