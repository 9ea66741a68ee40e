"""The learning environments pass PettingZoo's and Gymnasium's own checks."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import messhall as m
from messhall.env import CafeteriaEnv, ChessEnv, cafeteria_env, chess_env
from messhall.gym import ComputerOpponentEnv

CHESS = [g for g in m.games() if g != "cafeteria"]


@pytest.mark.parametrize("variant", CHESS)
def test_chess_env_api(variant):
    api_test(chess_env(variant, max_moves=200), num_cycles=200)


@pytest.mark.parametrize("variant", CHESS)
def test_chess_env_seeds(variant):
    seed_test(lambda: chess_env(variant, max_moves=100), num_cycles=100)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cafeteria_env_api(players):
    api_test(cafeteria_env(players), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cafeteria_env_seeds(players):
    seed_test(lambda: cafeteria_env(players), num_cycles=200)


def test_the_computer_opponent_env():
    env = ComputerOpponentEnv("chess", level=1)
    check_env(env, skip_render_check=True)
    black = ComputerOpponentEnv("pieceeater", level=1, seat=1)
    obs, _ = black.reset(seed=3)
    assert black.game.to_act == 1 and len(black.game.actions()) == 1
    with pytest.raises(m.EngineError):
        ComputerOpponentEnv("chess", level=0)


def play_out(env, seed):
    """Random legal actions to the end; every observation in its space, every mask exact."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    env.totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        env.totals[agent] += reward
        assert env.observation_space(agent).contains(obs)
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(env.game.legal_indices())
        env.step(int(rng.choice(legal)))
    return env


@pytest.mark.parametrize("variant", CHESS)
def test_every_legal_move_has_its_own_index(variant):
    env = ChessEnv(variant, max_moves=150)
    env.reset(seed=1)
    for _ in range(150):
        g = env.game
        if g.is_over:
            break
        indices = g.legal_indices()
        assert len(set(indices)) == len(indices) == len(g.legal_moves())
        assert all(0 <= i < g.action_size for i in indices)
        g.push_index(indices[len(indices) // 2])


def test_a_cafeteria_game_to_the_end_rewards_the_winner():
    env = play_out(CafeteriaEnv(2, max_actions=100000), seed=5)
    result = env.game.result
    assert result is not None
    assert [env.totals[a] for a in env.possible_agents] == result["scores"]


def test_the_observation_is_seen_from_the_agent_side():
    env = ChessEnv("chess")
    env.reset(seed=0)
    white = env.observe("player_0")["observation"]
    black = env.observe("player_1")["observation"]
    # Each sees its own pawns (plane 0) on its second rank.
    assert white[1, :, 0].sum() == 8 and black[1, :, 0].sum() == 8
    assert env.observe("player_1")["action_mask"].sum() == 0
