import { Component, Suspense, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Programme as ProgrammeData } from '@bjk/domain/content';
import type { EditionEvent } from '@bjk/domain/edition';
import type { Language } from '@bjk/domain/languages';
import { dateInTimeZone } from '@bjk/domain/dates';
import { useResource } from '../../shared/data/resource';
import { formatDate, formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { SelectInput } from '../../shared/ui/plain/fields';
import { Icon } from '../../shared/ui/plain/Icon';
import { shellButtonClass } from '../../shared/ui/ShellButton';
import { loadProgramme, programmeKey } from './api';
import { ContentPage } from './ContentPage';
import './schedule.css';

const ALL = 'all';
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** "maandag 15 februari" as a heading: only the first letter up (months stay lower case in nl and fr). */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const categoryOf = (value: string) => (value === ALL ? null : value);

function feedPath(category: string, language: string): string {
  const query = new URLSearchParams({ lang: language, ...(category === ALL ? {} : { category }) });
  return `/api/v1/calendar/anon/ics?${query}`;
}

/** The events by calendar day in the edition's time zone, in the programme's (time) order. */
function byDay(events: readonly EditionEvent[], timeZone: string): [string, EditionEvent[]][] {
  const days = new Map<string, EditionEvent[]>();
  for (const event of events) {
    const day = dateInTimeZone(new Date(event.start), timeZone);
    const list = days.get(day);
    if (list) list.push(event);
    else days.set(day, [event]);
  }
  return [...days.entries()];
}

/**
 * The programme: a native select of categories, the calendar feed's links, the events by day. Plain elements and
 * static CSS (no MUI: decision 0003), cheap to render on a slow phone. Another category's programme loads behind the
 * one shown (`useDeferredValue`): the select follows the choice at once, the days when they arrive.
 */
function Programme() {
  // Its own namespace: the home page loads `content`, and these words are only needed here.
  const { t } = useTranslation('calendar');
  const language = currentLanguage();
  const [category, setCategory] = useState(ALL);
  const shown = useDeferredValue(category);
  const programme = useResource(programmeKey(categoryOf(shown)), () => loadProgramme(categoryOf(shown)));
  const feed = feedPath(category, language);
  return (
    <div className="bjk-stack" data-testid="programme">
      <div className="bjk-programme-tools">
        <SelectInput
          label={t('category')}
          className="bjk-programme-category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          data-testid="programme-category"
        >
          <option value={ALL}>{t('allCategories')}</option>
          {programme.categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectInput>
        <a className={shellButtonClass('outlined')} href={`webcal://${window.location.host}${feed}`} data-testid="programme-subscribe">
          <Icon name="event" size={20} />
          {t('subscribe')}
        </a>
        <a className={shellButtonClass('text')} href={feed} data-testid="programme-feed">
          {t('download')}
        </a>
      </div>
      <p className="bjk-body2">{t('timeZone', { timeZone: programme.timeZone })}</p>
      <Days programme={programme} language={language} stale={shown !== category} />
    </div>
  );
}

function Days({ programme, language, stale }: { programme: ProgrammeData; language: Language; stale: boolean }) {
  const { timeZone, events } = programme;
  const days = useMemo(() => byDay(events, timeZone), [events, timeZone]);
  const time = (instant: string) => formatDateTime(instant, language, timeZone, TIME);
  return (
    <div className={stale ? 'bjk-stack bjk-programme-stale' : 'bjk-stack'} aria-busy={stale || undefined}>
      {days.map(([day, dayEvents]) => (
        <section key={day} className="bjk-card bjk-programme-day" aria-labelledby={`day-${day}`}>
          <h2 className="bjk-programme-date" id={`day-${day}`}>
            {capitalised(formatDate(day, language, { weekday: 'long', day: 'numeric', month: 'long' }))}
          </h2>
          <ul className="bjk-programme-events">
            {dayEvents.map((event) => (
              <li key={event.id} className={`bjk-programme-event bjk-programme-event--${event.kind}`}>
                <span className="bjk-programme-time">
                  {time(event.start)}
                  {event.end ? `–${time(event.end)}` : ''}
                </span>
                <span>
                  <span className="bjk-programme-title">{event.title[language]}</span>
                  {event.location && <span className="bjk-programme-location">{event.location}</span>}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A programme that fails to load says so under the page's text (which did load); a later visit loads it again. */
class ProgrammeBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    return this.state.error ? <ErrorNotice error={this.state.error} /> : this.props.children;
  }
}

/** /schedule: the organisers' text, then the programme of the edition and its calendar feed. */
export function SchedulePage() {
  return (
    <ContentPage slug="schedule">
      <ProgrammeBoundary>
        <Suspense fallback={<PageLoading />}>
          <Programme />
        </Suspense>
      </ProgrammeBoundary>
    </ContentPage>
  );
}
