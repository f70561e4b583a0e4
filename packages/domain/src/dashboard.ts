import { z } from 'zod';

/**
 * One number on the back office's start page. The web labels it with the key `dashboard.<key>` of the
 * owning area's i18n namespace (`lodging:dashboard.openReservations`), so an area adds a figure without
 * touching the dashboard's texts.
 */
export const dashboardFigureSchema = z.object({
  key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
  value: z.number(),
  /** `count` is a plain number, `cents` an amount of money in integer cents. */
  unit: z.enum(['count', 'cents']),
  /** The management page that lists what the figure counts. */
  link: z.string().startsWith('/mgmt').optional(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardGroupSchema = z.object({
  /** The area (server module, web feature and i18n namespace) the figures belong to. */
  area: z.string(),
  figures: z.array(dashboardFigureSchema),
});
export type DashboardGroup = z.infer<typeof dashboardGroupSchema>;

export const dashboardSchema = z.object({ groups: z.array(dashboardGroupSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;
