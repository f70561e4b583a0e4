import { act, cleanup, configure, fireEvent, render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { Language } from '@bjk/domain/languages';
import type { Role } from '@bjk/domain/permissions';
import { publicEditionSchema, type EditionSettings } from '@bjk/domain/edition';
import { menuEntrySchema } from '@bjk/domain/content';
import { expect, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { App } from '../app/App';
import { endSession, startSession } from '../shared/auth/session';
import { invalidateResources } from '../shared/data/resource';
import { resetInlinedAnswers } from '../shared/http/client';
import { changeLanguage, initI18n } from '../shared/i18n';
import { queryClient } from '../shared/query/QueryProvider';
import { editionSettings, managerLogin, publicEdition } from './fixtures';
import { network, ok, route, type Route } from './network';

export { fail, file, network, ok, route, type Route } from './network';
export { editionSettings, managerLogin, publicEdition } from './fixtures';

export type PageOptions = {
  /** The visitor's language (nl, the site's default, unless given). */
  language?: Language;
  /** Logged in as a manager with these roles' permissions (the back office). */
  manager?: Role[];
  /** The edition the site reads (`GET /api/v1/stay/common`); the seeded demo edition with its windows open by default. */
  edition?: EditionSettings;
  /** The page's own answers, besides the shell's (edition and public menu). */
  routes?: Route[];
};

function tearDown(): void {
  cleanup();
  endSession();
  window.localStorage.clear();
  // Each test starts from an empty cache: what one test's page loaded is not another's.
  queryClient.clear();
  invalidateResources('');
  resetInlinedAnswers();
  vi.unstubAllGlobals();
  // A request no route answered is a page reading something the test did not expect.
  expect(network.unanswered.map((r) => `${r.method} ${r.path}`)).toEqual([]);
}

/** What every page of the site reads first (the layout: the edition, the public menu). */
function shellRoutes(edition: EditionSettings): Route[] {
  return [
    route('GET /api/v1/stay/common', ok(publicEditionSchema, publicEdition(edition))),
    route('GET /api/v1/page/anon/menu', ok(z.array(menuEntrySchema), [])),
  ];
}

/**
 * Opens `address` in the real app: the real route table and router, the real i18next set-up with the real
 * translation files in the chosen language, the real resource cache and TanStack Query client, and a manager's
 * session when asked for. Only the network is the test's (`network`, see network.ts).
 */
export async function renderPage(address: string, options: PageOptions = {}): Promise<RenderResult> {
  // Set up and torn down per test from here (not by hooks at this module's top level, which a run without isolation
  // registers for the first test file only).
  network.reset();
  vi.stubGlobal('fetch', network.fetch);
  onTestFinished(tearDown);
  const language = options.language ?? 'nl';
  if (i18next.isInitialized) await changeLanguage(language);
  else await initI18n(language);
  network.answer(...shellRoutes(options.edition ?? editionSettings()), ...(options.routes ?? []));
  if (options.manager) startSession(managerLogin(options.manager));
  window.history.replaceState(null, '', address);
  // A page suspends while its code, texts and data load: React retries it when rendered in an awaited act().
  let view!: RenderResult;
  await act(async () => {
    view = render(<App />);
  });
  return view;
}

// Deadlines, not waits: findBy*/waitFor return as soon as what they wait for is there (a few hundred ms on a quiet
// machine). A file's first back-office page loads MUI and the page's code (transformed on first use): on the shared
// 2-core machine at load 20-25 that alone took 20 s of wall time (some 3 s of CPU), the settings page (240 fields) 60 s.
configure({ asyncUtilTimeout: 60_000 });
vi.setConfig({ testTimeout: 180_000 });

/** An element's text as read, with the no-break spaces of formatted money and dates as plain spaces. */
export function textOf(element: Element | null): string {
  return (element?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * What a visitor does, each inside an awaited act(): a click or a typed value that shows the next part of a page
 * (a wizard's step, loaded on first use) suspends it, and React retries a suspended render within an awaited act only.
 */
export async function click(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Types `value` into a field (replacing what was there), as a change event: what react-hook-form and React read. */
export async function type(field: Element, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(field, { target: { value } });
  });
}
