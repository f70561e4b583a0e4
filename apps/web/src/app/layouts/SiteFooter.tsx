import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../../shared/edition/useEdition';
import { useFirstUse } from '../../shared/first-use';
import { formatIban } from '../../shared/format';
import { lazyWithMui } from '../lazy-page';

const SponsorCarousel = lazyWithMui(() => import('../../features/files/SponsorCarousel'));

/**
 * The sponsors' strip above the footer loads once the visitor starts using the page (scrolls, points,
 * types), never with the first page itself: the home page's JavaScript budget.
 */
function SponsorsAfterFirstUse() {
  const [used, setUsed] = useState(false);
  useFirstUse(useCallback(() => setUsed(true), []));
  return used ? (
    <Suspense fallback={null}>
      <SponsorCarousel />
    </Suspense>
  ) : null;
}

function Footer() {
  const { t } = useTranslation('common');
  const edition = useEdition();
  const { organiser, bank } = edition;
  return (
    <footer className="bjk-footer">
      <div className="bjk-footer-grid">
        <div>
          <p className="bjk-footer-name">{organiser.name}</p>
          <address className="bjk-body2">{organiser.address}</address>
          <p className="bjk-body2">
            <a href={`mailto:${organiser.email}`} data-testid="footer-email">
              {organiser.email}
            </a>
          </p>
        </div>
        <div>
          <p className="bjk-body2" data-testid="footer-vat">
            {t('footer.vat', { vat: organiser.vatNumber })}
          </p>
          <p className="bjk-body2" data-testid="footer-iban">
            {t('footer.iban', { iban: formatIban(bank.iban), bic: bank.bic })}
          </p>
        </div>
      </div>
    </footer>
  );
}

/** The public site's footer: the sponsors' strip (after first use), then the organiser's contact and bank details. */
export function SiteFooter() {
  return (
    <>
      <SponsorsAfterFirstUse />
      <Footer />
    </>
  );
}
