import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';

/**
 * "Recently viewed" written behind: a project view notes (company, user, project, time) in memory,
 * and the notes go to project_views together, one statement per company
 * (app_record_project_views, migrations 0037 and 0038), VIEW_LOG_DELAY_MS after the first of them or at
 * VIEW_LOG_BATCH notes. A project view then costs no statement of its own: answered from the read
 * cache, it is the request context alone.
 *
 * What a user sees stays exact in one process: the Recently Viewed list and its Remove flush the
 * notes first (`flush`). Another server process sees a view up to VIEW_LOG_DELAY_MS late; each note
 * keeps the time of the view and a later write never moves a row back in time, so the order is
 * the order of the views. Like the synchronous_commit off it replaces, a crash may lose the last
 * moment of views; a failed write (the database restarting) is tried again, up to
 * VIEW_LOG_ATTEMPTS times. docs/decisions.md, "Recently viewed written behind".
 */
export const VIEW_LOG_DELAY_MS = 50;
export const VIEW_LOG_BATCH = 500;
/** Notes kept while the database does not take them; more are dropped (a view is not a record anyone relies on). */
export const VIEW_LOG_MAX_PENDING = 20_000;
export const VIEW_LOG_ATTEMPTS = 5;
const RETRY_MS = 1000;

type Note = { tenantId: string; userId: string; projectId: number; at: Date; attempts: number };

export class ViewLog {
  private pending = new Map<string, Note>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: (msg: string) => void = () => undefined,
  ) {}

  /** Notes that the user viewed the project at `at`; written within VIEW_LOG_DELAY_MS. */
  record(tenantId: string, userId: string, projectId: number, at: Date) {
    this.keep({ tenantId, userId, projectId, at, attempts: 0 });
    if (this.pending.size >= VIEW_LOG_BATCH) void this.flush();
    else this.schedule(VIEW_LOG_DELAY_MS);
  }

  /** Writes every note taken so far (after any write already under way); never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  /** Notes not written yet (tests and the bench read it). */
  get size() {
    return this.pending.size;
  }

  private keep(note: Note) {
    const key = `${note.tenantId} ${note.userId} ${note.projectId}`;
    const kept = this.pending.get(key);
    if (kept) {
      if (note.at > kept.at) kept.at = note.at;
      kept.attempts = Math.max(kept.attempts, note.attempts);
    } else if (this.pending.size < VIEW_LOG_MAX_PENDING) this.pending.set(key, note);
  }

  private schedule(ms: number) {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref();
  }

  private async write(batch: Note[]) {
    if (!batch.length) return;
    const byTenant = new Map<string, Note[]>();
    for (const n of batch) byTenant.set(n.tenantId, [...(byTenant.get(n.tenantId) ?? []), n]);
    for (const [tenantId, notes] of byTenant) {
      try {
        await this.db.$client.query({
          name: 'record_project_views',
          text: 'select app_record_project_views($1, $2, $3, $4)',
          values: [tenantId, notes.map((n) => n.userId), notes.map((n) => n.projectId), notes.map((n) => n.at)],
        });
      } catch (error) {
        const again = notes.filter((n) => n.attempts + 1 < VIEW_LOG_ATTEMPTS);
        this.log(
          `recently viewed: ${notes.length} views not written (${(error as Error).message}); retrying ${again.length}`,
        );
        for (const n of again) this.keep({ ...n, attempts: n.attempts + 1 });
        if (again.length) this.schedule(RETRY_MS);
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    viewLog: ViewLog;
  }
}

/** One view log per server process, its last notes written when the server closes. */
export function registerViewLog(app: FastifyInstance, db: Db) {
  const viewLog = new ViewLog(db, (msg) => app.log.warn(msg));
  app.decorate('viewLog', viewLog);
  app.addHook('onClose', () => viewLog.flush());
}
