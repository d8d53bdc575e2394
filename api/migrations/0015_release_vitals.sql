-- Real-user speed per remote version: the LCP, INP, CLS and TTFB the shell measured in a sampled browser, each
-- attributed to the route pattern the figure belongs to and the remote version that rendered it, sent with the page
-- token the site signed (its session and network). Once per session, remote, version, route and metric; rows older
-- than the rollout window and a day are pruned by the rollout controller.
CREATE TABLE IF NOT EXISTS release_vitals (
  session text NOT NULL,
  network text NOT NULL DEFAULT 'unknown',
  remote text NOT NULL,
  version text NOT NULL,
  route text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS', 'TTFB')),
  value double precision NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session, remote, version, route, metric)
);
CREATE INDEX IF NOT EXISTS release_vitals_version_idx ON release_vitals (remote, version, metric, at);
-- The per-network bound of each version's figures within the rollout window is counted on this one.
CREATE INDEX IF NOT EXISTS release_vitals_network_idx ON release_vitals (remote, version, network, at);
