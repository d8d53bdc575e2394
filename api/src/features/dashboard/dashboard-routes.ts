// GET /api/dashboard/testimonials and /api/dashboard/news (SPEC section 7, no token).
import type { FastifyInstance } from 'fastify';
import { responses } from '../../lib/schemas.js';

const text = { type: 'string' } as const;
const images = { type: 'array', items: text } as const;

interface ContentList {
  path: string;
  summary: string;
  /** The JSON schema properties of one item. */
  item: Record<string, object>;
  /** Selects the items, already named and ordered as the call answers them. */
  sql: string;
}

const LISTS: readonly ContentList[] = [
  {
    path: '/api/dashboard/testimonials',
    summary: 'Client testimonials (videoUrl is an embeddable URL or empty)',
    item: {
      _id: text,
      name: text,
      position: text,
      content: text,
      stars: { type: 'integer' },
      videoUrl: text,
      image: images,
    },
    sql: `SELECT id AS "_id", name, position, content, stars, video_url AS "videoUrl", image
          FROM testimonials ORDER BY sort_order, name`,
  },
  {
    path: '/api/dashboard/news',
    summary: 'News and events, newest first (date as YYYY-MM-DD; time and location may be empty)',
    item: {
      _id: text,
      title: text,
      description: text,
      category: text,
      date: text,
      time: text,
      location: text,
      image: images,
    },
    sql: `SELECT id AS "_id", title, description, category, to_char(date, 'YYYY-MM-DD') AS date, time, location, image
          FROM news_items ORDER BY news_items.date DESC, title`,
  },
];

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  for (const { path, summary, item, sql } of LISTS) {
    app.get(
      path,
      {
        schema: {
          tags: ['content'],
          summary,
          response: responses({
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'array', items: { type: 'object', properties: item } },
            },
          }),
        },
      },
      async () => ({ success: true, data: (await db.query(sql)).rows }),
    );
  }
}
