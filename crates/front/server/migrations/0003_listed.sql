-- Whether a game is shown in the public list (`GET /api/games`); a game not listed is found
-- only by its link. Games stored before this column are not listed.
ALTER TABLE games ADD COLUMN listed BIGINT NOT NULL DEFAULT 0;
