import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useFormState, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { editionSettingsSchema, type EditionSettings } from '@bjk/domain/edition';
import { hasPermission, useManager } from '../../shared/auth/session';
import { invalidateEdition } from '../../shared/edition/useEdition';
import { formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { RecordHistory } from '../../shared/ui/RecordHistory';
import { hasDirtyField, sameContent } from './settings-inputs';
import { SettingsSections } from './SettingsSections';
import { editionKeys, saveSettings, settingsQuery } from './api';

// The form holds parsed settings (defaults filled in by the server), so the schema's output type is the form's.
const validateSettings = zodResolver(editionSettingsSchema) as unknown as Resolver<EditionSettings>;

/** The shared schema, after one rule of the form: no vk category left means the edition does not run the vk. */
const settingsResolver: Resolver<EditionSettings> = (values, context, options) =>
  validateSettings(withoutEmptyAbsences(values.vk && values.vk.categories.length === 0 ? { ...values, vk: undefined } : values), context, options);

/** Another: absences with no round and no bye limit typed are no absences (the edition never had them). */
function withoutEmptyAbsences(values: EditionSettings): EditionSettings {
  const absences = values.familyAbsences;
  if (!absences || (absences.rounds?.length ?? 0) > 0 || Number.isFinite(absences.maxHalfPointByes)) return values;
  return { ...values, familyAbsences: undefined };
}

/** `/mgmt/settings`: admins edit everything that changes from one championship to the next. */
export function SettingsPage() {
  const { t } = useTranslation('edition');
  const session = useManager();
  if (!hasPermission(session, 'edition:write')) return <Typography>{t('settings.forbidden')}</Typography>;
  return <SettingsForm />;
}

function SettingsForm() {
  const { t } = useTranslation('edition');
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(settingsQuery());
  const [updatedAt, setUpdatedAt] = useState(data.updatedAt);
  const savedOnce = useRef(false);
  const [savedNotice, setSavedNotice] = useState(false);
  const form = useForm<EditionSettings>({ resolver: settingsResolver, defaultValues: data.settings, mode: 'onTouched' });
  const mutation = useMutation({
    mutationFn: (settings: EditionSettings) => saveSettings(settings, updatedAt),
    onSuccess: (saved) => {
      setUpdatedAt(saved.updatedAt);
      // The form already shows what was saved (the usual case): only its saved state moves, no input re-renders
      // (a full reset re-rendered some 240 inputs: most of a save's second on a loaded machine).
      form.reset(saved.settings, { keepValues: sameContent(saved.settings, form.getValues()) });
      queryClient.setQueryData(editionKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: ['mgmt', 'audit'] });
      savedOnce.current = true;
      setSavedNotice(true);
    },
  });
  // The site (footer, fees, wizards, this layout's title) reads the new settings once the manager leaves
  // this page: invalidating at once would suspend the layout around the form and lose its state.
  useEffect(
    () => () => {
      if (savedOnce.current) invalidateEdition();
    },
    [],
  );
  const timeZone = data.settings.timeZone;
  const language = currentLanguage();

  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          setSavedNotice(false);
          void form.handleSubmit((values) => mutation.mutate(values))(event);
        }}
        data-testid="settings-form"
      >
        <Typography variant="h1">{t('settings.title')}</Typography>
        <Typography color="textSecondary">
          {t('settings.intro', { edition: data.settings.shortName[language], updatedAt: formatDateTime(updatedAt, language, timeZone) })}
        </Typography>

        <SettingsSections timeZone={timeZone} />

        <RecordHistory subjectType="edition" subjectId={data.settings.code} timeZone={timeZone} />

        <SaveBar saving={mutation.isPending} error={mutation.isError ? mutation.error : null} saved={savedNotice} onUndo={() => form.reset()} />
      </Stack>
    </FormProvider>
  );
}

/**
 * Save and undo, with the form's state. The form's state is read here only: read in SettingsForm, it would
 * re-render the whole form (every section, hundreds of inputs) on each keystroke that changes it.
 */
function SaveBar({ saving, error, saved, onUndo }: { saving: boolean; error: Error | null; saved: boolean; onUndo: () => void }) {
  const { t } = useTranslation('edition');
  const { submitCount, isValid, dirtyFields } = useFormState<EditionSettings>();
  const invalid = submitCount > 0 && !isValid;
  // Not formState.isDirty: it compares whole documents, and an optional field the form shows empty (a staff
  // category's birth year) is an absent key in the saved settings but an undefined one in the form's values.
  const changed = hasDirtyField(dirtyFields);
  return (
    <Paper
      elevation={3}
      sx={{ position: 'sticky', bottom: 0, p: { xs: 1, sm: 2 }, zIndex: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Button type="submit" variant="contained" size="large" disabled={saving}>
        {t('settings.save')}
      </Button>
      <Button type="button" onClick={onUndo} disabled={!changed || saving}>
        {t('settings.undo')}
      </Button>
      {(invalid || error || saved) && (
        <Box sx={{ flex: 1, minWidth: 200 }} role="status">
          {invalid && <Alert severity="error">{t('settings.invalid')}</Alert>}
          {error && <ErrorAlert error={error} submit />}
          {saved && <Alert severity="success">{t('settings.saved')}</Alert>}
        </Box>
      )}
    </Paper>
  );
}
