"""The bindings: each call against what the rules and the play layer say."""

import copy

import pytest

import messhall as m


def test_games_and_variants():
    names = m.games()
    assert names[0] == "chess" and names[-1] == "cafeteria"
    assert "foodfight" in names and "pieceeater-steered" in names
    v = m.Variant("foodfight")
    assert (v.files, v.ranks) == (12, 12)
    assert m.Variant().name == "chess"
    assert len(v.pieces()) == 15
    assert m.description("chess")


def test_perft_matches_the_known_counts():
    chess = m.Variant("chess")
    assert [chess.perft(d) for d in (1, 2, 3)] == [20, 400, 8902]
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert chess.perft(2, kiwipete) == 2039
    split = dict(chess.divide(2))
    assert split["e2e4"] == 20 and sum(split.values()) == 400


def test_push_pop_fen_and_san():
    g = m.ChessGame(seed=1)
    start = g.fen
    assert g.turn == "white" and g.to_act == 0 and g.phase == "move"
    assert len(g.legal_moves()) == 20 and "Nf3" in g.legal_san()
    events = g.push("e4")
    assert events[0]["type"] == "moved" and events[0]["san"] == "e4"
    g.push("e7e5")
    assert g.turn == "white"
    assert g.pop() and g.pop() and not g.pop()
    assert g.fen == start


def test_fools_mate_result_and_why():
    g = m.ChessGame()
    for mv in ["f3", "e5", "g4", "Qh4#"]:
        g.push(mv)
    assert g.is_over and g.phase == "over" and g.to_act is None
    r = g.result
    assert r["winner"] == 1 and r["scores"] == [0.0, 1.0] and r["why"] == "checkmate"
    assert g.legal_moves() == []
    with pytest.raises(m.TurnError):
        g.push("a3")


def test_illegal_moves_carry_the_rules_reason():
    g = m.ChessGame()
    with pytest.raises(m.IllegalMoveError, match="no Pawn can go to e5"):
        g.push("e5")
    with pytest.raises(m.IllegalMoveError):
        g.push("zz99")
    with pytest.raises(m.MesshallError):
        g.push_index(10**9)


def test_bad_fens_and_variant_files():
    with pytest.raises(m.FenError, match="ranks"):
        m.ChessGame(fen="8/8 w - - 0 1")
    with pytest.raises(m.VariantError, match="not a game of messhall"):
        m.Variant("no-such-game")
    with pytest.raises(m.VariantError):
        m.Variant.from_text("broken.toml", "files = 8\nranks = [")
    with pytest.raises(m.VariantError):
        m.Variant("cafeteria")
    with pytest.raises(m.FenError):
        m.Variant("chess").perft(1, "not a fen")


def test_a_variant_file_from_text(tmp_path):
    text = open(__file__.replace("tests/test_bindings.py", "../crates/games/catalog/variants/chess.toml")).read()
    v = m.Variant.from_text("mine.toml", text)
    assert v.perft(2) == 400
    path = tmp_path / "mine.toml"
    path.write_text(text)
    assert m.ChessGame(str(path)).variant.perft(1) == 20


def test_pieceeater_chance_events_with_weights():
    g = m.ChessGame("pieceeater", seed=5)
    g.push("e4")
    steps = g.last_chances()
    assert steps and all(s["chooser"] is None for s in steps)
    assert all(0 < s["probability"] <= 1 and s["weight"] <= s["total"] for s in steps)
    assert any(e["type"] == "chance" for e in g.events())
    # The same seed gives the same steps.
    again = m.ChessGame("pieceeater", seed=5)
    again.push("e4")
    assert again.last_chances() == steps and again.fen == g.fen


def test_steering_the_pieceeater():
    g = m.ChessGame("pieceeater-steered", seed=3)
    assert g.phase == "steer"
    chance = g.chance()
    assert chance["chooser"] == g.to_act == 0
    assert abs(sum(o["probability"] for o in chance["outcomes"]) - 1) < 1e-9
    target = chance["outcomes"][0]["to"]
    g.push(target)
    assert g.phase == "move"
    assert ("d4" in dict(g.board())) is (target == "d4")
    assert dict(g.board())[target] == "*"
    with pytest.raises(m.IllegalMoveError):
        m.ChessGame("pieceeater-steered", seed=3).push("a8")


def test_calorie_energies_and_hands():
    g = m.ChessGame("calorie")
    energies = g.energies()
    assert energies and all(e["value"] == 7 for e in energies)
    assert {e["color"] for e in energies} == {"white", "black"}
    assert g.hands() == {"white": {}, "black": {}}
    g.push("Nf3")
    moved = [e for e in g.energies() if e["square"] == "f3"]
    assert moved and moved[0]["value"] < 7


def test_resign_and_seats():
    g = m.ChessGame()
    with pytest.raises(m.TurnError):
        g.resign(2)
    g.resign(0)
    assert g.result["winner"] == 1 and "resigned" in g.result["why"]


def test_records_and_pgn_round_trip():
    g = m.ChessGame("pieceeater", seed=9)
    for _ in range(6):
        g.push(g.legal_moves()[0])
    record = g.record()
    # Six moves, each with the PieceEater's step after it.
    assert len(record) == 12 and record.game == "pieceeater"
    again = m.Record.from_json(record.to_json()).replay()
    assert isinstance(again, m.ChessGame) and again.fen == g.fen
    pgn = g.pgn()
    assert '[Variant "pieceeater"]' in pgn or "pieceeater" in pgn
    (read,) = m.read_pgn(pgn)
    assert read.replay().fen == g.fen
    with pytest.raises(m.RecordError):
        m.Record.from_json("{}")
    with pytest.raises(m.RecordError):
        m.read_pgn('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')


def test_engine_search_and_players():
    e = m.Engine("chess")
    mate_in_one = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    found = e.search(mate_in_one, depth=3)
    assert found["best"] == "a1a8" and found["score"] == {"mate": 1} and found["pv_san"][0] == "Ra8#"
    assert e.search(m.ChessGame(), nodes=500)["nodes"] >= 1
    assert e.search(m.ChessGame(), time=0.05)["pv"]
    with pytest.raises(m.EngineError):
        e.search(mate_in_one)
    with pytest.raises(m.EngineError):
        m.Engine("chess", level=11)
    two = m.Engine("chess", threads=2).search(mate_in_one, depth=3)
    assert two["best"] == "a1a8" and two["score"] == {"mate": 1}
    for threads in (0, 257):
        with pytest.raises(m.EngineError):
            m.Engine("chess", threads=threads)
    with pytest.raises(m.EngineError):
        e.search(m.ChessGame("foodfight"), depth=1)
    g = m.ChessGame()
    p = m.Player("level=1", g, seed=1)
    assert p.choose(g) in g.legal_moves()
    p.play(g)
    assert len(g.actions()) == 1
    with pytest.raises(m.EngineError):
        m.Player("search", g)
    with pytest.raises(m.EngineError):
        m.Player("level=0", g)


def test_copies_are_independent():
    g = m.ChessGame()
    h = copy.deepcopy(g)
    h.push("e4")
    assert g.fen != h.fen


def test_cafeteria_turns_actions_words_and_result():
    c = m.CafeteriaGame(3, seed=4)
    assert c.seats == 3 and c.to_act is not None and c.round == 1
    names, words = c.legal_actions(), c.legal_words()
    assert len(names) == len(words) > 0
    events = c.act(names[0])
    assert events[0]["type"] == "acted"
    with pytest.raises(m.IllegalMoveError):
        c.act("fly to the moon")
    bot = m.Player("random", c, seed=2)
    for _ in range(5000):
        if c.is_over:
            break
        bot.play(c)
    assert c.is_over
    r = c.result
    assert len(r["scores"]) == 3 and r["why"] and r["ending"] == "cafeteria"
    assert m.Record.from_json(c.record().to_json()).replay().result["scores"] == r["scores"]


def test_cafeteria_setup_errors():
    with pytest.raises(m.SetupError):
        m.CafeteriaGame(5)
    with pytest.raises(m.SetupError):
        m.CafeteriaGame(4, ["no-such-option"])
    assert "mystery-meat" in m.CafeteriaGame.options()
    m.CafeteriaGame(2, ["mystery-meat"], seed=1)


def test_cafeteria_hides_what_a_seat_may_not_see():
    c = m.CafeteriaGame(4, seed=2)
    seat = c.to_act
    c.act(c.legal_actions()[0])  # through the Food Line: the food is dealt face down
    mine = c.view(seat)
    other = c.view((seat + 1) % 4)
    me = [s for s in mine["students"] if s["player"] == seat][0]
    them = [s for s in other["students"] if s["player"] == seat][0]
    assert me["foods"] and "foods" not in them and them["carrying"] == me["carrying"]
    hidden = [e for e in c.events(seat) if e.get("visible_to") == seat]
    assert hidden and not [e for e in c.events((seat + 1) % 4) if e.get("visible_to") == seat]
    assert len(c.log(seat)) > len(c.log(None))
    with pytest.raises(m.TurnError):
        c.view(7)
    # What a seat observes does not change with what others hold face down.
    a = m.CafeteriaGame(4, seed=2)
    a.act(a.legal_actions()[0])
    assert a.observation((seat + 1) % 4) == c.observation((seat + 1) % 4)


def test_dice_are_reported():
    c = m.CafeteriaGame(2, seed=1)
    assert all(0 <= d["value"] < d["options"] for d in c.dice())
