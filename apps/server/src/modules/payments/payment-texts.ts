import type { Language } from '@bjk/domain';

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

const nl: PaymentTexts = {
  requestSubject: (n, e) => `${e}: betalingsverzoek ${n}`,
  greeting: (name) => `Beste ${name},`,
  requestIntro: (e) => `Hieronder vind je wat je verschuldigd bent voor ${e}. Gebruik bij de overschrijving de gestructureerde mededeling.`,
  description: 'Omschrijving',
  quantity: 'Aantal',
  unitPrice: 'Eenheidsprijs',
  amount: 'Bedrag',
  discount: 'Korting',
  total: 'Totaal',
  alreadyReceived: 'Reeds ontvangen',
  outstanding: 'Nog te betalen',
  dueDate: 'Te betalen vóór',
  beneficiary: 'Begunstigde',
  iban: 'IBAN',
  bic: 'BIC',
  structuredMessage: 'Gestructureerde mededeling',
  scanHint: 'Scan deze code met je bankapp om de overschrijving ingevuld te krijgen.',
  pageLink: 'Deze gegevens en de QR-code staan ook op je betaalpagina:',
  closing: 'Met vriendelijke groeten,',
  invoiceSubject: (n, e) => `${e}: factuur ${n}`,
  invoiceIntro: 'In de bijlage vind je de factuur voor je betaling.',
  invoiceTitle: 'Factuur',
  invoiceNumber: 'Factuurnummer',
  invoiceDate: 'Factuurdatum',
  customer: 'Klant',
  vatNumber: 'Btw-nummer',
  priceExclVat: 'Prijs excl. btw',
  vatRate: 'Btw %',
  vat: 'Btw',
  priceInclVat: 'Prijs incl. btw',
  totalExclVat: 'Totaal excl. btw',
  totalVat: 'Totaal btw',
  totalInclVat: 'Totaal incl. btw',
  paymentDate: 'Betaald op',
  paymentMessage: 'Mededeling',
  paidThanks: 'Betaald. Hartelijk dank.',
  enrolmentFee: (e, p, c) => `Inschrijving ${e}: ${p} (${c})`,
  lateFee: 'Administratiekost late inschrijving',
  parentOf: (child) => `ouder van ${child}`,
};

const fr: PaymentTexts = {
  requestSubject: (n, e) => `${e} : demande de paiement ${n}`,
  greeting: (name) => `Bonjour ${name},`,
  requestIntro: (e) => `Voici le montant dû pour ${e}. Merci d’utiliser la communication structurée lors du virement.`,
  description: 'Description',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  discount: 'Réduction',
  total: 'Total',
  alreadyReceived: 'Déjà reçu',
  outstanding: 'Reste à payer',
  dueDate: 'À payer avant le',
  beneficiary: 'Bénéficiaire',
  iban: 'IBAN',
  bic: 'BIC',
  structuredMessage: 'Communication structurée',
  scanHint: 'Scannez ce code avec votre application bancaire pour préremplir le virement.',
  pageLink: 'Ces informations et le code QR figurent aussi sur votre page de paiement :',
  closing: 'Meilleures salutations,',
  invoiceSubject: (n, e) => `${e} : facture ${n}`,
  invoiceIntro: 'Vous trouverez en pièce jointe la facture de votre paiement.',
  invoiceTitle: 'Facture',
  invoiceNumber: 'Numéro de facture',
  invoiceDate: 'Date de facture',
  customer: 'Client',
  vatNumber: 'Numéro de TVA',
  priceExclVat: 'Prix HTVA',
  vatRate: 'TVA %',
  vat: 'TVA',
  priceInclVat: 'Prix TVAC',
  totalExclVat: 'Total HTVA',
  totalVat: 'Total TVA',
  totalInclVat: 'Total TVAC',
  paymentDate: 'Payé le',
  paymentMessage: 'Communication',
  paidThanks: 'Payé. Merci beaucoup.',
  enrolmentFee: (e, p, c) => `Inscription ${e} : ${p} (${c})`,
  lateFee: 'Frais administratifs d’inscription tardive',
  parentOf: (child) => `parent de ${child}`,
};

const de: PaymentTexts = {
  requestSubject: (n, e) => `${e}: Zahlungsaufforderung ${n}`,
  greeting: (name) => `Guten Tag ${name},`,
  requestIntro: (e) => `Hier finden Sie den fälligen Betrag für ${e}. Bitte verwenden Sie bei der Überweisung die strukturierte Mitteilung.`,
  description: 'Beschreibung',
  quantity: 'Anzahl',
  unitPrice: 'Einzelpreis',
  amount: 'Betrag',
  discount: 'Rabatt',
  total: 'Gesamt',
  alreadyReceived: 'Bereits erhalten',
  outstanding: 'Noch zu zahlen',
  dueDate: 'Zahlbar bis',
  beneficiary: 'Empfänger',
  iban: 'IBAN',
  bic: 'BIC',
  structuredMessage: 'Strukturierte Mitteilung',
  scanHint: 'Scannen Sie diesen Code mit Ihrer Banking-App, um die Überweisung auszufüllen.',
  pageLink: 'Diese Angaben und der QR-Code stehen auch auf Ihrer Zahlungsseite:',
  closing: 'Mit freundlichen Grüßen',
  invoiceSubject: (n, e) => `${e}: Rechnung ${n}`,
  invoiceIntro: 'Im Anhang finden Sie die Rechnung zu Ihrer Zahlung.',
  invoiceTitle: 'Rechnung',
  invoiceNumber: 'Rechnungsnummer',
  invoiceDate: 'Rechnungsdatum',
  customer: 'Kunde',
  vatNumber: 'USt-IdNr.',
  priceExclVat: 'Preis netto',
  vatRate: 'MwSt. %',
  vat: 'MwSt.',
  priceInclVat: 'Preis brutto',
  totalExclVat: 'Summe netto',
  totalVat: 'Summe MwSt.',
  totalInclVat: 'Summe brutto',
  paymentDate: 'Bezahlt am',
  paymentMessage: 'Mitteilung',
  paidThanks: 'Bezahlt. Vielen Dank.',
  enrolmentFee: (e, p, c) => `Anmeldung ${e}: ${p} (${c})`,
  lateFee: 'Verwaltungsgebühr für späte Anmeldung',
  parentOf: (child) => `Eltern von ${child}`,
};

const en: PaymentTexts = {
  requestSubject: (n, e) => `${e}: payment request ${n}`,
  greeting: (name) => `Dear ${name},`,
  requestIntro: (e) => `Below is what you owe for ${e}. Please use the structured message with your transfer.`,
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  discount: 'Discount',
  total: 'Total',
  alreadyReceived: 'Already received',
  outstanding: 'Still to pay',
  dueDate: 'Due by',
  beneficiary: 'Beneficiary',
  iban: 'IBAN',
  bic: 'BIC',
  structuredMessage: 'Structured message',
  scanHint: 'Scan this code with your banking app to fill in the transfer.',
  pageLink: 'These details and the QR code are also on your payment page:',
  closing: 'Kind regards,',
  invoiceSubject: (n, e) => `${e}: invoice ${n}`,
  invoiceIntro: 'Attached is the invoice for your payment.',
  invoiceTitle: 'Invoice',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  customer: 'Customer',
  vatNumber: 'VAT number',
  priceExclVat: 'Price excl. VAT',
  vatRate: 'VAT %',
  vat: 'VAT',
  priceInclVat: 'Price incl. VAT',
  totalExclVat: 'Total excl. VAT',
  totalVat: 'Total VAT',
  totalInclVat: 'Total incl. VAT',
  paymentDate: 'Paid on',
  paymentMessage: 'Payment message',
  paidThanks: 'Paid. Thank you.',
  enrolmentFee: (e, p, c) => `Enrolment ${e}: ${p} (${c})`,
  lateFee: 'Late enrolment administrative fee',
  parentOf: (child) => `parent of ${child}`,
};

export const PAYMENT_TEXTS: Record<Language, PaymentTexts> = { nl, fr, de, en };
