-- The lobby: a seek is a game wanted, listed to everyone while its poster's lobby WebSocket is
-- open (`alive_ms`, renewed by the poster's server; a server that died stops renewing it and
-- any other sweeps it). Its players wait in `seek_players`, the poster first; `game_id` is set
-- in the transaction that takes its last seat (or its poster starts it), so one game is made.
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (id),
    game TEXT NOT NULL,
    base_ms BIGINT,
    increment_ms BIGINT,
    rated BIGINT NOT NULL,
    colour TEXT NOT NULL,
    seats BIGINT NOT NULL,
    bots BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    alive_ms BIGINT NOT NULL,
    game_id TEXT
);
CREATE INDEX seeks_by_alive ON seeks (alive_ms);
CREATE TABLE seek_players (
    seek_id TEXT NOT NULL REFERENCES seeks (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id),
    name TEXT NOT NULL,
    joined_ms BIGINT NOT NULL,
    PRIMARY KEY (seek_id, player_id)
);
-- Whether a game changes its players' ratings, and whether it has (once, by whichever server).
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rated_done BIGINT NOT NULL DEFAULT 0;
-- Each player's rating in each game: Glicko-2 (rating, deviation, volatility) for the chess
-- games, Weng-Lin (rating = mu, deviation = sigma) for the cafeteria game.
CREATE TABLE ratings (
    player_id TEXT NOT NULL REFERENCES players (id),
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (player_id, game)
);
CREATE INDEX ratings_by_game ON ratings (game, rating);
-- A rating after each rated game, for the player's chart.
CREATE TABLE rating_history (
    player_id TEXT NOT NULL REFERENCES players (id),
    game TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id),
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
