/**
 * The web app's page addresses as the server sees them: the build writes the patterns of the web's route tables
 * (`apps/web/src/app/router.tsx`, `mgmt-routes.tsx`) to `routes.json` beside `index.html`
 * (`apps/web/build/route-manifest.ts`), and the server answers every other address 404 with the app's own
 * not-found page. Patterns are React Router's: `/news/:id` (one segment), a trailing `*` (any rest).
 */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment === '*') return true;
    const actual = have[i];
    if (actual === undefined) return false;
    if (segment.startsWith(':')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(actual);
    } catch {
      return false;
    }
    if (decoded.toLowerCase() !== segment.toLowerCase()) return false;
  }
  return have.length === want.length;
}

export const isKnownPage = (patterns: readonly string[], pathname: string) => patterns.some((p) => matchesRoutePattern(p, pathname));
