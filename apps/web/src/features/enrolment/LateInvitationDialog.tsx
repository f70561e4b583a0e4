import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupIdSchema, type RegistrationKind } from '@bjk/domain/enrolment';
import { LANGUAGES, type Language } from '@bjk/domain/languages';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { sendLateInvitation } from './mgmt-api';

/**
 * A late-entry invitation (issue #28): after enrolment closed, a manager mails a family a signed single-use link that
 * opens the wizard for one player, late fee applied. The player is named by federation id or FIDE id, checked as the
 * wizard's lookup checks it; they need not be in the member list yet (a new id takes days to appear there): the
 * family's wizard finds them once it is. The server checks the id and the address again.
 */
export function LateInvitationDialog({ kind, onClose }: { kind: RegistrationKind; onClose: () => void }) {
  const { t } = useTranslation('enrolment');
  const formatInstant = useInstantFormat();
  const [idType, setIdType] = useState<'idbel' | 'idfide'>('idbel');
  const [idText, setIdText] = useState('');
  const [touched, setTouched] = useState(false);
  const id = /^\d{1,10}$/.test(idText) ? lookupIdSchema.safeParse(Number(idText)) : null;
  const idValid = id?.success === true;
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const send = useMutation({
    mutationFn: () =>
      sendLateInvitation(kind, {
        idbel: idType === 'idbel' ? Number(idText) : null,
        idfide: idType === 'idfide' ? Number(idText) : null,
        email: email.trim(),
        language,
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (idValid && !send.isPending) send.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} data-testid="late-invitation-form">
        <DialogTitle>{t('invite.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('invite.text')}</Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={idType}
              disabled={send.isSuccess}
              onChange={(_, value: 'idbel' | 'idfide' | null) => value && setIdType(value)}
              aria-label={t('lookup.idType')}
              // MUI's grey for the unselected button is below 4.5:1 on a dialog's background (as in KindSwitch).
              sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
            >
              <ToggleButton value="idbel" data-testid="invite-by-idbel">
                {t('lookup.idbel')}
              </ToggleButton>
              <ToggleButton value="idfide" data-testid="invite-by-idfide">
                {t('lookup.idfide')}
              </ToggleButton>
            </ToggleButtonGroup>
            <TextField
              label={idType === 'idbel' ? t('lookup.idbel') : t('lookup.idfide')}
              value={idText}
              onChange={(e) => setIdText(e.target.value.replace(/\D/g, ''))}
              onBlur={() => setTouched(idText !== '')}
              required
              error={touched && !idValid}
              helperText={touched && !idValid ? t('invite.idInvalid') : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'data-testid': 'invite-id' } }}
            />
            <TextField
              label={t('invite.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }}
            />
            <TextField select label={t('invite.language')} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
              {LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {l.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
            {send.isError && <ErrorAlert error={send.error} />}
            {send.isSuccess && (
              <>
                <Typography role="status" sx={{ color: 'success.main' }} data-testid="invite-sent">
                  {send.data.player
                    ? t('invite.sentFor', {
                        name: `${send.data.player.firstName} ${send.data.player.lastName}`,
                        until: formatInstant(send.data.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }),
                      })
                    : t('invite.sent', { until: formatInstant(send.data.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
                </Typography>
                {!send.data.player && (
                  <Alert severity="info" data-testid="invite-not-in-registry">
                    {t('invite.notInRegistry')}
                  </Alert>
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('invite.close')}</Button>
          <Button type="submit" variant="contained" disabled={send.isPending || send.isSuccess} data-testid="invite-send">
            {t('invite.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
