// GET /api/dashboard/testimonials and /api/dashboard/news (SPEC section 7, no token).
import type { FastifyInstance } from 'fastify';
import { responses } from '../../lib/schemas.js';

const images = { type: 'array', items: { type: 'string' } } as const;

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;

  app.get(
    '/api/dashboard/testimonials',
    {
      schema: {
        tags: ['content'],
        summary: 'Client testimonials (videoUrl is an embeddable URL or empty)',
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  _id: { type: 'string' },
                  name: { type: 'string' },
                  position: { type: 'string' },
                  content: { type: 'string' },
                  stars: { type: 'integer' },
                  videoUrl: { type: 'string' },
                  image: images,
                },
              },
            },
          },
        }),
      },
    },
    async () => {
      const rows = await db.query(
        `SELECT id AS "_id", name, position, content, stars, video_url AS "videoUrl", image
         FROM testimonials ORDER BY sort_order, name`,
      );
      return { success: true, data: rows.rows };
    },
  );

  app.get(
    '/api/dashboard/news',
    {
      schema: {
        tags: ['content'],
        summary: 'News and events, newest first (date as YYYY-MM-DD; time and location may be empty)',
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  _id: { type: 'string' },
                  title: { type: 'string' },
                  description: { type: 'string' },
                  category: { type: 'string' },
                  date: { type: 'string' },
                  time: { type: 'string' },
                  location: { type: 'string' },
                  image: images,
                },
              },
            },
          },
        }),
      },
    },
    async () => {
      const rows = await db.query(
        `SELECT id AS "_id", title, description, category, to_char(date, 'YYYY-MM-DD') AS date, time, location, image
         FROM news_items ORDER BY news_items.date DESC, title`,
      );
      return { success: true, data: rows.rows };
    },
  );
}
