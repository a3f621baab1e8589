/** What the vendor of GET /api/env selects (spec portal §7): the product name, favicon and logo. */
export interface Branding {
  title: string;
  favicon: string;
  logo: string;
}

/**
 * Hallway's mark (public/favicon.svg) as a data URL, here and in index.html: the sign-in page needs no request for
 * its favicon or logo (issue 11's byte budget).
 */
const HALLWAY_MARK =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Ctitle%3EHallway%3C/title%3E%3Crect width='64' height='64' rx='14' fill='%231c7ed6'/%3E%3Cpath d='M18 14h8v14h12V14h8v36h-8V36H26v14h-8z' fill='%23fff'/%3E%3C/svg%3E";

const BRANDS: Record<string, Branding> = {
  hallway: { title: 'Hallway', favicon: HALLWAY_MARK, logo: HALLWAY_MARK },
};

export function brandingOf(vendor: string | undefined): Branding {
  if (vendor && BRANDS[vendor]) return BRANDS[vendor];
  if (!vendor) return BRANDS.hallway;
  // A vendor without its own assets keeps the default pictures under its own name.
  return { ...BRANDS.hallway, title: vendor.charAt(0).toUpperCase() + vendor.slice(1) };
}

export function applyBranding(branding: Branding, pageTitle?: string): void {
  document.title = pageTitle ? `${pageTitle} · ${branding.title}` : branding.title;
  const link = document.querySelector<HTMLLinkElement>('link#favicon');
  if (link && link.getAttribute('href') !== branding.favicon) link.setAttribute('href', branding.favicon);
}
