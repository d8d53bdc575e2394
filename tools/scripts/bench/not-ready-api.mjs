// @ts-check
// A build that starts but never becomes ready: it listens on API_PORT and answers 503 to everything, as an API
// that cannot reach its database would. The rolling-deploy bench deploys it to show a deploy stopping on a failed
// readiness probe with the old instances still serving.
import http from 'node:http';

const server = http.createServer((_request, response) => {
  response.writeHead(503, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ success: false, message: 'Not ready: this build never is' }));
});
server.listen(Number(process.env.API_PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
