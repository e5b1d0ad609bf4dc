// Creates the database named in DATABASE_URL when it does not exist yet (development set-up).
const { Client } = require('pg');

async function main() {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/intake');
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(`db:create: ${error.message}`);
  process.exit(1);
});
