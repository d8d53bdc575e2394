import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { NewsItem, Testimonial } from '@metrology/shared';
import { PUBLIC_DIR } from '../../../paths.js';
import { body, get, startApp } from '../../../__tests__/helpers/test-app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('GET /api/dashboard/testimonials', () => {
  it('answers at least six testimonials with the SPEC fields, some with video', async () => {
    const { success, data } = body<{ success: boolean; data: Testimonial[] }>(
      await get(app, '/api/dashboard/testimonials'),
    );
    expect(success).toBe(true);
    expect(data.length).toBeGreaterThanOrEqual(6);
    for (const t of data) {
      expect(Object.keys(t).sort()).toEqual([
        '_id',
        'content',
        'image',
        'name',
        'position',
        'stars',
        'videoUrl',
      ]);
      expect(t.stars).toBeGreaterThanOrEqual(0);
      expect(t.stars).toBeLessThanOrEqual(5);
      for (const image of t.image) expect(existsSync(path.join(PUBLIC_DIR, image))).toBe(true);
    }
    const videos = data.filter((t) => t.videoUrl);
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.every((t) => t.videoUrl.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
  });
});

describe('GET /api/dashboard/news', () => {
  it('answers at least six items, newest first, some with time and location', async () => {
    const { data } = body<{ data: NewsItem[] }>(await get(app, '/api/dashboard/news'));
    expect(data.length).toBeGreaterThanOrEqual(6);
    expect(data.every((n) => /^\d{4}-\d{2}-\d{2}$/.test(n.date))).toBe(true);
    const dates = data.map((n) => n.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(data.some((n) => n.time && n.location)).toBe(true);
    expect(data.some((n) => !n.time)).toBe(true);
    for (const n of data) {
      expect(n.title && n.description && n.category).toBeTruthy();
      for (const image of n.image) expect(existsSync(path.join(PUBLIC_DIR, image))).toBe(true);
    }
    const image = await get(app, data[0]?.image[0] as string);
    expect(image.statusCode).toBe(200);
  });
});
