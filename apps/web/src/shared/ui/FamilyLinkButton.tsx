import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, useManager } from '../auth/session';
import { sendFamilyLink } from './api';
import { ErrorAlert } from './ErrorAlert';

import type { FamilyLinkSource } from './api';

type Props = { source: FamilyLinkSource };

/**
 * "Send the My family link": mails the family's single-use sign-in link (decision 0013) to the contacts of a
 * registration or the responsible adult of a reservation. Shared by the enrolment and lodging pages (features do not
 * import each other); it talks to the family API only. Hidden from managers who may not change the record.
 */
export function FamilyLinkButton({ source }: Props) {
  const { t } = useTranslation('common');
  const session = useManager();
  const permission = source.kind === 'registration' ? 'registrations:write' : 'lodging:write';
  const send = useMutation({ mutationFn: () => sendFamilyLink(source) });
  if (!hasPermission(session, permission)) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" onClick={() => send.mutate()} disabled={send.isPending} data-testid="family-link-button">
        {t('familyLink.send')}
      </Button>
      {send.isSuccess && <Alert severity="success">{t('familyLink.sent', { count: send.data.sentTo })}</Alert>}
      {send.isError && <ErrorAlert error={send.error} submit />}
    </Stack>
  );
}
