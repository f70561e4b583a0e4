import { describe, expect, it } from 'vitest';
import { deskEventKey, findStayOf, formatBadgeId, judgeDeskEvents, mealsLabelOf, nameKeyOf, parseBadgeId, type DeskEvent } from './desk.js';

describe('badge ids', () => {
  it('reads what a badge QR code says, players and attendees', () => {
    expect(parseBadgeId('bjk2027:P12')).toEqual({ editionCode: 'bjk2027', holder: 'participant', id: 12 });
    expect(parseBadgeId(' bjk2027:A7\n')).toEqual({ editionCode: 'bjk2027', holder: 'attendee', id: 7 });
    expect(formatBadgeId({ editionCode: 'bjk2027', holder: 'attendee', id: 7 })).toBe('bjk2027:A7');
  });

  it('refuses anything else: addresses, other letters, zero, numbers past an int32', () => {
    for (const text of ['https://bjk.example/P1', 'bjk2027:X1', 'bjk2027:P0', 'bjk2027:P01', 'bjk2027:P9999999999', 'BJK2027:P1', 'bjk2027P1', ''])
      expect(parseBadgeId(text), text).toBeNull();
  });
});

describe('matching a badge holder to a stay', () => {
  const stays = [
    { number: 'R1', guests: [{ firstName: 'Jan', lastName: 'Peeters', birthDate: '1978-01-01' }] },
    {
      number: 'R2',
      guests: [
        { firstName: 'Eloise', lastName: 'DUBOIS', birthDate: '2014-05-02' },
        { firstName: 'Jan', lastName: 'Peeters', birthDate: '2012-03-03' },
      ],
    },
    { number: 'R3', guests: [{ firstName: 'Mia', lastName: 'Maes', birthDate: '1990-01-01' }] },
  ];

  it('compares names without case, accents or hyphens', () => {
    expect(nameKeyOf('Éloïse', 'Van den  Bossche-De Smet')).toBe(nameKeyOf('eloise', 'van den bossche de smet'));
    expect(nameKeyOf('Ayşe', 'Yıldırım')).toBe(nameKeyOf('AYSE', 'YILDIRIM'));
    expect(findStayOf({ firstName: 'Éloïse', lastName: 'Dubois', birthYear: 2014 }, stays)?.number).toBe('R2');
  });

  it('tells a father from his son of the same name by the player’s birth year', () => {
    expect(findStayOf({ firstName: 'Jan', lastName: 'Peeters', birthYear: 2012 }, stays)?.number).toBe('R2');
    expect(findStayOf({ firstName: 'Jan', lastName: 'Peeters', birthYear: 2010 }, stays)).toBeUndefined();
  });

  it('gives an attendee (no birth year) a stay only when one stay has the name', () => {
    expect(findStayOf({ firstName: 'Mia', lastName: 'Maes', birthYear: null }, stays)?.number).toBe('R3');
    expect(findStayOf({ firstName: 'Jan', lastName: 'Peeters', birthYear: null }, stays)).toBeUndefined();
  });

  it('labels badges HB for half and full board, BO for breakfast only', () => {
    expect([mealsLabelOf('half'), mealsLabelOf('full'), mealsLabelOf('breakfast'), mealsLabelOf('none'), mealsLabelOf(null)]).toEqual([
      'HB',
      'HB',
      'BO',
      null,
      null,
    ]);
  });
});

describe('judging scans of the same thing', () => {
  const event = (id: string, badgeId: string, scannedAt: string, desk: string, extra: Partial<DeskEvent> = {}): DeskEvent => ({
    id,
    seq: 0,
    badgeId,
    holder: 'participant',
    personId: 1,
    mode: 'arrival',
    meal: null,
    scannedAt,
    receivedAt: scannedAt,
    desk,
    ...extra,
  });

  it('counts the earliest scan whatever order they arrive in, and flags the others with it', () => {
    const late = event('b', 'bjk2027:P1', '2027-02-15T08:20:00.000Z', 'Desk 1', { seq: 1 });
    const early = event('a', 'bjk2027:P1', '2027-02-15T08:14:00.000Z', 'Desk 2', { seq: 2 });
    for (const order of [
      [late, early],
      [early, late],
    ]) {
      const verdicts = judgeDeskEvents(order);
      expect(verdicts.get('a')).toEqual({ status: 'counted', first: null });
      expect(verdicts.get('b')).toEqual({ status: 'repeat', first: { id: 'a', scannedAt: early.scannedAt, desk: 'Desk 2' } });
    }
  });

  it('keeps arrivals, departures and each meal of each day apart', () => {
    const breakfast = { date: '2027-02-16', meal: 'breakfast' as const };
    const events = [
      event('1', 'bjk2027:P1', '2027-02-16T07:00:00.000Z', 'D'),
      event('2', 'bjk2027:P1', '2027-02-16T07:01:00.000Z', 'D', { mode: 'departure' }),
      event('3', 'bjk2027:P1', '2027-02-16T07:02:00.000Z', 'D', { mode: 'meal', meal: breakfast }),
      event('4', 'bjk2027:P1', '2027-02-16T07:03:00.000Z', 'D', { mode: 'meal', meal: { ...breakfast, meal: 'dinner' } }),
      event('5', 'bjk2027:P2', '2027-02-16T07:04:00.000Z', 'D', { mode: 'meal', meal: breakfast }),
      event('6', 'bjk2027:P1', '2027-02-16T07:05:00.000Z', 'D', { mode: 'meal', meal: breakfast }),
    ];
    const verdicts = judgeDeskEvents(events);
    expect(['1', '2', '3', '4', '5', '6'].map((id) => verdicts.get(id)!.status)).toEqual(['counted', 'counted', 'counted', 'counted', 'counted', 'repeat']);
    expect(deskEventKey(events[2]!)).toBe('meal|bjk2027:P1|2027-02-16|breakfast');
  });

  it('breaks a tie of equal clocks by arrival at the server, then by id', () => {
    const at = '2027-02-16T07:00:00.000Z';
    expect(judgeDeskEvents([event('z', 'bjk2027:P1', at, 'D', { seq: 5 }), event('y', 'bjk2027:P1', at, 'D', { seq: 9 })]).get('z')!.status).toBe('counted');
    const unsent = { ...event('y', 'bjk2027:P1', at, 'D'), seq: undefined };
    expect(judgeDeskEvents([event('z', 'bjk2027:P1', at, 'D', { seq: 5 }), unsent]).get('z')!.status).toBe('counted');
  });
});
