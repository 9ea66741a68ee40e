-- Players: everyone who plays from a browser is one, anonymous at first (found by the session
-- cookie only) and an account once it takes a login name and password. `account` is the login
-- name in lower case (unique); `password` its argon2id hash (a PHC string), never the password.
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    account TEXT UNIQUE,
    password TEXT,
    created_ms BIGINT NOT NULL
);
-- A browser's session: the SHA-256 of the secret in its cookie, never the secret.
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (id),
    created_ms BIGINT NOT NULL,
    seen_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_player ON sessions (player_id);
-- The player who holds a seat, when a browser's session took it (a seat taken with a token
-- alone, by a bot or a script, has none).
ALTER TABLE seats ADD COLUMN player_id TEXT;
CREATE INDEX seats_by_player ON seats (player_id);
