import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerLookup, RegistrationKind } from '@bjk/domain/enrolment';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { TextInput, ToggleChoices } from '../../../shared/ui/plain/fields';
import { Notice } from '../../../shared/ui/plain/Notice';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { lookupPlayer } from '../api';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';
import { mayEnrol } from './state';
import { useSubmission } from './submission';

type IdType = 'idbel' | 'idfide';

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
  const [idType, setIdType] = useState<IdType>(start?.idbel ? 'idbel' : start?.idfide ? 'idfide' : 'idbel');
  const [idText, setIdText] = useState(String((idType === 'idbel' ? start?.idbel : start?.idfide) ?? ''));
  // The player shown is the one found for what is typed now; a new search hides the previous one.
  const [shown, setShown] = useState<PlayerLookup | null>(player);
  const lookup = useSubmission(
    () => lookupPlayer(idType, Number(idText), kind),
    (found) => {
      setShown(found);
      onFound(found);
    },
  );
  const blocked = shown && !mayEnrol(shown);
  return (
    <StepFrame
      title={t('lookup.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <ShellButton variant="contained" size="large" disabled={!mayEnrol(shown)} onClick={onNext} data-testid="wizard-next">
            {t('next')}
          </ShellButton>
        </>
      }
    >
      <ToggleChoices
        label={t('lookup.idType')}
        value={idType}
        choices={[
          { value: 'idbel', label: t('lookup.idbel') },
          { value: 'idfide', label: t('lookup.idfide') },
        ]}
        onChange={(value) => {
          setIdType(value);
          setShown(null);
          lookup.reset();
        }}
      />
      <form
        className="bjk-enrol-search"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShown(null);
          if (/^\d{1,10}$/.test(idText)) lookup.run();
        }}
      >
        <TextInput
          label={idType === 'idbel' ? t('lookup.idbel') : t('lookup.idfide')}
          value={idText}
          onChange={(e) => setIdText(e.target.value.replace(/\D/g, ''))}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          data-testid="lookup-id"
        />
        <ShellButton type="submit" variant="outlined" disabled={lookup.pending || idText === ''} data-testid="lookup-search">
          {t('lookup.search')}
        </ShellButton>
      </form>
      {lookup.failure !== null && <ErrorNotice error={lookup.failure} />}
      {shown && !shown.youth && (
        <Notice severity="error" role="alert" testId="lookup-not-youth">
          {kind === 'bjk' ? t('lookup.notYouth') : t('lookup.noCategory')}
        </Notice>
      )}
      {shown && shown.youth && shown.alreadyRegistered && (
        <Notice severity="warning" role="alert" testId="lookup-registered">
          {t('lookup.alreadyRegistered')}
        </Notice>
      )}
      {shown && !blocked && (
        <Notice severity="success" role="status" testId="lookup-found">
          {t('lookup.found', { name: `${shown.firstName} ${shown.lastName}`, year: shown.birthYear ?? '', club: shown.clubName ?? '' })}
        </Notice>
      )}
    </StepFrame>
  );
}
