import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Participant } from '@bjk/domain';
import { importMembers } from '../src/modules/members/members.service.js';
import type { ServiceContext } from '../src/platform/service-context.js';
import { multipartFile } from './bank-statements.js';

export type TestPlayer = {
  idbel: number;
  firstName: string;
  lastName: string;
  birthYear: number;
  category: string;
  club?: string;
  federation?: string;
  ratingNational?: number;
  ratingFide?: number;
  mealsCode?: 'HB' | 'BO' | null;
  photo?: boolean;
};

/** A 4:5 portrait JPEG (a coloured head and shoulders), distinct per seed, as the enrolment wizard uploads. */
export function portraitJpeg(seed: number, size = { width: 400, height: 500 }): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 400 500">
    <rect width="400" height="500" fill="hsl(${hue},45%,80%)"/>
    <circle cx="200" cy="190" r="95" fill="hsl(${(hue + 180) % 360},35%,55%)"/>
    <ellipse cx="200" cy="480" rx="170" ry="150" fill="hsl(${(hue + 90) % 360},40%,40%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Players on the start list, the way managers put them there: members in the registry, added as late
 * participants through the API, edited (meals, ratings) and given a photo through the API.
 */
export async function addPlayers(app: FastifyInstance, ctx: ServiceContext, headers: Record<string, string>, players: TestPlayer[]): Promise<Participant[]> {
  const header = 'idbel;idfide;first_name;last_name;birth_year;gender;club_id;club_name;fide_federation;rating_national;rating_fide';
  const lines = players.map((p) =>
    [p.idbel, '', p.firstName, p.lastName, p.birthYear, 'M', 101, p.club ?? '', p.federation ?? 'BEL', p.ratingNational ?? '', p.ratingFide ?? ''].join(';'),
  );
  await importMembers(ctx, 'csv', Readable.from([`${[header, ...lines].join('\n')}\n`]));
  const added: Participant[] = [];
  for (const [index, player] of players.entries()) {
    const response = await app.inject({ method: 'POST', url: `/api/v1/participant/bjk/${player.idbel}/${player.category}`, headers });
    if (response.statusCode !== 200) throw new Error(`adding ${player.lastName}: ${response.body}`);
    let participant = response.json<Participant>();
    if (player.mealsCode) participant = await updatePlayer(app, headers, participant, { mealsCode: player.mealsCode });
    if (player.photo !== false) {
      const file = multipartFile('photo.jpg', await portraitJpeg(index + 1), 'photo');
      const photo = await app.inject({
        method: 'POST',
        url: `/api/v1/participant/photo/bjk/${participant.id}`,
        headers: { ...headers, ...file.headers },
        payload: file.payload,
      });
      if (photo.statusCode !== 200) throw new Error(`photo of ${player.lastName}: ${photo.body}`);
    }
    added.push(participant);
  }
  return added;
}

/** Saves a participant through the API with some fields changed. */
export async function updatePlayer(app: FastifyInstance, headers: Record<string, string>, p: Participant, change: Partial<Participant>): Promise<Participant> {
  const next = { ...p, ...change };
  const body = {
    category: next.category,
    email: next.email,
    parentEmail: next.parentEmail || 'parent@example.test',
    attendantEmail: next.attendantEmail,
    mealsCode: next.mealsCode,
    ratingNational: next.ratingNational,
    ratingFide: next.ratingFide,
    enabled: next.enabled,
    remarks: next.remarks,
  };
  const response = await app.inject({ method: 'PUT', url: `/api/v1/participant/bjk/${p.id}`, headers, payload: body });
  if (response.statusCode !== 200) throw new Error(`updating ${p.lastName}: ${response.body}`);
  return response.json<Participant>();
}
