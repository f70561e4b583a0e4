import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, loginAsAdmin } from './manager';

/** Set-up through the API as the back office would: the category's delay and a push token for the relay. */
async function prepareCategory(request: APIRequestContext, token: string, category: string, delaySeconds: number): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const saved = await request.put(`/api/v1/games/sources/${category}`, { headers: auth, data: { delaySeconds, pollUrl: null, pollSeconds: 30, pollRound: null } });
  expect(saved.status()).toBe(200);
  const rotated = await request.post(`/api/v1/games/sources/${category}/token`, { headers: auth });
  expect(rotated.status()).toBe(200);
  return (await rotated.json()).token as string;
}

/** What the venue's relay does: post the round's PGN with the category's push token. */
async function push(request: APIRequestContext, category: string, pushToken: string, pgn: string) {
  const response = await request.post(`/api/v1/games/push/${category}`, { headers: { authorization: `Bearer ${pushToken}`, 'content-type': 'application/x-chess-pgn' }, data: pgn });
  expect(response.status()).toBe(200);
  expect((await response.json()).errors).toEqual([]);
}

const roundPgn = (round: number, games: { board: number; white: string; black: string; moves: string; result?: string }[]) =>
  games.map((g) => `[Event "E2E"]\n[Round "${round}.${g.board}"]\n[White "${g.white}"]\n[Black "${g.black}"]\n[Result "${g.result ?? '*'}"]\n\n${g.moves} ${g.result ?? '*'}\n`).join('\n');

test.describe('live games', () => {
  test('pushed moves reach an open games page once the broadcast delay has passed, not before', async ({ page }) => {
    const token = await adminToken(page);
    const pushToken = await prepareCategory(page.request, token, 'U10', 4);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/games/U10/1');
    await expect(page.getByTestId('live-status')).toHaveText('Live');

    const pushedAt = Date.now();
    await push(page.request, 'U10', pushToken, roundPgn(1, [{ board: 1, white: 'Peeters, Anna', black: 'Dubois, Lucas', moves: '1. e4 {[%clk 1:30:55]} e5 {[%clk 1:30:50]}' }]));
    // Not before: the relay has the moves, the page does not.
    await expect(page.getByTestId('game-1')).toHaveCount(0);
    expect(Date.now() - pushedAt).toBeLessThan(4000);

    const card = page.getByTestId('game-1');
    await expect(card.getByTestId('last-move')).toHaveText('1… e5', { timeout: 20_000 });
    expect(Date.now() - pushedAt).toBeGreaterThanOrEqual(4000);
    await expect(card).toContainText('Peeters, Anna');
    await expect(card).toContainText('1:30:55');

    // The next move arrives live, again after its own delay.
    await push(page.request, 'U10', pushToken, roundPgn(1, [{ board: 1, white: 'Peeters, Anna', black: 'Dubois, Lucas', moves: '1. e4 {[%clk 1:30:55]} e5 {[%clk 1:30:50]} 2. Nf3 {[%clk 1:31:10]}' }]));
    await expect(card.getByTestId('last-move')).toHaveText('1… e5');
    await expect(card.getByTestId('last-move')).toHaveText('2. Nf3', { timeout: 20_000 });
    await expectAccessible(page);
    await snapshot(page, 'games-round-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'games-round-desktop');
  });

  test('a game is opened from its round, stepped through with the keyboard and downloaded as PGN', async ({ page }) => {
    const token = await adminToken(page);
    const pushToken = await prepareCategory(page.request, token, 'U12', 0);
    await push(
      page.request,
      'U12',
      pushToken,
      roundPgn(2, [
        { board: 1, white: 'Janssens, Emma', black: 'Claes, Noah', moves: '1. d4 {[%clk 1:30:51]} d5 {[%clk 1:30:48]} 2. c4 {[%clk 1:31:10]} e6 {[%clk 1:31:05]} 3. Nc3 {[%clk 1:31:20]} Nf6 {[%clk 1:31:00]}' },
        { board: 2, white: 'Maes, Louise', black: 'Wouters, Finn', moves: '1. f3 e5 2. g4 Qh4#', result: '0-1' },
      ]),
    );
    await page.goto('/games/U12');
    await expect(page).toHaveURL(/\/games\/U12\/2$/);
    await page.getByRole('link', { name: /Janssens, Emma – Claes, Noah/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Janssens, Emma – Claes, Noah' })).toBeVisible();
    const shown = page.getByTestId('shown-move');
    await expect(shown).toHaveText('na 3… Nf6');

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
    expect(text).toContain('1. d4 {[%clk 1:30:51]} d5');
    expect(text).toContain('3. Nc3 {[%clk 1:31:20]} Nf6 {[%clk 1:31:00]} *');

    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'games-game-phone');
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

    await page.locator('input[type=file][name=file]').setInputFiles({
      name: 'ronde-3.pgn',
      mimeType: 'application/x-chess-pgn',
      buffer: Buffer.from(`${roundPgn(3, [{ board: 1, white: 'Jacobs, Mila', black: 'Mertens, Arthur', moves: '1. e4 e5', result: '1-0' }])}\n[Round "3.2"]\n[White "Lambert, Elise"]\n[Black "Dumont, Louis"]\n\n1. e4 Ke7 *\n`),
    });
    await page.getByLabel('Ronde (als het bestand ze niet vermeldt)').fill('3');
    await page.getByRole('button', { name: 'Opladen' }).click();
    const report = page.getByTestId('upload-report');
    await expect(report).toContainText('1 toegevoegd');
    await expect(report).toContainText('Partij 2 (regel 9, Lambert, Elise – Dumont, Louis)');
    await expect(report).toContainText('Een zet van deze partij is niet reglementair');
    await page.getByLabel('Ronde', { exact: true }).click();
    await page.getByRole('option', { name: 'Ronde 3' }).click();
    await expect(page.getByRole('cell', { name: 'Jacobs, Mila' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'geen paringen gepubliceerd' })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'mgmt-games-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-games-phone');
  });
});
