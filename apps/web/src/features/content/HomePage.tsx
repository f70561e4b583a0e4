import { useTranslation } from 'react-i18next';
import { dateInTimeZone, daysBetween } from '@bjk/domain/dates';
import { Link } from 'react-router';
import type { Language } from '@bjk/domain/languages';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { shellButtonClass } from '../../shared/ui/ShellButton';
import { loadNewsList, loadPublishedPage, newsListKey, pageKey } from './api';
import { HtmlBlock } from './HtmlBlock';
import { NewsList } from './NewsList';
import { preloadResource, useResource } from '../../shared/data/resource';
import './content.css';

// The organisers may unpublish the home text (then null); the facts and news still show.
const loadHomeText = (language: Language) => () => loadPublishedPage('home', language);

/** Starts loading the home page's text and news at start-up, side by side with the edition and the texts. */
export function preloadHomePage(language: Language): void {
  preloadResource(pageKey('home', language), loadHomeText(language));
  preloadResource(newsListKey(language), () => loadNewsList(language));
}

/** Home: the organisers' welcome text, the edition's key facts and the latest news (plain elements, content.css: no MUI). */
export function HomePage() {
  const { t } = useTranslation('content');
  const edition = useEdition();
  const language = currentLanguage();
  const home = useResource(pageKey('home', language), loadHomeText(language));
  const nights = daysBetween(edition.startDate, edition.endDate);
  // While the championship runs (its dates, in its time zone) the page leads to the results and the live games first.
  const today = dateInTimeZone(new Date(), edition.timeZone);
  const running = edition.startDate <= today && today <= edition.endDate;
  const facts = [
    {
      key: 'when',
      title: t('home.when'),
      text: t('home.dates', { start: formatDate(edition.startDate, language), end: formatDate(edition.endDate, language), nights }),
    },
    { key: 'where', title: t('home.where'), text: `${edition.venue.name}, ${edition.venue.address}` },
    {
      key: 'enrolment',
      title: t('home.enrolment'),
      text: t('home.enrolmentText', {
        fee: formatMoney(edition.fees.enrolmentCents, language),
        closes: formatDateTime(edition.enrolment.closesAt, language, edition.timeZone),
      }),
    },
    {
      key: 'lodging',
      title: t('home.lodging'),
      text: t('home.lodgingText', {
        opens: formatDateTime(edition.lodging.opensAt, language, edition.timeZone),
        closes: formatDateTime(edition.lodging.closesAt, language, edition.timeZone),
      }),
    },
  ];
  return (
    <div className="bjk-home">
      <div className="bjk-home-intro">
        <h1 className="bjk-h1" data-testid="home-title">
          {edition.name[language]}
        </h1>
        <p className="bjk-body1">{t('home.welcome', { name: edition.shortName[language], venue: edition.venue.name })}</p>
      </div>
      {running && (
        <nav aria-label={t('home.duringTitle')} className="bjk-home-during" data-testid="home-during">
          <Link className={shellButtonClass('contained', undefined, 'large')} to="/results">
            {t('home.results')}
          </Link>
          <Link className={shellButtonClass('outlined', undefined, 'large')} to="/games">
            {t('home.liveGames')}
          </Link>
        </nav>
      )}
      {home && (
        <section aria-label={home.title} lang={home.language} data-testid="home-content">
          {home.fallback && (
            <div role="note" className="bjk-note">
              {t('fallback', { language: t(`languages.${home.language}`) })}
            </div>
          )}
          <HtmlBlock html={home.bodyHtml} />
        </section>
      )}
      <section aria-label={t('home.facts')} className="bjk-facts">
        {facts.map((fact) => (
          <div key={fact.key} className="bjk-fact">
            <h2 className="bjk-fact-title">{fact.title}</h2>
            <p className="bjk-body2">{fact.text}</p>
          </div>
        ))}
      </section>
      <NewsList limit={5} />
    </div>
  );
}
