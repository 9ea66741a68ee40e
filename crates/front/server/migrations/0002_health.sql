-- One row that the health and readiness checks rewrite: a check that writes finds a full disk
-- or a lost lock before a move does.
CREATE TABLE health (
    id BIGINT PRIMARY KEY,
    written_ms BIGINT NOT NULL
);
