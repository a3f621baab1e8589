// The certificate of a learned course (modules §7 "Learning": `GET api/course_progress/certificate/{course_id}/{user_id}`):
// a landscape A4 PDF drawn on the server, in the person's language, with the workspace's colour and name.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type TextLang, textLang } from '@hallway/shared';
import type { PDFDocument } from '@napi-rs/canvas';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { contentDisposition } from '../files/index.js';
import { courseAccess } from './access.js';
import { mayReadProgress } from './policy.js';

type Draw = ReturnType<PDFDocument['beginPage']>;
const FONT = 'HallwayCertificate';
let fontsReady = false;

/**
 * The skia canvas, loaded on the first certificate instead of at start: it is some 25 MB (skia, and the system fonts
 * it maps as it loads) a server that draws no certificate never needs (docs/operations.md "Memory").
 */
const loadCanvas = () => import('@napi-rs/canvas');

/** LiberationSans (pdfjs-dist's standard fonts) covers Latin and Cyrillic; registered once per process. */
function registerFonts({ GlobalFonts }: Awaited<ReturnType<typeof loadCanvas>>): void {
  if (fontsReady) return;
  const folder = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(folder, 'LiberationSans-Regular.ttf'), FONT);
  GlobalFonts.registerFromPath(join(folder, 'LiberationSans-Bold.ttf'), FONT);
  fontsReady = true;
}

const TEXTS: Record<TextLang, { title: string; awarded: string; completed: string; on: string; file: string }> = {
  en: {
    title: 'Certificate',
    awarded: 'This certifies that',
    completed: 'has successfully completed the course',
    on: 'Completed on',
    file: 'Certificate',
  },
  ru: {
    title: 'Сертификат',
    awarded: 'Настоящим подтверждается, что',
    completed: 'успешно прошёл(ла) курс',
    on: 'Дата прохождения',
    file: 'Сертификат',
  },
  uk: {
    title: 'Сертифікат',
    awarded: 'Цим засвідчується, що',
    completed: 'успішно пройшов(ла) курс',
    on: 'Дата проходження',
    file: 'Сертифікат',
  },
};

const LOCALES: Record<TextLang, string> = { en: 'en-GB', ru: 'ru-RU', uk: 'uk-UA' };
const DEFAULT_COLOUR = '#2f6f8f';

interface CertificateFacts {
  name: string;
  lang: string | null;
  course: string;
  learnedAt: Date;
  workspace: string;
  colour: string;
}

/** Cuts a text to fit `width` with an ellipsis. */
function fit(ctx: Draw, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Splits a text into at most `lines` lines of `width`, the last one cut. */
function wrap(ctx: Draw, text: string, width: number, lines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width <= width || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  return [...out.slice(0, lines - 1), fit(ctx, out.slice(lines - 1).join(' '), width)];
}

/** Draws the certificate: a calm frame in the workspace's colour, the title, the person, the course and the date. */
export async function drawCertificate(facts: CertificateFacts): Promise<Buffer> {
  const canvas = await loadCanvas();
  registerFonts(canvas);
  const lang = textLang(facts.lang);
  const t = TEXTS[lang];
  const doc = new canvas.PDFDocument({ title: `${t.title}: ${facts.course}`, author: 'Hallway' });
  const W = 842;
  const H = 595;
  const ctx = doc.beginPage(W, H);
  const colour = /^#[0-9a-f]{3,8}$/i.test(facts.colour) ? facts.colour : DEFAULT_COLOUR;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = colour;
  ctx.lineWidth = 10;
  ctx.strokeRect(24, 24, W - 48, H - 48);
  ctx.lineWidth = 1.5;
  ctx.strokeRect(42, 42, W - 84, H - 84);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  const centre = W / 2;
  const width = W - 180;

  ctx.fillStyle = colour;
  ctx.font = `bold 46px ${FONT}`;
  ctx.fillText(t.title.toUpperCase(), centre, 140);
  ctx.fillStyle = '#555555';
  ctx.font = `18px ${FONT}`;
  ctx.fillText(t.awarded, centre, 200);
  ctx.fillStyle = '#1d1d1d';
  ctx.font = `bold 36px ${FONT}`;
  ctx.fillText(fit(ctx, facts.name, width), centre, 255);
  ctx.fillStyle = '#555555';
  ctx.font = `18px ${FONT}`;
  ctx.fillText(t.completed, centre, 305);
  ctx.fillStyle = colour;
  ctx.font = `bold 28px ${FONT}`;
  const titleLines = wrap(ctx, `«${facts.course}»`, width, 2);
  titleLines.forEach((line, n) => {
    ctx.fillText(line, centre, 352 + n * 36);
  });

  const date = new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric' }).format(
    facts.learnedAt,
  );
  ctx.strokeStyle = '#cccccc';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(120, 470);
  ctx.lineTo(W - 120, 470);
  ctx.stroke();
  ctx.fillStyle = '#555555';
  ctx.font = `16px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.fillText(`${t.on}: ${date}`, 120, 500);
  ctx.textAlign = 'right';
  ctx.font = `bold 16px ${FONT}`;
  ctx.fillText(fit(ctx, facts.workspace, 320), W - 120, 500);
  doc.endPage();
  return doc.close();
}

/**
 * The certificate of `userId` for the course: their own, or anybody's for the managers (403 otherwise); someone who
 * is not a member 404 `course_member_not_found`, a member who has not learned it 409 `course_not_learned`.
 */
export async function certificate(
  ctx: RequestContext,
  courseId: string,
  userId: string,
): Promise<{ pdf: Buffer; disposition: string }> {
  const { policy, course } = await courseAccess(ctx, courseId);
  if (!mayReadProgress(ctx, policy, userId)) throw forbidden();
  const [row] = await rowsOf<{
    status: string;
    learned_at: Date | string | null;
    name: string;
    lang: string | null;
    workspace: string;
    client_lang: string | null;
    colour: string | null;
  }>(
    ctx.db,
    sql`SELECT m.status, m.learned_at, trim(u.first_name || ' ' || u.last_name) AS name, u.lang,
        c.name AS workspace, c.lang AS client_lang, c.colors->>'primary' AS colour
      FROM course_members m JOIN users u ON u.id = m.user_id JOIN clients c ON c.id = m.client_id
      WHERE m.client_id = ${ctx.tenant()} AND m.course_id = ${courseId} AND m.user_id = ${userId}`,
  );
  if (!row) throw notFound('course_member_not_found');
  if (row.status !== 'learned' || !row.learned_at) throw conflict('course_not_learned');
  const lang = row.lang ?? row.client_lang;
  const pdf = await drawCertificate({
    name: row.name,
    lang,
    course: course.title,
    learnedAt: new Date(row.learned_at),
    workspace: row.workspace,
    colour: row.colour ?? DEFAULT_COLOUR,
  });
  const file = `${TEXTS[textLang(lang)].file} - ${course.title} - ${row.name}.pdf`.replace(/[\\/:*?"<>|]+/g, ' ');
  // A certificate is kept, not shown in place: always an attachment.
  return { pdf, disposition: contentDisposition('application/pdf', file).replace(/^inline/, 'attachment') };
}
