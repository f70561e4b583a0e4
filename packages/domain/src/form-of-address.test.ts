import { describe, expect, it } from 'vitest';
import { otherFormOfAddress } from './form-of-address.js';

describe('the form of address', () => {
  it('finds the other form in each language, and leaves category codes and words that merely contain it alone', () => {
    expect(otherFormOfAddress('nl', 'Scan met uw bankapp: het wordt voor u ingevuld.')).toEqual(['uw', 'u']);
    expect(otherFormOfAddress('nl', 'Scan met je bankapp (U8, U-bocht, nu, uur).')).toEqual([]);
    expect(otherFormOfAddress('fr', 'Tu recevras ton badge ; t’inscrire')).toEqual(['Tu', 'ton', 't’']);
    expect(otherFormOfAddress('fr', 'Vous recevrez votre badge, et tester la date.')).toEqual([]);
    expect(otherFormOfAddress('de', 'Du erhältst deine E-Mail.')).toEqual(['Du', 'deine']);
    expect(otherFormOfAddress('de', 'Sie erhalten Ihre E-Mail; die Durchführung.')).toEqual([]);
    expect(otherFormOfAddress('en', 'you')).toEqual([]);
  });
});
