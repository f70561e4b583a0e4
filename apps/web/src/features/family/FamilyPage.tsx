import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSENT_PURPOSES } from '@bjk/domain/consent-purposes';
import type { ConsentChoices } from '@bjk/domain/consents';
import type { Contact } from '@bjk/domain/enrolment';
import type { AbsenceKind, FamilyChild, FamilyOverview, FamilyPayment, FamilyReservation } from '@bjk/domain/family';
import { useAction } from '../../shared/data/action';
import { invalidateResources, refreshResources, useResource } from '../../shared/data/resource';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { formatDate, formatMoney } from '../../shared/format';
import { HttpError } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { PaymentInstructions } from '../../shared/ui/PaymentInstructions';
import { Card } from '../../shared/ui/plain/Card';
import { Chip, type ChipTone } from '../../shared/ui/plain/Chip';
import { ActionForm, ActionStatus } from '../../shared/ui/plain/ActionForm';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { SelectInput, TextInput } from '../../shared/ui/plain/fields';
import { Notice } from '../../shared/ui/plain/Notice';
import {
  announceAbsence,
  askPrivacy,
  askReservationChange,
  childPhotoPath,
  familyDataPath,
  familyDataPdfPath,
  familyOverviewKey,
  familyPrefix,
  loadFamilyOverview,
  replaceChildPhoto,
  saveChildConsents,
  saveChildContacts,
  signOutFamily,
  withdrawAbsence,
} from './api';
import { FollowButton } from '../../shared/follow/FollowButton';
import { FamilySignInForm } from './FamilySignIn';
import './family.css';

const PAYMENT_TONE: Record<FamilyPayment['status'], ChipTone> = { open: 'warning', partially_paid: 'warning', paid: 'success', cancelled: 'default' };

/**
 * `/family`: "My family". Without a session it asks for the address to mail a sign-in link to; with one, every child
 * and reservation of the family. Phone first, plain elements and static CSS (decision 0003), no MUI.
 */
export function FamilyPage() {
  const language = currentLanguage();
  const read = useResource(familyOverviewKey(language), loadFamilyOverview(language));
  if (!read.ok && read.error instanceof HttpError && read.error.status === 401) return <FamilySignInForm />;
  if (!read.ok) return <ErrorNotice error={read.error} />;
  return <FamilyOverviewView overview={read.value} />;
}

function FamilyOverviewView({ overview }: { overview: FamilyOverview }) {
  const { t } = useTranslation('family');
  const instant = useInstantFormat();
  const signOut = useAction({
    send: signOutFamily,
    // Signed out or not (a session already ended), the page reads the family anew: the sign-in form.
    onSuccess: () => invalidateResources(familyPrefix),
  });
  return (
    <div className="bjk-family">
      <h1 className="bjk-h1">{t('page.title')}</h1>
      <div className="bjk-family-session">
        <p className="bjk-body2 bjk-secondary" data-testid="family-signed-in">
          {t('page.signedInAs', { email: overview.email, time: instant(overview.sessionExpiresAt, { timeStyle: 'short' }) })}
        </p>
        <button type="button" className="bjk-button bjk-button--outlined bjk-button--small" onClick={() => signOut.run()} disabled={signOut.isPending}>
          {t('page.signOut')}
        </button>
      </div>
      {overview.children.length === 0 && overview.reservations.length === 0 && <Notice>{t('page.empty')}</Notice>}
      {overview.children.length > 0 && (
        <Section id="family-children" title={t('page.children')}>
          {overview.children.map((child) => (
            <ChildCard key={child.registrationId} child={child} overview={overview} />
          ))}
        </Section>
      )}
      {overview.reservations.length > 0 && (
        <Section id="family-reservations" title={t('page.reservations')}>
          {overview.reservations.map((reservation) => (
            <ReservationCard key={reservation.id} reservation={reservation} />
          ))}
        </Section>
      )}
      <Card className="bjk-family-card">
        <p className="bjk-body2 bjk-secondary">{t('page.downloadHelp')}</p>
        <a href={familyDataPath} download className="bjk-button bjk-button--outlined bjk-family-download" data-testid="family-download">
          {t('page.download')}
        </a>
        <a
          href={familyDataPdfPath(currentLanguage())}
          download
          className="bjk-button bjk-button--outlined bjk-family-download"
          data-testid="family-download-pdf"
        >
          {t('page.downloadPdf')}
        </a>
      </Card>
      <PrivacyCard overview={overview} />
    </div>
  );
}

/** A titled part of the page (children, reservations), named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="bjk-stack">
      <h2 className="bjk-h2" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="bjk-family-block" data-testid={testId}>
      <h3 className="bjk-family-h3">{title}</h3>
      {children}
    </div>
  );
}

function PaymentBlock({ payment }: { payment: FamilyPayment | null }) {
  const { t } = useTranslation('family');
  const language = currentLanguage();
  if (!payment) return <p className="bjk-body2 bjk-secondary">{t('child.noPayment')}</p>;
  return (
    <div className="bjk-stack">
      <div className="bjk-family-row">
        <Chip tone={PAYMENT_TONE[payment.status]} testId="family-payment-status">
          {t(`child.paymentStatus.${payment.status}`)}
        </Chip>
        <span className="bjk-body2">
          {payment.status === 'paid'
            ? t('child.paidAll', { amount: formatMoney(payment.totalCents, language) })
            : t('child.outstanding', { amount: formatMoney(payment.outstandingCents, language) })}
        </span>
      </div>
      {payment.status !== 'paid' && payment.status !== 'cancelled' && <PaymentInstructions payment={payment} />}
      <p className="bjk-body2 bjk-family-links">
        <Link to={payment.pagePath} className="bjk-link">
          {t('child.paymentPage')}
        </Link>
        {payment.invoicePath && (
          <a href={payment.invoicePath} className="bjk-link" download>
            {t('child.invoice')}
          </a>
        )}
      </p>
    </div>
  );
}

function ChildCard({ child, overview }: { child: FamilyChild; overview: FamilyOverview }) {
  const { t } = useTranslation('family');
  const name = `${child.firstName} ${child.lastName}`;
  return (
    <Card roomy testId={`family-child-${child.registrationId}`} className="bjk-family-card">
      <div className="bjk-family-head">
        <div>
          <h3 className="bjk-family-name">{name}</h3>
          <div className="bjk-family-row">
            <Chip tone="primary">{t('child.category', { category: child.category })}</Chip>
            <Chip tone={child.status === 'confirmed' ? 'success' : 'error'}>{t(`child.status.${child.status}`)}</Chip>
          </div>
        </div>
        {/* Following the child (#27): once the child is in the published results, one tap. */}
        <div className="bjk-family-follow" data-slot="follow">
          {child.results && <FollowButton category={child.results.categoryName} pairingNumber={child.results.pairingNumber} name={name} />}
        </div>
      </div>
      {child.results && (
        <Block title={t('child.results')} testId="family-results">
          <p className="bjk-body1">
            {[
              child.results.points !== null ? t('child.points', { points: child.results.points }) : null,
              child.results.rank !== null ? t('child.rank', { rank: child.results.rank }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}{' '}
            <Link to={child.results.playerCardPath} className="bjk-link">
              {t('child.playerCard')}
            </Link>
          </p>
        </Block>
      )}
      <Block title={t('child.payment')}>
        <PaymentBlock payment={child.payment} />
      </Block>
      <PhotoBlock child={child} />
      <Block title={t('child.absences')} testId="family-absences">
        <AbsenceBlock child={child} overview={overview} />
      </Block>
      <ConsentsBlock child={child} optional={overview.optionalConsents} />
      <Block title={t('child.contacts')}>
        <ContactsForm child={child} />
      </Block>
    </Card>
  );
}

function PhotoBlock({ child }: { child: FamilyChild }) {
  const { t } = useTranslation('family');
  const [version, setVersion] = useState(0);
  const upload = useAction({
    send: (file: File) => replaceChildPhoto(child.registrationId, file),
    onSuccess: async () => {
      setVersion((v) => v + 1);
      await refreshResources(familyPrefix);
    },
  });
  const name = `${child.firstName} ${child.lastName}`;
  return (
    <Block title={t('child.photo')} testId="family-photo">
      <div className="bjk-family-photo">
        {child.hasPhoto && (
          <img
            src={`${childPhotoPath(child.registrationId)}?v=${version}`}
            alt={t('child.photoAlt', { name })}
            width={120}
            height={150}
            data-testid="family-photo-img"
          />
        )}
        <div className="bjk-stack">
          <p className="bjk-body2 bjk-secondary" data-testid="family-badge">
            {t(`child.badge.${child.badge}`)}
          </p>
          <label className="bjk-button bjk-button--outlined bjk-family-file">
            {t('child.replacePhoto')}
            <input
              type="file"
              accept="image/*"
              className="bjk-family-file-input"
              data-testid="family-photo-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.run(file);
                event.target.value = '';
              }}
            />
          </label>
          <p className="bjk-body2 bjk-secondary">{t('child.photoHelp')}</p>
          <ActionStatus action={upload} success={t('child.photoReplaced')} successTestId="family-photo-replaced" />
        </div>
      </div>
    </Block>
  );
}

function AbsenceBlock({ child, overview }: { child: FamilyChild; overview: FamilyOverview }) {
  const { t } = useTranslation('family');
  const instant = useInstantFormat();
  const open = overview.absenceRounds.filter((r) => r.open && !child.absences.some((a) => a.round === r.round));
  const [round, setRound] = useState('');
  const [kind, setKind] = useState<AbsenceKind>('absent');
  const [remark, setRemark] = useState('');
  const chosen = open.find((r) => String(r.round) === round) ?? open[0];
  const announce = useAction({
    send: () => announceAbsence(child.registrationId, { round: chosen!.round, kind: chosen!.halfPointBye ? kind : 'absent', remark }),
    onSuccess: async () => {
      setRemark('');
      setRound('');
      await refreshResources(familyPrefix);
    },
  });
  const withdraw = useAction({
    send: (absenceId: string) => withdrawAbsence(child.registrationId, absenceId),
    onSuccess: () => refreshResources(familyPrefix),
  });
  const deadlineOf = (r: number) => overview.absenceRounds.find((x) => x.round === r);
  if (overview.absenceRounds.length === 0) return <p className="bjk-body2 bjk-secondary">{t('child.noRounds')}</p>;
  return (
    <div className="bjk-stack">
      <p className="bjk-body2 bjk-secondary">{t('child.absenceHelp', { name: child.firstName, max: overview.maxHalfPointByes })}</p>
      {child.absences.length > 0 && (
        <ul className="bjk-family-list" data-testid="family-absence-list">
          {child.absences.map((absence) => (
            <li key={absence.id}>
              <span>
                {t('child.absenceLine', { round: absence.round, kind: t(`child.kinds.${absence.kind}`) })} — {t(`child.absenceStatus.${absence.status}`)}
              </span>
              {absence.status === 'requested' && deadlineOf(absence.round)?.open && (
                <button
                  type="button"
                  className="bjk-button bjk-button--text bjk-button--small"
                  onClick={() => withdraw.run(absence.id)}
                  disabled={withdraw.isPending}
                >
                  {t('child.withdraw')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ActionStatus action={withdraw} />
      {chosen && (
        <ActionForm
          action={announce}
          className="bjk-family-form"
          submit={t('child.announce')}
          submitTestId="family-absence-submit"
          success={t('child.announced')}
          successTestId="family-absence-sent"
        >
          <SelectInput
            label={t('child.round')}
            value={String(chosen.round)}
            onChange={(event) => setRound(event.target.value)}
            data-testid="family-absence-round"
          >
            {open.map((r) => (
              <option key={r.round} value={r.round}>
                {t('child.roundOption', { round: r.round, deadline: instant(r.deadline, { dateStyle: 'medium', timeStyle: 'short' }) })}
              </option>
            ))}
          </SelectInput>
          {chosen.halfPointBye && (
            <SelectInput
              label={t('child.kind')}
              value={kind}
              onChange={(event) => setKind(event.target.value as AbsenceKind)}
              data-testid="family-absence-kind"
            >
              <option value="absent">{t('child.kinds.absent')}</option>
              <option value="half_point_bye">{t('child.kinds.half_point_bye')}</option>
            </SelectInput>
          )}
          <TextInput label={t('child.remark')} value={remark} maxLength={500} onChange={(event) => setRemark(event.target.value)} />
        </ActionForm>
      )}
    </div>
  );
}

/** A contact's inputs, in order: its translation key under `child.`, input type and autofill hint. */
const CONTACT_FIELDS: readonly { name: 'fullName' | 'email' | 'mobile'; type?: string; autoComplete: string }[] = [
  { name: 'fullName', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'mobile', type: 'tel', autoComplete: 'tel' },
];

function ContactFields({ prefix, value, onChange }: { prefix: string; value: Contact; onChange: (next: Contact) => void }) {
  const { t } = useTranslation('family');
  return (
    <fieldset className="bjk-family-fieldset">
      <legend className="bjk-field-label">{t(`child.${prefix}`)}</legend>
      {CONTACT_FIELDS.map(({ name, type, autoComplete }) => (
        <TextInput
          key={name}
          label={t(`child.${name}`)}
          type={type}
          value={value[name]}
          autoComplete={autoComplete}
          onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        />
      ))}
    </fieldset>
  );
}

/**
 * The child's consents per purpose (decision 0020): changeable at any time, saved at once (audited as the family's
 * change). A purpose the edition makes a condition of taking part is shown ticked and cannot be changed.
 */
function ConsentsBlock({ child, optional }: { child: FamilyChild; optional: FamilyOverview['optionalConsents'] }) {
  const { t } = useTranslation('family');
  const instant = useInstantFormat();
  const save = useAction({
    send: (choices: ConsentChoices) => saveChildConsents(child.registrationId, choices),
    onSuccess: () => refreshResources(familyPrefix),
  });
  const { changedAt, changedBy, ...choices } = child.consents;
  return (
    <Block title={t('child.consents.title')} testId="family-consents">
      <p className="bjk-body2 bjk-secondary">{t('child.consents.help')}</p>
      <fieldset className="bjk-family-consents" disabled={save.isPending} aria-label={t('child.consents.title')}>
        {CONSENT_PURPOSES.map((purpose) => (
          <label key={purpose} className="bjk-family-consent">
            <input
              type="checkbox"
              checked={choices[purpose]}
              disabled={!optional[purpose]}
              data-testid={`family-consent-${purpose}`}
              onChange={(e) => save.run({ ...choices, [purpose]: e.target.checked })}
            />
            <span>
              {t(`child.consents.${purpose}`)}
              {!optional[purpose] && <span className="bjk-secondary"> ({t('child.consents.required')})</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="bjk-body2 bjk-secondary">{t('child.consents.results')}</p>
      {changedAt && (
        <p className="bjk-body2 bjk-secondary" data-testid="family-consents-changed">
          {t('child.consents.changed', { when: instant(changedAt), who: t(`child.consents.by.${changedBy}`) })}
        </p>
      )}
      <ActionStatus action={save} success={t('child.saved')} successTestId="family-consents-saved" />
    </Block>
  );
}

type PrivacyChoice = 'erasure' | 'correction';

/**
 * Erasure and correction requests (decision 0021): the family asks, the organisers answer (a mail says what they
 * decided). Erasure of one child or of the whole family; a correction of a child's name or birth date.
 */
function PrivacyCard({ overview }: { overview: FamilyOverview }) {
  const { t } = useTranslation('family');
  const language = currentLanguage();
  const instant = useInstantFormat();
  const [kind, setKind] = useState<PrivacyChoice>('erasure');
  const [child, setChild] = useState(overview.children.length ? '' : 'family');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [message, setMessage] = useState('');
  const send = useAction({
    send: () =>
      askPrivacy(
        kind === 'erasure'
          ? { kind, registrationId: child === 'family' ? null : child, message }
          : { kind, registrationId: child, correction: { firstName, lastName, birthDate }, message },
        language,
      ),
    onSuccess: async () => {
      setMessage('');
      setFirstName('');
      setLastName('');
      setBirthDate('');
      await refreshResources(familyPrefix);
    },
  });
  const childOptions = overview.children.map((c) => (
    <option key={c.registrationId} value={c.registrationId}>
      {c.firstName} {c.lastName}
    </option>
  ));
  return (
    <Card className="bjk-family-card">
      <section aria-labelledby="family-privacy" className="bjk-stack" data-testid="family-privacy">
        <h2 className="bjk-h2" id="family-privacy">
          {t('privacy.title')}
        </h2>
        <p className="bjk-body2 bjk-secondary">{t('privacy.help')}</p>
        {overview.privacyRequests.length > 0 && (
          <ul className="bjk-family-list" data-testid="family-privacy-requests">
            {overview.privacyRequests.map((r) => (
              <li key={r.id}>
                <span>
                  {t(`privacy.kinds.${r.kind}`)} · {r.childName ?? t('privacy.wholeFamily')} · {instant(r.createdAt, { dateStyle: 'medium' })}
                </span>{' '}
                <Chip tone={r.status === 'approved' ? 'success' : r.status === 'refused' ? 'error' : 'warning'}>{t(`privacy.status.${r.status}`)}</Chip>
                {r.reason && <p className="bjk-body2 bjk-secondary">{r.reason}</p>}
              </li>
            ))}
          </ul>
        )}
        <ActionForm
          action={send}
          className="bjk-family-form"
          submit={t('privacy.send')}
          submitTestId="family-privacy-send"
          incomplete={child === ''}
          success={t('privacy.sent')}
          successTestId="family-privacy-sent"
        >
          <SelectInput
            label={t('privacy.kind')}
            value={kind}
            onChange={(e) => (setKind(e.target.value as PrivacyChoice), setChild(''))}
            data-testid="family-privacy-kind"
          >
            <option value="erasure">{t('privacy.kinds.erasure')}</option>
            {overview.children.length > 0 && <option value="correction">{t('privacy.kinds.correction')}</option>}
          </SelectInput>
          <SelectInput label={t('privacy.who')} value={child} required onChange={(e) => setChild(e.target.value)} data-testid="family-privacy-who">
            <option value="" disabled>
              {t('privacy.choose')}
            </option>
            {childOptions}
            {kind === 'erasure' && <option value="family">{t('privacy.wholeFamily')}</option>}
          </SelectInput>
          {kind === 'correction' && (
            <>
              <TextInput label={t('privacy.firstName')} value={firstName} onChange={(e) => setFirstName(e.target.value)} />
              <TextInput label={t('privacy.lastName')} value={lastName} onChange={(e) => setLastName(e.target.value)} />
              <TextInput label={t('privacy.birthDate')} type="date" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} />
            </>
          )}
          {kind === 'erasure' && <p className="bjk-body2 bjk-secondary">{t('privacy.erasureKeeps')}</p>}
          <TextInput label={t('privacy.message')} value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
        </ActionForm>
      </section>
    </Card>
  );
}

/** A form folded away under its summary line, its help above it once opened. */
function FoldedForm({ summary, help, children }: { summary: string; help: string; children: ReactNode }) {
  return (
    <details className="bjk-family-details">
      <summary className="bjk-link">{summary}</summary>
      <p className="bjk-body2 bjk-secondary">{help}</p>
      {children}
    </details>
  );
}

function ContactsForm({ child }: { child: FamilyChild }) {
  const { t } = useTranslation('family');
  const [email, setEmail] = useState(child.email);
  const [mobile, setMobile] = useState(child.mobile);
  const [parent, setParent] = useState(child.parent);
  const [attendant, setAttendant] = useState(child.attendant);
  const save = useAction({
    send: () => saveChildContacts(child.registrationId, { email, mobile, parent, attendant }),
    onSuccess: () => refreshResources(familyPrefix),
  });
  return (
    <FoldedForm summary={t('child.contacts')} help={t('child.contactsHelp')}>
      <ActionForm action={save} className="bjk-family-form" submit={t('child.save')} success={t('child.saved')}>
        <TextInput label={t('child.playerEmail')} type="email" value={email} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        <TextInput label={t('child.playerMobile')} type="tel" value={mobile} autoComplete="off" onChange={(e) => setMobile(e.target.value)} />
        <ContactFields prefix="parent" value={parent} onChange={setParent} />
        <ContactFields prefix="attendant" value={attendant} onChange={setAttendant} />
      </ActionForm>
    </FoldedForm>
  );
}

function ReservationCard({ reservation }: { reservation: FamilyReservation }) {
  const { t } = useTranslation('family');
  const language = currentLanguage();
  const instant = useInstantFormat();
  const [kind, setKind] = useState<'change' | 'cancel'>('change');
  const [message, setMessage] = useState('');
  const ask = useAction({
    send: () => askReservationChange(reservation.id, { kind, message }),
    onSuccess: async () => {
      setMessage('');
      await refreshResources(familyPrefix);
    },
  });
  const facts: [string, string][] = [
    [t('reservation.room'), reservation.roomTypeLabel],
    [
      t('reservation.dates'),
      `${formatDate(reservation.arrivalDate, language, { dateStyle: 'medium' })} – ${formatDate(reservation.departureDate, language, { dateStyle: 'medium' })} · ${t('reservation.nights', { count: reservation.nights })}`,
    ],
    [t('reservation.meals'), t(`reservation.mealPlans.${reservation.mealPlan}`, { defaultValue: reservation.mealPlan })],
    [t('reservation.guests'), reservation.guests.map((g) => `${g.firstName} ${g.lastName}`).join(', ')],
    ...(reservation.priceCents !== null ? [[t('reservation.price'), formatMoney(reservation.priceCents, language)] as [string, string]] : []),
  ];
  return (
    <Card roomy testId={`family-reservation-${reservation.id}`} className="bjk-family-card">
      <h3 className="bjk-family-name">{t('reservation.title', { number: reservation.number })}</h3>
      {!reservation.enabled && <Chip tone="error">{t('reservation.disabled')}</Chip>}
      <dl className="bjk-family-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Block title={t('child.payment')}>
        <PaymentBlock payment={reservation.payment} />
      </Block>
      {reservation.requests.length > 0 && (
        <Block title={t('reservation.requests')}>
          <ul className="bjk-family-list">
            {reservation.requests.map((request) => (
              <li key={request.id}>
                <span>
                  {t(`reservation.kinds.${request.kind}`)} · {instant(request.createdAt, { dateStyle: 'medium', timeStyle: 'short' })} —{' '}
                  {t(`reservation.requestStatus.${request.status}`)}
                  {request.answer && <span className="bjk-family-answer">{t('reservation.answer', { answer: request.answer })}</span>}
                </span>
              </li>
            ))}
          </ul>
        </Block>
      )}
      <FoldedForm summary={t('reservation.ask')} help={t('reservation.askHelp')}>
        <ActionForm action={ask} className="bjk-family-form" submit={t('reservation.send')} incomplete={message.trim() === ''} success={t('reservation.sent')}>
          <SelectInput label={t('reservation.kind')} value={kind} onChange={(event) => setKind(event.target.value as 'change' | 'cancel')}>
            <option value="change">{t('reservation.kinds.change')}</option>
            <option value="cancel">{t('reservation.kinds.cancel')}</option>
          </SelectInput>
          <label className="bjk-field">
            <span className="bjk-field-label">{t('reservation.message')}</span>
            <textarea
              className="bjk-input bjk-family-textarea"
              required
              maxLength={2000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </label>
        </ActionForm>
      </FoldedForm>
    </Card>
  );
}
