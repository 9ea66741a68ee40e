-- Work for any server: a computer seat's move, written in the transaction that hands it the
-- turn, one row per (game, ply). A server claims it by setting itself and a lease, renews the
-- lease while it thinks, and the entry it stores at that ply removes the row; a lease run out
-- (its server died) lets another claim it.
CREATE TABLE jobs (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    worker TEXT,
    lease_ms BIGINT NOT NULL DEFAULT 0,
    tries BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, ply)
);
CREATE INDEX jobs_by_lease ON jobs (lease_ms, created_ms);
