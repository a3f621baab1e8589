import type { GrantAudience, GrantLevel } from '@hallway/shared';

/**
 * Content grants (spec portal §6): who may read or write an article, a poll, a group, ...
 * One evaluator for every module; object rules (owner, administrator) are the service's business.
 */
export interface Grant {
  audience: GrantAudience;
  level: GrantLevel;
  /** by_head: people whose chief is one of these user ids. */
  heads?: string[];
  /** by_name: full names or positions, compared without case. */
  values?: string[];
  /** by_department */
  departments?: string[];
  /** by_city */
  cities?: string[];
  /** by_working_time: tenure in whole months, bounds inclusive. */
  minMonths?: number;
  maxMonths?: number;
  /** manual: user ids. */
  users?: string[];
}

/** What the evaluator needs to know of a person. `isHead`: the person is somebody's chief or heads a department. */
export interface GrantSubject {
  id: string;
  fullName: string;
  position: string;
  department: string;
  city: string;
  chief: string | null;
  workingSince: string | null;
  isHead: boolean;
}

/** More specific audiences decide over broader ones: "everyone reads, but Anna writes; Boris sees nothing". */
const SPECIFICITY: Record<GrantAudience, number> = {
  manual: 7,
  by_name: 6,
  by_head: 5,
  by_department: 4,
  by_city: 3,
  by_working_time: 2,
  all_heads: 1,
  all: 0,
};
const LEVEL_RANK: Record<GrantLevel, number> = { none: 0, read: 1, write: 2 };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function tenureMonths(workingSince: string | null, now: Date): number | null {
  if (!workingSince) return null;
  const start = new Date(`${workingSince}T00:00:00Z`);
  let months = (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth());
  if (now.getUTCDate() < start.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

export function grantMatches(grant: Grant, who: GrantSubject, now = new Date()): boolean {
  switch (grant.audience) {
    case 'all':
      return true;
    case 'all_heads':
      return who.isHead;
    case 'by_head':
      return who.chief !== null && (grant.heads ?? []).includes(who.chief);
    case 'by_name':
      return (grant.values ?? []).some((v) => same(v, who.fullName) || (who.position !== '' && same(v, who.position)));
    case 'by_department':
      return who.department !== '' && (grant.departments ?? []).some((d) => same(d, who.department));
    case 'by_city':
      return who.city !== '' && (grant.cities ?? []).some((c) => same(c, who.city));
    case 'by_working_time': {
      const months = tenureMonths(who.workingSince, now);
      if (months === null) return false;
      return months >= (grant.minMonths ?? 0) && months <= (grant.maxMonths ?? Number.POSITIVE_INFINITY);
    }
    case 'manual':
      return (grant.users ?? []).includes(who.id);
  }
}

/** The level a person has: the most specific matching audience decides; ties go to the higher level. */
export function evaluateGrants(grants: readonly Grant[], who: GrantSubject, now = new Date()): GrantLevel {
  let best: { specificity: number; level: GrantLevel } | null = null;
  for (const grant of grants) {
    if (!grantMatches(grant, who, now)) continue;
    const specificity = SPECIFICITY[grant.audience];
    if (
      !best ||
      specificity > best.specificity ||
      (specificity === best.specificity && LEVEL_RANK[grant.level] > LEVEL_RANK[best.level])
    ) {
      best = { specificity, level: grant.level };
    }
  }
  return best?.level ?? 'none';
}

export const canRead = (level: GrantLevel) => level !== 'none';
export const canWrite = (level: GrantLevel) => level === 'write';
