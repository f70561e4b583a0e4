import ExcelJS from 'exceljs';
import { ageGroupOf, countMealsPerDay, findRoomType, mealPlanText, nightsOf, type EditionSettings, type Language } from '@bjk/domain';
import type { ReservationRow } from './lodging.repository.js';

export type WorkbookEntry = { row: ReservationRow; rooms: string[]; totalCents: number };

function styleHeader(sheet: ExcelJS.Worksheet): void {
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columnCount } };
}

/**
 * The venue's lists (DOMAIN.md §5): Reservations (one row per request), Guests (the rooming list) and
 * Meals per day (how many of each meal per day by age group, for the kitchen). Sheet names stay English:
 * the venue's staff and the organisers share them.
 */
export async function buildStayWorkbook(settings: EditionSettings, entries: WorkbookEntry[], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = settings.organiser.name;
  const label = (code: string) => findRoomType(settings, code)?.label[language] ?? code;

  const reservations = workbook.addWorksheet('Reservations');
  reservations.columns = [
    { header: 'Number', key: 'number', width: 12 },
    { header: 'Last name', key: 'lastName', width: 18 },
    { header: 'First name', key: 'firstName', width: 16 },
    { header: 'E-mail', key: 'email', width: 28 },
    { header: 'Mobile', key: 'mobile', width: 16 },
    { header: 'Address', key: 'address', width: 32 },
    { header: 'Language', key: 'language', width: 9 },
    { header: 'Room type', key: 'roomType', width: 10 },
    { header: 'Room type label', key: 'roomLabel', width: 24 },
    { header: 'Rooms', key: 'rooms', width: 12 },
    { header: 'Arrival', key: 'arrival', width: 12 },
    { header: 'Departure', key: 'departure', width: 12 },
    { header: 'Nights', key: 'nights', width: 7 },
    { header: 'Meals', key: 'meals', width: 14 },
    { header: 'Guests', key: 'guests', width: 7 },
    { header: 'Total (EUR)', key: 'total', width: 12, style: { numFmt: '#,##0.00' } },
    { header: 'Remarks', key: 'remarks', width: 40 },
    { header: 'Internal remarks', key: 'internalRemarks', width: 40 },
  ];
  for (const { row, rooms, totalCents } of entries) {
    reservations.addRow({
      number: row.number,
      lastName: row.lastName,
      firstName: row.firstName,
      email: row.email,
      mobile: row.mobile,
      address: row.address,
      language: row.language,
      roomType: row.roomType,
      roomLabel: label(row.roomType),
      rooms: rooms.join(', '),
      arrival: row.arrivalDate,
      departure: row.departureDate,
      nights: nightsOf(row.arrivalDate, row.departureDate),
      meals: mealPlanText(row.mealPlan, language),
      guests: row.guests.length,
      total: totalCents / 100,
      remarks: row.remarks,
      internalRemarks: row.internalRemarks,
    });
  }
  styleHeader(reservations);

  const guests = workbook.addWorksheet('Guests');
  guests.columns = [
    { header: 'Number', key: 'number', width: 12 },
    { header: 'Rooms', key: 'rooms', width: 12 },
    { header: 'Room type', key: 'roomType', width: 10 },
    { header: 'Last name', key: 'lastName', width: 18 },
    { header: 'First name', key: 'firstName', width: 16 },
    { header: 'Birth date', key: 'birthDate', width: 12 },
    { header: 'Age group', key: 'ageGroup', width: 10 },
    { header: 'Participates', key: 'participates', width: 12 },
    { header: 'Arrival', key: 'arrival', width: 12 },
    { header: 'Departure', key: 'departure', width: 12 },
    { header: 'Meals', key: 'meals', width: 14 },
    { header: 'Remarks', key: 'remarks', width: 40 },
  ];
  for (const { row, rooms } of entries) {
    for (const guest of row.guests) {
      guests.addRow({
        number: row.number,
        rooms: rooms.join(', '),
        roomType: row.roomType,
        lastName: guest.lastName,
        firstName: guest.firstName,
        birthDate: guest.birthDate,
        ageGroup: ageGroupOf(settings, guest.birthDate),
        participates: guest.participates ? 'yes' : 'no',
        arrival: row.arrivalDate,
        departure: row.departureDate,
        meals: row.mealPlan,
        remarks: row.remarks,
      });
    }
  }
  styleHeader(guests);

  const meals = workbook.addWorksheet('Meals per day');
  meals.columns = [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Meal', key: 'meal', width: 11 },
    { header: 'Adults', key: 'adult', width: 8 },
    { header: 'Under 18', key: 'under18', width: 9 },
    { header: 'Under 12', key: 'under12', width: 9 },
    { header: 'Under 3', key: 'under3', width: 9 },
    { header: 'Total', key: 'total', width: 8 },
  ];
  for (const row of countMealsPerDay(settings, entries.map((e) => e.row))) {
    meals.addRow({ date: row.date, meal: row.meal, ...row.counts, total: row.total });
  }
  styleHeader(meals);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
