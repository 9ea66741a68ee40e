"""messhall: the food-fight chess variants and the cafeteria dice game, their engine, records
and PGN, from Python.

The games are played by messhall's own rules (compiled from Rust); this package holds none of
its own. ``messhall.env`` and ``messhall.gym`` hold learning environments (PettingZoo and
Gymnasium, installed with the ``env`` extra).
"""

from ._messhall import (
    LEVELS,
    CafeteriaGame,
    ChessGame,
    Engine,
    EngineError,
    FenError,
    IllegalMoveError,
    MesshallError,
    Player,
    Record,
    RecordError,
    SetupError,
    TurnError,
    Variant,
    VariantError,
    description,
    games,
    read_pgn,
)

__all__ = [
    "LEVELS",
    "CafeteriaGame",
    "ChessGame",
    "Engine",
    "EngineError",
    "FenError",
    "IllegalMoveError",
    "MesshallError",
    "Player",
    "Record",
    "RecordError",
    "SetupError",
    "TurnError",
    "Variant",
    "VariantError",
    "description",
    "games",
    "read_pgn",
]
