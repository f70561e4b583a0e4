import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MakeReservationInput } from '@bjk/domain';
import type { TestContext } from './test-app.js';

/**
 * Stays as families book them on the public form, for the tests of what is printed and listed from them: a double
 * room, 15–21 February, two adults of one family (`firstNames`) on half board.
 */
export async function bookStay(ctx: TestContext, lastName: string, firstNames: [string, string]): Promise<{ number: string }> {
  const [first, second] = firstNames;
  const input: MakeReservationInput = {
    submissionId: randomUUID(),
    language: 'nl',
    contact: {
      firstName: first,
      lastName,
      email: `${first.toLowerCase()}.${randomUUID().slice(0, 8)}@example.test`,
      mobile: '+32 475 12 34 56',
      address: 'Zeedijk 1, 8420 De Haan',
    },
    roomType: 'DH',
    arrivalDate: '2027-02-15',
    departureDate: '2027-02-21',
    guests: [
      { firstName: first, lastName, birthDate: '1980-03-01', participates: false },
      { firstName: second, lastName, birthDate: '1979-06-11', participates: false },
    ],
    mealPlan: 'half',
    remarks: '',
  };
  const made = await ctx.app.inject({ method: 'POST', url: '/api/v1/stay/cmd/make_reservation', payload: input });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

/** A stay booked and given the first free room of its type by a manager; answers the reservation's id. */
export async function bookStayInRoom(ctx: TestContext, headers: Record<string, string>, lastName: string, firstNames: [string, string]): Promise<string> {
  const { number } = await bookStay(ctx, lastName, firstNames);
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers });
  const id = (await get(`/api/v1/stay/reservation?search=${number}`)).json().items[0].id as string;
  const room = (await get('/api/v1/room/freeroom/DH')).json().items[0].number as string;
  expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers })).statusCode).toBe(200);
  return id;
}
