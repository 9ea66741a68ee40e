"""PettingZoo environments (the AEC API): every chess game of messhall, and the cafeteria game for
2-4 agents.

Each agent observes a dict: ``observation`` and ``action_mask``, the mask over a fixed action
encoding (``ChessGame.legal_indices``, ``CafeteriaGame.legal_indices``), so an index means the
same action in every position. Rewards come at the end. Chance events (the PieceEater's steps,
the cafeteria's dice) happen inside the environment, from the seed given to ``reset``; a steered
step is an action of the agent who steers it.

    from messhall.env import chess_env
    env = chess_env("foodfight")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Needs numpy, gymnasium and pettingzoo (``pip install "./python[env]"``).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ._messhall import CafeteriaGame, ChessGame, Variant

__all__ = ["ChessEnv", "CafeteriaEnv", "chess_env", "cafeteria_env"]


def _new_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**63 - 1))


class _TurnBased(AECEnv):
    """What both kinds of game share: agents by seat, turns from the game, rewards at the end."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, seats: int, max_actions: int, render_mode: Optional[str]):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the modes are {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng, _ = seeding.np_random(None)
        self.game: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_game(self, seed: int) -> Any:
        raise NotImplementedError

    def _mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self.game.action_size, dtype=np.int8)
        if self.game.to_act == self.agent_name_mapping[agent]:
            mask[self.game.legal_indices()] = 1
        return mask

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
        self.game = self._new_game(_new_seed(self._rng))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.actions_taken = 0
        self.agent_selection = self.possible_agents[self.game.to_act]

    def _score(self, scores: list) -> dict:
        raise NotImplementedError

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._take(int(action))
        self.actions_taken += 1
        self.rewards = {a: 0.0 for a in self.agents}
        result = self.game.result
        if result is not None:
            for a, r in self._score(result["scores"]).items():
                self.rewards[a] = r
            self.terminations = {a: True for a in self.agents}
            for a in self.agents:
                self.infos[a] = {"result": result}
        elif self.actions_taken >= self.max_actions:
            self.truncations = {a: True for a in self.agents}
        if self.game.to_act is not None:
            self.agent_selection = self.possible_agents[self.game.to_act]
        self._accumulate_rewards()

    def _take(self, action: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        pass


class ChessEnv(_TurnBased):
    """A chess game of messhall for two agents, ``player_0`` (White) and ``player_1`` (Black).

    The observation is ranks x files x (2 x piece types + 3) bytes, seen from the agent's side
    (its own pieces' planes first, its side at the bottom): a plane per piece type and side, the
    neutral pieces, the pieces' counter values (Calorie's energy), and a plane of ones while the
    agent is to steer a step rather than to move. Rewards: +1 a win, -1 a loss, 0 a draw.
    """

    def __init__(self, variant: str | Variant = "chess", max_moves: int = 1000, render_mode: Optional[str] = None):
        super().__init__(2, max_moves, render_mode)
        self.variant = variant if isinstance(variant, Variant) else Variant(variant)
        self.metadata = {**self.metadata, "name": f"messhall_{self.variant.name.replace('-', '_')}_v0"}
        probe = ChessGame(self.variant, seed=0)
        shape = (self.variant.ranks, self.variant.files, probe.plane_count + 1)
        n = probe.action_size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 255, shape=shape, dtype=np.uint8),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

    def _new_game(self, seed: int) -> ChessGame:
        return ChessGame(self.variant, seed=seed)

    def observe(self, agent: str) -> dict:
        seat = self.agent_name_mapping[agent]
        g = self.game
        planes = np.frombuffer(g.planes(seat), dtype=np.uint8).reshape(g.plane_count, self.variant.ranks, self.variant.files)
        steer = np.full((1, self.variant.ranks, self.variant.files), int(g.phase == "steer" and g.to_act == seat), dtype=np.uint8)
        board = np.concatenate([planes, steer]).transpose(1, 2, 0).copy()
        return {"observation": board, "action_mask": self._mask(agent)}

    def _score(self, scores: list) -> dict:
        return {a: 2.0 * scores[i] - 1.0 for i, a in enumerate(self.possible_agents)}

    def _take(self, action: int) -> None:
        self.game.push_index(action)

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self.game.fen


class CafeteriaEnv(_TurnBased):
    """The cafeteria game for ``players`` (2-4) agents, ``player_0`` upwards by seat.

    Each agent observes a vector of numbers (``CafeteriaGame.observation``): only what its player
    may see, so the food other players' students carry, the order of the Food Line's stacks and
    counters lying face down are not in it. Rewards at the end: each player's share of the win.
    """

    def __init__(
        self,
        players: int = 4,
        options: Optional[list] = None,
        max_actions: int = 20000,
        render_mode: Optional[str] = None,
    ):
        self.options = list(options or [])
        probe = CafeteriaGame(players, self.options, seed=0)
        super().__init__(players, max_actions, render_mode)
        self.players = players
        self.metadata = {**self.metadata, "name": f"messhall_cafeteria_{players}p_v0"}
        n = probe.action_size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 255.0, shape=(probe.observation_size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

    def _new_game(self, seed: int) -> CafeteriaGame:
        return CafeteriaGame(self.players, self.options, seed=seed)

    def observe(self, agent: str) -> dict:
        seat = self.agent_name_mapping[agent]
        obs = np.asarray(self.game.observation(seat), dtype=np.float32)
        return {"observation": obs, "action_mask": self._mask(agent)}

    def _score(self, scores: list) -> dict:
        return {a: float(scores[i]) for i, a in enumerate(self.possible_agents)}

    def _take(self, action: int) -> None:
        self.game.act_index(action)

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return "\n".join(self.game.log(None)[-10:])


def chess_env(variant: str | Variant = "chess", **kwargs: Any) -> ChessEnv:
    """A ``ChessEnv`` for ``variant`` (a name, a variant file's path, or a ``Variant``)."""
    return ChessEnv(variant, **kwargs)


def cafeteria_env(players: int = 4, **kwargs: Any) -> CafeteriaEnv:
    """A ``CafeteriaEnv`` for ``players`` agents."""
    return CafeteriaEnv(players, **kwargs)
