// POST /api/user/chat (SPEC section 7): { message } -> { success, data: reply }.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { JobOpening } from '@metrology/shared';
import { ChatBody, ChatResponse } from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { requestOrigin } from '../../lib/origin.js';
import { responses } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { catalogueVersion, listProducts } from '../products/product-repository.js';
import { Assistant } from './assistant.js';
import { buildKnowledge } from './knowledge.js';

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  let cached: { version: string; assistant: Promise<Assistant> } | undefined;

  /** The knowledge follows the catalogue: rebuilt (once) after a reseed. */
  async function assistant(): Promise<Assistant> {
    const version = await catalogueVersion(db);
    if (cached?.version !== version) {
      const building = (async () => {
        const [{ products }, openings, categories] = await Promise.all([
          listProducts(db, {}),
          db.query<JobOpening>(
            `SELECT id AS "_id", title, location, qualification, description, responsibilities, requirements
             FROM job_openings ORDER BY position`,
          ),
          db.query<{ company: string; category: string }>(
            'SELECT DISTINCT company, category FROM products ORDER BY company, category',
          ),
        ]);
        const categoriesByCompany = new Map<string, string[]>();
        for (const { company, category } of categories.rows) {
          categoriesByCompany.set(company, [...(categoriesByCompany.get(company) ?? []), category]);
        }
        return new Assistant(
          buildKnowledge({
            products,
            openings: openings.rows,
            categoriesByCompany,
            deliveryFee: config.deliveryFee,
          }),
        );
      })();
      cached = { version, assistant: building };
      building.catch(() => {
        if (cached?.assistant === building) cached = undefined;
      });
    }
    return cached.assistant;
  }

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/user/chat',
    {
      config: { rateLimit: rateLimitFor(app, 'chat') },
      schema: {
        tags: ['chat'],
        summary: 'Ask the support assistant; data is the reply text (links and e-mail addresses inside)',
        body: ChatBody,
        response: responses(ChatResponse),
      },
    },
    async (request) => {
      const message = request.body.message.trim();
      if (!message) throw new HttpError(400, 'Please type a message');
      const origin = requestOrigin(request, config.corsOrigins);
      const link = (path: string) => (origin ? `${origin}${path}` : path);
      return { success: true, data: (await assistant()).answer(message, link) };
    },
  );
}
