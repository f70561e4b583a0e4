import type { ConsentChoices } from '@bjk/domain/consents';
import type { ConfirmedRegistration, PlayerLookup, RegistrationDetails } from '@bjk/domain/enrolment';

/**
 * The enrolment wizard's state (DOMAIN.md §3) as typed steps: each step holds exactly what it needs, so a step
 * cannot be shown without what the steps before it produced (no details without a player, no confirmation
 * without a draft and a photo). What the visitor entered further on is kept in `kept` when they go back, so
 * going forward again shows it again; looking up another player forgets it.
 */
export type Kept = {
  details?: RegistrationDetails;
  draftId?: string;
  photo?: Blob;
  /** The photo the server has: going on without a new choice does not upload it again. */
  uploaded?: Blob;
  consent: boolean;
  /** The choice per purpose on the consent step (decision 0020). */
  consents?: ConsentChoices;
};

type Found = { player: PlayerLookup; kept: Kept };
type Drafted = Found & { details: RegistrationDetails; draftId: string };
type Photographed = Drafted & { photo: Blob };

export type WizardState =
  | { step: 'intro'; player: PlayerLookup | null; kept: Kept }
  | { step: 'lookup'; player: PlayerLookup | null; kept: Kept }
  | ({ step: 'nationality' } & Found)
  | ({ step: 'details' } & Found)
  | ({ step: 'photo' } & Drafted)
  | ({ step: 'gdpr' } & Photographed)
  | ({ step: 'confirm' } & Photographed)
  | { step: 'done'; player: PlayerLookup; confirmed: ConfirmedRegistration };

export type WizardStep = WizardState['step'];

/** The numbered steps, for the progress bar. */
export const NUMBERED_STEPS = ['intro', 'lookup', 'nationality', 'details', 'photo', 'gdpr', 'confirm'] as const;

export type WizardAction =
  | { type: 'start' }
  | { type: 'found'; player: PlayerLookup }
  | { type: 'chooseNationality' }
  | { type: 'readNationality' }
  | { type: 'drafted'; details: RegistrationDetails; draftId: string }
  | { type: 'photoUploaded'; photo: Blob }
  | { type: 'consented'; consents?: ConsentChoices }
  | { type: 'confirmed'; confirmed: ConfirmedRegistration }
  | { type: 'back' }
  | { type: 'restart' };

export const initialWizardState: WizardState = { step: 'intro', player: null, kept: { consent: false } };

/** The player may go on from the lookup: found, young enough and not registered yet. */
export const mayEnrol = (player: PlayerLookup | null): player is PlayerLookup => !!player && player.youth && !player.alreadyRegistered;

const samePlayer = (a: PlayerLookup | null, b: PlayerLookup) => !!a && a.idbel === b.idbel && a.idfide === b.idfide;

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'start':
      return state.step === 'intro' ? { step: 'lookup', player: state.player, kept: state.kept } : state;
    case 'found':
      if (state.step !== 'lookup') return state;
      // Another player: what was entered for the previous one (details, draft, photo, consent) no longer applies.
      return { step: 'lookup', player: action.player, kept: samePlayer(state.player, action.player) ? state.kept : { consent: false } };
    case 'chooseNationality':
      return state.step === 'lookup' && mayEnrol(state.player) ? { step: 'nationality', player: state.player, kept: state.kept } : state;
    case 'readNationality':
      return state.step === 'nationality' ? { step: 'details', player: state.player, kept: state.kept } : state;
    case 'drafted':
      if (state.step !== 'details') return state;
      return {
        step: 'photo',
        player: state.player,
        details: action.details,
        draftId: action.draftId,
        kept: { ...state.kept, details: action.details, draftId: action.draftId },
      };
    case 'photoUploaded':
      if (state.step !== 'photo') return state;
      return { ...state, step: 'gdpr', photo: action.photo, kept: { ...state.kept, photo: action.photo, uploaded: action.photo } };
    case 'consented':
      return state.step === 'gdpr' ? { ...state, step: 'confirm', kept: { ...state.kept, consent: true, consents: action.consents } } : state;
    case 'confirmed':
      return state.step === 'confirm' ? { step: 'done', player: state.player, confirmed: action.confirmed } : state;
    case 'back':
      return backFrom(state);
    case 'restart':
      return initialWizardState;
  }
}

function backFrom(state: WizardState): WizardState {
  switch (state.step) {
    case 'lookup':
      return { step: 'intro', player: state.player, kept: state.kept };
    case 'nationality':
      return { step: 'lookup', player: state.player, kept: state.kept };
    case 'details':
      return { step: 'nationality', player: state.player, kept: state.kept };
    case 'photo':
      return { step: 'details', player: state.player, kept: state.kept };
    case 'gdpr':
      return { step: 'photo', player: state.player, details: state.details, draftId: state.draftId, kept: state.kept };
    case 'confirm':
      return { ...state, step: 'gdpr' };
    case 'intro':
    case 'done':
      return state;
  }
}
