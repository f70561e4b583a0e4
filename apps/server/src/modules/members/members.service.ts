import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Member, MemberImportFormat, MemberImportResult } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { recordAudit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/service-context.js';
import { parseFideTxt, parseFideXml, parseMembersCsv, type ParsedLine } from './member-formats.js';
import {
  countMembers,
  findMemberByIdbel,
  findMemberByIdfide,
  findMembersByIdbel,
  insertMembersIfAbsent,
  prepareMemberLookup,
  toMember,
  type UpsertCounts,
  upsertMembersByIdbel,
  upsertMembersByIdfide,
} from './members.repository.js';

export { countMembers, prepareMemberLookup };
export type { MemberIdColumns } from './members.repository.js';

/**
 * Rows per INSERT … ON CONFLICT (one array parameter per column). Larger batches mean fewer round trips
 * and statements; 10 000 keeps a batch's transaction short and its arrays a few hundred kB.
 */
const BATCH_SIZE = 10_000;
/** The import answer lists this many rejected lines; the count covers all of them. */
const MAX_REPORTED_REJECTIONS = 200;

export async function findMember(db: DbOrTx, by: { idbel: number } | { idfide: number }): Promise<Member | undefined> {
  const row = 'idbel' in by ? await findMemberByIdbel(db, by.idbel) : await findMemberByIdfide(db, by.idfide);
  return row ? toMember(row) : undefined;
}

export async function listMembersByIdbel(db: DbOrTx, ids: number[]): Promise<Member[]> {
  return (await findMembersByIdbel(db, ids)).map(toMember);
}

function parserFor(format: MemberImportFormat): (input: Readable) => AsyncGenerator<ParsedLine> {
  if (format === 'csv') return parseMembersCsv;
  if (format === 'fide-txt') return parseFideTxt;
  return parseFideXml;
}

/**
 * Imports a member file as a stream: lines are parsed one by one and upserted in batches, each batch in
 * its own transaction, so 300 000 rows never sit in memory and one bad line never stops the others.
 * A batch the database refuses is retried line by line to name the culprit. While the database writes
 * one batch the next is parsed (the database works in its own process meanwhile).
 */
export type ImportProgress = Pick<MemberImportResult, 'received' | 'inserted' | 'updated' | 'unchanged' | 'rejected'>;

export async function importMembers(
  ctx: ServiceContext,
  format: MemberImportFormat,
  input: Readable,
  options: { onBatch?: (progress: ImportProgress) => Promise<void> } = {},
): Promise<MemberImportResult> {
  const { db } = ctx;
  // An elapsed time, not an instant: the monotonic clock, which the injected clock has no need to fake.
  const started = performance.now();
  const result: MemberImportResult = { format, received: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, rejections: [], durationMs: 0 };
  const reject = (line: number, reason: string) => {
    result.rejected += 1;
    if (result.rejections.length < MAX_REPORTED_REJECTIONS) result.rejections.push({ line, reason });
  };
  const keyOf = (m: Member) => (format === 'csv' ? m.idbel : m.idfide);
  const upsert = format === 'csv' ? upsertMembersByIdbel : upsertMembersByIdfide;

  let batch: { line: number; member: Member }[] = [];
  let keys = new Map<number, number>();
  let fideIds = new Set<number>();

  const add = (counts: UpsertCounts) => {
    result.inserted += counts.inserted;
    result.updated += counts.updated;
    result.unchanged += counts.unchanged;
  };
  const write = async (entries: { line: number; member: Member }[]) => {
    try {
      add(
        await db.transaction((tx) =>
          upsert(
            tx,
            entries.map((b) => b.member),
          ),
        ),
      );
    } catch {
      for (const entry of entries) {
        try {
          add(await db.transaction((tx) => upsert(tx, [entry.member])));
        } catch (error) {
          reject(entry.line, `refused by the database: ${(error as Error).message.slice(0, 120)}`);
        }
      }
    }
    const { received, inserted, updated, unchanged, rejected } = result;
    await options.onBatch?.({ received, inserted, updated, unchanged, rejected });
  };
  // At most one batch in flight: its write overlaps the parsing of the next one.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (batch.length === 0) return;
    writing = write(batch);
    batch = [];
    keys = new Map();
    fideIds = new Set();
  };

  try {
    await readAll();
  } catch (error) {
    // The batch being written settles before the error goes on (a stopped server closes its database after).
    await writing.catch(() => undefined);
    throw error;
  }
  await flush();
  await writing;
  result.durationMs = Math.round(performance.now() - started);
  const { rejections: _, ...counts } = result;
  await recordAudit(db, { actor: ctx.actor, action: 'members.import', subjectType: 'members', subjectId: format, after: counts });
  return result;

  async function readAll(): Promise<void> {
    for await (const parsed of parserFor(format)(input)) {
      if (!('member' in parsed)) {
        reject(parsed.line, parsed.reason);
        continue;
      }
      result.received += 1;
      const key = keyOf(parsed.member);
      if (key === null) {
        reject(parsed.line, 'no id');
        continue;
      }
      // One statement cannot upsert the same key twice: the later line of a file wins.
      const earlier = keys.get(key);
      if (earlier !== undefined) {
        const index = batch.findIndex((b) => b.line === earlier);
        if (index >= 0) batch.splice(index, 1);
      }
      const fide = parsed.member.idfide;
      if (format === 'csv' && fide !== null && fideIds.has(fide) && earlier === undefined) {
        reject(parsed.line, `FIDE id ${fide} is already used by another member in this file`);
        continue;
      }
      if (fide !== null) fideIds.add(fide);
      keys.set(key, parsed.line);
      batch.push(parsed);
      if (batch.length >= BATCH_SIZE) {
        await flush();
        // A turn of the event loop per batch: a file read from disk arrives faster than it parses, so without it
        // the loop could run batch after batch of parsing before any waiting request is read.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
}

/**
 * On first start an empty registry gets the demo members of `config.membersSeedFile` (README lists them); later starts
 * change nothing.
 */
export async function seedMembersIfEmpty(ctx: ServiceContext): Promise<number> {
  const { db } = ctx;
  const file = ctx.config.membersSeedFile;
  if (!file) return 0;
  if ((await countMembers(db)).total > 0) return 0;
  const members = JSON.parse(await readFile(file, 'utf8')) as Member[];
  return db.transaction((tx) => insertMembersIfAbsent(tx, members));
}
