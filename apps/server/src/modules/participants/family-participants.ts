import { and, eq } from 'drizzle-orm';
import type { RegistrationKind } from '@bjk/domain';
import { recordAudit } from '../../platform/audit.js';
import type { consentValues } from '../../platform/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import { ofChampionship } from '../../platform/people-rows.js';
import type { NormalisedPhoto } from '../../platform/photo.js';
import { updateParticipantRow, upsertParticipantPhoto } from './participants.repository.js';
import { participantPhotos, participants } from './participants.tables.js';

/** What the family page (modules/family) reads and changes of a child's participant (the start list's entry). */
export type FamilyParticipant = {
  id: number;
  firstName: string;
  lastName: string;
  category: string;
  mealsCode: 'HB' | 'BO' | null;
  enabled: boolean;
  idbel: number | null;
  idfide: number | null;
  /** The badge's photo version (print/badge-state.ts): its upload time, null without a photo. */
  photoVersion: string | null;
};

/** The participant of a player (by the registration's player key), if the player is on the start list. */
export async function findParticipantOfPlayer(
  db: DbOrTx,
  editionCode: string,
  kind: RegistrationKind,
  playerKey: string,
): Promise<FamilyParticipant | undefined> {
  const [row] = await db
    .select({
      id: participants.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      category: participants.category,
      mealsCode: participants.mealsCode,
      enabled: participants.enabled,
      idbel: participants.idbel,
      idfide: participants.idfide,
      photoUploadedAt: participantPhotos.uploadedAt,
      consentBadgePhoto: participants.consentBadgePhoto,
    })
    .from(participants)
    .leftJoin(participantPhotos, eq(participantPhotos.participantId, participants.id))
    .where(and(ofChampionship(participants, editionCode, kind), eq(participants.playerKey, playerKey)));
  if (!row) return undefined;
  const { photoUploadedAt, consentBadgePhoto, ...rest } = row;
  // As listBadgeHolders: without the badge-photo consent the badge has no photo.
  return { ...rest, photoVersion: consentBadgePhoto ? (photoUploadedAt?.toISOString() ?? null) : null };
}

/** The family replaced the badge photo: the participant's copy too (a printed badge is then flagged for reprint). */
export async function replaceParticipantPhotoByFamily(tx: DbOrTx, participantId: number, photo: NormalisedPhoto, family: string): Promise<void> {
  await upsertParticipantPhoto(tx, participantId, photo);
  await recordAudit(tx, {
    actor: null,
    family,
    action: 'participants.replace_photo',
    subjectType: 'participant',
    subjectId: participantId,
    after: { width: photo.width, height: photo.height },
  });
}

/** The participant's copies of the contacts' addresses follow a family's change of the registration's. */
export async function copyContactAddresses(
  tx: DbOrTx,
  participantId: number,
  addresses: { email: string; parentEmail: string; attendantEmail: string },
): Promise<void> {
  await updateParticipantRow(tx, participantId, addresses);
}

/** The participant's copy of the consents follows a family's change of the registration's (decision 0020). */
export async function copyConsentsToParticipant(tx: DbOrTx, participantId: number, values: ReturnType<typeof consentValues>): Promise<void> {
  await updateParticipantRow(tx, participantId, values);
}
