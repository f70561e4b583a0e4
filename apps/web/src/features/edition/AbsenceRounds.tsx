import Stack from '@mui/material/Stack';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EditionSettings } from '@bjk/domain/edition';
import { SettingsList } from './SettingsFields';
import { CheckInput, DateTimeInput, NumberInput, Row } from './SettingsFields';
import { zonedInputToIso } from './settings-inputs';

/**
 * Which rounds take absence and bye requests on the family page (`familyAbsences`), until when, where a half-point
 * bye may be asked, and how many byes one player may ask. No round: families announce no absences.
 */
export function AbsenceRounds({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('edition');
  const { getValues } = useFormContext<EditionSettings>();
  const newRound = () => {
    const taken = getValues('familyAbsences.rounds') ?? [];
    const next = taken.reduce((max, r) => Math.max(max, r.round), 0) + 1;
    // A new round's deadline starts on the first day, 09:00 in the edition's zone: the arbiters then adjust it.
    return { round: next, deadline: zonedInputToIso(`${getValues('startDate')}T09:00`, timeZone), halfPointBye: false };
  };
  return (
    <Stack spacing={2}>
      <NumberInput name="familyAbsences.maxHalfPointByes" label={t('fields.maxHalfPointByes')} />
      <SettingsList name="familyAbsences.rounds" item="absenceRound" newItem={newRound}>
        {(index) => (
          <>
            <Row>
              <NumberInput name={`familyAbsences.rounds.${index}.round`} label={t('fields.round')} />
              <DateTimeInput name={`familyAbsences.rounds.${index}.deadline`} label={t('fields.absenceDeadline')} timeZone={timeZone} />
            </Row>
            <CheckInput name={`familyAbsences.rounds.${index}.halfPointBye`} label={t('fields.halfPointBye')} />
          </>
        )}
      </SettingsList>
    </Stack>
  );
}
