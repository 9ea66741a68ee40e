-- Rematches between people: each seat's offer, and the one game they became (its row made in the
-- transaction of the last offer, so two racing offers make one game).
CREATE TABLE rematch_offers (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE rematches (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    new_id TEXT NOT NULL
);
