import type { EditionEvent, Language } from '@bjk/domain';

/**
 * An iCalendar (RFC 5545) feed of the programme that phones can subscribe to. Times are written in
 * UTC (`…Z`), which every calendar converts to the reader's zone without needing a VTIMEZONE block;
 * UIDs are stable per event and edition so a refreshed feed updates events instead of duplicating them.
 */
export type CalendarFeed = {
  name: string;
  editionCode: string;
  timeZone: string;
  /** When the programme last changed: the DTSTAMP of every event. */
  stamp: Date;
  language: Language;
  events: EditionEvent[];
};

function utc(instant: string | Date): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function renderCalendar(feed: CalendarFeed): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Belgian Youth Chess Championship//Programme//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(feed.name)}`,
    `X-WR-TIMEZONE:${feed.timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
  ];
  for (const event of feed.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@${feed.editionCode}.bjk`,
      `DTSTAMP:${utc(feed.stamp)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end ?? new Date(new Date(event.start).getTime() + 3_600_000))}`,
      `SUMMARY:${text(event.title[feed.language])}`,
      ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
      `CATEGORIES:${[event.kind.toUpperCase(), ...event.categories].map(text).join(',')}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The events a category's players attend: theirs and those for everyone. */
export function eventsForCategory(events: EditionEvent[], category: string | undefined): EditionEvent[] {
  const chosen = category ? events.filter((e) => e.categories.length === 0 || e.categories.includes(category)) : events;
  return [...chosen].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
