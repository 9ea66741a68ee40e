"""A Gymnasium environment for one agent: a chess game of messhall against the built-in computer
player at a level.

    from messhall.gym import ComputerOpponentEnv
    env = ComputerOpponentEnv("chess", level=1)
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))

Observations and actions are those of ``messhall.env.ChessEnv`` for the agent's seat. An action
that is not legal ends the episode, lost (reward -1, ``info["illegal"]``). Needs numpy, gymnasium
and pettingzoo (``pip install "./python[env]"``).
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np

from ._messhall import ChessGame, IllegalMoveError, Player, Variant
from .env import ChessEnv

__all__ = ["ComputerOpponentEnv"]


class ComputerOpponentEnv(gymnasium.Env):
    """One seat of a chess game (``seat`` 0 White, 1 Black); the other is messhall's computer at
    ``level`` (1-10), thinking at most ``think`` seconds a move. Levels 1-9 search to a node
    budget, so with a seed given to ``reset`` an episode replays exactly; level 10 searches for
    the time it is given."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        variant: str | Variant = "chess",
        level: int = 1,
        seat: int = 0,
        think: float = 5.0,
        max_moves: int = 1000,
        render_mode: Optional[str] = None,
    ):
        if seat not in (0, 1):
            raise ValueError(f"seat {seat}: 0 (White) or 1 (Black)")
        self._pz = ChessEnv(variant, max_moves=max_moves, render_mode=render_mode)
        self.variant = self._pz.variant
        self.level = level
        self.seat = seat
        self.think = think
        self.render_mode = render_mode
        agent = self._pz.possible_agents[seat]
        self.observation_space = self._pz.observation_space(agent)
        self.action_space = self._pz.action_space(agent)
        # Made here so that a bad level is refused at once.
        Player(f"level={level}", self.variant)
        self._opponent: Optional[Player] = None
        self.game: Optional[ChessGame] = None

    def _observe(self) -> dict:
        return self._pz.observe(self._pz.possible_agents[self.seat])

    def _opponent_moves(self) -> None:
        while self.game.to_act is not None and self.game.to_act != self.seat:
            self._opponent.play(self.game, self.think)

    def _reward(self) -> float:
        result = self.game.result
        return 0.0 if result is None else 2.0 * result["scores"][self.seat] - 1.0

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = ChessGame(self.variant, seed=game_seed)
        self._pz.game = self.game
        self._opponent = Player(f"level={self.level}", self.game, seed=game_seed)
        self._moves = 0
        self._opponent_moves()
        return self._observe(), {}

    def step(self, action: Any) -> tuple:
        try:
            self.game.push_index(int(action))
        except IllegalMoveError as e:
            return self._observe(), -1.0, True, False, {"illegal": str(e)}
        self._moves += 1
        self._opponent_moves()
        terminated = self.game.is_over
        truncated = not terminated and self._moves >= self._pz.max_actions
        info = {"result": self.game.result} if terminated else {}
        return self._observe(), self._reward(), terminated, truncated, info

    def render(self) -> Optional[str]:
        if self.render_mode is None or self.game is None:
            return None
        return self.game.fen

    def close(self) -> None:
        pass

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a mask (for libraries that ask for it by this name)."""
        return self._observe()["action_mask"].astype(bool)
