import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerLookup, RegistrationKind } from '@bjk/domain/enrolment';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { lookupPlayer } from '../api';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';
import { mayEnrol } from './state';

type Props = {
  kind: RegistrationKind;
  player: PlayerLookup | null;
  /** The ids a late-entry invitation was made for: the search starts with them. */
  invited?: { idbel: number | null; idfide: number | null } | null;
  onFound: (player: PlayerLookup) => void;
  onNext: () => void;
  onBack: () => void;
};

/** Step 2: look the player up by federation id or FIDE id in the member registry. */
export function LookupStep({ kind, player, invited = null, onFound, onNext, onBack }: Props) {
  const { t } = useTranslation('enrolment');
  // The player found before, else the one a late-entry invitation was made for, else nothing yet.
  const start = player ?? invited;
  const [idType, setIdType] = useState<'idbel' | 'idfide'>(start?.idbel ? 'idbel' : start?.idfide ? 'idfide' : 'idbel');
  const [idText, setIdText] = useState(String((idType === 'idbel' ? start?.idbel : start?.idfide) ?? ''));
  // The player shown is the one found for what is typed now; a new search hides the previous one.
  const [shown, setShown] = useState<PlayerLookup | null>(player);
  const lookup = useMutation({
    mutationFn: () => lookupPlayer(idType, Number(idText), kind),
    onSuccess: (found) => {
      setShown(found);
      onFound(found);
    },
  });
  const blocked = shown && !mayEnrol(shown);
  return (
    <StepFrame
      title={t('lookup.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <Button variant="contained" size="large" disabled={!mayEnrol(shown)} onClick={onNext} data-testid="wizard-next">
            {t('next')}
          </Button>
        </>
      }
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={idType}
        onChange={(_, value: 'idbel' | 'idfide' | null) => {
          if (!value) return;
          setIdType(value);
          setShown(null);
          lookup.reset();
        }}
        aria-label={t('lookup.idType')}
      >
        <ToggleButton value="idbel">{t('lookup.idbel')}</ToggleButton>
        <ToggleButton value="idfide">{t('lookup.idfide')}</ToggleButton>
      </ToggleButtonGroup>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShown(null);
          if (/^\d{1,10}$/.test(idText)) lookup.mutate();
        }}
      >
        <TextField
          label={idType === 'idbel' ? t('lookup.idbel') : t('lookup.idfide')}
          value={idText}
          onChange={(e) => setIdText(e.target.value.replace(/\D/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'data-testid': 'lookup-id' } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={lookup.isPending || idText === ''} data-testid="lookup-search">
          {t('lookup.search')}
        </Button>
      </Stack>
      {lookup.isError && <ErrorAlert error={lookup.error} />}
      {shown && !shown.youth && (
        <Alert severity="error" data-testid="lookup-not-youth">
          {kind === 'bjk' ? t('lookup.notYouth') : t('lookup.noCategory')}
        </Alert>
      )}
      {shown && shown.youth && shown.alreadyRegistered && (
        <Alert severity="warning" data-testid="lookup-registered">
          {t('lookup.alreadyRegistered')}
        </Alert>
      )}
      {shown && !blocked && (
        <Alert severity="success" data-testid="lookup-found">
          {t('lookup.found', { name: `${shown.firstName} ${shown.lastName}`, year: shown.birthYear ?? '', club: shown.clubName ?? '' })}
        </Alert>
      )}
    </StepFrame>
  );
}
