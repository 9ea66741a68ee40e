-- Correspondence seeks: days a move instead of a timed clock. Such a seek stays in the lobby
-- without its poster (its `alive_ms` is set a week ahead and not renewed), as correspondence
-- players come and go; it ends when it is taken, left, or its week is out.
ALTER TABLE seeks ADD COLUMN days_per_move BIGINT;
