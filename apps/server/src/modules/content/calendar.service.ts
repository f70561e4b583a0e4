import type { Language, Programme } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { eventsForCategory, renderCalendar } from './icalendar.js';
import { CONTENT_ERRORS } from '@bjk/domain';

async function programmeOf(db: DbOrTx, category: string | undefined) {
  const edition = await getCurrentEdition(db);
  const players = edition.settings.categories.filter((c) => c.kind === 'player').map((c) => c.code);
  if (category && !players.includes(category)) throw notFound(CONTENT_ERRORS.categoryNotFound, `No category ${category}`);
  return { edition, players, events: eventsForCategory(edition.settings.events ?? [], category) };
}

export async function getProgramme(db: DbOrTx, category: string | undefined): Promise<Programme> {
  const { edition, players, events } = await programmeOf(db, category);
  return { timeZone: edition.settings.timeZone, categories: players, events };
}

/** The iCalendar feed, whole or for one category, with an ETag that changes when the programme does. */
export async function getCalendarFeed(db: DbOrTx, category: string | undefined, language: Language): Promise<{ body: string; etag: string; name: string }> {
  const { edition, events } = await programmeOf(db, category);
  const name = category ? `${edition.settings.shortName[language]} ${category}` : edition.settings.shortName[language];
  const body = renderCalendar({ name, editionCode: edition.code, timeZone: edition.settings.timeZone, stamp: edition.updatedAt, language, events });
  return { body, etag: `"${edition.updatedAt.getTime().toString(36)}-${category ?? 'all'}-${language}"`, name };
}
