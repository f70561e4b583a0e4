import { createHash } from 'node:crypto';
import type { BadgeState } from '@bjk/domain';

/** The fields a badge shows; a change to any of them means the printed badge is out of date. */
export type PrintedFields = {
  firstName: string;
  lastName: string;
  category: string;
  mealsCode: string | null;
  /** Changes whenever the photo is replaced (its upload time); null without a photo. */
  photoVersion: string | null;
};

/** A short digest of the printed fields, stored when a badge is printed and compared later. */
export function badgeFingerprint(fields: PrintedFields): string {
  const printed = [fields.firstName, fields.lastName, fields.category, fields.mealsCode, fields.photoVersion];
  return createHash('sha256').update(JSON.stringify(printed)).digest('base64url').slice(0, 22);
}

/** Never printed, printed and still right, or printed but changed since (flagged for reprint). */
export function badgeStateOf(printedFingerprint: string | undefined, current: PrintedFields): BadgeState {
  if (printedFingerprint === undefined) return 'unprinted';
  return printedFingerprint === badgeFingerprint(current) ? 'printed' : 'reprint';
}
