import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MEAL_PLANS, type EditionSettings } from '@bjk/domain/edition';
import { AddButton } from '../../shared/forms/ListEditor';
import {
  CheckInput,
  FieldGroup,
  LocalizedInput,
  MoneyInput,
  NumberInput,
  OptionalYearInput,
  SettingsList,
  Row,
  SelectInput,
  TextInput,
  useFieldError,
} from './SettingsFields';

const NO_GENDER = 'any';
const CATEGORY_KINDS = ['player', 'staff'] as const;

/**
 * The lists of the settings form, each added to and removed from in place: room types, meal plans and their prices,
 * the youth categories and the vk's. Inputs and layout pieces come from SettingsFields; the form's state from
 * react-hook-form's context (SettingsPage holds the form).
 */
export function RoomTypes() {
  const { t } = useTranslation('edition');
  return (
    <SettingsList
      name="roomTypes"
      item="roomType"
      newItem={() => ({
        code: '',
        label: { nl: '', fr: '', de: '', en: '' },
        minPersons: 1,
        maxPersons: 2,
        pricePerNightCents: 0,
        cleaningFeeCents: 0,
        breakfastIncluded: false,
        hotel: false,
        available: true,
      })}
    >
      {(index) => (
        <>
          <Row>
            <TextInput name={`roomTypes.${index}.code`} label={t('fields.code')} helper={t('help.code')} />
            <NumberInput name={`roomTypes.${index}.minPersons`} label={t('fields.minPersons')} />
            <NumberInput name={`roomTypes.${index}.maxPersons`} label={t('fields.maxPersons')} />
          </Row>
          <Row>
            <MoneyInput name={`roomTypes.${index}.pricePerNightCents`} label={t('fields.pricePerNight')} />
            <MoneyInput name={`roomTypes.${index}.cleaningFeeCents`} label={t('fields.cleaningFee')} />
          </Row>
          <LocalizedInput name={`roomTypes.${index}.label`} label={t('fields.roomLabel')} />
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            <CheckInput name={`roomTypes.${index}.hotel`} label={t('fields.hotel')} />
            <CheckInput name={`roomTypes.${index}.breakfastIncluded`} label={t('fields.breakfastIncluded')} />
            <CheckInput name={`roomTypes.${index}.available`} label={t('fields.available')} />
          </Stack>
        </>
      )}
    </SettingsList>
  );
}

export function MealPlans() {
  const { t } = useTranslation('edition');
  const { control } = useFormContext<EditionSettings>();
  const error = useFieldError('meals.plans');
  return (
    <Controller
      control={control}
      name="meals.plans"
      render={({ field }) => (
        <FieldGroup legend={t('fields.mealPlans')} legendMargin={0}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {MEAL_PLANS.map((plan) => (
              <label key={plan} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <input
                  type="checkbox"
                  checked={field.value.includes(plan)}
                  onChange={(e) => field.onChange(e.target.checked ? [...field.value, plan] : field.value.filter((p) => p !== plan))}
                  style={{ width: 18, height: 18 }}
                />
                <Typography component="span">{t(`mealPlans.${plan}`)}</Typography>
              </label>
            ))}
          </Stack>
          {error && (
            <Typography color="error" variant="body2">
              {error}
            </Typography>
          )}
        </FieldGroup>
      )}
    />
  );
}

export function MealPrices() {
  const { t } = useTranslation('edition');
  const prices = useWatch<EditionSettings, 'meals.prices'>({ name: 'meals.prices' });
  return (
    <Stack spacing={2}>
      {prices.map((price, index) => (
        <FieldGroup key={price.ageGroup} legend={t(`ageGroups.${price.ageGroup}`)} legendMargin={1}>
          <Row>
            <MoneyInput name={`meals.prices.${index}.breakfastCents`} label={t('fields.breakfastPrice')} />
            <MoneyInput name={`meals.prices.${index}.halfCents`} label={t('fields.halfPrice')} />
            <MoneyInput name={`meals.prices.${index}.dinnerCents`} label={t('fields.dinnerPrice')} />
          </Row>
        </FieldGroup>
      ))}
    </Stack>
  );
}

export function Categories() {
  const { t } = useTranslation('edition');
  const { control } = useFormContext<EditionSettings>();
  const categories = useFieldArray({ control, name: 'categories' });
  return (
    <Stack spacing={1}>
      {categories.fields.map((category, index) => (
        <Stack
          key={category.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ alignItems: { sm: 'flex-start' }, '& > div': { flex: 1, minWidth: 0 }, '& .MuiTextField-root': { width: '100%' } }}
          data-testid="category"
        >
          <div>
            <TextInput name={`categories.${index}.code`} label={t('fields.categoryCode')} />
          </div>
          <div>
            <SelectInput
              name={`categories.${index}.kind`}
              label={t('fields.categoryKind')}
              options={CATEGORY_KINDS.map((kind) => ({ value: kind, label: t(`categoryKinds.${kind}`) }))}
            />
          </div>
          <div>
            <OptionalYearInput name={`categories.${index}.minBirthYear`} label={t('fields.minBirthYear')} helper={t('help.minBirthYear')} />
          </div>
          <div>
            <TextInput name={`categories.${index}.color`} label={t('fields.color')} type="color" />
          </div>
          <IconButton onClick={() => categories.remove(index)} aria-label={t('actions.removeCategory', { code: category.code })} sx={{ alignSelf: 'center' }}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <AddButton label={t('actions.addCategory')} onClick={() => categories.append({ code: '', kind: 'player', minBirthYear: undefined, color: '#9e9e9e' })} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ '& > div': { flex: 1, minWidth: 0 }, '& .MuiTextField-root': { width: '100%' } }}
        data-testid="meal-label-colors"
      >
        <div>
          <TextInput name="mealLabelColors.HB" label={t('fields.mealLabelColor', { code: 'HB' })} type="color" />
        </div>
        <div>
          <TextInput name="mealLabelColors.BO" label={t('fields.mealLabelColor', { code: 'BO' })} type="color" />
        </div>
      </Stack>
    </Stack>
  );
}

/** The Flemish championship's (vk) categories: code, name in four languages, who may play (gender, birth years), colour. */
export function VkCategories() {
  const { t } = useTranslation('edition');
  return (
    <SettingsList name="vk.categories" item="vkCategory" newItem={() => ({ code: '', label: { nl: '', fr: '', de: '', en: '' }, color: '#9e9e9e' })}>
      {(index) => (
        <>
          <Row>
            <TextInput name={`vk.categories.${index}.code`} label={t('fields.categoryCode')} helper={t('help.code')} />
            <SelectInput
              name={`vk.categories.${index}.gender`}
              label={t('fields.gender')}
              options={[NO_GENDER, 'M', 'F'].map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
              toText={(value) => (value as string | undefined) ?? NO_GENDER}
              fromText={(text) => (text === NO_GENDER ? undefined : text)}
            />
            <TextInput name={`vk.categories.${index}.color`} label={t('fields.color')} type="color" />
          </Row>
          <Row>
            <OptionalYearInput name={`vk.categories.${index}.minBirthYear`} label={t('fields.vkMinBirthYear')} helper={t('help.vkMinBirthYear')} />
            <OptionalYearInput name={`vk.categories.${index}.maxBirthYear`} label={t('fields.vkMaxBirthYear')} helper={t('help.vkMaxBirthYear')} />
          </Row>
          <LocalizedInput name={`vk.categories.${index}.label`} label={t('fields.vkLabel')} />
        </>
      )}
    </SettingsList>
  );
}
