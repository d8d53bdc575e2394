// Writes the catalogue and the dashboard content into the database.
import type { Product } from '@metrology/shared';
import type { Database, Queryable } from '../db/database.js';
import { stableId } from '../lib/ids.js';
import { JOB_OPENINGS, NEWS_ITEMS, TESTIMONIALS } from './content.js';
import { catalogue } from './generate.js';

const BATCH = 1000;

export function searchText(
  p: Pick<Product, 'name' | 'model' | 'description' | 'company' | 'category' | 'subCategory'>,
) {
  return [p.name, p.model, p.description, p.company, p.category, p.subCategory].join(' ').toLowerCase();
}

/** Inserts (or updates, by id) products in batches: one statement per batch, the rows as one JSON parameter. */
export async function insertProducts(db: Queryable, products: readonly Product[]): Promise<void> {
  for (let start = 0; start < products.length; start += BATCH) {
    const rows = products.slice(start, start + BATCH).map((p) => ({
      id: p._id,
      slug: p.slug,
      name: p.name,
      model: p.model,
      description: p.description,
      image: p.image,
      price: p.price,
      mrp: p.mrp,
      category: p.category,
      sub_category: p.subCategory,
      company: p.company,
      measuring_range: p.measuringRange,
      accuracy: p.accuracy,
      software: p.software,
      business_type: p.businessType,
      certification: p.certification,
      delivery_time: p.deliveryTime,
      specifications: p.specifications,
      features: p.features,
      search_text: searchText(p),
      created_at: p.createdAt,
    }));
    await db.query(
      `INSERT INTO products (id, slug, name, model, description, image, price, mrp, category, sub_category, company,
         measuring_range, accuracy, software, business_type, certification, delivery_time, specifications, features,
         search_text, created_at)
       SELECT id, slug, name, model, description, image, price, mrp, category, sub_category, company,
         measuring_range, accuracy, software, business_type, certification, delivery_time, specifications, features,
         search_text, created_at
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, slug text, name text, model text, description text,
         image jsonb, price double precision, mrp double precision, category text, sub_category text, company text,
         measuring_range text, accuracy text, software text, business_type jsonb, certification text,
         delivery_time text, specifications jsonb, features jsonb, search_text text, created_at timestamptz)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, model = EXCLUDED.model,
         description = EXCLUDED.description, image = EXCLUDED.image, price = EXCLUDED.price, mrp = EXCLUDED.mrp,
         category = EXCLUDED.category, sub_category = EXCLUDED.sub_category, company = EXCLUDED.company,
         measuring_range = EXCLUDED.measuring_range, accuracy = EXCLUDED.accuracy, software = EXCLUDED.software,
         business_type = EXCLUDED.business_type, certification = EXCLUDED.certification,
         delivery_time = EXCLUDED.delivery_time, specifications = EXCLUDED.specifications,
         features = EXCLUDED.features, search_text = EXCLUDED.search_text, created_at = EXCLUDED.created_at`,
      [JSON.stringify(rows)],
    );
  }
}

/** Bumps the catalogue version that cached product lists key on. */
export async function touchCatalogue(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO meta (key, value) VALUES ('catalogue_version', $1)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [`${Date.now()}-${Math.random().toString(36).slice(2, 8)}`],
  );
}

/**
 * Replaces the catalogue with `total` products (default: the base catalogue). Carts keep the products that still
 * exist (ids are stable per slug); orders keep their own copies of the items.
 */
export async function reseedProducts(db: Database, total?: number): Promise<number> {
  const products = catalogue(total);
  await db.transaction(async (tx) => {
    const keep = products.map((p) => p._id);
    await tx.query('DELETE FROM products WHERE NOT (id = ANY($1::text[]))', [keep]);
    await insertProducts(tx, products);
    await touchCatalogue(tx);
  });
  return products.length;
}

async function isEmpty(db: Queryable, table: string): Promise<boolean> {
  const result = await db.query(`SELECT 1 FROM ${table} LIMIT 1`);
  return result.rows.length === 0;
}

export async function seedContent(db: Queryable): Promise<void> {
  if (await isEmpty(db, 'job_openings')) {
    let position = 0;
    for (const opening of JOB_OPENINGS) {
      await db.query(
        `INSERT INTO job_openings (id, title, location, qualification, description, responsibilities, requirements, position)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
        [
          stableId('opening', opening.title),
          opening.title,
          opening.location,
          opening.qualification,
          opening.description,
          JSON.stringify(opening.responsibilities),
          JSON.stringify(opening.requirements),
          (position += 1),
        ],
      );
    }
  }
  if (await isEmpty(db, 'testimonials')) {
    let order = 0;
    for (const t of TESTIMONIALS) {
      await db.query(
        `INSERT INTO testimonials (id, name, position, content, stars, video_url, image, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
        [
          stableId('testimonial', t.name),
          t.name,
          t.position,
          t.content,
          t.stars,
          t.videoUrl,
          JSON.stringify(t.image),
          (order += 1),
        ],
      );
    }
  }
  if (await isEmpty(db, 'news_items')) {
    for (const n of NEWS_ITEMS) {
      await db.query(
        `INSERT INTO news_items (id, title, description, category, date, time, location, image)
         VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8::jsonb)`,
        [
          stableId('news', n.title),
          n.title,
          n.description,
          n.category,
          n.date,
          n.time,
          n.location,
          JSON.stringify(n.image),
        ],
      );
    }
  }
}

/** First start: the base catalogue and the content, each only where its table is empty. */
export async function seedIfEmpty(db: Database, products?: number): Promise<void> {
  if (await isEmpty(db, 'products')) await reseedProducts(db, products);
  await seedContent(db);
}
