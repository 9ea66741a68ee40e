-- Balance reports of published variants' versions, as jobs any server's report worker takes.
-- One row per version and request (`request`: the games, strength and seed as canonical JSON),
-- so a report is made once and served to everyone after (a cancelled or failed one is asked
-- again). A worker claims a `queued` row (or a `running` one whose lease ran out: its server
-- died) by setting itself and a lease, renews the lease with the games done, and reads
-- `cancel` as it does; it writes the report (JSON) at the end, partial if stopped.
CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    variant_id TEXT NOT NULL REFERENCES studio_variants (id),
    version TEXT NOT NULL,
    request TEXT NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (id),
    status TEXT NOT NULL,
    done_games BIGINT NOT NULL DEFAULT 0,
    total_games BIGINT NOT NULL,
    report TEXT,
    error TEXT,
    worker TEXT,
    lease_ms BIGINT NOT NULL DEFAULT 0,
    cancel BIGINT NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE UNIQUE INDEX reports_by_request ON reports (version, request);
CREATE INDEX reports_by_status ON reports (status, lease_ms, created_ms);
CREATE INDEX reports_by_player ON reports (player_id, status);
