-- Issue 32: rollout signals a stranger cannot steer. Each counted session carries the network the site saw it on
-- (a /24 or /64), so the controller weighs a network as one session; a session counts as having run a version only
-- when its browser fetched that version's code from the site (ran), not for a page fetch alone.
ALTER TABLE release_sessions ADD COLUMN IF NOT EXISTS network text NOT NULL DEFAULT 'unknown';
ALTER TABLE release_sessions ADD COLUMN IF NOT EXISTS ran boolean NOT NULL DEFAULT false;
-- A report's network is the one its page token names (signed by the site when it served the page).
ALTER TABLE load_failures ADD COLUMN IF NOT EXISTS network text NOT NULL DEFAULT 'unknown';
CREATE INDEX IF NOT EXISTS load_failures_network_idx ON load_failures (remote, version, network, at);
