// A small real HTTP server standing in for the shop's API and the geolocation service in component tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setRuntimeConfig } from '@metrology/shared';

export interface RecordedCall {
  method: string;
  path: string;
  token: string | undefined;
  body: unknown;
}

type Handler = (body: unknown, request: IncomingMessage) => Promise<Reply | undefined> | Reply | undefined;

export interface Reply {
  status?: number;
  body?: unknown;
  /** Never answer (a hung connection). */
  hang?: boolean;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Users `shopper@example.com` / `secret` exist; tokens look like `token-<email>`. The cart of each token lives
 * in `carts`. `routes` overrides any path for one test.
 */
export class ApiStandIn {
  calls: RecordedCall[] = [];
  carts: Record<string, Record<string, number>> = {};
  users: Record<string, { name: string; password: string }> = {};
  routes: Record<string, Handler> = {};
  country = 'US';
  private server: Server | undefined;
  private hung: ServerResponse[] = [];
  url = '';

  reset(): void {
    this.calls = [];
    this.carts = {};
    this.users = { 'shopper@example.com': { name: 'Shopper', password: 'secret' } };
    this.routes = {};
    this.country = 'US';
    for (const response of this.hung.splice(0)) response.destroy();
  }

  callsTo(path: string): RecordedCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  async start(): Promise<void> {
    this.reset();
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    this.url = `http://127.0.0.1:${port}`;
    setRuntimeConfig({ apiBaseUrl: this.url, geoUrl: `${this.url}/geo`, siteOrigin: 'http://shop.test' });
  }

  async stop(): Promise<void> {
    for (const response of this.hung.splice(0)) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const token = request.headers.token as string | undefined;
    this.calls.push({ method: request.method ?? 'GET', path, token, body });
    const custom = this.routes[path];
    const reply = (custom ? await custom(body, request) : undefined) ?? this.defaultReply(path, body, token);
    if (reply.hang) {
      this.hung.push(response);
      return;
    }
    response.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(reply.body ?? { success: true }));
  }

  private defaultReply(path: string, rawBody: unknown, token: string | undefined): Reply {
    const body = (rawBody ?? {}) as Record<string, unknown>;
    if (path === '/geo') return { body: { ip: '203.0.113.9', country_code: this.country } };
    if (path === '/api/user/login') {
      const user = this.users[String(body.email)];
      if (!user || user.password !== body.password) {
        return { status: 401, body: { success: false, message: 'Invalid email or password' } };
      }
      return { body: { success: true, token: `token-${String(body.email)}`, message: 'Welcome back!' } };
    }
    if (path === '/api/user/register') {
      const email = String(body.email);
      if (this.users[email]) {
        return {
          status: 409,
          body: { success: false, message: 'An account with this email already exists' },
        };
      }
      this.users[email] = { name: String(body.name), password: String(body.password) };
      return { body: { success: true, token: `token-${email}`, message: 'Account created successfully!' } };
    }
    if (path === '/api/user/logout') return { body: { success: true, message: 'You have been logged out' } };
    if (path.startsWith('/api/cart/')) {
      if (!token) return { status: 401, body: { success: false, message: 'Not Authorized Login Again' } };
      const cart = (this.carts[token] ??= {});
      const itemId = String(body.itemId);
      const quantity = Number(body.quantity);
      if (path === '/api/cart/get') return { body: { success: true, cartData: cart } };
      if (path === '/api/cart/add') cart[itemId] = (cart[itemId] ?? 0) + quantity;
      if (path === '/api/cart/update') {
        if (quantity === 0) delete cart[itemId];
        else cart[itemId] = quantity;
      }
      return { body: { success: true, message: 'Cart updated' } };
    }
    if (path === '/api/user/chat') {
      return { body: { success: true, data: `You said: ${String(body.message)}` } };
    }
    return { status: 404, body: { success: false, message: 'Not found' } };
  }
}
