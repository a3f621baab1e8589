import type { NotificationDto } from '@hallway/shared';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Addresses in an escaped paragraph become links (an invitation's "Accept: https://…"). */
const linked = (html: string) => html.replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The e-mail of a centre entry: its title as the subject, the template's full text (else the entry's), every
 * variable and text escaped in the HTML part.
 */
export function notificationMail(entry: NotificationDto, publicUrl: string, full = entry.text) {
  const url = entry.link ? `${publicUrl}${entry.link}` : publicUrl;
  const paragraphs = [entry.title, ...full.split(/\n{2,}/)].filter(Boolean);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529;max-width:560px;margin:24px auto">${paragraphs
    .map((p) => `<p style="margin:0 0 16px">${linked(escapeHtml(p))}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p style="color:#868e96;font-size:12px">Hallway</p></body></html>`;
  return { subject: entry.title, text: [...paragraphs, url].join('\n\n'), html };
}
