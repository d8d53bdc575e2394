// GET /api/dashboard/testimonials and /api/dashboard/news (SPEC section 7, no token).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { NewsItem, Testimonial } from '@metrology/shared';
import { NewsResponse, TestimonialsResponse } from '@metrology/shared/contracts';
import { responses } from '../../lib/schemas.js';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/dashboard/testimonials',
    {
      schema: {
        tags: ['content'],
        summary: 'Client testimonials (videoUrl is an embeddable URL or empty)',
        response: responses(TestimonialsResponse),
      },
    },
    async () => {
      const rows = await db.query<Testimonial>(
        `SELECT id AS "_id", name, position, content, stars, video_url AS "videoUrl", image
         FROM testimonials ORDER BY sort_order, name`,
      );
      return { success: true, data: rows.rows };
    },
  );

  api.get(
    '/api/dashboard/news',
    {
      schema: {
        tags: ['content'],
        summary: 'News and events, newest first (date as YYYY-MM-DD; time and location may be empty)',
        response: responses(NewsResponse),
      },
    },
    async () => {
      const rows = await db.query<NewsItem>(
        `SELECT id AS "_id", title, description, category, to_char(date, 'YYYY-MM-DD') AS date, time, location,
           image
         FROM news_items ORDER BY news_items.date DESC, title`,
      );
      return { success: true, data: rows.rows };
    },
  );
}
