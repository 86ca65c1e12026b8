// Scratch PostgreSQL databases for the bench parts that run a production node: each part gets a
// new empty database on DATABASE_URL's server, so a bench never touches real data.

async function withServer(url, work) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `name` afresh (dropping a leftover of an interrupted run) and answers its address. */
export async function freshPostgresDatabase(url, name) {
  await withServer(url, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropPostgresDatabase(url, name) {
  await withServer(url, (client) => client.query(`drop database if exists ${name} with (force)`));
}
