// @ts-check
// The site as its own process (npm start supervises it): SITE_SERVER_OPTIONS holds createSiteServer's options as
// JSON, SITE_PORT the port.
import { createSiteServer } from '../src/site-server.mjs';

async function main() {
  const options = JSON.parse(process.env.SITE_SERVER_OPTIONS ?? '{}');
  const port = Number(process.env.SITE_PORT ?? 8080);
  const site = await createSiteServer(options);
  const stop = async () => {
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    await site.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await site.listen({ port, host: '0.0.0.0' });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
