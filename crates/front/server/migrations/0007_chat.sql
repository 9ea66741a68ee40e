-- A game's chat: the players' room (seats only) and the spectators' room, each message numbered
-- in its game (`n`, from 1), with who wrote it as it was then.
CREATE TABLE chat (
    game_id TEXT NOT NULL REFERENCES games (id),
    n BIGINT NOT NULL,
    room TEXT NOT NULL,
    player_id TEXT,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);
