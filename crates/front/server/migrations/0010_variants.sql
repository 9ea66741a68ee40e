-- The variant studio: variants published by accounts. A variant has an owner, a visibility
-- (`private`, `unlisted`, `public`) and immutable versions, each named by the SHA-256 of its
-- text (`hash`, 64 hex digits); `latest` is the hash of the newest. A fork records the variant and
-- version it was made from. `title` and `description` are the latest version's, for search.
CREATE TABLE studio_variants (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES players (id),
    name TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    visibility TEXT NOT NULL,
    latest TEXT NOT NULL,
    forked_from TEXT,
    forked_version TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX studio_variants_by_owner ON studio_variants (owner_id, updated_ms);
CREATE INDEX studio_variants_by_visibility ON studio_variants (visibility, updated_ms);
CREATE TABLE studio_versions (
    variant_id TEXT NOT NULL REFERENCES studio_variants (id),
    hash TEXT NOT NULL,
    text TEXT NOT NULL,
    owner_id TEXT NOT NULL REFERENCES players (id),
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (variant_id, hash)
);
CREATE INDEX studio_versions_by_owner ON studio_versions (owner_id, created_ms);
-- The published variant and version a game was made from (its record holds the text itself).
CREATE TABLE studio_games (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    variant_id TEXT NOT NULL REFERENCES studio_variants (id),
    version TEXT NOT NULL
);
CREATE INDEX studio_games_by_variant ON studio_games (variant_id, version);
-- A seek's game may be a published variant's version (its `game` is then the variant's name).
ALTER TABLE seeks ADD COLUMN variant_id TEXT;
ALTER TABLE seeks ADD COLUMN variant_version TEXT;
