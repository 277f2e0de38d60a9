import { z } from 'zod';
import path from 'node:path';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => ['true', '1', 'yes'].includes(v));

const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(' or ')}//`,
    );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  APP_DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  BASE_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name such as localhost or siteflow.example.com')
    .default('localhost'),
  APP_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().default('./data'),
  READ_CACHE_MB: z.coerce.number().int('must be a whole number').min(0).max(4096, 'must be 0 to 4096').default(64),
  DB_COMPANY_SHARE: z.coerce
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 to 20')
    .max(20, 'must be 0 to 20')
    .default(15),
  SLOW_REQUEST_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(0)
    .max(600_000, 'must be 0 to 600000')
    .default(1000),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Siteflow <no-reply@siteflow.local>'),
  SMS_URL: url(['http:', 'https:']).optional(),
  SMS_FROM: z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}|MG[0-9a-fA-F]{32})$/,
      'must be a phone number in international format (+61...), a sender name of at most 11 letters and digits, or a Twilio Messaging Service id (MG...)',
    )
    .optional(),
  SMS_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isSupportedCountry, 'must be a two-letter country code such as AU or NZ')
    .default('AU'),
  SMS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'must be 100 to 60000')
    .max(60000, 'must be 100 to 60000')
    .default(10000),
  MAP_TILE_URL: z.string().default(''),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|[0-9a-fA-F.:/, ]+)$/,
      'must be true, false or the proxy addresses (comma-separated IPs or CIDRs)',
    )
    .default('false')
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROUTER_URL: z
    .string()
    .trim()
    .refine(
      (v) => v === 'estimate' || v === 'google' || (v.startsWith('osrm:') && isHttpUrl(v.slice(5))),
      'must be estimate, google or osrm: followed by the server address (osrm:https://router.example.com)',
    )
    .optional(),
  OSRM_URL: url(['http:', 'https:']).optional(),
  GOOGLE_ROUTES_KEY: z.string().trim().optional(),
  ROUTER_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'must be 100 to 60000')
    .max(60000, 'must be 100 to 60000')
    .default(3000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  appDatabaseUrl: string | undefined;
  baseHost: string;
  /** Public address of the platform area, e.g. http://localhost:3000; tenants get a subdomain of it. */
  appUrl: string;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Text messages (platform/sms.ts): the sender (default 'Siteflow'), the country of numbers
   * written without a country code, and the HTTP gateway; without one they land in the built-in mailbox.
   */
  sms: { from: string | undefined; country: CountryCode; gateway: { url: string; timeoutMs: number } | null };
  mapTileUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** Behind a reverse proxy: trust X-Forwarded-For/-Host/-Proto (true, or the proxies' addresses). */
  trustProxy: boolean | string;
  logLevel: string;
  /** Memory for the read cache's answers (platform/read-cache.ts), in MB; 0 turns it off. */
  readCacheMb: number;
  /** Connections of the request pool one company (or one address's context lookups) may hold at once (db/tenant-share.ts); 0: no share. */
  dbCompanyShare: number;
  /** A request that takes longer than this (ms) is logged as a warning (platform/slow-requests.ts); 0: never. */
  slowRequestMs: number;
  /** Driving routes (features/geo/router.ts): the offline estimate unless a routing service is configured. */
  routing: Routing;
};

export type Routing =
  | { kind: 'estimate' }
  | { kind: 'osrm'; url: string; timeoutMs: number }
  | { kind: 'google'; apiKey: string; timeoutMs: number };

export class ConfigError extends Error {}

/** Parse the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue.message} (got ${JSON.stringify(cleaned[name] ?? '')})`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.APP_DATABASE_URL,
    baseHost: e.BASE_HOST,
    appUrl: (e.APP_URL ?? `http://${e.BASE_HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: {
      from: e.SMS_FROM,
      country: e.SMS_COUNTRY as CountryCode,
      gateway: e.SMS_URL ? { url: e.SMS_URL, timeoutMs: e.SMS_TIMEOUT_MS } : null,
    },
    mapTileUrl: e.MAP_TILE_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    readCacheMb: e.READ_CACHE_MB,
    dbCompanyShare: e.DB_COMPANY_SHARE,
    slowRequestMs: e.SLOW_REQUEST_MS,
    routing: routingOf(e),
  };
}

/**
 * ROUTER_URL decides ('estimate', 'google' or 'osrm:<address>'); without it OSRM_URL, then
 * GOOGLE_ROUTES_KEY, selects a service; with none of them routes are the offline estimate.
 */
function routingOf(e: z.infer<typeof EnvSchema>): Routing {
  const timeoutMs = e.ROUTER_TIMEOUT_MS;
  const choice = e.ROUTER_URL ?? (e.OSRM_URL ? `osrm:${e.OSRM_URL}` : e.GOOGLE_ROUTES_KEY ? 'google' : 'estimate');
  if (choice.startsWith('osrm:')) return { kind: 'osrm', url: choice.slice(5).replace(/\/+$/, ''), timeoutMs };
  if (choice === 'google') {
    if (!e.GOOGLE_ROUTES_KEY)
      throw new ConfigError('Invalid GOOGLE_ROUTES_KEY: ROUTER_URL=google needs GOOGLE_ROUTES_KEY');
    return { kind: 'google', apiKey: e.GOOGLE_ROUTES_KEY, timeoutMs };
  }
  return { kind: 'estimate' };
}

/** The address of a tenant's area: its slug as a subdomain of the platform address. */
export function tenantUrl(config: Pick<Config, 'appUrl'>, slug: string | null): string {
  if (!slug) return config.appUrl;
  const u = new URL(config.appUrl);
  u.hostname = `${slug}.${u.hostname}`;
  return u.toString().replace(/\/$/, '');
}
