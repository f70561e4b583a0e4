import { render, screen } from '@testing-library/react';
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
