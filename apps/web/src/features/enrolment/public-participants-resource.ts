import type { PublicParticipantList, RegistrationKind } from '@bjk/domain/enrolment';
import { http } from '../../shared/http';

/**
 * The public list of players, for the resource cache (`useResource`, the public site's one data cache). A file of its
 * own: start-up preloads it on `/participants_bjk` (`app/first-reads.ts`) without the enrolment area's calls.
 */
export const publicParticipantsKey = (kind: RegistrationKind) => `enrolment/public-participants/${kind}`;
export const loadPublicParticipants = (kind: RegistrationKind) => () => http.get<PublicParticipantList>(`/api/v1/participant/public/${kind}`);
