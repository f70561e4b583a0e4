import { describe, expect, it } from 'vitest';
import type { PlayerLookup, RegistrationDetails } from '@bjk/domain/enrolment';
import { initialWizardState, wizardReducer, type WizardAction, type WizardState } from './state';

const player = (idbel: number, extra: Partial<PlayerLookup> = {}): PlayerLookup => ({
  idbel,
  idfide: null,
  firstName: 'Noor',
  lastName: 'Claes',
  birthYear: 2015,
  gender: 'F',
  clubId: null,
  clubName: 'KSK',
  fideFederation: 'BEL',
  ratingNational: null,
  ratingFide: null,
  fideTitle: null,
  youth: true,
  adult: false,
  eligibleCategories: ['U12'],
  alreadyRegistered: false,
  ...extra,
});
const details: RegistrationDetails = {
  category: 'U12',
  email: '',
  mobile: '',
  parent: { fullName: 'P', email: 'p@example.test', mobile: '+32470123456' },
  attendant: { fullName: '', email: '', mobile: '' },
};
const photo = new Blob(['jpeg']);

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizardState);
const toConfirm: WizardAction[] = [
  { type: 'start' },
  { type: 'found', player: player(1) },
  { type: 'chooseNationality' },
  { type: 'readNationality' },
  { type: 'drafted', details, draftId: 'd1' },
  { type: 'photoUploaded', photo },
  { type: 'consented' },
];

describe('the enrolment wizard steps', () => {
  it('go intro → lookup → nationality → details → photo → consent → confirmation in order', () => {
    expect(run(...toConfirm)).toMatchObject({ step: 'confirm', draftId: 'd1', details, photo });
  });

  it('show the details step again, with what was entered, after going back two steps and on', () => {
    const atPhoto = run(...toConfirm.slice(0, 5));
    expect(atPhoto.step).toBe('photo');
    const twoBack = wizardReducer(wizardReducer(atPhoto, { type: 'back' }), { type: 'back' });
    expect(twoBack.step).toBe('nationality');
    const again = wizardReducer(twoBack, { type: 'readNationality' });
    expect(again).toMatchObject({ step: 'details', kept: { details, draftId: 'd1' } });
  });

  it('do not leave the lookup for a player who may not enrol', () => {
    const adult = run({ type: 'start' }, { type: 'found', player: player(2, { youth: false, adult: true }) }, { type: 'chooseNationality' });
    expect(adult.step).toBe('lookup');
    const registered = run({ type: 'start' }, { type: 'found', player: player(3, { alreadyRegistered: true }) }, { type: 'chooseNationality' });
    expect(registered.step).toBe('lookup');
  });

  it('forget the draft, photo and consent of a player when another one is looked up', () => {
    const confirm = run(...toConfirm);
    const backToLookup = [1, 2, 3, 4, 5].reduce<WizardState>((s) => wizardReducer(s, { type: 'back' }), confirm);
    expect(backToLookup.step).toBe('lookup');
    const same = wizardReducer(backToLookup, { type: 'found', player: player(1) });
    expect(same).toMatchObject({ kept: { draftId: 'd1', consent: true } });
    const other = wizardReducer(backToLookup, { type: 'found', player: player(9) });
    expect(other).toMatchObject({ step: 'lookup', kept: { consent: false } });
    expect(other.step === 'lookup' && other.kept.draftId).toBeFalsy();
  });

  it('ignore an action that belongs to another step (a late answer of a step already left)', () => {
    const atDetails = run(...toConfirm.slice(0, 4));
    expect(wizardReducer(atDetails, { type: 'photoUploaded', photo })).toBe(atDetails);
    expect(
      wizardReducer(atDetails, {
        type: 'confirmed',
        confirmed: { id: 'x', status: 'confirmed', feeCents: 1, late: false, confirmedAt: '', payment: null, mailedTo: [] },
      }),
    ).toBe(atDetails);
  });

  it('start afresh after the confirmation', () => {
    const done = wizardReducer(run(...toConfirm), {
      type: 'confirmed',
      confirmed: { id: 'd1', status: 'confirmed', feeCents: 3500, late: false, confirmedAt: '2026-11-23T10:00:00Z', payment: null, mailedTo: ['parent'] },
    });
    expect(done.step).toBe('done');
    expect(wizardReducer(done, { type: 'restart' })).toEqual(initialWizardState);
  });
});
