// Every string a route reads from its body, query or params keeps the contracts' text rule (Text() in
// @metrology/shared/contracts: no NUL, no unpaired surrogate), so such text is a 400 naming the field and never
// reaches the database to fail there. A route whose schema would let plain text through refuses to start.
import type { FastifyInstance, RouteOptions } from 'fastify';

type Schema = Record<string, unknown>;

/** What a route reads, as registered: the schemas of its body, query and params. */
export interface RouteRecord {
  method: string;
  url: string;
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
}

const PARTS = ['body', 'querystring', 'params'] as const;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths (items[].name) of the strings in a schema that no rule of their own (text rule, pattern, enum) bounds. */
export function unruledStrings(schema: Schema, at = ''): string[] {
  const found: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const ruled = 'pattern' in schema || 'enum' in schema || 'const' in schema || 'format' in schema;
  if (types.includes('string') && !ruled) found.push(at || '(the whole value)');
  if (isSchema(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (isSchema(child)) found.push(...unruledStrings(child, at ? `${at}.${name}` : name));
    }
  }
  if (isSchema(schema.additionalProperties))
    found.push(...unruledStrings(schema.additionalProperties, `${at}.*`));
  if (isSchema(schema.items)) found.push(...unruledStrings(schema.items, `${at}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options))
      for (const option of options.filter(isSchema)) found.push(...unruledStrings(option, at));
  }
  return found;
}

const routes = new WeakMap<FastifyInstance, RouteRecord[]>();

/** The routes registered on an app so far, with what they read (tests walk them). */
export const routesOf = (app: FastifyInstance): readonly RouteRecord[] => routes.get(app) ?? [];

/** Checks each route as it is registered, and keeps its record. */
export function registerTextRule(app: FastifyInstance): void {
  const records: RouteRecord[] = [];
  routes.set(app, records);
  app.addHook('onRoute', (route: RouteOptions) => {
    const record: RouteRecord = {
      method: Array.isArray(route.method) ? route.method.join(',') : route.method,
      url: route.url,
    };
    for (const part of PARTS) {
      const schema: unknown = route.schema?.[part];
      if (!isSchema(schema)) continue;
      record[part] = schema;
      const loose = unruledStrings(schema);
      if (loose.length > 0)
        throw new Error(
          `${record.method} ${route.url}: ${part} text without the text rule (${loose.join(', ')}); use Text() from @metrology/shared/contracts`,
        );
    }
    records.push(record);
  });
}
