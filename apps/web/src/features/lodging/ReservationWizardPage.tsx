import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { EditionSettings } from '@bjk/domain/edition';
import { lodgingPhaseAt } from '@bjk/domain/lodging-phase';
import { normalStayDates } from '@bjk/domain/lodging-pricing';
import { useEdition } from '../../shared/edition/useEdition';
import { usePreloadWhenIdle } from '../../shared/idle-preload';
import { formatDate, formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { lazyPart } from '../../shared/lazy-part';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ShellButton } from '../../shared/ui/ShellButton';
import { Card } from '../../shared/ui/plain/Card';
import { Notice } from '../../shared/ui/plain/Notice';
import { Progress } from '../../shared/ui/plain/Progress';
import { WizardNav } from './WizardNav';
import { STEPS, type Step } from './wizard-steps';
import './wizard.css';

/**
 * The form's steps (react-hook-form, the plain kit's fields, the submission) are a part of their own: the first view
 * (frame and intro) does not need them (decision 0003). The whole wizard is plain elements and static CSS, like the
 * rest of the public site (issue #25). The part downloads once the visitor uses the page (reads, scrolls, points),
 * so "Start" seldom waits for it.
 */
const ReservationForm = lazyPart(() => import('./ReservationForm'), 'ReservationForm');

/** The public lodging reservation wizard (DOMAIN.md §5): one room per run. */
export function ReservationWizardPage() {
  const settings = useEdition();
  const phase = lodgingPhaseAt(settings.lodging, new Date());
  if (phase === 'notStarted') return <Navigate to="/rsv26wizard_notstarted" replace />;
  if (phase === 'closed') return <Navigate to="/rsv26wizard_closed" replace />;
  return <Wizard settings={settings} />;
}

function Wizard({ settings }: { settings: EditionSettings }) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const [step, setStep] = useState<Step>('intro');
  // The form mounts at "Start" and stays mounted: back on the intro and started again, the answers are kept.
  const [started, setStarted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form downloads once the intro is drawn, before "Start" asks for it.
  usePreloadWhenIdle(ReservationForm.preload);

  const goTo = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const start = () => {
    setStarted(true);
    goTo('contact');
  };

  const normal = normalStayDates(settings);
  const stepIndex = step === 'done' ? STEPS.length : STEPS.indexOf(step);

  return (
    <Card className="bjk-wizard">
      <form className="bjk-stack" noValidate onSubmit={(event) => event.preventDefault()}>
        <h1 className="bjk-h1 bjk-wizard-title">{t('wizard.title')}</h1>
        <div>
          <p className="bjk-body2 bjk-secondary" data-testid="wizard-step">
            {step === 'done' ? t('wizard.finished') : t('wizard.stepOf', { step: stepIndex + 1, total: STEPS.length, name: t(`steps.${step}`) })}
          </p>
          <Progress value={(stepIndex / STEPS.length) * 100} label={t('wizard.progress')} />
        </div>
        <h2 className="bjk-h2 bjk-wizard-step-title" tabIndex={-1} ref={headingRef}>
          {step === 'done' ? t('done.title') : t(`steps.${step}`)}
        </h2>

        {step === 'intro' && (
          <>
            <div className="bjk-wizard-intro">
              <p className="bjk-body1">{t('intro.text', { edition: settings.name[language], venue: settings.venue.name })}</p>
              <p className="bjk-body1">{t('intro.oneRoom')}</p>
              <p className="bjk-body1">
                {t('intro.dates', { arrival: formatDate(normal.arrivalDate, language), departure: formatDate(normal.departureDate, language) })}
              </p>
              <p className="bjk-body1 bjk-secondary">{t('intro.confirmation')}</p>
            </div>
            <WizardNav onBack={() => undefined} backDisabled>
              <ShellButton variant="contained" size="large" onClick={start}>
                {t('wizard.start')}
              </ShellButton>
            </WizardNav>
          </>
        )}

        {started && (
          <Suspense fallback={<PageLoading />}>
            <ReservationForm settings={settings} step={step} goTo={goTo} />
          </Suspense>
        )}
      </form>
    </Card>
  );
}

/** `/rsv26wizard_notstarted` and `/rsv26wizard_closed`: the wizard outside its window. */
export function ReservationPhasePage({ phase }: { phase: 'notStarted' | 'closed' }) {
  const { t } = useTranslation('lodging');
  const settings = useEdition();
  const language = currentLanguage();
  const opens = formatDateTime(settings.lodging.opensAt, language, settings.timeZone);
  return (
    <Card className="bjk-wizard">
      <div className="bjk-stack">
        <h1 className="bjk-h1 bjk-wizard-title">{t('wizard.title')}</h1>
        <Notice severity={phase === 'closed' ? 'warning' : 'info'} title={t(`phase.${phase}.title`)} testId={`phase-${phase}`}>
          {phase === 'closed' ? t('phase.closed.text', { venue: settings.venue.name }) : t('phase.notStarted.text', { opens })}
        </Notice>
      </div>
    </Card>
  );
}

export function ReservationNotStartedPage() {
  return <ReservationPhasePage phase="notStarted" />;
}

export function ReservationClosedPage() {
  return <ReservationPhasePage phase="closed" />;
}
