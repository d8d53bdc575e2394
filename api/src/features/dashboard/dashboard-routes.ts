// GET /api/dashboard/testimonials and /api/dashboard/news (SPEC section 7, no token).
import type { FastifyInstance } from 'fastify';
import { NewsResponse, TestimonialsResponse } from '@metrology/shared/contracts';
import { responses } from '../../lib/schemas.js';

/** One route definition serves both lists: its answer's contract and the query that selects its items. */
const LISTS = [
  {
    path: '/api/dashboard/testimonials',
    summary: 'Client testimonials (videoUrl is an embeddable URL or empty)',
    answer: TestimonialsResponse,
    /** Selects the items, already named and ordered as the call answers them. */
    sql: `SELECT id AS "_id", name, position, content, stars, video_url AS "videoUrl", image
          FROM testimonials ORDER BY sort_order, name`,
  },
  {
    path: '/api/dashboard/news',
    summary: 'News and events, newest first (date as YYYY-MM-DD; time and location may be empty)',
    answer: NewsResponse,
    sql: `SELECT id AS "_id", title, description, category, to_char(date, 'YYYY-MM-DD') AS date, time, location, image
          FROM news_items ORDER BY news_items.date DESC, title`,
  },
] as const;

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  for (const { path, summary, answer, sql } of LISTS) {
    app.get(path, { schema: { tags: ['content'], summary, response: responses(answer) } }, async () => ({
      success: true,
      data: (await db.query(sql)).rows,
    }));
  }
}
