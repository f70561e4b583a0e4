import type { AuditPage, AuditQuery, DashboardFigure } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import type { ServiceContext } from '../../platform/service-context.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { countAuditRowsSince, listAuditRows } from './audit.repository.js';

/** The audit trail, newest first: one record's history or the audit page's filtered list. */
export async function listAuditEntries(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const { settings } = await getCurrentEdition(db);
  const { items, total } = await listAuditRows(db, { ...query, timeZone: settings.timeZone }, query.page, query.pageSize);
  return {
    items: items.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      before: row.before,
      after: row.after,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Dashboard: how many changes managers made in the last 24 hours. */
export async function auditFigures(ctx: ServiceContext): Promise<DashboardFigure[]> {
  const since = new Date(ctx.clock.now().getTime() - 24 * 3_600_000);
  return [{ key: 'changesLastDay', value: await countAuditRowsSince(ctx.db, since), unit: 'count', link: '/mgmt/audit' }];
}
