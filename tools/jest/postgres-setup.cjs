// globalSetup of the "api (PostgreSQL)" jest project: a throwaway PostgreSQL 15 cluster for the run (or the server
// in TEST_DATABASE_URL, where each test file creates its own database). Test workers read API_TEST_POSTGRES_URL.
module.exports = async function startTestPostgres() {
  if (process.env.TEST_DATABASE_URL) {
    process.env.API_TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  const { startThrowawayPostgres } = await import('../src/pg-cluster.mjs');
  const server = await startThrowawayPostgres();
  process.env.API_TEST_POSTGRES_URL = server.url;
  globalThis.__METROLOGY_TEST_POSTGRES__ = server;
  console.log(`\nAPI suite on PostgreSQL: throwaway cluster on 127.0.0.1:${server.port} (${server.dir})`);
};
