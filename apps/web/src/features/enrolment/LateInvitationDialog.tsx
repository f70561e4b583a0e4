import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationKind } from '@bjk/domain/enrolment';
import { LANGUAGES, type Language } from '@bjk/domain/languages';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { sendLateInvitation } from './mgmt-api';

/**
 * A late-entry invitation (issue #28): after enrolment closed, a manager mails a family a signed single-use link that
 * opens the wizard for one player, late fee applied. The server checks the member and the address.
 */
export function LateInvitationDialog({ kind, onClose }: { kind: RegistrationKind; onClose: () => void }) {
  const { t } = useTranslation('enrolment');
  const formatInstant = useInstantFormat();
  const [idbel, setIdbel] = useState('');
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const send = useMutation({
    mutationFn: () => sendLateInvitation(kind, { idbel: Number(idbel), idfide: null, email: email.trim(), language }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!send.isPending) send.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} data-testid="late-invitation-form">
        <DialogTitle>{t('invite.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('invite.text')}</Typography>
            <TextField
              label={t('lookup.idbel')}
              value={idbel}
              onChange={(e) => setIdbel(e.target.value.replace(/\D/g, ''))}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'invite-idbel' } }}
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
              <Typography role="status" sx={{ color: 'success.main' }} data-testid="invite-sent">
                {t('invite.sent', { until: formatInstant(send.data.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
              </Typography>
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
