import ExcelJS from 'exceljs';
import { ageGroupOf, countMealsPerDay, findRoomType, mealPlanText, nightsOf, type EditionSettings, type Language } from '@bjk/domain';
import { exportYesNo } from '../../platform/export-texts.js';
import type { ReservationRow } from './lodging.repository.js';
import { STAY_WORKBOOK_HEADERS, STAY_WORKBOOK_WORDS } from './stay-workbook-texts.js';

export type WorkbookEntry = { row: ReservationRow; rooms: string[]; totalCents: number };

function styleHeader(sheet: ExcelJS.Worksheet): void {
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columnCount } };
}

/**
 * The venue's lists (DOMAIN.md §5): Reservations (one row per request), Guests (the rooming list) and
 * Meals per day (how many of each meal per day by age group, for the kitchen), all in the manager's language:
 * sheet names, column headers and coded values (yes/no, meal plans, meals).
 */
export async function buildStayWorkbook(settings: EditionSettings, entries: WorkbookEntry[], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = settings.organiser.name;
  const label = (code: string) => findRoomType(settings, code)?.label[language] ?? code;
  const h = STAY_WORKBOOK_HEADERS[language];
  const w = STAY_WORKBOOK_WORDS[language];

  const reservations = workbook.addWorksheet(w.sheets.reservations);
  reservations.columns = [
    { header: h.number, key: 'number', width: 12 },
    { header: h.lastName, key: 'lastName', width: 18 },
    { header: h.firstName, key: 'firstName', width: 16 },
    { header: h.email, key: 'email', width: 28 },
    { header: h.mobile, key: 'mobile', width: 16 },
    { header: h.address, key: 'address', width: 32 },
    { header: h.language, key: 'language', width: 9 },
    { header: h.roomType, key: 'roomType', width: 10 },
    { header: h.roomLabel, key: 'roomLabel', width: 24 },
    { header: h.rooms, key: 'rooms', width: 12 },
    { header: h.arrival, key: 'arrival', width: 12 },
    { header: h.departure, key: 'departure', width: 12 },
    { header: h.nights, key: 'nights', width: 7 },
    { header: h.meals, key: 'meals', width: 14 },
    { header: h.guests, key: 'guests', width: 7 },
    { header: h.total, key: 'total', width: 12, style: { numFmt: '#,##0.00' } },
    { header: h.remarks, key: 'remarks', width: 40 },
    { header: h.internalRemarks, key: 'internalRemarks', width: 40 },
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

  const guests = workbook.addWorksheet(w.sheets.guests);
  guests.columns = [
    { header: h.number, key: 'number', width: 12 },
    { header: h.rooms, key: 'rooms', width: 12 },
    { header: h.roomType, key: 'roomType', width: 10 },
    { header: h.lastName, key: 'lastName', width: 18 },
    { header: h.firstName, key: 'firstName', width: 16 },
    { header: h.birthDate, key: 'birthDate', width: 12 },
    { header: h.ageGroup, key: 'ageGroup', width: 10 },
    { header: h.participates, key: 'participates', width: 12 },
    { header: h.arrival, key: 'arrival', width: 12 },
    { header: h.departure, key: 'departure', width: 12 },
    { header: h.meals, key: 'meals', width: 14 },
    { header: h.remarks, key: 'remarks', width: 40 },
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
        participates: exportYesNo(guest.participates, language),
        arrival: row.arrivalDate,
        departure: row.departureDate,
        meals: mealPlanText(row.mealPlan, language),
        remarks: row.remarks,
      });
    }
  }
  styleHeader(guests);

  const meals = workbook.addWorksheet(w.sheets.meals);
  meals.columns = [
    { header: h.date, key: 'date', width: 12 },
    { header: h.meal, key: 'meal', width: 11 },
    { header: h.adult, key: 'adult', width: 8 },
    { header: h.under18, key: 'under18', width: 9 },
    { header: h.under12, key: 'under12', width: 9 },
    { header: h.under3, key: 'under3', width: 9 },
    { header: h.mealTotal, key: 'total', width: 8 },
  ];
  for (const row of countMealsPerDay(
    settings,
    entries.map((e) => e.row),
  )) {
    meals.addRow({ date: row.date, meal: w.meal[row.meal], ...row.counts, total: row.total });
  }
  styleHeader(meals);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
