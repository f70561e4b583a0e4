import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import type { EditionSettings } from '@bjk/domain/edition';
import { reservationWizardSchema, type ReservationWizardValues } from '@bjk/domain/lodging';
import seed from '../../../../server/seed/demo-edition.json';
import { guestStepFields } from './guest-step';

describe('the guests step of the reservation wizard', () => {
  it('reports a missing birth date and too few guests together, so both messages show', async () => {
    const values: ReservationWizardValues = {
      contact: { firstName: 'Claire', lastName: 'Lambert', email: 'claire@example.be', mobile: '+32475123456', address: 'Rue de la Station 5, 4000 Liège' },
      roomType: 'DH',
      extraNightBefore: false,
      extraNightAfter: false,
      remarks: '',
      guests: [{ firstName: 'Claire', lastName: 'Lambert', birthDate: '', participates: false }],
      mealPlan: '',
    };
    const resolve = zodResolver(reservationWizardSchema(seed as unknown as EditionSettings));
    const { errors } = await resolve(values, undefined, { names: guestStepFields(1), fields: {}, shouldUseNativeValidation: false });
    const guests = errors.guests as unknown as { root?: { message?: string }; 0?: { birthDate?: { message?: string } } };
    expect(guests.root?.message).toBe('lodging.guest_count');
    expect(guests[0]?.birthDate?.message).toBe('birthday is required');
  });
});
