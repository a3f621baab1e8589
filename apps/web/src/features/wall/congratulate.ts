import type { AnniversaryDto, BirthdayDto } from '@hallway/shared';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Mention } from './mentions';
import { useWallTexts } from './texts';

/** Someone celebrating today whom the reader congratulates with a thank-you post on the company wall. */
export interface Congratulation {
  personId: string;
  name: string;
  occasion: 'birthday' | 'anniversary';
  /** Whole years at the company, for an anniversary. */
  years?: number;
}

/** What the composer starts with: a thank-you post mentioning the person. */
export interface ComposerDraft {
  kind: 'thanks';
  text: string;
  mentions: Mention[];
}

/** A birthday or a work anniversary, in the order the widget and the birthdays page show them. */
export type Celebration =
  | (BirthdayDto & { kind: 'birthday'; key: string })
  | (AnniversaryDto & { kind: 'anniversary'; key: string });

/** Birthdays and anniversaries in one list: today's first, then by date, a birthday before an anniversary. */
export function celebrations(birthdays: BirthdayDto[], anniversaries: AnniversaryDto[]): Celebration[] {
  const all: Celebration[] = [
    ...birthdays.map((b) => ({ ...b, kind: 'birthday' as const, key: `birthday-${b._id}` })),
    ...anniversaries.map((a) => ({ ...a, kind: 'anniversary' as const, key: `anniversary-${a._id}` })),
  ];
  const kindOrder = (entry: Celebration) => (entry.kind === 'birthday' ? 0 : 1);
  return all.sort(
    (a, b) =>
      Number(b.today) - Number(a.today) ||
      a.date.localeCompare(b.date) ||
      kindOrder(a) - kindOrder(b) ||
      a.name.localeCompare(b.name),
  );
}

export const congratulationOf = (entry: Celebration): Congratulation => ({
  personId: entry._id,
  name: entry.name,
  occasion: entry.kind,
  ...(entry.kind === 'anniversary' ? { years: entry.years } : {}),
});

/** The plural form a count takes in a language (CLDR categories; the texts hold one, few, many and other). */
export function pluralForm(lang: string, count: number): 'one' | 'few' | 'many' | 'other' {
  const form = new Intl.PluralRules(lang).select(count);
  return form === 'one' || form === 'few' || form === 'many' ? form : 'other';
}

/** The router state that carries a congratulation to the wall. */
interface CongratulateState {
  congratulate: Congratulation;
}

/** The congratulation a navigation brought to the wall, if any (anything else in the state is ignored). */
export function congratulationIn(state: unknown): Congratulation | null {
  const value = (state as Partial<CongratulateState> | null)?.congratulate;
  if (!value || typeof value.personId !== 'string' || typeof value.name !== 'string') return null;
  if (value.occasion !== 'birthday' && value.occasion !== 'anniversary') return null;
  return value;
}

/** Opens the company wall with the composer prefilled to congratulate the person. */
export function useCongratulate() {
  const navigate = useNavigate();
  return useCallback(
    (congratulation: Congratulation) =>
      navigate('/company', { state: { congratulate: congratulation } satisfies CongratulateState }),
    [navigate],
  );
}

/** The composer's prefilled congratulation in the reader's language: a thank-you post mentioning the person. */
export function useCongratulationDraft() {
  const { t, lang } = useWallTexts();
  return useCallback(
    (congratulation: Congratulation): ComposerDraft => {
      const { name, years = 1 } = congratulation;
      const text =
        congratulation.occasion === 'birthday'
          ? t('congratulate.birthday', { name })
          : t(`congratulate.anniversary.${pluralForm(lang, years)}`, { count: years, name });
      return { kind: 'thanks', text, mentions: [{ id: congratulation.personId, name }] };
    },
    [t, lang],
  );
}

/**
 * A congratulation brought by the navigation (the birthdays widget or page): taken once into a draft, and the
 * history entry is cleared so that a reload or going back does not prefill the composer again.
 */
export function useIncomingDraft(onArrival: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const draftFor = useCongratulationDraft();
  const [draft, setDraft] = useState<{ key: number; value: ComposerDraft } | null>(null);
  const arrived = congratulationIn(location.state);
  useEffect(() => {
    if (!arrived) return;
    setDraft((current) => ({ key: (current?.key ?? 0) + 1, value: draftFor(arrived) }));
    onArrival();
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [arrived, draftFor, navigate, location.pathname, location.search, onArrival]);
  return draft;
}
