"""Random calls, bad input included, never crash the interpreter: every refusal is a
MesshallError (or, for arguments of the wrong type or range, TypeError/OverflowError), never a
panic (pyo3's PanicException derives from BaseException, so it would escape these handlers)."""

import random
import string

import pytest

import messhall as m

VARIANTS = [g for g in m.games() if g != "cafeteria"]
EXPECTED = (m.MesshallError, TypeError, OverflowError, ValueError)


def junk(rng: random.Random) -> str:
    alphabet = string.printable + "é♞\x00\u202e"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randrange(1, 6)):
        op = rng.randrange(3)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice(string.printable))
        elif chars:
            chars[min(i, len(chars) - 1)] = rng.choice("0123456789/kKqQ*pP- wb")
    return "".join(chars)


def call(f, *args):
    try:
        return f(*args)
    except EXPECTED:
        return None


def chess_calls(rng: random.Random, g: m.ChessGame) -> None:
    op = rng.randrange(14)
    legal = g.legal_moves()
    if op <= 4 and legal:
        g.push(rng.choice(legal))
    elif op == 5:
        call(g.push, junk(rng))
    elif op == 6:
        call(g.push_index, rng.randrange(-5, g.action_size + 5))
    elif op == 7:
        g.pop()
    elif op == 8:
        call(g.resign, rng.randrange(-2, 4))
    elif op == 9:
        g.chance(), g.last_chances(), g.energies(), g.hands(), g.board(), g.result, g.legal_san()
    elif op == 10:
        assert len(g.planes(rng.randrange(2))) == g.plane_count * g.variant.files * g.variant.ranks
    elif op == 11:
        record = g.record()
        if rng.random() < 0.5:
            assert m.Record.from_json(record.to_json()).replay().fen == g.fen
        else:
            call(m.Record.from_json, mutate(rng, record.to_json()))
    elif op == 12:
        call(m.ChessGame, g.variant, mutate(rng, g.fen))
    else:
        call(m.read_pgn, mutate(rng, g.pgn()) if rng.random() < 0.5 else junk(rng))


@pytest.mark.parametrize("seed", range(6))
def test_random_chess_calls_never_crash(seed):
    rng = random.Random(seed)
    for variant in VARIANTS:
        g = m.ChessGame(variant, seed=seed)
        for _ in range(60):
            chess_calls(rng, g)


@pytest.mark.parametrize("seed", range(3))
def test_random_cafeteria_calls_never_crash(seed):
    rng = random.Random(seed)
    c = m.CafeteriaGame(rng.randrange(2, 5), seed=seed)
    for _ in range(400):
        op = rng.randrange(10)
        legal = c.legal_actions()
        if op <= 5 and legal:
            c.act(rng.choice(legal))
        elif op == 6:
            call(c.act, junk(rng))
        elif op == 7:
            call(c.act_index, rng.randrange(-3, c.action_size + 3))
        elif op == 8:
            seat = rng.randrange(-2, 6)
            call(c.view, seat), call(c.observation, seat), call(c.log, seat), call(c.events, seat)
        else:
            c.pop() if rng.random() < 0.3 else call(c.resign, rng.randrange(-1, 5))
            if c.is_over:
                c = m.CafeteriaGame(rng.randrange(2, 5), seed=rng.randrange(1000))


def test_faulty_variant_files_and_fens_are_refused():
    rng = random.Random(7)
    text = open(__file__.replace("tests/test_properties.py", "../crates/games/catalog/variants/foodfight.toml")).read()
    refused = 0
    for _ in range(150):
        try:
            v = m.Variant.from_text("mutant.toml", mutate(rng, text))
        except m.VariantError as e:
            assert str(e)
            refused += 1
            continue
        call(v.perft, 1)
        call(m.ChessGame, v, mutate(rng, v.start_fen))
    assert refused > 0
    for bad in ["", " ", "8/8/8/8/8/8/8/8 w - - 0 1", "k" * 10000, "\x00", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x"]:
        with pytest.raises(m.FenError):
            m.ChessGame(fen=bad)


def test_wrong_argument_types_are_type_errors():
    with pytest.raises(TypeError):
        m.ChessGame(12)
    with pytest.raises(TypeError):
        m.ChessGame().push(None)
    with pytest.raises((OverflowError, TypeError)):
        m.ChessGame(seed=-1)
    with pytest.raises(m.SetupError):
        m.CafeteriaGame(99)
    with pytest.raises(OverflowError):
        m.CafeteriaGame(10**30)
