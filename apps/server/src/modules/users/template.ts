// Issue 12 "Employees: a downloadable import template": the columns `POST api/user/import` reads, required ones
// first, one example row, and notes on the header cells saying what each column wants.
import type { Lang } from '@hallway/shared';
import { loadExcel } from '../../platform/files/sheet-cells.js';
import { EMPLOYEE_COLUMNS } from './spreadsheet.js';

type Column = (typeof EMPLOYEE_COLUMNS)[number];

const REQUIRED: Column[] = ['firstName', 'lastName', 'email'];
/** The import's columns, required first, the rest in export order. */
export const TEMPLATE_COLUMNS: Column[] = [...REQUIRED, ...EMPLOYEE_COLUMNS.filter((c) => !REQUIRED.includes(c))];

/** The example row: a person nobody has (example.com is reserved), with every format shown once. */
export const TEMPLATE_EXAMPLE: Partial<Record<Column, string | number>> = {
  firstName: 'Maria',
  lastName: 'Example',
  email: 'maria.example@example.com',
  login: 'maria.example',
  middleName: '',
  birthDate: '1990-04-21',
  phone: '+351 910 000 000',
  internalPhone: '214',
  organization: 'Northwind Labs',
  inn: '7700000000',
  kpp: '770001001',
  position: 'Accountant',
  cabinet: '3.12',
  chiefCode: '',
  department: 'Finance',
  workingSince: '2024-09-02',
  gender: 'woman',
  vacationDays: 28,
  city: 'Lisbon',
  telegram: '@maria_example',
  statusText: '',
  about: '',
  password: '',
};

interface Notes {
  sheet: string;
  first: string;
  required: string;
  date: string;
  gender: string;
  inn: string;
  kpp: string;
  number: string;
  password: string;
  login: string;
}

const NOTES: Record<Lang, Notes> = {
  en: {
    sheet: 'Employees',
    first:
      'Row 1 names the columns (keep it). Row 2 is an example: replace it with your people or delete it. ' +
      'firstName, lastName and email are required; every other column may stay empty.',
    required: 'Required.',
    date: 'A date as YYYY-MM-DD (or an Excel date).',
    gender: 'man, woman or not selected.',
    inn: '10 digits, or empty.',
    kpp: '9 digits, or empty.',
    number: 'A number of days.',
    password:
      'Optional, at least 6 characters. Empty: the person sets their own through "Forgot password" with their e-mail.',
    login: 'Optional: without one, the person signs in with the e-mail.',
  },
  ru: {
    sheet: 'Сотрудники',
    first:
      'Строка 1 — названия столбцов (не меняйте). Строка 2 — пример: замените её своими сотрудниками или удалите. ' +
      'firstName, lastName и email обязательны, остальные столбцы можно оставить пустыми.',
    required: 'Обязательно.',
    date: 'Дата в виде ГГГГ-ММ-ДД (или дата Excel).',
    gender: 'man, woman или not selected.',
    inn: '10 цифр или пусто.',
    kpp: '9 цифр или пусто.',
    number: 'Число дней.',
    password:
      'Необязательно, не короче 6 символов. Если пусто, сотрудник задаст пароль сам через «Забыли пароль» по своему e-mail.',
    login: 'Необязательно: без логина сотрудник входит по e-mail.',
  },
  ua: {
    sheet: 'Співробітники',
    first:
      'Рядок 1 — назви стовпців (не змінюйте). Рядок 2 — приклад: замініть його своїми співробітниками або видаліть. ' +
      "firstName, lastName і email обов'язкові, решту стовпців можна залишити порожніми.",
    required: "Обов'язково.",
    date: 'Дата у вигляді РРРР-ММ-ДД (або дата Excel).',
    gender: 'man, woman або not selected.',
    inn: '10 цифр або порожньо.',
    kpp: '9 цифр або порожньо.',
    number: 'Кількість днів.',
    password:
      'Необовʼязково, не коротше 6 символів. Якщо порожньо, співробітник задасть пароль сам через «Забули пароль» за своїм e-mail.',
    login: 'Необовʼязково: без логіна співробітник входить за e-mail.',
  },
};

function noteOf(column: Column, notes: Notes): string | null {
  if (REQUIRED.includes(column)) return notes.required;
  if (column === 'birthDate' || column === 'workingSince') return notes.date;
  if (column === 'gender') return notes.gender;
  if (column === 'inn') return notes.inn;
  if (column === 'kpp') return notes.kpp;
  if (column === 'vacationDays') return notes.number;
  if (column === 'password') return notes.password;
  if (column === 'login') return notes.login;
  return null;
}

/** The template workbook, its notes in `lang`. */
export async function importTemplate(lang: Lang): Promise<Buffer> {
  const notes = NOTES[lang];
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Hallway';
  const sheet = workbook.addWorksheet(notes.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = TEMPLATE_COLUMNS.map((key) => ({ header: key, key, width: Math.max(14, key.length + 6) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  TEMPLATE_COLUMNS.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    if (REQUIRED.includes(column)) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3BF' } };
    const note = noteOf(column, notes);
    if (index === 0) cell.note = `${notes.first}\n\n${column}: ${note}`;
    else if (note) cell.note = note;
  });
  // Texts, so Excel keeps leading zeros and the dates as typed.
  sheet.addRow(TEMPLATE_COLUMNS.map((column) => TEMPLATE_EXAMPLE[column] ?? ''));
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF868E96' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
