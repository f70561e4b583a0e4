import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PrivacyRequestRow, ReservationRequestRow } from '@bjk/domain/family';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PersonalDataOverview } from './PersonalDataOverview';
import { answerPrivacyRequest, answerRequest, privacyRequestsQuery, reservationRequestsQuery } from './mgmt-api';

type RequestFrameProps = { testId: string; level: 'h2' | 'h3'; heading: ReactNode; request: { createdAt: string; requester: string }; children: ReactNode };

/** A family's request as a card: what and whose (the heading), who made it and when, then its text and answer. */
function RequestFrame({ testId, level, heading, request, children }: RequestFrameProps) {
  const instant = useInstantFormat();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Stack spacing={1}>
        <Typography variant={level} sx={{ fontSize: '1.05rem' }}>
          {heading} · {request.requester}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {instant(request.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/** Who answered a request and when, for the answered line. */
function useAnsweredBy() {
  const instant = useInstantFormat();
  return (request: { answeredBy: string | null; answeredAt: string | null }) => ({
    who: request.answeredBy ?? '',
    at: request.answeredAt ? instant(request.answeredAt, { dateStyle: 'medium', timeStyle: 'short' }) : '',
  });
}

/** The desk's answer (or reason) being written, and its sending, which refreshes the list of requests answered. */
function useAnswer<A = void>(list: 'requests' | 'privacy', answer: (text: string, arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (arg: A) => answer(text, arg),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mgmt', 'family', list] }),
  });
  return { text, setText, send };
}

/** The desk's answer or reason: a few lines, at most 2000 characters. */
function AnswerField({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      multiline
      minRows={2}
      size="small"
      slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': testId } }}
    />
  );
}

/** A reservation request's heading: its kind and the reservation (to its page). */
function ReservationRequestHeading({ request }: { request: ReservationRequestRow }) {
  const { t } = useTranslation('familyAdmin');
  return (
    <>
      {t(`requests.kinds.${request.kind}`)} · <RouterLink to={`/mgmt/reservation_edit?id=${request.reservationId}`}>{request.reservationNumber}</RouterLink>
    </>
  );
}

/** A privacy request's heading: its kind and the child's registration (to its page), or the whole family. */
function PrivacyRequestHeading({ request }: { request: PrivacyRequestRow }) {
  const { t } = useTranslation('familyAdmin');
  return (
    <>
      {t(`privacy.kinds.${request.kind}`)} ·{' '}
      {request.registrationId ? (
        <RouterLink to={`/mgmt/registration_edit?id=${request.registrationId}${request.registrationKind === 'vk' ? '&kind=vk' : ''}`}>
          {request.childName}
        </RouterLink>
      ) : (
        t('privacy.wholeFamily')
      )}
    </>
  );
}

function RequestCard({ request, mayAnswer }: { request: ReservationRequestRow; mayAnswer: boolean }) {
  const { t } = useTranslation('familyAdmin');
  const answeredBy = useAnsweredBy();
  const { text: answer, setText: setAnswer, send } = useAnswer('requests', (text) => answerRequest(request.id, text));
  return (
    <RequestFrame testId={`family-request-${request.id}`} level="h2" request={request} heading={<ReservationRequestHeading request={request} />}>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{request.message}</Typography>
      {request.status === 'answered' ? (
        <Alert severity="success">
          {t('requests.answeredBy', answeredBy(request))}: {request.answer}
        </Alert>
      ) : (
        mayAnswer && (
          <Stack spacing={1} component="form" onSubmit={(e) => (e.preventDefault(), send.mutate())}>
            <AnswerField label={t('requests.answer')} value={answer} onChange={setAnswer} />
            {send.isError && <ErrorAlert error={send.error} submit />}
            <Button type="submit" variant="contained" disabled={send.isPending || answer.trim() === ''} sx={{ alignSelf: 'flex-start' }}>
              {t('requests.send')}
            </Button>
          </Stack>
        )
      )}
    </RequestFrame>
  );
}

/** A family's erasure or correction request (decision 0021): approve (an erasure runs at once) or refuse with a reason. */
function PrivacyRequestCard({ request, mayAnswer }: { request: PrivacyRequestRow; mayAnswer: boolean }) {
  const { t } = useTranslation('familyAdmin');
  const answeredBy = useAnsweredBy();
  const { text: reason, setText: setReason, send } = useAnswer('privacy', (text, approve: boolean) => answerPrivacyRequest(request.id, approve, text));
  const correction = request.correction
    ? [request.correction.firstName, request.correction.lastName, request.correction.birthDate].filter((v) => v !== '').join(' · ')
    : '';
  return (
    <RequestFrame testId={`privacy-request-${request.id}`} level="h3" request={request} heading={<PrivacyRequestHeading request={request} />}>
      {correction && <Typography>{t('privacy.correction', { correction })}</Typography>}
      {request.message && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{request.message}</Typography>}
      {request.status !== 'open' ? (
        <Alert severity={request.status === 'approved' ? 'success' : 'warning'}>
          {t(`privacy.status.${request.status}`, answeredBy(request))}
          {request.reason && `: ${request.reason}`}
        </Alert>
      ) : (
        mayAnswer && (
          <Stack spacing={1}>
            {request.kind === 'erasure' && <Alert severity="warning">{t('privacy.erasureWarning')}</Alert>}
            {request.kind === 'correction' && <Alert severity="info">{t('privacy.correctionHelp')}</Alert>}
            <AnswerField label={t('privacy.reason')} value={reason} onChange={setReason} testId="privacy-reason" />
            {send.isError && <ErrorAlert error={send.error} submit />}
            <Stack direction="row" spacing={1}>
              <Button variant="contained" disabled={send.isPending} onClick={() => send.mutate(true)} data-testid="privacy-approve">
                {t('privacy.approve')}
              </Button>
              <Button variant="outlined" disabled={send.isPending || reason.trim() === ''} onClick={() => send.mutate(false)} data-testid="privacy-refuse">
                {t('privacy.refuse')}
              </Button>
            </Stack>
          </Stack>
        )
      )}
    </RequestFrame>
  );
}

type RequestList<S extends string, R> = {
  /** The statuses the list is filtered by (the first shown at first), with their labels' keys. */
  statuses: readonly [{ value: S; label: string }, ...{ value: S; label: string }[]];
  query: (status: S) => { queryKey: readonly unknown[]; queryFn: () => Promise<{ items: R[] }> };
  /** The key of the line shown when no request has the chosen status. */
  none: string;
};

const RESERVATION_REQUESTS: RequestList<'open' | 'answered', ReservationRequestRow> = {
  statuses: [
    { value: 'open', label: 'requests.open' },
    { value: 'answered', label: 'requests.answered' },
  ],
  query: reservationRequestsQuery,
  none: 'requests.none',
};

const PRIVACY_REQUESTS: RequestList<'open' | 'approved' | 'refused', PrivacyRequestRow> = {
  statuses: [
    { value: 'open', label: 'requests.open' },
    { value: 'approved', label: 'privacy.approved' },
    { value: 'refused', label: 'privacy.refused' },
  ],
  query: privacyRequestsQuery,
  none: 'privacy.none',
};

/** A status toggle over a list of requests: the failure if any, the "none" line, or one card per request. */
function RequestsByStatus<S extends string, R>({
  requests: { statuses, query, none },
  card,
}: {
  requests: RequestList<S, R>;
  card: (request: R) => ReactNode;
}) {
  const { t } = useTranslation('familyAdmin');
  const [status, setStatus] = useState<S>(statuses[0].value);
  const list = useQuery(query(status));
  return (
    <>
      <ToggleButtonGroup exclusive size="small" value={status} onChange={(_, next: S | null) => next && setStatus(next)}>
        {statuses.map((option) => (
          <ToggleButton key={option.value} value={option.value}>
            {t(option.label)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {list.isError && <ErrorAlert error={list.error} />}
      {list.data?.items.length === 0 && <Alert severity="info">{t(none)}</Alert>}
      {list.data?.items.map(card)}
    </>
  );
}

function PrivacyRequests() {
  const { t } = useTranslation('familyAdmin');
  const session = useManager();
  return (
    <Stack spacing={2} component="section" aria-labelledby="privacy-requests-title">
      <Typography variant="h2" id="privacy-requests-title" sx={{ fontSize: '1.25rem' }}>
        {t('privacy.title')}
      </Typography>
      <Typography color="textSecondary">{t('privacy.intro')}</Typography>
      <RequestsByStatus
        requests={PRIVACY_REQUESTS}
        card={(request) => <PrivacyRequestCard key={request.id} request={request} mayAnswer={hasPermission(session, 'registrations:write')} />}
      />
    </Stack>
  );
}

/** `/mgmt/family_requests`: families' change and cancellation requests of reservations, for the lodging desk. */
export function FamilyRequestsPage() {
  const { t } = useTranslation('familyAdmin');
  const session = useManager();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('requests.title')}</Typography>
      <Typography color="textSecondary">{t('requests.intro')}</Typography>
      <RequestsByStatus
        requests={RESERVATION_REQUESTS}
        card={(request) => <RequestCard key={request.id} request={request} mayAnswer={hasPermission(session, 'lodging:write')} />}
      />
      {hasPermission(session, 'registrations:read') && <PrivacyRequests />}
      {hasPermission(session, 'audit:read') && <PersonalDataOverview />}
    </Stack>
  );
}
