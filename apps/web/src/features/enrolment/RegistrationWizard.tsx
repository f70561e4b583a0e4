import { Suspense, useCallback, useEffect, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { LateInvitationView, RegistrationKind } from '@bjk/domain/enrolment';
import { enrolmentPhase } from '@bjk/domain/enrolment-phase';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { usePreloadWhenIdle } from '../../shared/idle-preload';
import { lazyPart } from '../../shared/lazy-part';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { Notice } from '../../shared/ui/plain/Notice';
import { HttpError } from '../../shared/http';
import { readInvitation } from './api';
import { forgetInvitation, takeInvitationFromAddress } from './wizard/invitation';
import { Progress } from '../../shared/ui/plain/Progress';
import { initialWizardState, NUMBERED_STEPS, wizardReducer, type WizardAction, type WizardState, type WizardStep as Step } from './wizard/state';
import './wizard/wizard.css';

// Each step is a chunk of its own, downloaded when it is reached: the first screen carries no form library, no
// schemas (zod, phone numbers) and no photo cropper, so a phone's main thread is free at once (Total Blocking Time).
// The first step is named in the page's HTML as a module preload (first-render: apps/web/build/route-manifest.ts).
// Every step is drawn with the plain kit and static CSS and calls the server through api.ts (one UI system and one
// data cache on the public site, issue #25): no MUI and no TanStack Query on any of them.
const IntroStep = lazyPart(() => import(/* first-render */ './wizard/IntroStep'), 'IntroStep');
const LookupStep = lazyPart(() => import('./wizard/LookupStep'), 'LookupStep');
const NationalityStep = lazyPart(() => import('./wizard/NationalityStep'), 'NationalityStep');
const DetailsStep = lazyPart(() => import('./wizard/DetailsStep'), 'DetailsStep');
const PhotoStep = lazyPart(() => import('./wizard/PhotoStep'), 'PhotoStep');
const GdprStep = lazyPart(() => import('./wizard/GdprStep'), 'GdprStep');
const ConfirmStep = lazyPart(() => import('./wizard/ConfirmStep'), 'ConfirmStep');
const DoneStep = lazyPart(() => import('./wizard/DoneStep'), 'DoneStep');

/** What the visitor may reach from a step: downloaded while they fill it in, so going on does not wait. */
const NEXT_STEPS: Record<Step, { preload: () => void }[]> = {
  intro: [LookupStep],
  lookup: [NationalityStep, DetailsStep],
  nationality: [DetailsStep],
  details: [PhotoStep],
  photo: [GdprStep],
  gdpr: [ConfirmStep],
  confirm: [DoneStep],
  done: [],
};

/**
 * The public enrolment wizard (DOMAIN.md §3), phone first: one step per screen, big buttons, the progress on top.
 * Its state is a reducer over typed steps (`wizard/state.ts`); each step is a component of its own, mounted afresh
 * (keyed by step), so a click on one step's button can never act on the next step's form. The server checks every
 * rule again; its answers are shown in the visitor's language.
 */
export function RegistrationWizard({ kind = 'bjk' }: { kind?: RegistrationKind }) {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const language = currentLanguage();
  const invitation = useLateInvitation();
  const datePhase = enrolmentPhase(edition, new Date());
  // A valid late-entry invitation opens the wizard after closing, with the late fee (the server checks it again).
  const phase = invitation.status === 'valid' && datePhase !== 'open' ? 'late' : datePhase;
  const [state, dispatchState] = useReducer(wizardReducer, initialWizardState);

  const dispatch = (action: WizardAction) => {
    dispatchState(action);
    if (action.type !== 'found') window.scrollTo({ top: 0 });
  };
  const back = () => dispatch({ type: 'back' });

  const stepIndex = (NUMBERED_STEPS as readonly string[]).indexOf(state.step);
  const name = kind === 'vk' ? `${edition.shortName[language]} – ${t('kinds.vk')}` : edition.shortName[language];
  const offered = kind === 'bjk' || edition.vk !== undefined;
  const title = (
    <div className="bjk-stack bjk-wizard-head">
      <h1 className="bjk-h1 bjk-wizard-title">{t('title', { name })}</h1>
      {offered && state.step !== 'done' && phase !== 'closed' && phase !== 'notOpen' && (
        <div>
          <p className="bjk-body2 bjk-secondary">{t('stepOf', { step: stepIndex + 1, total: NUMBERED_STEPS.length })}</p>
          <Progress value={((stepIndex + 1) / NUMBERED_STEPS.length) * 100} label={t('progress')} />
        </div>
      )}
    </div>
  );

  if (invitation.status === 'checking') {
    return (
      <div className="bjk-stack bjk-wizard">
        {title}
        <PageLoading />
      </div>
    );
  }

  // An invitation opens the wizard of the championship it was made for (its token stays in the tab's storage).
  if (invitation.status === 'valid' && invitation.view.kind !== kind) return <Navigate to={`/registration_${invitation.view.kind}`} replace />;

  if (!offered) {
    return (
      <div className="bjk-stack bjk-wizard">
        {title}
        <Notice severity="info" testId="enrolment-not-offered">
          {t('notOffered')}
        </Notice>
      </div>
    );
  }

  if (phase === 'closed' || phase === 'notOpen') {
    return (
      <div className="bjk-stack bjk-wizard">
        {title}
        {invitation.status === 'refused' && <ErrorNotice error={invitation.error} />}
        <Notice severity="info" testId="enrolment-closed">
          {phase === 'closed'
            ? t('closed', { fee: formatMoney(edition.fees.lateFeeCents, language), email: edition.organiser.email })
            : t('notOpen', { opens: formatDateTime(edition.enrolment.opensAt, language, edition.timeZone) })}
        </Notice>
      </div>
    );
  }

  return (
    <div className="bjk-stack bjk-wizard">
      {title}
      {invitation.status === 'refused' && <ErrorNotice error={invitation.error} />}
      {invitation.status === 'valid' && state.step !== 'done' && (
        <Notice severity="info" testId="late-invitation">
          {t('invitation', { fee: formatMoney(edition.fees.lateFeeCents, language) })}
        </Notice>
      )}
      <Suspense fallback={<PageLoading />}>
        <WizardStep
          key={state.step}
          state={state}
          kind={kind}
          phase={phase}
          invited={invitation.status === 'valid' ? invitation.view : null}
          dispatch={dispatch}
          back={back}
        />
      </Suspense>
    </div>
  );
}

type InvitationState = { status: 'none' | 'checking' } | { status: 'valid'; view: LateInvitationView } | { status: 'refused'; error: unknown };

/** The late-entry invitation of the address or of this tab, checked with the server (not spent). */
function useLateInvitation(): InvitationState {
  const [token] = useState(() => takeInvitationFromAddress());
  const [state, setState] = useState<InvitationState>({ status: token ? 'checking' : 'none' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    readInvitation(token).then(
      (view) => live && setState({ status: 'valid', view }),
      (error: unknown) => {
        // A link that is not valid, expired or spent stays so; a failed exchange may be tried again by a reload.
        if (error instanceof HttpError && (error.status === 404 || error.status === 410)) forgetInvitation();
        if (live) setState({ status: 'refused', error });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);
  return state;
}

type StepProps = {
  state: WizardState;
  kind: RegistrationKind;
  phase: ReturnType<typeof enrolmentPhase>;
  /** The player a late-entry invitation was made for (the lookup starts with their id). */
  invited: LateInvitationView | null;
  dispatch: (action: WizardAction) => void;
  back: () => void;
};

function WizardStep({ state, kind, phase, invited, dispatch, back }: StepProps): ReactNode {
  // Once the step is drawn and the browser is idle: the intro (the first view) paints before the next step downloads.
  const preloadNext = useCallback(() => {
    for (const next of NEXT_STEPS[state.step]) next.preload();
  }, [state.step]);
  usePreloadWhenIdle(preloadNext);
  switch (state.step) {
    case 'intro':
      return <IntroStep kind={kind} phase={phase} onStart={() => dispatch({ type: 'start' })} />;
    case 'lookup':
      return (
        <LookupStep
          kind={kind}
          player={state.player}
          invited={invited}
          onFound={(player) => dispatch({ type: 'found', player })}
          onNext={() => dispatch({ type: 'chooseNationality' })}
          onBack={back}
        />
      );
    case 'nationality':
      return <NationalityStep player={state.player} onNext={() => dispatch({ type: 'readNationality' })} onBack={back} />;
    case 'details':
      return (
        <DetailsStep
          kind={kind}
          player={state.player}
          kept={state.kept}
          onDrafted={(details, draftId) => dispatch({ type: 'drafted', details, draftId })}
          onBack={back}
        />
      );
    case 'photo':
      return <PhotoStep draftId={state.draftId} kept={state.kept} onUploaded={(photo) => dispatch({ type: 'photoUploaded', photo })} onBack={back} />;
    case 'gdpr':
      return (
        <GdprStep
          consented={state.kept.consent}
          consents={state.kept.consents}
          onConsent={(consents) => dispatch({ type: 'consented', consents })}
          onBack={back}
        />
      );
    case 'confirm':
      return (
        <ConfirmStep
          kind={kind}
          phase={phase}
          player={state.player}
          details={state.details}
          draftId={state.draftId}
          photo={state.photo}
          consents={state.kept.consents}
          onConfirmed={(confirmed) => dispatch({ type: 'confirmed', confirmed })}
          onBack={back}
        />
      );
    case 'done':
      return <DoneStep player={state.player} confirmed={state.confirmed} onRestart={() => dispatch({ type: 'restart' })} />;
  }
}

export function RegistrationBjkPage() {
  return <RegistrationWizard kind="bjk" />;
}

/** The vk championship's wizard (`/registration_vk`): the same steps, its categories and fees. */
export function RegistrationVkPage() {
  return <RegistrationWizard kind="vk" />;
}
