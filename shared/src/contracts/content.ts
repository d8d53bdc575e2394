// GET /api/dashboard/testimonials and /api/dashboard/news (SPEC section 7, no token).
import { Type, type Static } from '@sinclair/typebox';
import { Answer } from './common.js';

export const Testimonial = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  position: Type.String(),
  content: Type.String(),
  /** 0 to 5 */
  stars: Type.Integer(),
  /** An embeddable URL, or empty. */
  videoUrl: Type.String(),
  image: Type.Array(Type.String()),
});
export type Testimonial = Static<typeof Testimonial>;

export const NewsItem = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  /** ISO date (YYYY-MM-DD) */
  date: Type.String(),
  /** May be empty. */
  time: Type.String(),
  /** May be empty. */
  location: Type.String(),
  image: Type.Array(Type.String()),
});
export type NewsItem = Static<typeof NewsItem>;

export const TestimonialsResponse = Answer({ data: Type.Array(Testimonial) });
export type TestimonialsResponse = Static<typeof TestimonialsResponse>;

export const NewsResponse = Answer({ data: Type.Array(NewsItem) });
export type NewsResponse = Static<typeof NewsResponse>;
