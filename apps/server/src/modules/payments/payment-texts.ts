import type { Language } from '@bjk/domain';
import { fill, perLanguage } from '../../platform/texts.js';
import texts from './payment-texts.json' with { type: 'json' };

/** Words of the payment e-mail, the invoice PDF and its mail, in the payer's language (rendered on the server). */
export type PaymentTexts = {
  requestSubject: (number: number, edition: string) => string;
  greeting: (name: string) => string;
  requestIntro: (edition: string) => string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  discount: string;
  total: string;
  alreadyReceived: string;
  outstanding: string;
  dueDate: string;
  beneficiary: string;
  iban: string;
  bic: string;
  structuredMessage: string;
  scanHint: string;
  pageLink: string;
  closing: string;
  invoiceSubject: (number: number, edition: string) => string;
  invoiceIntro: string;
  invoiceTitle: string;
  invoiceNumber: string;
  invoiceDate: string;
  customer: string;
  vatNumber: string;
  priceExclVat: string;
  vatRate: string;
  vat: string;
  priceInclVat: string;
  totalExclVat: string;
  totalVat: string;
  totalInclVat: string;
  paymentDate: string;
  paymentMessage: string;
  paidThanks: string;
  enrolmentFee: (edition: string, player: string, category: string) => string;
  lateFee: string;
  /** The payer of a minor's fee whose parent gave an address but no name: greeted as "the parent of …". */
  parentOf: (child: string) => string;
};

/** The words are in payment-texts.json; the texts with values are filled in here. */
export const PAYMENT_TEXTS: Record<Language, PaymentTexts> = perLanguage(texts, (words) => ({
  ...words,
  requestSubject: (number, edition) => fill(words.requestSubject, { number, edition }),
  greeting: (name) => fill(words.greeting, { name }),
  requestIntro: (edition) => fill(words.requestIntro, { edition }),
  invoiceSubject: (number, edition) => fill(words.invoiceSubject, { number, edition }),
  enrolmentFee: (edition, player, category) => fill(words.enrolmentFee, { edition, player, category }),
  parentOf: (child) => fill(words.parentOf, { child }),
}));
