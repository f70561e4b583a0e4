import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { badgeSummaryQuerySchema, badgeSummarySchema, printJobSchema, printQueueSchema, printRequestSchema, type PrintJob } from '@bjk/domain/print';
import { click, fail, file, network, ok, renderPage, route, textOf, type Route } from '../../test/render-page';

const JOB = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const summary = {
  total: 3,
  unprinted: 1,
  printed: 1,
  reprint: 1,
  withoutPhoto: [{ holder: 'participant' as const, id: 12, firstName: 'Lotte', lastName: 'Peeters', category: 'U12', state: 'unprinted' as const }],
  person: null,
};
const job = (change: Partial<PrintJob> = {}): PrintJob => ({
  id: JOB,
  document: 'badges',
  preview: false,
  status: 'running',
  done: 0,
  total: 3,
  pages: 0,
  bytes: 0,
  error: null,
  queuePosition: null,
  createdBy: 'manager@example.org',
  createdAt: '2027-02-14T09:00:00.000Z',
  finishedAt: null,
  ...change,
});

const page = (extra: Route[] = []): Route[] => [
  route('GET /api/v1/print/badges/summary', ok(badgeSummarySchema, summary)),
  route('GET /api/v1/print/jobs', ok(printQueueSchema, [])),
  ...extra,
];

describe('printing', () => {
  it('shows how many badges there are in each state and who has no photo, before anything is printed', async () => {
    await renderPage('/mgmt/print', { manager: ['registrar'], routes: page() });
    const shown = await screen.findByTestId('print-summary');
    expect(within(shown).getByText('3 badges')).toBeTruthy();
    expect(within(shown).getByText('1 opnieuw af te drukken')).toBeTruthy();
    expect(textOf(within(shown).getByTestId('print-without-photo'))).toBe('1 persoon heeft geen foto en krijgt een plaatshouder: Lotte Peeters (U12)');
    expect(badgeSummaryQuerySchema.parse(Object.fromEntries(network.sentTo('GET /api/v1/print/badges/summary')[0]!.query))).toMatchObject({
      kind: 'bjk',
      scope: 'all',
    });
  });

  it('makes the PDF as a job it follows to the end, then offers the download', async () => {
    // The job stays running until the test has seen its progress (on a busy machine the page may poll twice before it looks).
    let progressSeen = false;
    await renderPage('/mgmt/print', {
      manager: ['registrar'],
      routes: page([
        route('POST /api/v1/print/jobs', ok(printJobSchema, job(), 202)),
        route('GET /api/v1/print/jobs/:id', () =>
          ok(printJobSchema, progressSeen ? job({ status: 'done', done: 3, pages: 1, bytes: 5000, finishedAt: '2027-02-14T09:00:05.000Z' }) : job({ done: 2 })),
        ),
        route('GET /api/v1/print/jobs/:id/pdf', file(new Blob(['%PDF-1.7'], { type: 'application/pdf' }))),
      ]),
    });
    await screen.findByTestId('print-summary');
    await click(screen.getByTestId('print-produce'));
    expect(textOf(await screen.findByTestId('print-progress'))).toMatch(/^(0|2) van 3 klaar$/);
    progressSeen = true;
    expect(await screen.findByText('Klaar: 3 stuks op 1 blad(en)')).toBeTruthy();
    const [sent] = network.sentTo('POST /api/v1/print/jobs');
    expect(printRequestSchema.parse(sent!.body)).toEqual({ document: 'badges', kind: 'bjk', selection: { scope: 'all' }, preview: false });
    expect(sent!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The browser's own download (an anchor clicked with a file name) is not the page's to prove: caught here.
    const saved: string[] = [];
    const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    onTestFinished(() => anchorClick.mockRestore());
    await click(screen.getByTestId('print-download'));
    await waitFor(() => expect(saved).toEqual(['badges-bjk2027.pdf']));
    expect(network.sentTo(`GET /api/v1/print/jobs/${JOB}/pdf`)).toHaveLength(1);
  });

  it('says where a waiting job stands in the queue, and why a failed one failed, in the manager’s words', async () => {
    let polled = 0;
    await renderPage('/mgmt/print', {
      manager: ['registrar'],
      routes: page([
        route('POST /api/v1/print/jobs', ok(printJobSchema, job({ status: 'queued', queuePosition: 2 }), 202)),
        // Waiting at first; the next poll finds it failed.
        route('GET /api/v1/print/jobs/:id', () => {
          polled += 1;
          return ok(printJobSchema, polled < 2 ? job({ status: 'queued', queuePosition: 2 }) : job({ status: 'failed', error: 'platform.worker_failed' }));
        }),
      ]),
    });
    await screen.findByTestId('print-summary');
    await click(screen.getByTestId('print-produce'));
    expect(textOf(await screen.findByTestId('print-queued'))).toBe('Wacht: nummer 2 in de wachtrij (de server drukt één opdracht tegelijk)');
    expect(
      await screen.findByText('De PDF kon niet gemaakt worden: Het zware werk van dit verzoek is mislukt; probeer het opnieuw', {}, { timeout: 30_000 }),
    ).toBeTruthy();
  });

  it('shows a refused print request translated', async () => {
    await renderPage('/mgmt/print', {
      manager: ['registrar'],
      language: 'en',
      routes: page([route('POST /api/v1/print/jobs', fail(503, 'platform.busy'))]),
    });
    await screen.findByTestId('print-summary');
    await click(screen.getByTestId('print-produce'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('platform.busy');
    expect(alert.textContent).not.toBe('');
  });

  it('prints one person’s badge when opened from their page', async () => {
    await renderPage('/mgmt/print?holder=participant&id=12', {
      manager: ['registrar'],
      routes: page([
        route(
          'GET /api/v1/print/badges/summary',
          ok(badgeSummarySchema, { ...summary, total: 1, printed: 0, reprint: 0, person: summary.withoutPhoto[0]!, withoutPhoto: [] }),
        ),
      ]),
    });
    expect(await screen.findByText(/Lotte Peeters/)).toBeTruthy();
    expect(badgeSummaryQuerySchema.parse(Object.fromEntries(network.sentTo('GET /api/v1/print/badges/summary')[0]!.query))).toMatchObject({
      scope: 'person',
      holder: 'participant',
      id: 12,
    });
  });
});
