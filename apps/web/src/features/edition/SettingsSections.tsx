import { memo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AbsenceRounds } from './AbsenceRounds';
import { PrizeTable } from './PrizeTable';
import { CheckInput, DateInput, DateTimeInput, LocalizedInput, MoneyInput, NumberInput, Row, Section, TextInput, type SettingsPath } from './SettingsFields';
import { Categories, MealPlans, MealPrices, RoomTypes, VkCategories } from './SettingsLists';

/**
 * One plain field of the settings form: its input, the form's path, its label (`fields.<label>`) and, where it has
 * them, its help (`help.<helper>`), its unit (`units.<unit>`, or `%` as is) and the text field's type.
 */
type FieldSpec = {
  input: 'text' | 'number' | 'money' | 'check' | 'date' | 'moment' | 'localized';
  name: SettingsPath;
  label: string;
  helper?: string;
  unit?: 'days' | 'months' | 'years' | '%';
  type?: 'email' | 'tel' | 'url';
  optional?: boolean;
};

const field =
  (input: FieldSpec['input']) =>
  (name: SettingsPath, label: string, more: Omit<FieldSpec, 'input' | 'name' | 'label'> = {}): FieldSpec => ({ input, name, label, ...more });
const text = field('text');
const num = field('number');
const money = field('money');
const check = field('check');
const date = field('date');
const moment = field('moment');
const localized = field('localized');

/** A section's content, top to bottom: a field, fields side by side (a `Row`), or one of the lists' editors. */
type Part = FieldSpec | FieldSpec[] | ComponentType<{ timeZone: string }>;

/** A section: its heading `sections.<key>`, its help `help.<help ?? key>`, its element id `s-<id ?? key>`. */
type SectionSpec = { key: string; id?: string; help?: string; parts: Part[] };

const SECTIONS: SectionSpec[] = [
  {
    key: 'general',
    parts: [
      localized('name', 'name'),
      localized('shortName', 'shortName'),
      [text('venue.name', 'venueName'), text('venue.address', 'venueAddress')],
      [date('startDate', 'startDate'), date('endDate', 'endDate', { helper: 'endDate' })],
    ],
  },
  {
    key: 'enrolment',
    help: 'times',
    parts: [
      [moment('enrolment.opensAt', 'opensAt'), moment('enrolment.lateFrom', 'lateFrom', { helper: 'lateFrom' }), moment('enrolment.closesAt', 'closesAt')],
      [money('fees.enrolmentCents', 'enrolmentFee'), money('fees.lateFeeCents', 'lateFee', { helper: 'lateFee' })],
      [money('fees.vk.feeCents', 'vkFee'), money('fees.vk.reducedFeeCents', 'vkReducedFee')],
      num('paymentTerms.enrolmentDays', 'enrolmentDays', { unit: 'days' }),
      check('paymentRequestOnConfirmation', 'paymentRequestOnConfirmation'),
    ],
  },
  {
    key: 'lodging',
    help: 'times',
    parts: [
      [moment('lodging.opensAt', 'lodgingOpensAt'), moment('lodging.closesAt', 'lodgingClosesAt')],
      [check('lodging.extraNightBefore', 'extraNightBefore'), check('lodging.extraNightAfter', 'extraNightAfter')],
      num('paymentTerms.stayDays', 'stayDays', { unit: 'days' }),
    ],
  },
  {
    key: 'rooms',
    parts: [RoomTypes, [money('dhMinorDiscountCents', 'dhMinorDiscount', { helper: 'dhMinorDiscount' }), check('chargeCleaningFee', 'chargeCleaningFee')]],
  },
  {
    key: 'meals',
    parts: [
      MealPlans,
      MealPrices,
      [
        num('meals.ageLimits.under3', 'ageUnder3', { unit: 'years' }),
        num('meals.ageLimits.under12', 'ageUnder12', { unit: 'years' }),
        num('meals.ageLimits.under18', 'ageUnder18', { unit: 'years' }),
      ],
    ],
  },
  {
    key: 'taxes',
    parts: [
      money('touristTaxCents', 'touristTax', { helper: 'touristTax' }),
      [
        num('vatRates.lodging', 'vatLodging', { unit: '%' }),
        num('vatRates.meals', 'vatMeals', { unit: '%' }),
        num('vatRates.touristTax', 'vatTouristTax', { unit: '%' }),
      ],
      [num('vatRates.fee', 'vatFee', { unit: '%' }), num('vatRates.other', 'vatOther', { unit: '%' })],
    ],
  },
  { key: 'categories', parts: [Categories] },
  { key: 'vkCategories', id: 'vk-categories', parts: [VkCategories] },
  { key: 'prizes', parts: [PrizeTable] },
  { key: 'absences', parts: [AbsenceRounds] },
  {
    key: 'privacy',
    parts: [
      [num('retention.personalDataMonths', 'personalDataMonths', { unit: 'months' }), num('retention.accountingYears', 'accountingYears', { unit: 'years' })],
      [
        check('optionalConsents.badgePhoto', 'optionalBadgePhoto'),
        check('optionalConsents.webPhoto', 'optionalWebPhoto'),
        check('optionalConsents.publicName', 'optionalPublicName'),
      ],
    ],
  },
  {
    key: 'contact',
    parts: [
      [text('organiser.name', 'organiserName'), text('organiser.address', 'organiserAddress')],
      [text('organiser.email', 'organiserEmail', { type: 'email' }), text('organiser.phone', 'organiserPhone', { type: 'tel', optional: true })],
      [text('organiser.vatNumber', 'vatNumber'), text('organiser.website', 'website', { type: 'url', optional: true })],
    ],
  },
  { key: 'bank', parts: [[text('bank.iban', 'iban'), text('bank.bic', 'bic')], text('bank.holder', 'holder')] },
];

function SettingsField({ spec, timeZone }: { spec: FieldSpec; timeZone: string }) {
  const { t } = useTranslation('edition');
  const { name, helper: helperKey, unit: unitKey } = spec;
  const label = t(`fields.${spec.label}`);
  const helper = helperKey ? t(`help.${helperKey}`) : undefined;
  switch (spec.input) {
    case 'text':
      return <TextInput name={name} label={label} type={spec.type} required={!spec.optional} />;
    case 'number':
      return <NumberInput name={name} label={label} unit={unitKey === '%' || !unitKey ? unitKey : t(`units.${unitKey}`)} />;
    case 'money':
      return <MoneyInput name={name} label={label} helper={helper} />;
    case 'check':
      return <CheckInput name={name} label={label} />;
    case 'date':
      return <DateInput name={name} label={label} helper={helper} />;
    case 'moment':
      return <DateTimeInput name={name} label={label} timeZone={timeZone} helper={helper} />;
    case 'localized':
      return <LocalizedInput name={name as 'name' | 'shortName'} label={label} />;
  }
}

function SectionPart({ part, timeZone }: { part: Part; timeZone: string }) {
  if (typeof part === 'function') {
    const Editor = part;
    return <Editor timeZone={timeZone} />;
  }
  if (!Array.isArray(part)) return <SettingsField spec={part} timeZone={timeZone} />;
  return (
    <Row>
      {part.map((spec) => (
        <SettingsField key={spec.name} spec={spec} timeZone={timeZone} />
      ))}
    </Row>
  );
}

/**
 * Every section of the form, drawn from `SECTIONS`. Memoised: saving (the mutation's state, the notice, the new save
 * time) re-renders the form around it but none of its hundreds of inputs; each input re-renders by itself through
 * react-hook-form.
 */
export const SettingsSections = memo(function SettingsSections({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('edition');
  return SECTIONS.map(({ key, id, help, parts }) => (
    <Section key={key} id={`s-${id ?? key}`} title={t(`sections.${key}`)} help={t(`help.${help ?? key}`, { timeZone })}>
      {parts.map((part, index) => (
        <SectionPart key={index} part={part} timeZone={timeZone} />
      ))}
    </Section>
  ));
});
