import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EditionSettings, SpecialPrize } from '@bjk/domain/edition';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { AddButton } from '../../shared/forms/ListEditor';
import { plainOptions } from '../../shared/forms/SelectField';
import { DateInput, FieldGroup, LocalizedInput, MoneyInput, NumberInput, OptionalYearInput, Row, SelectInput } from './SettingsFields';

type PrizeIndex = { index: number };

/**
 * The prize table (vouchers are printed from it and the final standings): the date vouchers are valid until
 * and, per player category of either championship, the amount per place and the special prizes (best girl,
 * best player born in or after a year). Validated by the shared settings schema like every other field.
 */
export function PrizeTable() {
  const { t } = useTranslation('edition');
  const { control, setValue, getValues } = useFormContext<EditionSettings>();
  const prizes = useWatch({ control, name: 'prizes' });
  if (!prizes) {
    return (
      <AddButton
        label={t('actions.setUpPrizes')}
        onClick={() => setValue('prizes', { validUntil: getValues('endDate'), categories: [] }, { shouldDirty: true })}
        data-testid="prizes-set-up"
      />
    );
  }
  return <PrizeCategories />;
}

function PrizeCategories() {
  const { t } = useTranslation('edition');
  const { control } = useFormContext<EditionSettings>();
  const { errors } = useFormState({ control, name: 'prizes.categories' });
  const categories = useFieldArray({ control, name: 'prizes.categories' });
  const [playerCategories, vkCategories, prized] = useWatch({ control, name: ['categories', 'vk.categories', 'prizes.categories'] });
  const codes = [...playerCategories.filter((c) => c.kind === 'player'), ...(vkCategories ?? [])].map((c) => c.code).filter((code) => code !== '');
  const next = codes.find((code) => !(prized ?? []).some((p) => p.category === code));
  // One category's fields at a time (the settings form is long enough); one with an error opens by itself.
  const [open, setOpen] = useState<number | null>(null);
  const withError = (index: number) => get(errors, `prizes.categories.${index}`) !== undefined;
  return (
    <Stack spacing={2}>
      <Box sx={{ maxWidth: { sm: 320 } }}>
        <DateInput name="prizes.validUntil" label={t('fields.prizesValidUntil')} helper={t('help.prizesValidUntil')} />
      </Box>
      {categories.fields.map((category, index) => {
        const current = prized?.[index];
        const expanded = open === index || withError(index);
        const code = current?.category ?? category.category;
        const places = current?.places ?? [];
        return (
          <Paper key={category.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'background.default' }} data-testid="prize-category">
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {code}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {t('prizes.summary', {
                      places:
                        places.map((p) => `${p.place}: ${Number.isFinite(p.amountCents) ? formatMoney(p.amountCents, currentLanguage()) : '?'}`).join(' · ') ||
                        t('prizes.noPlaces'),
                      count: current?.special.length ?? 0,
                    })}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  onClick={() => setOpen(expanded ? null : index)}
                  aria-expanded={expanded}
                  aria-label={t(expanded ? 'actions.closePrizes' : 'actions.editPrizes', { code })}
                >
                  {t(expanded ? 'actions.close' : 'actions.edit')}
                </Button>
                <IconButton
                  onClick={() => {
                    setOpen(null);
                    categories.remove(index);
                  }}
                  aria-label={t('actions.removePrizeCategory', { code })}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
              {expanded && (
                <>
                  <PrizeCategoryCode index={index} codes={codes} />
                  <Places index={index} />
                  <SpecialPrizes index={index} />
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
      <AddButton
        label={t('actions.addPrizeCategory')}
        disabled={next === undefined}
        onClick={() => {
          if (!next) return;
          categories.append({ category: next, places: [{ place: 1, amountCents: 0 }], special: [] });
          setOpen(categories.fields.length);
        }}
        data-testid="prizes-add-category"
      />
    </Stack>
  );
}

function PrizeCategoryCode({ index, codes }: PrizeIndex & { codes: string[] }) {
  const { t } = useTranslation('edition');
  const current = useWatch<EditionSettings, `prizes.categories.${number}.category`>({ name: `prizes.categories.${index}.category` });
  return (
    <SelectInput
      name={`prizes.categories.${index}.category`}
      label={t('fields.prizeCategory')}
      // A code no longer among the categories stays listed, so the error says what is wrong with it.
      options={plainOptions([...new Set(current === undefined ? codes : [...codes, current])])}
      sx={{ maxWidth: { sm: 320 } }}
    />
  );
}

function Places({ index }: PrizeIndex) {
  const { t } = useTranslation('edition');
  const { control, getValues } = useFormContext<EditionSettings>();
  const places = useFieldArray({ control, name: `prizes.categories.${index}.places` });
  const addPlace = () => {
    const taken = (getValues(`prizes.categories.${index}.places`) ?? []).map((p) => p.place);
    places.append({ place: taken.length === 0 ? 1 : Math.max(...taken.filter(Number.isFinite), 0) + 1, amountCents: 0 });
  };
  return (
    <FieldGroup legend={t('fields.places')}>
      <Stack spacing={1.5}>
        {places.fields.map((place, placeIndex) => (
          <Stack key={place.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start', '& > div': { flex: 1, minWidth: 0 } }} data-testid="prize-place">
            <div>
              <NumberInput name={`prizes.categories.${index}.places.${placeIndex}.place`} label={t('fields.place')} />
            </div>
            <div>
              <MoneyInput name={`prizes.categories.${index}.places.${placeIndex}.amountCents`} label={t('fields.amount')} />
            </div>
            <IconButton onClick={() => places.remove(placeIndex)} aria-label={t('actions.removePlace', { place: place.place })} sx={{ mt: 1 }}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <AddButton label={t('actions.addPlace')} size="small" onClick={addPlace} />
      </Stack>
    </FieldGroup>
  );
}

const SPECIAL_KINDS: SpecialPrize['kind'][] = ['girl', 'youngest'];

function SpecialPrizes({ index }: PrizeIndex) {
  const { t } = useTranslation('edition');
  const { control } = useFormContext<EditionSettings>();
  const specials = useFieldArray({ control, name: `prizes.categories.${index}.special` });
  const kinds = useWatch({ control, name: `prizes.categories.${index}.special` });
  return (
    <FieldGroup legend={t('fields.specialPrizes')}>
      <Stack spacing={2}>
        {specials.fields.map((special, specialIndex) => {
          const name = `prizes.categories.${index}.special.${specialIndex}` as const;
          return (
            <Stack key={special.id} spacing={2} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }} data-testid="prize-special">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Row>
                    <SelectInput
                      name={`${name}.kind`}
                      label={t('fields.specialKind')}
                      options={SPECIAL_KINDS.map((kind) => ({ value: kind, label: t(`specialKinds.${kind}`) }))}
                    />
                    {kinds?.[specialIndex]?.kind === 'youngest' ? (
                      <OptionalYearInput name={`${name}.minBirthYear`} label={t('fields.specialMinBirthYear')} helper={t('help.specialMinBirthYear')} />
                    ) : (
                      <span />
                    )}
                    <MoneyInput name={`${name}.amountCents`} label={t('fields.amount')} />
                  </Row>
                </Box>
                <IconButton onClick={() => specials.remove(specialIndex)} aria-label={t('actions.removeSpecial', { number: specialIndex + 1 })} sx={{ mt: 1 }}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
              <LocalizedInput name={`${name}.label`} label={t('fields.specialLabel')} />
            </Stack>
          );
        })}
        <AddButton
          label={t('actions.addSpecial')}
          size="small"
          onClick={() => specials.append({ kind: 'girl', label: { nl: '', fr: '', de: '', en: '' }, amountCents: 0 })}
        />
      </Stack>
    </FieldGroup>
  );
}
