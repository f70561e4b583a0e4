import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, loginAsAdmin } from './manager';

/** Set-up through the API as the back office would: the category's delay and a push token for the relay. */
async function prepareCategory(request: APIRequestContext, token: string, category: string, delaySeconds: number): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const saved = await request.put(`/api/v1/games/sources/${category}`, {
    headers: auth,
    data: { delaySeconds, pollUrl: null, pollSeconds: 30, pollRound: null },
  });
  expect(saved.status()).toBe(200);
  const rotated = await request.post(`/api/v1/games/sources/${category}/token`, { headers: auth });
  expect(rotated.status()).toBe(200);
  return (await rotated.json()).token as string;
}

/** What the venue's relay does: post the round's PGN with the category's push token. */
async function push(request: APIRequestContext, category: string, pushToken: string, pgn: string) {
  const response = await request.post(`/api/v1/games/push/${category}`, {
    headers: { authorization: `Bearer ${pushToken}`, 'content-type': 'application/x-chess-pgn' },
    data: pgn,
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).errors).toEqual([]);
}

const roundPgn = (round: number, games: { board: number; white: string; black: string; moves: string; result?: string }[]) =>
  games
    .map(
      (g) =>
        `[Event "E2E"]\n[Round "${round}.${g.board}"]\n[White "${g.white}"]\n[Black "${g.black}"]\n[Result "${g.result ?? '*'}"]\n\n${g.moves} ${g.result ?? '*'}\n`,
    )
    .join('\n');

/**
 * The games pages are drawn without MUI (decision 0003), however they are reached: no Mui classes in the page's content
 * (the shell's sponsors strip, loaded with MUI on the visitor's first click or scroll, is outside it).
 */
async function expectNoMui(page: Page) {
  expect(await page.locator('main [class*="Mui"]').count()).toBe(0);
}

test.describe('live games', () => {
  test('pushed moves reach an open games page once the broadcast delay has passed, not before', async ({ page }) => {
    const token = await adminToken(page);
    const pushToken = await prepareCategory(page.request, token, 'U10', 4);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/games/U10/1');
    await expect(page.getByTestId('live-status')).toHaveText('Live');

    const pushedAt = Date.now();
    await push(
      page.request,
      'U10',
      pushToken,
      roundPgn(1, [{ board: 1, white: 'Peeters, Anna', black: 'Dubois, Lucas', moves: '1. e4 {[%clk 1:30:55]} e5 {[%clk 1:30:50]}' }]),
    );
    // Not before: the relay has the moves, the page does not.
    await expect(page.getByTestId('game-1')).toHaveCount(0);
    expect(Date.now() - pushedAt).toBeLessThan(4000);

    const card = page.getByTestId('game-1');
    await expect(card.getByTestId('last-move')).toHaveText('1… e5', { timeout: 20_000 });
    expect(Date.now() - pushedAt).toBeGreaterThanOrEqual(4000);
    await expect(card).toContainText('Peeters, Anna');
    await expect(card).toContainText('1:30:55');

    // The next move arrives live, again after its own delay.
    await push(
      page.request,
      'U10',
      pushToken,
      roundPgn(1, [{ board: 1, white: 'Peeters, Anna', black: 'Dubois, Lucas', moves: '1. e4 {[%clk 1:30:55]} e5 {[%clk 1:30:50]} 2. Nf3 {[%clk 1:31:10]}' }]),
    );
    await expect(card.getByTestId('last-move')).toHaveText('1… e5');
    await expect(card.getByTestId('last-move')).toHaveText('2. Nf3', { timeout: 20_000 });
    await expectNoMui(page);
    await expectAccessible(page);
    await snapshot(page, 'games-round-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'games-round-desktop');
  });

  test('the list of categories tells those with games from those without', async ({ page }) => {
    const token = await adminToken(page);
    const pushToken = await prepareCategory(page.request, token, 'U18', 0);
    await push(page.request, 'U18', pushToken, roundPgn(1, [{ board: 1, white: 'Maes, Lotte', black: 'Wouters, Jan', moves: '1. d4 d5' }]));
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/games');
      await expect(page.getByTestId('games-category-U18')).toHaveText(/U18\s*1 partij$/);
      // No test sends U8 games: it stands for a category whose relay has not started.
      await expect(page.getByTestId('games-category-U8')).toHaveText(/U8\s*nog geen partijen/);
      await expect(page.getByTestId('games-category-U8')).toHaveClass(/games-category--empty/);
      if (width === 390) await expectAccessible(page);
      await snapshot(page, `games-categories-${width}`);
    }
  });

  test('a round the API refuses says why instead of connecting for ever', async ({ page }) => {
    // Round 99 is beyond any championship: the API's coded refusal is shown in words.
    await page.goto('/games/U8/99');
    await expect(page.getByRole('alert')).toHaveText('Een van de verplichte velden is ongeldig');
    await expect(page.getByTestId('live-status')).toHaveCount(0);
  });

  test('the category page’s Games tab shows the boards; the pairings and the player card link to each game and the player’s PGN', async ({ page }) => {
    const token = await adminToken(page);
    const swar = readFileSync(path.resolve(import.meta.dirname, '../packages/domain/fixtures/swar/bycco_bjk2019_u20bg_round1_paired.json'));
    const published = await page.request.post('/api/v1/tournament/json', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'trn_u16', jsoncontent: `data:application/json;base64,${swar.toString('base64')}` },
    });
    expect(published.status()).toBe(200);
    const pairings = (await (await page.request.get('/api/v1/results/anon/U16/pairings/1')).json()).pairings as {
      board: number;
      white: { name: string; pairingNumber: number };
      black: { name: string } | null;
    }[];
    const first = pairings.find((p) => p.board === 1)!;
    const pushToken = await prepareCategory(page.request, token, 'U16', 0);
    await push(
      page.request,
      'U16',
      pushToken,
      roundPgn(1, [{ board: 1, white: first.white.name, black: first.black!.name, moves: '1. e4 e5 2. Nf3 Nc6', result: '1/2-1/2' }]),
    );

    // The standings tab loads no board library; the Games tab does, when opened.
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/trn_u16');
    // Round 1 is paired, not played: the standings tab shows the starting list.
    await expect(page.getByTestId('starting-row').first()).toBeVisible();
    expect(chunks.filter((url) => /GamesTab|GamesPage|GamePage|chessboard/.test(url))).toEqual([]);
    await page.getByTestId('results-tab-games').click();
    const card = page.getByTestId('game-1');
    await expect(card.getByTestId('last-move')).toHaveText('2… Nc6');
    await expect(card).toContainText(first.white.name);
    expect(chunks.some((url) => /GamesTab/.test(url))).toBe(true);
    await expectAccessible(page);
    await snapshot(page, 'results-games-tab-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'results-games-tab-desktop');

    // Pairings: board 1 leads to its game.
    await page.getByTestId('results-tab-pairings').click();
    await page.getByTestId('pairings-table').getByTestId('game-link').first().click();
    await expect(page).toHaveURL(/\/games\/game\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(first.white.name);

    // The player card: round 1 leads to the game, and the player's games download as PGN.
    await page.goto(`/trn_u16?player=${first.white.pairingNumber}`);
    const rounds = page.getByTestId('player-rounds');
    await expect(rounds.getByTestId('game-link')).toHaveCount(1);
    await snapshot(page, 'results-player-card-games-desktop');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('player-pgn').click()]);
    const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    expect(text).toContain(`[White "${first.white.name}"]`);
    expect(text).toContain('2. Nf3 Nc6 1/2-1/2');
    await rounds.getByTestId('game-link').click();
    await expect(page).toHaveURL(/\/games\/game\/\d+$/);
  });

  test('a game is opened from its round, stepped through with the keyboard and downloaded as PGN', async ({ page }) => {
    const token = await adminToken(page);
    const pushToken = await prepareCategory(page.request, token, 'U12', 0);
    await push(
      page.request,
      'U12',
      pushToken,
      roundPgn(2, [
        {
          board: 1,
          white: 'Janssens, Emma',
          black: 'Claes, Noah',
          moves: '1. d4 {[%clk 1:30:51]} d5 {[%clk 1:30:48]} 2. c4 {[%clk 1:31:10]} e6 {[%clk 1:31:05]} 3. Nc3 {[%clk 1:31:20]} Nf6 {[%clk 1:31:00]}',
        },
        { board: 2, white: 'Maes, Louise', black: 'Wouters, Finn', moves: '1. f3 e5 2. g4 Qh4#', result: '0-1' },
      ]),
    );
    await page.goto('/games/U12');
    await expect(page).toHaveURL(/\/games\/U12\/2$/);
    await page.getByRole('link', { name: /Janssens, Emma – Claes, Noah/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Janssens, Emma – Claes, Noah' })).toBeVisible();
    const shown = page.getByTestId('shown-move');
    await expect(shown).toHaveText('na 3… Nf6');
    await expectNoMui(page);

    await page.keyboard.press('Home');
    await expect(shown).toHaveText('beginstelling');
    await expect(page.getByTestId('clock-white')).toHaveText('–');
    await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveText('na 1. d4');
    await expect(page.getByTestId('clock-white')).toHaveText('1:30:51');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveText('na 2. c4');
    await expect(page.getByRole('button', { name: 'c4', exact: true })).toHaveAttribute('aria-current', 'step');
    await page.keyboard.press('ArrowLeft');
    await expect(shown).toHaveText('na 1… d5');
    await page.keyboard.press('End');
    await expect(shown).toHaveText('na 3… Nf6');
    await page.getByRole('button', { name: 'Vorige zet' }).click();
    await expect(shown).toHaveText('na 3. Nc3');
    await page.getByRole('button', { name: 'Bord omdraaien' }).click();
    await expect(page.getByRole('button', { name: 'Bord omdraaien' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: /Janssens, Emma \(wit\) – Claes, Noah \(zwart\), na 3\. Nc3/ })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'games-game-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-game').click()]);
    expect(download.suggestedFilename()).toBe('U12-r2-Janssens-Emma-Claes-Noah.pgn');
    const pgn = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(pgn).toString('utf8');
    expect(text).toContain('[White "Janssens, Emma"]');
    // The championship in the reader's language, where and when it was played.
    expect(text).toContain('[Event "Belgisch Jeugdschaakkampioenschap 2027 U12"]');
    expect(text).toContain('[Site "Duinenhof vakantiepark, Zeedijk 120, 8420 De Haan"]');
    expect(text).toMatch(/\[Date "2027\.02\.\d\d"\]/);
    expect(text).toContain('1. d4 {[%clk 1:30:51]} d5');
    expect(text).toContain('3. Nc3 {[%clk 1:31:20]} Nf6 {[%clk 1:31:00]} *');

    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'games-game-phone');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a swipe over the board steps to the previous and the next move', async ({ page }) => {
      const token = await adminToken(page);
      const pushToken = await prepareCategory(page.request, token, 'U14', 0);
      await push(
        page.request,
        'U14',
        pushToken,
        roundPgn(1, [{ board: 1, white: 'Peeters, Anna', black: 'Dubois, Lucas', moves: '1. e4 c5 2. Nf3 d6 3. d4 cxd4' }]),
      );
      await page.goto('/games/U14');
      await page.getByRole('link', { name: /Peeters, Anna – Dubois, Lucas/ }).click();
      const shown = page.getByTestId('shown-move');
      await expect(shown).toHaveText('na 3… cxd4');

      // A finger on the touch screen, as the browser's input pipeline gets it (touch, then pointer events).
      const cdp = await page.context().newCDPSession(page);
      const box = (await page.getByTestId('game-board').boundingBox())!;
      const swipe = async (fromX: number, toX: number, dy = 0) => {
        const y = box.y + box.height / 2;
        const at = (x: number, yy: number) => [{ x: box.x + x, y: yy, id: 1 }];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(fromX, y) });
        for (let step = 1; step <= 5; step++) {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(fromX + ((toX - fromX) * step) / 5, y + (dy * step) / 5) });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      // Finger to the right: the previous move, highlighted in the move list.
      await swipe(box.width * 0.2, box.width * 0.8);
      await expect(shown).toHaveText('na 3. d4');
      await expect(page.getByRole('button', { name: 'd4', exact: true })).toHaveAttribute('aria-current', 'step');
      await swipe(box.width * 0.2, box.width * 0.8);
      await expect(shown).toHaveText('na 2… d6');
      await expect(page.getByRole('button', { name: 'd6', exact: true })).toHaveAttribute('aria-current', 'step');
      // Finger to the left: the next move.
      await swipe(box.width * 0.8, box.width * 0.2);
      await expect(shown).toHaveText('na 3. d4');
      await expect(page.getByRole('button', { name: 'd4', exact: true })).toHaveAttribute('aria-current', 'step');
      // A short or mostly vertical movement is no swipe.
      await swipe(box.width * 0.5, box.width * 0.5 + 20);
      await swipe(box.width * 0.6, box.width * 0.4, box.height * 0.6);
      await expect(shown).toHaveText('na 3. d4');
      await snapshot(page, 'games-game-swipe-phone');
    });
  });

  test('a manager sets a category’s delay, gets a push token and uploads a round’s PGN with a broken game', async ({ page }) => {
    await loginAsAdmin(page, '/mgmt/games');
    await expect(page.getByRole('heading', { level: 1, name: 'Live partijen: bronnen' })).toBeVisible();
    await page.getByRole('button', { name: 'U14', exact: true }).click();
    await page.getByLabel('Uitzendvertraging (minuten)').fill('15');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status')).toHaveText('Opgeslagen.');
    await page.getByRole('button', { name: 'Nieuw push-token' }).click();
    await expect(page.getByTestId('push-token')).toHaveText(/^u14_/);
    // The source says it has a token at once, without a reload.
    await expect(page.getByText('een push-token is ingesteld')).toBeVisible();

    await page.locator('input[type=file][name=file]').setInputFiles({
      name: 'ronde-3.pgn',
      mimeType: 'application/x-chess-pgn',
      buffer: Buffer.from(
        `${roundPgn(3, [{ board: 1, white: 'Jacobs, Mila', black: 'Mertens, Arthur', moves: '1. e4 e5', result: '1-0' }])}\n[Round "3.2"]\n[White "Lambert, Elise"]\n[Black "Dumont, Louis"]\n\n1. e4 Ke7 *\n`,
      ),
    });
    await page.getByLabel('Ronde van het bestand').fill('3');
    // Every field's label is whole, none cut to "Uitzendvertraging (min…" (MUI ends a cut label with an ellipsis).
    const cut = await page.locator('form label').evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await page.getByRole('button', { name: 'Opladen' }).click();
    const report = page.getByTestId('upload-report');
    // The game with the illegal move is kept up to the move before it, and named.
    await expect(report).toContainText('2 toegevoegd');
    await expect(report).toContainText('Partij 2 (regel 9, Lambert, Elise – Dumont, Louis)');
    await expect(report).toContainText('Een zet van deze partij is niet reglementair');
    // The round table opens on the last round with games.
    await expect(page.getByLabel('Ronde', { exact: true })).toHaveText('Ronde 3');
    await expect(page.getByRole('cell', { name: 'Jacobs, Mila' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'geen paringen gepubliceerd' })).toHaveCount(2);
    await expectAccessible(page);
    await snapshot(page, 'mgmt-games-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-games-phone');
  });

  test('a 600-game broadcast uploaded by a manager keeps every game, and the one it cannot take is named with its reason', async ({ page }) => {
    // The shape of the real broadcast export of issue #23: every round's boards 1–28 twice (two groups of one
    // broadcast), games finished and in progress, plus one game with a broken tag. Names of this run: uploading the
    // same file again on the same database would find its games unchanged.
    const run = Date.now().toString(36);
    const games: string[] = [];
    for (let round = 1; games.length < 600; round++) {
      for (let group = 0; group < 2; group++) {
        for (let board = 1; board <= 28 && games.length < 600; board++) {
          const who = (side: string) => `Speler${run} ${side}${group}-${round}-${board}, Test`;
          const result = board % 3 === 0 ? '*' : '1/2-1/2';
          games.push(
            `[Event "E2E"]\n[Round "${round}.${board}"]\n[White "${who('W')}"]\n[Black "${who('Z')}"]\n[Result "${result}"]\n\n1. d4 d5 2. c4 ${result}\n`,
          );
        }
      }
    }
    games.push(`[Event "E2E"]\n[Round "1.29"]\n[White "Kapot${run}, Tag"]\n[Black "Proef, Bord"]\n[Result "*"\n\n1. e4 *\n`);
    await loginAsAdmin(page, '/mgmt/games');
    await page.getByRole('button', { name: 'U16', exact: true }).click();
    await page.locator('input[type=file][name=file]').setInputFiles({
      name: 'broadcast.pgn',
      mimeType: 'application/x-chess-pgn',
      buffer: Buffer.from(games.join('\n')),
    });
    await page.getByRole('button', { name: 'Opladen' }).click();
    // The upload answers at once with its job; the page follows it while it checks and stores the games.
    const progress = page.getByTestId('upload-progress');
    await expect(progress).toBeVisible();
    await snapshot(page, 'mgmt-games-upload-running-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-games-upload-running-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    const report = page.getByTestId('upload-report');
    // On a loaded machine its 600 games take a while to store.
    await expect(report).toContainText('600 toegevoegd', { timeout: 60_000 });
    await expect(progress).toBeHidden();
    await expect(report.locator('li')).toHaveCount(1);
    await expect(report.locator('li')).toContainText(`Partij 601 (regel`);
    await expect(report.locator('li')).toContainText(`Kapot${run}, Tag`);
    await snapshot(page, 'mgmt-games-upload-done-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-games-upload-done-phone');
    // Leaving and coming back shows the category's last upload, its report.
    await page.reload();
    await page.getByRole('button', { name: 'U16', exact: true }).click();
    await expect(page.getByTestId('upload-report')).toContainText('600 toegevoegd');
    const sources = await page.request.get('/api/v1/games/sources', { headers: { authorization: `Bearer ${await adminToken(page)}` } });
    const u16 = ((await sources.json()) as { category: string; gameCount: number }[]).find((s) => s.category === 'U16')!;
    expect(u16.gameCount).toBeGreaterThanOrEqual(600);
    // Every round's two games per board are both there: round 1 has 56.
    const round1 = await page.request.get('/api/v1/games/public/U16/1');
    expect(((await round1.json()) as { games: { white: { name: string } }[] }).games.filter((g) => g.white.name.includes(run))).toHaveLength(56);
  });

  test('a manager sees two games on one board flagged, moves one to another category and deletes the other', async ({ page }) => {
    test.slow();
    // Names of this run: a deleted game stays deleted for its players, also in a run again on the same database.
    const run = Date.now().toString(36);
    const anna = `Peeters${run}, Anna`;
    const lotte = `Wouters${run}, Lotte`;
    const token = await adminToken(page);
    const pushToken = await prepareCategory(page.request, token, 'U20', 0);
    await push(
      page.request,
      'U20',
      pushToken,
      roundPgn(6, [
        { board: 1, white: anna, black: 'Claes, Noah', moves: '1. e4 e5' },
        { board: 1, white: lotte, black: 'Goossens, Bram', moves: '1. d4 d5' },
      ]),
    );
    await loginAsAdmin(page, '/mgmt/games');
    await page.getByRole('button', { name: 'U20', exact: true }).click();
    await expect(page.getByLabel('Ronde', { exact: true })).toHaveText('Ronde 6');
    await expect(page.getByTestId('game-board-shared')).toHaveCount(2);
    await expect(page.getByTestId('game-board-shared').first()).toHaveText('nog een andere partij op bord 1');

    const moved = page.getByTestId('managed-game').filter({ hasText: lotte });
    await moved.getByTestId('game-move').click();
    const dialog = page.getByTestId('game-move-dialog');
    await dialog.getByRole('combobox', { name: 'Categorie' }).click();
    await page.getByRole('option', { name: 'U18', exact: true }).click();
    await dialog.getByLabel('Bord', { exact: true }).fill('4');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Round and board are shown in the dialog, with their values, at both widths (not blank space).
      const box = (await dialog.getByRole('dialog').boundingBox())!;
      for (const [name, value] of [
        ['round', '6'],
        ['board', '4'],
      ] as const) {
        const field = dialog.locator(`input[name=${name}]`);
        await expect(field).toBeVisible();
        await expect(field).toHaveValue(value);
        const at = (await field.boundingBox())!;
        expect(at.height).toBeGreaterThan(10);
        expect(at.y >= box.y && at.y + at.height <= box.y + box.height && at.x >= box.x && at.x + at.width <= box.x + box.width).toBe(true);
      }
      await snapshot(page, `mgmt-games-move-${width}`);
      // The dialog as the manager sees it (a full-page picture draws the fixed backdrop over the first screen only).
      await dialog.getByRole('dialog').screenshot({ path: `.tmp/screenshots/mgmt-games-move-dialog-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByTestId('game-move-confirm').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('managed-game')).toHaveCount(1);
    await expect(page.getByTestId('game-board-shared')).toHaveCount(0);
    const u18 = await page.request.get('/api/v1/games/public/U18/6');
    const inU18 = ((await u18.json()) as { games: { board: number; white: { name: string } }[] }).games.filter((g) => g.white.name === lotte);
    expect(inU18.map((g) => g.board)).toEqual([4]);

    await page.getByTestId('managed-game').getByTestId('game-delete').click();
    await expect(page.getByTestId('game-delete-dialog')).toContainText(anna);
    await snapshot(page, 'mgmt-games-delete-1280');
    await page.getByTestId('game-delete-confirm').click();
    await expect(page.getByTestId('managed-game')).toHaveCount(0);
    // The deleted game is listed under the round, and comes back as it was.
    const deleted = page.getByTestId('deleted-game').filter({ hasText: anna });
    await expect(deleted).toContainText('gewist door');
    await expectAccessible(page);
    await deleted.getByTestId('game-restore').click();
    await expect(page.getByTestId('managed-game').filter({ hasText: anna })).toHaveCount(1);
    await expect(page.getByTestId('deleted-game')).toHaveCount(0);
  });
});
