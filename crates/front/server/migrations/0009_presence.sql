-- Each seat's presence, per server process that holds WebSockets of that seat: how many are open
-- there and when that process last said so (on opening, on closing, and every few seconds while
-- one is open). A seat is here while some process has one open and said so lately; otherwise it
-- is gone since the latest of its rows' times. A process that dies stops refreshing, so its rows
-- go stale and the seat is seen gone on every server.
CREATE TABLE presence (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    process TEXT NOT NULL,
    open BIGINT NOT NULL DEFAULT 0,
    seen_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, process)
);
CREATE INDEX presence_by_process ON presence (process, open);
