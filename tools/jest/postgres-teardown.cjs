// globalTeardown of the "api (PostgreSQL)" jest project: stops the throwaway cluster and removes its folder.
module.exports = async function stopTestPostgres() {
  const server = globalThis.__METROLOGY_TEST_POSTGRES__;
  if (server) await server.stop();
  globalThis.__METROLOGY_TEST_POSTGRES__ = undefined;
};
