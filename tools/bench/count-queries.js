/**
 * Preloaded (`node -r`) into every process a benchmark measures: counts the SQL statements the
 * process sends through pg (each `Client#query`, which pools and TypeORM both end in), and answers
 * `{ type: 'bench:queries' }` over the IPC channel with the count so far. pg_stat_statements would
 * do the same from the server's side, but it needs shared_preload_libraries and a restart of a
 * PostgreSQL that other work shares.
 */
const pg = require('pg');

let count = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  count += 1;
  return query.apply(this, args);
};

if (process.send) {
  process.on('message', (message) => {
    if (message && message.type === 'bench:queries') process.send({ type: 'bench:queries', count });
  });
  // The channel must not keep a process alive that is asked to stop.
  process.channel?.unref();
}
