-- Games, their seats and their entries: a game is stored as its record's setup (games.setup) and
-- every accepted action appended in order (entries), numbered by ply. Plain SQL that SQLite and
-- PostgreSQL both accept.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    client TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX games_by_status ON games (status, updated_ms);
CREATE INDEX games_by_client ON games (client, status);
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    join_hash TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_name ON seats (name);
CREATE TABLE entries (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    entry TEXT NOT NULL,
    clock TEXT,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
