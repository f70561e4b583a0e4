import type {
  LodgingFigures,
  MakeReservationInput,
  MakeReservationResult,
  Reservation,
  ReservationList,
  Room,
  RoomList,
  RoomUpdate,
  UpdateReservationInput,
} from '@bjk/domain/lodging';
import type { PaymentRequestStatus } from '@bjk/domain/payments';
import { http } from '../../shared/http';
import type { ListQuery } from '../../shared/ui/useListParams';

export function makeReservation(body: MakeReservationInput, idempotencyKey: string): Promise<MakeReservationResult> {
  return http.post<MakeReservationResult>('/api/v1/stay/cmd/make_reservation', body, { idempotencyKey });
}

export const reservationListQuery = (query: ListQuery) => ({
  queryKey: ['mgmt', 'lodging', 'reservations', query],
  queryFn: () => http.get<ReservationList>('/api/v1/stay/reservation', { query: { ...query } }),
});

export const reservationQuery = (id: string) => ({
  queryKey: ['mgmt', 'lodging', 'reservation', id],
  queryFn: () => http.get<Reservation>(`/api/v1/stay/reservation/${id}`),
});

export const freeRoomsQuery = (roomType: string) => ({
  queryKey: ['mgmt', 'lodging', 'freerooms', roomType],
  queryFn: () => http.get<RoomList>(`/api/v1/room/freeroom/${roomType}`),
});

export const lodgingFiguresQuery = {
  queryKey: ['mgmt', 'lodging', 'figures'],
  queryFn: () => http.get<LodgingFigures>('/api/v1/stay/figures'),
};

type StayPaymentRequest = { id: number; number: number; sourceId: string; status: PaymentRequestStatus; flagged: boolean };

/** The payment request of every stay, from the payments API (the desk may read it; the list shows it per row). */
export const stayPaymentsQuery = {
  queryKey: ['mgmt', 'lodging', 'payments'],
  queryFn: async () => {
    const page = await http.get<{ items: StayPaymentRequest[] }>('/api/v1/payment/pr', { query: { kind: 'stay', pageSize: 500 } });
    const bySource = new Map<string, StayPaymentRequest>();
    // A stay has at most one request that is not cancelled; that one wins over cancelled ones.
    for (const item of page.items) {
      const known = bySource.get(item.sourceId);
      if (!known || known.status === 'cancelled') bySource.set(item.sourceId, item);
    }
    return bySource;
  },
};

export function updateReservation(id: string, body: UpdateReservationInput): Promise<Reservation> {
  return http.put<Reservation>(`/api/v1/stay/reservation/${id}`, body);
}

export function assignRoom(id: string, room: string): Promise<Reservation> {
  return http.post<Reservation>(`/api/v1/stay/cmd/assignroom/${id}/${encodeURIComponent(room)}`);
}

export function unassignRoom(id: string, room: string): Promise<Reservation> {
  return http.delete<Reservation>(`/api/v1/stay/cmd/assignroom/${id}/${encodeURIComponent(room)}`);
}

export const roomsQuery = {
  queryKey: ['mgmt', 'lodging', 'rooms'],
  queryFn: () => http.get<RoomList>('/api/v1/room'),
};

export function updateRoom(room: Room): Promise<Room> {
  const body: RoomUpdate = { roomType: room.roomType, venueCode: room.venueCode, capacity: room.capacity, blocked: room.blocked, enabled: room.enabled };
  return http.put<Room>(`/api/v1/room/${encodeURIComponent(room.number)}`, body);
}

export function importRooms(csv: string): Promise<{ created: number; updated: number }> {
  return http.post<{ created: number; updated: number }>('/api/v1/room/cmd/import_csv', { csv });
}

export function downloadStayWorkbook(): Promise<Blob> {
  return http.get<Blob>('/api/v1/stay/cmd/xls_stay');
}
