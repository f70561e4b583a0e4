import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { EditionEvent } from '@bjk/domain';
import { eventsForCategory, renderCalendar } from './icalendar.js';

const title = (en: string) => ({ nl: en, fr: en, de: en, en });
const events: EditionEvent[] = [
  {
    id: 'round-1-u8',
    kind: 'round',
    categories: ['U8', 'U10'],
    start: '2027-02-16T10:00:00+01:00',
    end: '2027-02-16T13:00:00+01:00',
    title: title('Round 1, U8; U10'),
    location: 'Hall',
  },
  { id: 'opening', kind: 'ceremony', categories: [], start: '2027-02-15T19:30:00+01:00', title: title('Opening ceremony'), location: 'Hall' },
  { id: 'round-1-u20', kind: 'round', categories: ['U20'], start: '2027-02-16T09:30:00+01:00', title: title('Round 1 (U20)') },
];

describe('the programme as an iCalendar feed', () => {
  const feed = renderCalendar({
    name: 'BYCC 2027',
    editionCode: 'bjk2027',
    timeZone: 'Europe/Brussels',
    stamp: new Date('2026-11-21T09:00:00Z'),
    language: 'en',
    events,
  });

  it('parses as a calendar with every event, in UTC, with stable UIDs', () => {
    const calendar = new ICAL.Component(ICAL.parse(feed));
    const parsed = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(parsed.map((e) => e.uid)).toEqual(['round-1-u8@bjk2027.bjk', 'opening@bjk2027.bjk', 'round-1-u20@bjk2027.bjk']);
    expect(parsed[0]!.summary).toBe('Round 1, U8; U10');
    expect(parsed[0]!.startDate.toJSDate().toISOString()).toBe('2027-02-16T09:00:00.000Z');
    expect(parsed[1]!.endDate.toJSDate().toISOString()).toBe('2027-02-15T19:30:00.000Z');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-21T09:00:00Z');
  });

  it('uses CRLF line ends and folds long lines', () => {
    expect(feed.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const long = renderCalendar({ name: 'x'.repeat(200), editionCode: 'e', timeZone: 'Europe/Brussels', stamp: new Date(), language: 'en', events: [] });
    expect(long).toContain('\r\n x');
    expect(new ICAL.Component(ICAL.parse(long)).getFirstPropertyValue('x-wr-calname')).toBe('x'.repeat(200));
  });

  it('gives a category its own events and the ones for everyone, in time order', () => {
    expect(eventsForCategory(events, 'U20').map((e) => e.id)).toEqual(['opening', 'round-1-u20']);
    expect(eventsForCategory(events, undefined).map((e) => e.id)).toEqual(['opening', 'round-1-u20', 'round-1-u8']);
  });
});
