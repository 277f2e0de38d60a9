import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { companyDay } from '@siteflow/core';
import { requireActor, tenantOf, type DataVersion, type Deps } from './context.js';

/**
 * Answers of signed-in reads, kept in memory as the JSON sent, under the tenant's data version.
 *
 * The version (app_data_version(), migration 0035) counts the tenant's committed transactions
 * that changed anything a read may show, plus those not scoped to one tenant; a statement trigger
 * on every such table notes each change in the writing transaction itself. The request context
 * reads it with the session (context.ts, no extra round trip), so a request sees a version only
 * once the data behind it is committed: an answer kept under a version is never served after a
 * change, from this process or any other on the same database. Nothing expires by time but the
 * company day, which is part of the key for reads that depend on "today" (availability,
 * certificates). The key also holds the user and the address: one user's answer is never
 * another's, whatever their roles let them see.
 *
 * A read copies this in its route (projects/routes.ts is the example):
 *   async (request, reply) => sendJson(reply, await cachedJson(deps, request, reply, () => svc.read(...)))
 * Only reads whose answer depends on nothing but the tenant's tables (and the day) may: not
 * "recently viewed" (project_views has no trigger), not files or anything outside the database.
 */
export type ReadCache = {
  /** null: turned off (READ_CACHE_MB=0): every read is computed. */
  store: LRUCache<string, string> | null;
  /**
   * The highest version seen per tenant, and when its context statement was answered: a lower
   * version read after that means the database was restored or reset (versionWentBack).
   */
  seen: Map<string, SeenVersion>;
  /**
   * The keys kept per tenant. All are of its latest version: when the version moves, the answers
   * of the older one can never be asked for again, so they go at once instead of taking the room
   * of other companies' answers until the LRU reaches them.
   */
  keys: Map<string, Set<string>>;
};

export type SeenVersion = { version: number; answered: number };

/**
 * Notes a request's version of its tenant, and says whether the count went back: a version lower
 * than one already seen, read by a context statement sent after that one was answered. A live
 * database's count never goes down, so only a restore or reset does that. A lower version read
 * before then is a request that was merely overtaken (its context was read before a write
 * committed, and a later request's after it): under concurrent reads and writes that is common,
 * and it says nothing about what is kept.
 */
export function versionWentBack(seen: Map<string, SeenVersion>, tenantId: string, read: DataVersion): boolean {
  const last = seen.get(tenantId);
  const wentBack = !!last && read.version < last.version && read.asked > last.answered;
  if (!last || read.version > last.version || wentBack)
    seen.set(tenantId, { version: read.version, answered: read.answered });
  return wentBack;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

/** Memory the cached answers may take, in MB, unless READ_CACHE_MB says otherwise (0: off). */
export const READ_CACHE_MB = 64;

export function registerReadCache(app: FastifyInstance, megabytes = READ_CACHE_MB) {
  const keys = new Map<string, Set<string>>();
  const store =
    megabytes > 0
      ? new LRUCache<string, string>({
          maxSize: megabytes * 1024 * 1024,
          // UTF-16: two bytes a character, and about 64 of bookkeeping
          sizeCalculation: (json, key) => 2 * (json.length + key.length) + 64,
          // Evicted or deleted: no longer the tenant's (a key replaced by set stays).
          dispose: (_json, key, reason) => {
            if (reason !== 'set') keys.get(tenantOfKey(key))?.delete(key);
          },
        })
      : null;
  app.decorate('readCache', { store, seen: new Map(), keys } satisfies ReadCache);
}

/** Keys start with the tenant's id (cachedJson). */
const tenantOfKey = (key: string) => key.slice(0, key.indexOf(' '));

/**
 * Notes the request's version of its tenant (versionWentBack) and drops what no request can ask
 * for any more: everything after a restore, the tenant's older version when its version moved.
 */
function noteVersion(cache: ReadCache, store: LRUCache<string, string>, tenantId: string, read: DataVersion) {
  const last = cache.seen.get(tenantId)?.version;
  if (versionWentBack(cache.seen, tenantId, read))
    store.clear(); // nothing kept can be trusted
  else if (last !== undefined && read.version > last) {
    for (const key of cache.keys.get(tenantId) ?? []) store.delete(key);
    cache.keys.delete(tenantId);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The JSON answer of a signed-in GET: the one kept for the same user, address, tenant data
 * version and company day, or `compute`'s result serialized by the route's response schema (and
 * kept). Errors are never kept: they are thrown as usual.
 */
export async function cachedJson(
  deps: Pick<Deps, 'clock'>,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<string> {
  const tenant = tenantOf(request);
  const actor = requireActor(request);
  const read = actor.dataVersion;
  const cache = request.server.readCache;
  const { store, seen, keys } = cache;
  if (read === undefined || !store) return serialize(reply, await compute());
  noteVersion(cache, store, tenant.id, read);
  const key = `${tenant.id} ${read.version} ${companyDay(deps.clock.now())} ${actor.userId} ${request.url}`;
  const kept = store.get(key);
  if (kept !== undefined) return kept;
  const json = serialize(reply, await compute());
  // Read under an older version than the latest seen (overtaken by a write meanwhile): not kept,
  // as nobody will ask under that version again.
  if (read.version >= (seen.get(tenant.id)?.version ?? read.version)) {
    store.set(key, json);
    if (store.has(key)) {
      const mine = keys.get(tenant.id) ?? new Set<string>();
      keys.set(tenant.id, mine.add(key));
    }
  }
  return json;
}

/** The route's own serialization (its response schema for the reply's status). */
function serialize(reply: FastifyReply, value: unknown): string {
  const out = reply.serialize(value);
  return typeof out === 'string' ? out : Buffer.from(out as Uint8Array).toString();
}

/** Send JSON already serialized (Fastify sends a string of this type as it is). */
export const sendJson = (reply: FastifyReply, json: string) => reply.type(JSON_TYPE).send(json);
