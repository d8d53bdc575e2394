// Where the release CLI sends a deploy token or a manager's password: https, or plain http to this machine only;
// the API a shop's /config.json names only on the same site; never across a redirect. An answer is read only once
// it is what the call's response contract says. Real HTTP servers on loopback.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { credentialOrigin, isLoopbackHost, locateApi } from '../http-client.js';
import { httpBackend } from '../http-backend.js';
import { runRelease } from '../cli.js';

type Seen = { url: string; authorization: string | undefined };

async function serve(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { seen, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

const json = (response: http.ServerResponse, status: number, value: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};

function status(url: string) {
  return httpBackend({ url, token: 'secret-deploy-token' }).status();
}

test('credentials go over https, or plain http to this machine only', () => {
  expect(credentialOrigin('https://shop.example.com').origin).toBe('https://shop.example.com');
  for (const local of [
    'http://localhost:8080',
    'http://127.0.0.1:4000',
    'http://127.5.6.7',
    'http://[::1]:8080',
  ])
    expect(() => credentialOrigin(local)).not.toThrow();
  expect(() => credentialOrigin('http://shop.example.com')).toThrow(/over https only/);
  expect(() => credentialOrigin('http://10.0.0.5:8080')).toThrow(/over https only/);
  expect(() => credentialOrigin('ftp://localhost')).toThrow(/over https only/);
  expect(() => credentialOrigin('https://me:pw@shop.example.com')).toThrow(/no user or password/);
  expect(isLoopbackHost('localhost')).toBe(true);
  expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
});

test("a shop's /config.json may name its API on the same site, never elsewhere", async () => {
  let named = '';
  const shop = await serve((_request, response) => json(response, 200, { apiBaseUrl: named }));
  try {
    named = '/api-base';
    expect((await locateApi(`http://127.0.0.1:${shop.port}`, fetch)).api).toBe(
      `http://127.0.0.1:${shop.port}/api-base`,
    );
    named = `http://127.0.0.1:4999`;
    expect((await locateApi(`http://127.0.0.1:${shop.port}`, fetch)).api).toBe('http://127.0.0.1:4999');
    for (const elsewhere of [
      'https://collector.example.net',
      `http://localhost:${shop.port}`,
      'http://evil.example',
    ]) {
      named = elsewhere;
      await expect(locateApi(`http://127.0.0.1:${shop.port}`, fetch)).rejects.toThrow(
        /not on the same site|over https only/,
      );
    }
  } finally {
    await shop.close();
  }
});

test('a call answered with a redirect is refused, and the token never reaches the redirect target', async () => {
  const target = await serve((_request, response) => json(response, 200, { success: true, remotes: [] }));
  const api = await serve((request, response) => {
    if (request.url === '/config.json') return json(response, 404, {});
    response.writeHead(307, { location: `http://127.0.0.1:${target.port}${request.url}` });
    response.end();
  });
  try {
    await expect(status(`http://127.0.0.1:${api.port}`)).rejects.toThrow(
      /answered with a redirect \(HTTP 307 to http:\/\/127\.0\.0\.1:\d+\/api\/releases\/desk\); credentials are never sent on/,
    );
    expect(api.seen.map((call) => call.authorization)).toContain('Bearer secret-deploy-token');
    expect(target.seen).toEqual([]);
  } finally {
    await api.close();
    await target.close();
  }
});

test('a token is never sent over plain http to another machine', async () => {
  await expect(status('http://shop.example.com')).rejects.toThrow(/over https only/);
});

/** A desk answer as the API gives it: one remote with one release, no actions yet. */
function deskAnswer() {
  return {
    success: true,
    remotes: [
      {
        remote: 'mfe-content',
        current: '1.0.0',
        history: [{ version: '1.0.0', publishedAt: '2026-01-02T03:04:05.000Z', commit: 'f00d123' }],
      },
    ],
    actions: [],
    policy: { windowMinutes: 10, minFailures: 3, failureRate: 0.2 },
  };
}

/** An API that answers every call with `answer` (and no /config.json: the URL is the API's). */
async function apiAnswering(answer: unknown) {
  return serve((request, response) =>
    request.url === '/config.json' ? json(response, 404, {}) : json(response, 200, answer),
  );
}

/** The CLI run over HTTP as a team runs it: its exit code and what it printed. */
async function cli(argv: string[], url: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRelease(argv, {
    releasesDir: '/nonexistent/releases',
    releaseUrl: url,
    releaseToken: 'secret-deploy-token',
    managerLogin: { email: 'mia@example.com', password: 'correct horse battery' },
    packageVersion: async () => '1.0.0',
    build: async () => ({ distDir: '/nonexistent', cleanup: async () => undefined }),
    commit: () => 'f00d123',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('a desk answer as the contract says is read into the status table and its JSON', async () => {
  const api = await apiAnswering(deskAnswer());
  try {
    const table = await cli(['status'], `http://127.0.0.1:${api.port}`);
    expect(table).toMatchObject({ code: 0, err: '' });
    expect(table.out).toMatch(/^mfe-content\s+1\.0\.0\s+2026-01-02 03:04:05 UTC\s+f00d123\s+live$/m);
    const listed = await cli(['status', '--json'], `http://127.0.0.1:${api.port}`);
    expect(JSON.parse(listed.out)).toEqual({
      'mfe-content': { current: '1.0.0', history: deskAnswer().remotes[0]?.history },
    });
  } finally {
    await api.close();
  }
});

test.each([
  [
    'a field of the wrong type',
    { ...deskAnswer(), remotes: [{ ...deskAnswer().remotes[0], current: 100 }] },
    '/remotes/0/current',
  ],
  ['a field missing', { ...deskAnswer(), policy: undefined }, '/policy'],
  ['no list of remotes', { success: true, message: 'ok' }, '/remotes'],
  ['a page instead of JSON', '<html>Sign in to the proxy</html>', '/'],
])(
  'a malformed desk answer (%s) is refused with where it is wrong, never read',
  async (_what, answer, where) => {
    const api = await apiAnswering(answer);
    try {
      const url = `http://127.0.0.1:${api.port}`;
      await expect(status(url)).rejects.toThrow(
        `GET ${url}/api/releases/desk answered something that is not the API's answer (${where}: Expected`,
      );
      const run = await cli(['status'], url);
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err).toMatch(
        /^release: GET .* answered something that is not the API's answer \(.*is its API the same version as this CLI\?$/,
      );
    } finally {
      await api.close();
    }
  },
);

test('every command checks its own answer: a log, a rollout, a rollback and a token list that are not what the API answers are refused', async () => {
  const token = {
    id: '0123456789ab',
    name: 'content CI',
    remotes: ['mfe-content'],
    can: ['read'],
    createdBy: 'mia@example.com',
    createdAt: '2026-01-02T03:04:05.000Z',
    expiresAt: '2026-04-02T03:04:05.000Z',
  };
  const cases: [string[], unknown, RegExp][] = [
    [['log'], { success: true, actions: 'none' }, /\/actions: Expected array/],
    [
      ['log'],
      { success: true, actions: [{ action: 'publish', remote: 'mfe-content' }] },
      /\/actions\/0\/version: Expected/,
    ],
    [
      ['rollout', 'mfe-content', '1.1.0', '--percent', '10'],
      { success: true, message: 'Rolling out' },
      /\/remote: Expected/,
    ],
    [
      ['rollback', 'mfe-content'],
      { success: true, message: 'Rolled back', action: null },
      /\/action: Expected object/,
    ],
    // An action the API does not know a token for: the contract's list of deploy actions is checked too.
    [
      ['token', 'list'],
      { success: true, token: 'session', tokens: [{ ...token, can: ['deploy-all'] }] },
      /\/tokens\/0\/can\/0: /,
    ],
  ];
  for (const [argv, answer, mistake] of cases) {
    const api = await apiAnswering(answer);
    try {
      const run = await cli(argv, `http://127.0.0.1:${api.port}`);
      expect({ argv, code: run.code, out: run.out }).toEqual({ argv, code: 1, out: '' });
      expect(run.err).toMatch(/answered something that is not the API's answer/);
      expect(run.err).toMatch(mistake);
    } finally {
      await api.close();
    }
  }
  // The same token list as the contract says is printed.
  const api = await apiAnswering({ success: true, token: 'session', tokens: [token] });
  try {
    const run = await cli(['token', 'list'], `http://127.0.0.1:${api.port}`);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toBe(
      '0123456789ab  content CI  remotes: mfe-content  can: read  expires 2026-04-02T03:04:05.000Z  never used',
    );
  } finally {
    await api.close();
  }
});

test("preview over HTTP asks the API for the link's --ttl (an hour when not given) and prints the site's link", async () => {
  const bodies: unknown[] = [];
  const api = await serve((request, response) => {
    if (request.url === '/config.json') return json(response, 404, {});
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      json(response, 200, {
        success: true,
        message: 'Preview of mfe-content 1.1.0.',
        url: '/__preview?token=abc',
        expiresAt: '2026-01-04T03:04:05.000Z',
      });
    });
  });
  try {
    for (const argv of [['--ttl', '2d'], []]) {
      const run = await cli(['preview', 'mfe-content', '1.1.0', ...argv], `http://127.0.0.1:${api.port}`);
      // The link is the output; the API's message is a note beside it.
      expect(run).toMatchObject({ code: 0, err: 'Preview of mfe-content 1.1.0.' });
      expect(run.out).toContain('/__preview?token=abc');
    }
    expect(bodies).toEqual([
      { remote: 'mfe-content', version: '1.1.0', ttlSeconds: 172_800 },
      { remote: 'mfe-content', version: '1.1.0', ttlSeconds: 3600 },
    ]);
  } finally {
    await api.close();
  }
});
