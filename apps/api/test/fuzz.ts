/**
 * Schema-driven fuzzing of every endpoint (issue 9). The routes come from the app itself (its
 * OpenAPI document, generated from the zod contracts), so a new route is fuzzed without being
 * listed here. Per route and actor, fast-check generates requests:
 * - valid-ish bodies and query strings built from the JSON schema (JSON Schema -> fast-check
 *   arbitrary, below), with ids harvested from earlier answers so handlers are reached;
 * - mutated bodies: missing fields, wrong types, extra fields, NUL bytes, lone surrogates,
 *   RTL/emoji, 100k strings, 1000-deep nesting, huge numbers, arrays for objects, broken JSON;
 * - hostile path values and query strings: non-uuids, NUL, `%`, bad percent-encoding, very long;
 * - for upload routes, multipart forms (with and without files) and malformed multipart.
 * No vitest in here: bench/fuzz.ts (the long run) uses it too.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { CertificateInput, CustomerInput, StaffInput } from '@siteflow/core';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

type OpenApiParam = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParam[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  description?: string;
};
export type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

export type FuzzRoute = {
  /** 'POST /api/staff/{id}' */
  key: string;
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | null;
  /** Upload routes (their description says multipart): also fuzzed with multipart forms. */
  multipart: boolean;
};

/**
 * Forms read by the handler itself (multipart or JSON) have no body schema in the document; these
 * are the core schemas they are parsed with, so the fuzzer can send mostly-valid forms. A new
 * upload route without an entry is still fuzzed, with random fields.
 */
const FORM_SCHEMAS: Record<string, z.ZodType> = {
  'POST /api/customers': CustomerInput,
  'PUT /api/customers/{id}': CustomerInput,
  'POST /api/staff': StaffInput,
  'PUT /api/staff/{id}': StaffInput,
  'POST /api/certifications/{ownerId}': CertificateInput,
  'PUT /api/certifications/{ownerId}/{certId}': CertificateInput,
};

function formSchema(key: string): JsonSchema | null {
  const schema = FORM_SCHEMAS[key];
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Every operation of the document, as the fuzzer needs it. */
export function routesOf(doc: OpenApiDoc): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(operations)) {
      const method = m.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const key = `${method} ${path}`;
      const params = op.parameters ?? [];
      const multipart = /multipart/i.test(op.description ?? '') || key in FORM_SCHEMAS;
      routes.push({
        key,
        method,
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' } })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' }, required: !!p.required })),
        body: op.requestBody?.content?.['application/json']?.schema ?? (multipart ? formSchema(key) : null),
        multipart,
      });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------
// Ids seen in answers: path params and id fields are drawn from these, so handlers are reached.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class IdPool {
  readonly uuids: string[] = [];
  readonly ints: number[] = [];
  /** Ids by where they were seen: the last fixed segment of the answering route ('staff', 'users'). */
  private readonly buckets = new Map<string, (string | number)[]>();
  private seen = new Set<string>();
  constructor(private readonly protectedIds: Set<string | number> = new Set()) {}

  add(value: string | number, where: string) {
    if (this.protectedIds.has(value)) return;
    const bucket = where.replace(/-/g, '_');
    const key = `${bucket} ${value}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (!this.seen.has(` ${value}`)) {
      this.seen.add(` ${value}`);
      if (typeof value === 'number') this.ints.push(value);
      else this.uuids.push(value);
    }
    const list = this.buckets.get(bucket) ?? [];
    if (list.length < 500) list.push(value);
    this.buckets.set(bucket, list);
  }

  /** Collect uuids anywhere and integer values of id-like keys (bounded walk); a top-level list's ids are filed under `bucket`. */
  harvest(value: unknown, bucket: string, key = '', depth = 0) {
    if (depth > 8 || this.uuids.length > 5000) return;
    const idKey = /(^id$|_id$|Id$)/.test(key);
    const where = key === 'id' || !key ? bucket : bucketOf(key);
    if (typeof value === 'string' && UUID.test(value)) this.add(value.toLowerCase(), where);
    else if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31 && idKey)
      this.add(value, where);
    else if (Array.isArray(value))
      for (const v of value.slice(0, 200))
        this.harvest(v, key === 'items' || !key ? bucket : bucketOf(key), key, depth + 1);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) this.harvest(v, bucket, k, depth + 1);
  }

  private fromBucket<T extends string | number>(
    bucket: string | undefined,
    pick: number,
    kind: 'string' | 'number',
  ): T | undefined {
    const b = bucket?.replace(/-/g, '_');
    for (const name of b ? [b, `${b}s`, b.replace(/_ids?$/, 's'), b.replace(/s$/, '')] : []) {
      const list = this.buckets.get(name)?.filter((v) => typeof v === kind);
      if (list?.length) return list[pick % list.length] as T;
    }
    return undefined;
  }

  uuid(pick: number, bucket?: string): string {
    // mostly an id of the right kind; sometimes any id (of another kind of record: a 404)
    const own = pick % 4 ? this.fromBucket<string>(bucket, pick >> 2, 'string') : undefined;
    return own ?? (this.uuids.length ? this.uuids[pick % this.uuids.length]! : crypto.randomUUID());
  }

  int(pick: number, bucket?: string): number {
    const own = pick % 4 ? this.fromBucket<number>(bucket, pick >> 2, 'number') : undefined;
    return own ?? (this.ints.length ? this.ints[pick % this.ints.length]! : 1 + (pick % 100));
  }
}

/** 'client_id' -> 'clients', 'categories' -> 'categories', 'project_manager' -> 'project_managers'. */
const bucketOf = (key: string) => key.replace(/_?[iI]ds?$/, '').replace(/([^s])$/, '$1s');

/** The bucket a route's answers are filed under, and the one its `{param}` draws from: the fixed segment before it. */
export function bucketBefore(path: string, param?: string): string {
  const segments = path.split('/');
  const end = param ? segments.indexOf(`{${param}}`) : segments.length;
  for (let i = end - 1; i >= 0; i--) if (segments[i] && !segments[i]!.startsWith('{')) return segments[i]!;
  return '';
}

/** A value that is resolved against the id pool when the request is sent. */
type Known = { $known: 'uuid' | 'int'; pick: number; bucket?: string };
const isKnown = (v: unknown): v is Known => !!v && typeof v === 'object' && '$known' in v;

function resolve(value: unknown, pool: IdPool, depth = 0): unknown {
  if (isKnown(value))
    return value.$known === 'uuid' ? pool.uuid(value.pick, value.bucket) : pool.int(value.pick, value.bucket);
  if (depth > 50) return value; // the deep-nesting values hold no ids
  if (Array.isArray(value)) return value.map((v) => resolve(v, pool, depth + 1));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, pool, depth + 1)]));
  return value;
}

// ---------------------------------------------------------------------------
// Hostile values

const HUGE = 'x'.repeat(100_000);
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eRTL\u202c',
  'مرحبا עולם',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\ufeff\u200b\u00a0',
  'Ω≈ç√∫˜µ≤≥÷',
  "' or 1=1 --",
  '"; drop table users; --',
  '%',
  '_',
  '\\',
  '%00',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'null',
  'true',
  '-1',
  '0',
  '1e400',
  'NaN',
  '9999-99-99',
  '0000-00-00',
  '2024-02-30',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
  'constructor',
  HUGE,
  '😀'.repeat(20_000),
  '\u0000'.repeat(1000),
];
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  5e-324,
  1e21,
];

const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 2000 }) },
);

/** A nested array or object `depth` levels deep. */
export function deeplyNested(depth: number, kind: 'array' | 'object' = 'array'): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      deeplyNested(1000),
      deeplyNested(1000, 'object'),
      Array.from({ length: 10_000 }, (_, i) => i),
    ),
  },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 5 }) },
);

// ---------------------------------------------------------------------------
// JSON Schema -> fast-check (valid-ish values; ids drawn from the pool)

const knownUuid = (bucket: string) => fc.nat().map((pick): Known => ({ $known: 'uuid', pick, bucket }));
const knownInt = (bucket: string) => fc.nat().map((pick): Known => ({ $known: 'int', pick, bucket }));

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

function stringArb(s: JsonSchema, key: string): fc.Arbitrary<unknown> {
  if (s.format === 'uuid')
    return fc.oneof({ weight: 8, arbitrary: knownUuid(bucketOf(key)) }, { weight: 1, arbitrary: fc.uuid() });
  if (s.format === 'email' || /email/.test(key))
    return fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/), fc.constantFrom('example.test', 'example.com'))
      .map(([local, domain]) => `fuzz.${local}@${domain}`);
  if (s.format === 'date' || (!s.pattern && /date|expiry|_on$/.test(key)))
    // a day, a day and a time (the project dates), or a full ISO time
    return fc
      .tuple(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
        fc.constantFrom(10, 16, 24),
      )
      .map(([d, n]) => d.toISOString().slice(0, n));
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'uri' || key === 'url' || key === 'website') return fc.webUrl();
  if (/phone|mobile/.test(key))
    // Phone numbers as people write them (core isPhoneText checks every phone and mobile field),
    // and now and then plain text the contract refuses.
    return fc.oneof(
      { weight: 4, arbitrary: fc.stringMatching(/^(\+61 4\d\d|0[2-478]) \d{3,4} \d{3}$/) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    );
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1000));
    } catch {
      /* a pattern fast-check cannot invert: plain strings */
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 60));
  return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcdefghij KLMNOP0123456789-,.é'.split('')) });
}

function numberArb(s: JsonSchema, integer: boolean, key: string): fc.Arbitrary<unknown> {
  if (integer && /(^id$|_id$|_ids$|Id$|^linked_projects$)/.test(key))
    return fc.oneof(
      { weight: 4, arbitrary: knownInt(bucketOf(key)) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 1000 }) },
    );
  const exMin =
    typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.exclusiveMinimum === true ? s.minimum : undefined;
  const exMax =
    typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.exclusiveMaximum === true ? s.maximum : undefined;
  const min = Math.max(exMin !== undefined ? exMin + (integer ? 1 : 1e-6) : (s.minimum ?? -1000), -1e6);
  const max = Math.min(exMax !== undefined ? exMax - (integer ? 1 : 1e-6) : (s.maximum ?? 1000), 1e6);
  if (min > max) return fc.constant(min);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema (mostly) accepts. */
export function arbitraryFor(s: JsonSchema | undefined, key = '', depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant('x');
  let arb = baseArbitrary(s, key, depth);
  if (s.nullable) arb = fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) });
  return arb;
}

function baseArbitrary(s: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, key, depth + 1)));
  if (s.allOf?.length) return arbitraryFor(s.allOf[0], key, depth + 1);
  const types = typesOf(s);
  if (!types.length) return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  return fc.oneof(...types.map((type) => typedArbitrary(type, s, key, depth)));
}

function typedArbitrary(type: string, s: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArb(s, key);
    case 'integer':
    case 'number':
      return numberArb(s, type === 'integer', key);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = s.minItems ?? 0;
      return fc.array(arbitraryFor(s.items, key, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(s.maxItems ?? 4, 4)),
      });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(props)) record[name] = arbitraryFor(prop, name, depth + 1);
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      const base = fc.record(record, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
      if (Object.keys(props).length || s.additionalProperties === false) return base;
      const values =
        typeof s.additionalProperties === 'object'
          ? arbitraryFor(s.additionalProperties, key, depth + 1)
          : fc.string({ maxLength: 10 });
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), values, { maxKeys: 3 });
    }
    default:
      return fc.constant(null);
  }
}

// ---------------------------------------------------------------------------
// Mutations

/** A body the schema should refuse: a field missing, of the wrong type or hostile, extra fields, or no object at all. */
function mutatedBody(s: JsonSchema | null): fc.Arbitrary<unknown> {
  const valid = arbitraryFor(s ?? { type: 'object' });
  const fields = Object.keys(s?.properties ?? {});
  const asObject = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const options: fc.Arbitrary<unknown>[] = [
    // one field hostile (or every field)
    fc
      .tuple(valid, fc.nat(), hostileValue)
      .map(([v, i, bad]) => (fields.length ? { ...asObject(v), [fields[i % fields.length]!]: bad } : { field: bad })),
    fc.tuple(valid, hostileValue).map(([v, bad]) => Object.fromEntries(Object.keys(asObject(v)).map((k) => [k, bad]))),
    // a field missing
    fc.tuple(valid, fc.nat()).map(([v, i]) => {
      const o = { ...asObject(v) };
      if (fields.length) delete o[fields[i % fields.length]!];
      return o;
    }),
    // extra fields, prototype names
    fc
      .tuple(
        valid,
        fc.dictionary(
          fc.oneof(
            fc.string({ maxLength: 20 }),
            fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'tenant_id', 'role'),
          ),
          hostileValue,
          { maxKeys: 4 },
        ),
      )
      .map(([v, extra]) => ({
        ...asObject(v),
        ...extra,
      })),
    // not an object at all
    hostileValue,
  ];
  return fc.oneof(...options);
}

/** Raw payloads that are not valid JSON (or barely). */
const RAW_PAYLOADS: (string | Buffer)[] = [
  '{',
  '{"a":',
  '[1,2',
  'null',
  '""',
  '0',
  '[]',
  '{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  Buffer.from('{"name":"\xc3\x28\xed\xa0\x80"}', 'latin1'),
  '['.repeat(5000) + ']'.repeat(5000),
  `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`,
  JSON.stringify({ a: 'x'.repeat(1_100_000) }),
];

// ---------------------------------------------------------------------------
// Requests

export type FuzzRequest = {
  route: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
};

type PathValue = { raw: string } | { value: unknown };

const validPathValue = (schema: JsonSchema, key: string) =>
  arbitraryFor(schema, key).map((value): PathValue => ({ value }));
const hostilePathValue: fc.Arbitrary<PathValue> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((v): PathValue => ({ value: v.slice(0, 3000) })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('%', '%ZZ', '%ED%A0%80', '%FF', '..%2F..%2F', '%2e%2e', '0x10', '1%20or%201=1', 'a'.repeat(5000))
      .map((raw): PathValue => ({ raw })),
  },
);
/** In a hostile request, each value is hostile one time in three. */
const pathValueArb = (schema: JsonSchema, key: string, hostile: boolean) =>
  hostile
    ? fc.oneof({ weight: 2, arbitrary: validPathValue(schema, key) }, { weight: 1, arbitrary: hostilePathValue })
    : validPathValue(schema, key);

type QueryPart = { name: string; value: PathValue | { list: unknown[]; repeat: boolean } };

/** `arb` or nothing, nothing `pNone` of the time. */
const maybe = <T>(arb: fc.Arbitrary<T>, pNone: number) =>
  fc.oneof(
    { weight: Math.round(pNone * 100), arbitrary: fc.constant(null) },
    { weight: Math.round((1 - pNone) * 100), arbitrary: arb },
  );

function queryArb(route: FuzzRoute, hostile: boolean): fc.Arbitrary<QueryPart[]> {
  const parts = route.query.map((q) =>
    maybe<QueryPart>(
      q.schema.type === 'array'
        ? fc
            .tuple(arbitraryFor(q.schema, q.name) as fc.Arbitrary<unknown[]>, fc.boolean())
            .map(([list, repeat]): QueryPart => ({ name: q.name, value: { list, repeat } }))
        : pathValueArb(q.schema, q.name, hostile).map((value): QueryPart => ({ name: q.name, value })),
      q.required ? 0.05 : 0.6,
    ),
  );
  const extra = hostile
    ? maybe<QueryPart>(
        fc
          .tuple(fc.constantFrom('search', 'q', 'page', '__proto__', 'a[b]', 'x%00', ''), hostileString)
          .map(([name, v]): QueryPart => ({ name, value: { value: v.slice(0, 3000) } })),
        0.7,
      )
    : fc.constant(null);
  return fc.tuple(fc.constant(null), ...parts, extra).map(([, ...ps]) => ps.filter((p): p is QueryPart => p !== null));
}

const text = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : (JSON.stringify(v) ?? '');
/** encodeURIComponent, except that a lone surrogate is sent as the bytes a UTF-8 encoder makes of it. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}
const encodePathValue = (v: PathValue, pool: IdPool) => ('raw' in v ? v.raw : encode(text(resolve(v.value, pool))));

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: string | Buffer; contentType: string }
  | { kind: 'form'; value: unknown; file: 'none' | 'png' | 'pdf' | 'junk' | 'empty' };

const fileKind = fc.constantFrom('none', 'png', 'pdf', 'junk', 'empty') as fc.Arbitrary<
  'none' | 'png' | 'pdf' | 'junk' | 'empty'
>;

function validBody(route: FuzzRoute): fc.Arbitrary<BodyPlan> {
  if (route.method === 'GET' || route.method === 'DELETE') return fc.constant({ kind: 'none' });
  const json = arbitraryFor(route.body ?? { type: 'object' }).map((value): BodyPlan => ({ kind: 'json', value }));
  if (!route.multipart) return json;
  const form = fc
    .tuple(arbitraryFor(route.body ?? { type: 'object' }), fileKind)
    .map(([value, file]): BodyPlan => ({ kind: 'form', value, file }));
  return fc.oneof({ weight: 1, arbitrary: json }, { weight: 2, arbitrary: form });
}

function hostileBody(route: FuzzRoute): fc.Arbitrary<BodyPlan> {
  if (route.method === 'GET' || route.method === 'DELETE') {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
      { weight: 1, arbitrary: mutatedBody(null).map((value): BodyPlan => ({ kind: 'json', value })) },
    );
  }
  const options: { weight: number; arbitrary: fc.Arbitrary<BodyPlan> }[] = [
    { weight: 6, arbitrary: mutatedBody(route.body).map((value): BodyPlan => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...RAW_PAYLOADS),
          fc.constantFrom(
            'application/json',
            'application/json; charset=latin1',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
          ),
        )
        .map(([payload, contentType]): BodyPlan => ({ kind: 'raw', payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
  ];
  if (route.multipart) {
    options.push(
      {
        weight: 4,
        arbitrary: fc
          .tuple(mutatedBody(route.body), fileKind)
          .map(([value, file]): BodyPlan => ({ kind: 'form', value, file })),
      },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom(
            ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', 'multipart/form-data'],
            ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', 'multipart/form-data; boundary=x'],
            [
              '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
              'multipart/form-data; boundary=x',
            ],
            [
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
              'multipart/form-data; boundary=x',
            ],
            ['--x\r\nContent-Disposition: form-data\r\n\r\nb\r\n--x--\r\n', 'multipart/form-data; boundary=x'],
            [
              '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nb\r\n--x--\r\n',
              'multipart/form-data; boundary=x',
            ],
            [
              '--x\r\nContent-Disposition: form-data; name="details"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--x--\r\n',
              'multipart/form-data; boundary=x',
            ],
            ['garbage', `multipart/form-data; boundary=${'b'.repeat(300)}`],
            ['garbage', 'multipart/form-data; boundary='],
            ['', 'multipart/form-data; boundary=x'],
          )
          .map(([payload, contentType]): BodyPlan => ({
            kind: 'raw',
            payload: Buffer.from(payload!, 'latin1'),
            contentType: contentType!,
          })),
      },
    );
  }
  return fc.oneof(...options);
}

export type RequestPlan = { hostile: boolean; path: PathValue[]; query: QueryPart[]; body: BodyPlan };

/**
 * One route's request plans (ids resolved later, when sent): half valid-ish (path, query and body
 * from the schemas), half hostile (mutated body, hostile values among the path and query values).
 */
export function planArb(route: FuzzRoute): fc.Arbitrary<RequestPlan> {
  return fc.boolean().chain((hostile) => {
    const path = route.pathParams.length
      ? fc.tuple(
          ...route.pathParams.map((p) => pathValueArb(p.schema, `${bucketBefore(route.path, p.name)}_id`, hostile)),
        )
      : fc.constant([] as PathValue[]);
    return fc.record({
      hostile: fc.constant(hostile),
      path,
      query: queryArb(route, hostile),
      body: hostile ? hostileBody(route) : validBody(route),
    });
  });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const FILES = {
  png: PNG,
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
  junk: crypto.randomBytes(2048),
  empty: Buffer.alloc(0),
};

async function multipartOf(
  value: unknown,
  file: 'none' | 'png' | 'pdf' | 'junk' | 'empty',
  fileFields: string[],
): Promise<{ payload: Buffer; contentType: string }> {
  const fd = new FormData();
  const entries =
    value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value] as const];
  for (const [k, v] of entries) {
    if (Array.isArray(v)) for (const item of v) fd.append(`${k}[]`, text(item));
    else fd.append(k, text(v));
  }
  if (file !== 'none')
    for (const field of fileFields)
      fd.append(field, new Blob([new Uint8Array(FILES[file])], { type: 'image/png' }), 'upload.png');
  const req = new Request('http://encode.invalid/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** The HTTP request a plan stands for, with ids from this actor's pool. */
export async function materialise(route: FuzzRoute, plan: RequestPlan, pool: IdPool): Promise<FuzzRequest> {
  let i = 0;
  const path = route.path.replace(/\{[^}]+\}/g, () => encodePathValue(plan.path[i++] ?? { value: '' }, pool));
  const query: string[] = [];
  for (const part of plan.query) {
    const name = encode(part.name);
    if ('list' in part.value) {
      const items = (resolve(part.value.list, pool) as unknown[]).map(text);
      if (part.value.repeat) for (const item of items) query.push(`${name}=${encode(item)}`);
      else query.push(`${name}=${encode(items.join(','))}`);
    } else query.push(`${name}=${encodePathValue(part.value, pool)}`);
  }
  const url = query.length ? `${path}?${query.join('&')}` : path;
  const base = { route: route.key, method: route.method, url };
  const body = plan.body;
  if (body.kind === 'none') return base;
  if (body.kind === 'raw') return { ...base, payload: body.payload, contentType: body.contentType };
  const value = resolve(body.value, pool);
  if (body.kind === 'json')
    return { ...base, payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
  const form = await multipartOf(value, body.file, route.key.includes('certif') ? ['files[0]', 'files[1]'] : ['file']);
  return { ...base, ...form };
}

// ---------------------------------------------------------------------------
// The run

export type FuzzResponse = { status: number; body: string };
export type FuzzActor = {
  name: string;
  host: string;
  /** The session cookie, or null for anonymous. */
  cookie: () => string | null;
  /** Sign in again when a request ended the session (logout, own password change). */
  renew?: () => Promise<void>;
  pool: IdPool;
  /** Routes this actor leaves alone (logout for a signed-in actor). */
  skip?: (route: FuzzRoute) => boolean;
};
export type Sender = (req: FuzzRequest & { host: string; cookie: string | null }) => Promise<FuzzResponse>;

export type FuzzFailure = {
  route: string;
  actor: string;
  method: string;
  url: string;
  status: number;
  body: string;
  payload: string;
};
export type FuzzReport = {
  requests: number;
  statuses: Record<number, number>;
  failures: FuzzFailure[];
  routes: number;
  /** Routes that answered 2xx at least once (a handler did its work). */
  routesReached: number;
  renewals: number;
  ms: number;
  /** Per route: how many answers of each status. */
  byRoute: Record<string, Record<number, number>>;
  /** Per route: the time its requests took, in all (ms). */
  msByRoute: Record<string, number>;
};

export type FuzzOptions = {
  routes: FuzzRoute[];
  actors: FuzzActor[];
  send: Sender;
  /** Requests per route and actor. */
  runs: number;
  seed: number;
  /** Requests in flight at once (1: one after the other). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
};

const excerpt = (v: string | Buffer | undefined, n = 300) =>
  v === undefined ? '' : (Buffer.isBuffer(v) ? v.toString('latin1') : v).slice(0, n);

export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const report: FuzzReport = {
    requests: 0,
    statuses: {},
    failures: [],
    routes: opts.routes.length,
    routesReached: 0,
    renewals: 0,
    ms: 0,
    byRoute: {},
    msByRoute: {},
  };
  const reached = new Set<string>();
  const record = (route: string, status: number) => {
    report.requests++;
    report.statuses[status] = (report.statuses[status] ?? 0) + 1;
    const counts = (report.byRoute[route] ??= {});
    counts[status] = (counts[status] ?? 0) + 1;
    if (status >= 200 && status < 300) reached.add(route);
  };
  // Ids first: every list without path params, as every actor.
  for (const actor of opts.actors) {
    for (const route of opts.routes.filter((r) => r.method === 'GET' && !r.pathParams.length)) {
      const res = await opts.send({
        route: route.key,
        method: 'GET',
        url: route.path,
        host: actor.host,
        cookie: actor.cookie(),
      });
      record(route.key, res.status);
      harvest(actor.pool, res, route);
    }
  }
  const jobs: { route: FuzzRoute; actor: FuzzActor; plan: RequestPlan }[] = [];
  opts.routes.forEach((route, r) => {
    opts.actors.forEach((actor, a) => {
      if (actor.skip?.(route)) return;
      for (const plan of fc.sample(planArb(route), { numRuns: opts.runs, seed: opts.seed + r * 31 + a }))
        jobs.push({ route, actor, plan });
    });
  });
  // Deletions last, so the records they remove are there for the other routes first.
  jobs.sort((x, y) => Number(x.route.method === 'DELETE') - Number(y.route.method === 'DELETE'));
  let next = 0;
  let renewing: Promise<void> | null = null;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (renewing) await renewing;
      const req = await materialise(job.route, job.plan, job.actor.pool);
      const t0 = performance.now();
      const res = await opts.send({ ...req, host: job.actor.host, cookie: job.actor.cookie() });
      report.msByRoute[job.route.key] = (report.msByRoute[job.route.key] ?? 0) + performance.now() - t0;
      record(job.route.key, res.status);
      if (res.status >= 500) {
        report.failures.push({
          route: job.route.key,
          actor: job.actor.name,
          method: req.method,
          url: req.url.slice(0, 300),
          status: res.status,
          body: res.body.slice(0, 300),
          payload: excerpt(req.payload),
        });
      }
      harvest(job.actor.pool, res, job.route);
      if (res.status === 401 && job.actor.renew && !renewing) {
        renewing = job.actor.renew().finally(() => (renewing = null));
        report.renewals++;
      }
      if (report.requests % 500 === 0) opts.onProgress?.(next, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 1 }, worker));
  report.routesReached = reached.size;
  report.ms = Date.now() - started;
  return report;
}

function harvest(pool: IdPool, res: FuzzResponse, route: FuzzRoute) {
  if (res.status < 200 || res.status >= 300 || !res.body.startsWith('{')) return;
  try {
    pool.harvest(JSON.parse(res.body), bucketBefore(route.path));
  } catch {
    /* not JSON */
  }
}

/** Failures grouped by route, status and answer: one line each, for a report. */
export function summariseFailures(failures: FuzzFailure[]): string[] {
  const groups = new Map<string, { n: number; first: FuzzFailure }>();
  for (const f of failures) {
    const key = `${f.route} ${f.status} ${f.body}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { n: 1, first: f });
  }
  return [...groups.values()].map(
    ({ n, first: f }) =>
      `${n}x ${f.route} as ${f.actor} -> ${f.status}: ${f.method} ${f.url} payload=${JSON.stringify(f.payload.slice(0, 200))}`,
  );
}
