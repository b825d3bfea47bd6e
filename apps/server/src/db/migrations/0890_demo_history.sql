-- ADR 0102: the demo's 30 days of history are written a bike at a time, each in its own short
-- transaction, so that signing in and the API never wait for the whole seed (on PGlite a
-- transaction holds the only connection). This row says how far the seed went: written before
-- the first bike with seeded_at NULL, completed by the last transaction. A start that finds it
-- NULL (the previous one stopped in the middle) forgets the partial history and seeds again.
CREATE TABLE demo_history (
  fleet_id uuid PRIMARY KEY REFERENCES fleet(id) ON DELETE CASCADE,
  seeded_at timestamptz
);
