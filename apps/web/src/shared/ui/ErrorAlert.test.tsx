import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http';
import { initI18n } from '../i18n';
import { ErrorAlert } from './ErrorAlert';

beforeAll(async () => {
  await initI18n('en', ['errors']);
});

describe('a failed call shown to a manager', () => {
  it('names the value the server gave in its details', async () => {
    const error = new HttpError(400, 'payments.statement_currency', 'chf.xml is a statement in CHF', { currency: 'CHF' });
    render(
      <Suspense>
        <ErrorAlert error={error} />
      </Suspense>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This statement is in CHF: only statements in euros can be imported');
  });
});

describe('the server too busy for heavy work (503 platform.busy, issue 22)', () => {
  it.each([
    ['nl', 'De server is bezig met zwaar werk; probeer het zo meteen opnieuw'],
    ['fr', 'Le serveur est occupé par un travail lourd ; réessayez dans un instant'],
    ['de', 'Der Server ist mit aufwendiger Arbeit beschäftigt; versuchen Sie es gleich noch einmal'],
    ['en', 'The server is busy with heavy work; try again in a moment'],
  ])('is told in %s', async (language, text) => {
    await i18next.changeLanguage(language);
    await i18next.loadNamespaces('errors');
    cleanup();
    render(
      <Suspense>
        <ErrorAlert error={new HttpError(503, 'platform.busy', 'The server is busy with heavy work, retry in a moment')} />
      </Suspense>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});
