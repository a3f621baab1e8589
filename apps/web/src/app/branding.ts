/** What the vendor of GET /api/env selects (spec portal §7): the product name, favicon and logo. */
export interface Branding {
  title: string;
  favicon: string;
  logo: string;
}

const BRANDS: Record<string, Branding> = {
  hallway: { title: 'Hallway', favicon: '/favicon.svg', logo: '/brand/hallway.svg' },
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
