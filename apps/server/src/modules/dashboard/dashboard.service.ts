/**
 * The back office's start page: figures of every area, each group only for managers allowed to read
 * that area.
 *
 * Adding an area's figures is one line in FIGURE_SOURCES below: its service exports
 * `<area>Figures(ctx: ServiceContext): Promise<DashboardFigure[]>` (counts and amounts from its own tables), and the
 * web labels each figure with the key `dashboard.<figure key>` of the area's i18n namespace
 * (`apps/web/src/locales/<lng>/<area>.json`), in all four languages.
 */
import type { Dashboard, DashboardFigure, Permission } from '@bjk/domain';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { accountFigures } from '../accounts/accounts.service.js';
import { auditFigures } from '../audit/audit.service.js';
import { lodgingDashboardFigures } from '../lodging/lodging.service.js';
import { enrolmentDashboardFigures } from '../participants/participants.service.js';
import { paymentDashboardFigures } from '../payments/payment-requests.service.js';

type FigureSource = {
  area: string;
  /** The read permission of the area: managers without it do not see (or cause the query of) its figures. */
  permission: Permission;
  figures: (ctx: ServiceContext) => Promise<DashboardFigure[]>;
};

const FIGURE_SOURCES: FigureSource[] = [
  { area: 'accounts', permission: 'accounts:admin', figures: accountFigures },
  { area: 'audit', permission: 'audit:read', figures: auditFigures },
  { area: 'enrolment', permission: 'registrations:read', figures: enrolmentDashboardFigures },
  { area: 'lodging', permission: 'lodging:read', figures: lodgingDashboardFigures },
  { area: 'payments', permission: 'payments:read', figures: paymentDashboardFigures },
];

export async function getDashboard(ctx: ManagerContext): Promise<Dashboard> {
  const visible = FIGURE_SOURCES.filter((source) => ctx.actor.permissions.has(source.permission));
  const groups = await Promise.all(visible.map(async (source) => ({ area: source.area, figures: await source.figures(ctx) })));
  return { groups: groups.filter((group) => group.figures.length > 0) };
}
