import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUiLanguage, type UiLang } from '../i18n';
import { renderUi } from '../test/render';
import { DayInput } from './DayInput';
import { DayTimeInput } from './DayTimeInput';

/** A date field whose every change is written down, as a form's state would keep it. */
function Field({ initial = '', seen, minDate }: { initial?: string; seen: (string | null)[]; minDate?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DayInput
      label="Start"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      minDate={minDate}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Start' }) as HTMLInputElement;

async function inLanguage(lang: UiLang) {
  await act(() => setUiLanguage(lang));
}

// Mantine's date field and its calendar are heavy in happy-dom: a busy machine needs more than the default seconds.
describe('DayInput', { timeout: 20_000 }, () => {
  afterEach(() => setUiLanguage('en'));

  it('reads 27.11.2026 typed in Russian as 2026-11-27 and shows it the Russian way', async () => {
    await inLanguage('ru');
    const seen: (string | null)[] = [];
    renderUi(<Field seen={seen} />);
    expect(field().getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
    await userEvent.type(field(), '27.11.2026');
    expect(seen.at(-1)).toBe('2026-11-27');
    // Nothing is taken while the year is still being typed.
    expect(seen.slice(0, -1)).toEqual([]);
    fireEvent.blur(field());
    expect(field().value).toBe('27.11.2026');
  });

  it.each([['27 Nov 2026'], ['2026-11-27'], ['27.11.2026'], ['27 november 2026']])(
    'reads %s typed in English as 2026-11-27 and shows 27 Nov 2026',
    async (typed) => {
      const seen: (string | null)[] = [];
      renderUi(<Field seen={seen} />);
      expect(field().getAttribute('placeholder')).toBe('e.g. 27 Nov 2026');
      await userEvent.type(field(), typed);
      expect(seen.at(-1)).toBe('2026-11-27');
      fireEvent.blur(field());
      expect(field().value).toBe('27 Nov 2026');
    },
  );

  it('takes no day from a month-first or day-first slashed date, which reads differently on each side', async () => {
    const seen: (string | null)[] = [];
    renderUi(<Field seen={seen} />);
    await userEvent.type(field(), '11/27/2026');
    expect(seen).toEqual([]);
  });

  it('shows the day in the format of the interface language, and follows a change of language', async () => {
    renderUi(<Field seen={[]} initial="2026-11-27" />);
    expect(field().value).toBe('27 Nov 2026');
    await inLanguage('ru');
    expect(field().value).toBe('27.11.2026');
    expect(field().getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
    await inLanguage('uk');
    expect(field().value).toBe('27.11.2026');
    expect(field().getAttribute('placeholder')).toBe('ДД.ММ.РРРР');
    await inLanguage('en');
    expect(field().value).toBe('27 Nov 2026');
  });

  it('names the months of its calendar in the interface language', async () => {
    renderUi(<Field seen={[]} initial="2026-11-27" />);
    fireEvent.focus(field());
    expect(await screen.findByRole('button', { name: 'November 2026' })).toBeTruthy();
    await inLanguage('ru');
    expect(await screen.findByRole('button', { name: 'ноябрь 2026' })).toBeTruthy();
  });

  it('greys out the days before minDate, and passes a day typed before it on for the form to judge', async () => {
    const seen: (string | null)[] = [];
    renderUi(<Field seen={seen} initial="2026-11-20" minDate="2026-11-18" />);
    fireEvent.focus(field());
    const dropdown = document.querySelector('[data-dates-dropdown]') as HTMLElement;
    const day = (n: number) => within(dropdown).getByRole('button', { name: new RegExp(`^${n} November 2026$`) });
    expect(day(17).hasAttribute('data-disabled')).toBe(true);
    expect(day(18).hasAttribute('data-disabled')).toBe(false);
    fireEvent.click(day(19));
    expect(seen.at(-1)).toBe('2026-11-19');
    fireEvent.change(field(), { target: { value: '2026-11-01' } });
    expect(seen.at(-1)).toBe('2026-11-01');
  });

  it('has a named clear button when clearable', async () => {
    const seen: (string | null)[] = [];
    renderUi(<DayInput label="End" value="2026-11-27" onChange={(next) => seen.push(next)} clearable />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the date' }));
    expect(seen).toEqual([null]);
  });

  it('is emptied by clearing its text, without a clear button', async () => {
    const seen: (string | null)[] = [];
    renderUi(<Field seen={seen} initial="2026-11-27" />);
    fireEvent.change(field(), { target: { value: '' } });
    expect(seen.at(-1)).toBeNull();
  });
});

function Moment({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <DayTimeInput
      label="Publication time"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('DayTimeInput', { timeout: 20_000 }, () => {
  afterEach(() => setUiLanguage('en'));

  it('is a labelled pair of a day and a time that speaks YYYY-MM-DDTHH:mm', async () => {
    const seen: string[] = [];
    renderUi(<Moment seen={seen} />);
    const group = screen.getByRole('group', { name: 'Publication time' });
    const day = within(group).getByRole('textbox', { name: 'Date' }) as HTMLInputElement;
    expect(day.getAttribute('placeholder')).toBe('e.g. 27 Nov 2026');
    await userEvent.type(day, '27 Nov 2026');
    // Half a moment is no moment yet.
    expect(seen.at(-1)).toBe('2026-11-27T');
    expect(Number.isNaN(new Date(seen.at(-1)!).getTime())).toBe(true);
    fireEvent.change(within(group).getByLabelText('Time'), { target: { value: '14:30' } });
    expect(seen.at(-1)).toBe('2026-11-27T14:30');
    fireEvent.blur(day);
    expect(day.value).toBe('27 Nov 2026');
  });

  it('shows the day the way the language writes it', async () => {
    await inLanguage('ru');
    renderUi(<DayTimeInput label="Время публикации" value="2026-11-27T14:30" onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Время публикации' });
    expect((within(group).getByRole('textbox', { name: 'Дата' }) as HTMLInputElement).value).toBe('27.11.2026');
    expect((within(group).getByLabelText('Время') as HTMLInputElement).value).toBe('14:30');
  });
});
