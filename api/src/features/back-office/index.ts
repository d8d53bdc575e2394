// The back office's calls: roles (GET /api/user/me), the orders desk and inbox (staff), the release desk (managers).
import type { FastifyInstance } from 'fastify';
import { inboxRoutes } from './inbox-routes.js';
import { meRoutes } from './me-routes.js';
import { releaseDeskRoutes } from './release-desk-routes.js';
import { staffOrderRoutes } from './staff-order-routes.js';

export async function backOfficeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(meRoutes);
  await app.register(staffOrderRoutes);
  await app.register(inboxRoutes);
  await app.register(releaseDeskRoutes);
}
