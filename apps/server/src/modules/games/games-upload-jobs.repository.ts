import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { findJobRow, markSilentJobs, updateJobIn } from '../../platform/jobs-repository.js';
import { gameUploadJobs } from './games.tables.js';

/** The queries of managers' PGN upload jobs (`game_upload_jobs`); the job itself is `games-upload-jobs.service.ts`. */

export type GameUploadJobRow = typeof gameUploadJobs.$inferSelect;

/** How many recent uploads the list answers. */
const RECENT_UPLOADS = 20;

export async function insertUploadJob(db: DbOrTx, row: typeof gameUploadJobs.$inferInsert): Promise<GameUploadJobRow> {
  const [inserted] = await db.insert(gameUploadJobs).values(row).returning();
  return inserted!;
}

export async function findUploadJob(db: DbOrTx, id: string): Promise<GameUploadJobRow | undefined> {
  return findJobRow(db, gameUploadJobs, id);
}

/** The edition's recent uploads, newest first (of one category when given). */
export async function listUploadJobs(db: DbOrTx, edition: string, category?: string): Promise<GameUploadJobRow[]> {
  const where = category ? and(eq(gameUploadJobs.edition, edition), eq(gameUploadJobs.category, category)) : eq(gameUploadJobs.edition, edition);
  return db.select().from(gameUploadJobs).where(where).orderBy(desc(gameUploadJobs.createdAt)).limit(RECENT_UPLOADS);
}

/** Takes a queued job (this process runs it): a conditional update, so a job runs once. */
export async function claimUploadJob(db: DbOrTx, id: string, now: Date): Promise<GameUploadJobRow | undefined> {
  return updateJobIn(db, gameUploadJobs, gameUploadJobs.status, id, 'queued', { status: 'running', startedAt: now, updatedAt: now });
}

/** Progress and heartbeat of a running job (the row's `updated_at`). */
export async function updateUploadJob(db: DbOrTx, id: string, set: Partial<typeof gameUploadJobs.$inferInsert>): Promise<void> {
  await db
    .update(gameUploadJobs)
    .set(set)
    .where(and(eq(gameUploadJobs.id, id), eq(gameUploadJobs.status, 'running')));
}

/**
 * Queued or running jobs silent since before `staleBefore` become interrupted: their process stopped (a queued job
 * starts at once after its answer, so a queued one that stays silent died with its process too).
 */
export async function markInterruptedUploadJobs(db: DbOrTx, staleBefore: Date): Promise<number> {
  return markSilentJobs(db, gameUploadJobs, gameUploadJobs.status, ['queued', 'running'], staleBefore, { status: 'interrupted' });
}

export async function listInterruptedUploadJobs(db: DbOrTx): Promise<GameUploadJobRow[]> {
  return db.select().from(gameUploadJobs).where(eq(gameUploadJobs.status, 'interrupted')).orderBy(gameUploadJobs.createdAt);
}

/** Takes an interrupted job back into the queue (of two concurrent resumes one wins); nothing when it is not interrupted. */
export async function requeueUploadJob(db: DbOrTx, id: string, now: Date): Promise<GameUploadJobRow | undefined> {
  return updateJobIn(db, gameUploadJobs, gameUploadJobs.status, id, 'interrupted', { status: 'queued', updatedAt: now });
}
