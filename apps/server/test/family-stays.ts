import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MakeReservationInput } from '@bjk/domain';
import { reservations } from '../src/modules/lodging/lodging.tables.js';
import type { TestContext } from './test-app.js';

/**
 * Stays for the tests: a family's reservation as the lodging wizard sends it, made through its public call, and given a room.
 */

export type StayContact = { firstName: string; lastName: string; email: string; address?: string };
export type StayGuest = MakeReservationInput['guests'][number];

/**
 * A double room for the tournament's six nights, half board: the contact as first guest (an adult) and a second
 * guest, by default an adult partner of the same name who does not take part.
 */
export function stayInput(
  contact: StayContact,
  second: Partial<StayGuest> & { firstName: string },
  more: Partial<Omit<MakeReservationInput, 'contact' | 'guests'>> = {},
): MakeReservationInput {
  const { firstName, lastName, email, address = 'Rue Haute 5, 1000 Bruxelles' } = contact;
  return {
    submissionId: randomUUID(),
    language: 'nl',
    contact: { firstName, lastName, email, mobile: '+32 475 12 34 56', address },
    roomType: 'DH',
    arrivalDate: '2027-02-15',
    departureDate: '2027-02-21',
    guests: [
      { firstName, lastName, birthDate: '1980-03-01', participates: false },
      { lastName, birthDate: '1979-06-11', participates: false, ...second },
    ],
    mealPlan: 'half',
    remarks: '',
    ...more,
  };
}

/** A child of the family who takes part, as the stay's second guest. */
export const childGuest = (firstName: string, birthDate = '2016-06-11') => ({ firstName, birthDate, participates: true });

/** Makes the reservation through the wizard's public call; answers its id and number. */
export async function makeReservation(ctx: TestContext, input: MakeReservationInput): Promise<{ id: string; number: string }> {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/v1/stay/cmd/make_reservation', payload: input });
  expect(made.statusCode, made.body).toBe(201);
  const { number } = made.json<{ number: string }>();
  const [row] = await ctx.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.number, number));
  return { id: row!.id, number };
}

/** Gives the reservation the first free room of its type (a stay is billed once it has its room); answers the room's number. */
export async function assignFreeRoom(ctx: TestContext, id: string, headers: { authorization: string }, roomType = 'DH'): Promise<string> {
  const free = await ctx.app.inject({ method: 'GET', url: `/api/v1/room/freeroom/${roomType}`, headers });
  const room = free.json().items[0].number as string;
  expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers })).statusCode).toBe(200);
  return room;
}
