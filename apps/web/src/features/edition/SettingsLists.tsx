import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MEAL_PLANS, type EditionSettings } from '@bjk/domain/edition';
import {
  AddButton,
  CheckInput,
  ListItemCard,
  LocalizedInput,
  MoneyInput,
  NumberInput,
  OptionalYearInput,
  Row,
  TextInput,
  useFieldError,
} from './SettingsFields';

/**
 * The lists of the settings form, each added to and removed from in place: room types, meal plans and their prices,
 * the youth categories and the vk's. Inputs and layout pieces come from SettingsFields; the form's state from
 * react-hook-form's context (SettingsPage holds the form).
 */
export function RoomTypes() {
  const { t } = useTranslation('edition');
  const { control } = useFormContext<EditionSettings>();
  const rooms = useFieldArray({ control, name: 'roomTypes' });
  return (
    <Stack spacing={2}>
      {rooms.fields.map((room, index) => (
        <ListItemCard
          key={room.id}
          title={t('fields.roomType', { number: index + 1 })}
          removeLabel={t('actions.removeRoomType', { number: index + 1 })}
          onRemove={() => rooms.remove(index)}
          testId="room-type"
        >
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
        </ListItemCard>
      ))}
      <AddButton
        label={t('actions.addRoomType')}
        onClick={() =>
          rooms.append({
            code: '',
            label: { nl: '', fr: '', de: '', en: '' },
            minPersons: 1,
            maxPersons: 2,
            pricePerNightCents: 0,
            cleaningFeeCents: 0,
            breakfastIncluded: false,
            hotel: false,
            available: true,
          })
        }
      />
    </Stack>
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
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Typography component="legend" variant="subtitle2">
            {t('fields.mealPlans')}
          </Typography>
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
        </fieldset>
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
        <fieldset key={price.ageGroup} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t(`ageGroups.${price.ageGroup}`)}
          </Typography>
          <Row>
            <MoneyInput name={`meals.prices.${index}.breakfastCents`} label={t('fields.breakfastPrice')} />
            <MoneyInput name={`meals.prices.${index}.halfCents`} label={t('fields.halfPrice')} />
            <MoneyInput name={`meals.prices.${index}.dinnerCents`} label={t('fields.dinnerPrice')} />
          </Row>
        </fieldset>
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
            <Controller
              control={control}
              name={`categories.${index}.kind`}
              render={({ field }) => (
                <TextField select label={t('fields.categoryKind')} {...field}>
                  <MenuItem value="player">{t('categoryKinds.player')}</MenuItem>
                  <MenuItem value="staff">{t('categoryKinds.staff')}</MenuItem>
                </TextField>
              )}
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

const NO_GENDER = 'any';

/** The Flemish championship's (vk) categories: code, name in four languages, who may play (gender, birth years), colour. */
export function VkCategories() {
  const { t } = useTranslation('edition');
  const { control } = useFormContext<EditionSettings>();
  const categories = useFieldArray({ control, name: 'vk.categories' });
  return (
    <Stack spacing={2}>
      {categories.fields.map((category, index) => (
        <ListItemCard
          key={category.id}
          title={t('fields.vkCategory', { number: index + 1 })}
          removeLabel={t('actions.removeVkCategory', { number: index + 1 })}
          onRemove={() => categories.remove(index)}
          testId="vk-category"
        >
          <Row>
            <TextInput name={`vk.categories.${index}.code`} label={t('fields.categoryCode')} helper={t('help.code')} />
            <Controller
              control={control}
              name={`vk.categories.${index}.gender`}
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.gender')}
                  value={field.value ?? NO_GENDER}
                  onChange={(e) => field.onChange(e.target.value === NO_GENDER ? undefined : e.target.value)}
                  onBlur={field.onBlur}
                >
                  <MenuItem value={NO_GENDER}>{t('genders.any')}</MenuItem>
                  <MenuItem value="M">{t('genders.M')}</MenuItem>
                  <MenuItem value="F">{t('genders.F')}</MenuItem>
                </TextField>
              )}
            />
            <TextInput name={`vk.categories.${index}.color`} label={t('fields.color')} type="color" />
          </Row>
          <Row>
            <OptionalYearInput name={`vk.categories.${index}.minBirthYear`} label={t('fields.vkMinBirthYear')} helper={t('help.vkMinBirthYear')} />
            <OptionalYearInput name={`vk.categories.${index}.maxBirthYear`} label={t('fields.vkMaxBirthYear')} helper={t('help.vkMaxBirthYear')} />
          </Row>
          <LocalizedInput name={`vk.categories.${index}.label`} label={t('fields.vkLabel')} />
        </ListItemCard>
      ))}
      <AddButton
        label={t('actions.addVkCategory')}
        onClick={() => categories.append({ code: '', label: { nl: '', fr: '', de: '', en: '' }, color: '#9e9e9e' })}
      />
    </Stack>
  );
}
