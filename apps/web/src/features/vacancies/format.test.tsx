import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { amountText, Snippet, salaryText, snippetParts } from './format';
import { en } from './texts/en';

const t = (key: string, values: Record<string, string> = {}) => {
  const [group, name] = key.split('.') as ['salary', keyof typeof en.salary];
  return en[group][name].replace(/\{\{(\w+)\}\}/g, (_, v: string) => values[v]);
};

describe('vacancy formats', () => {
  it('writes a salary range in the person’s locale', () => {
    expect(salaryText(5200, 6800, 'en', t)).toBe('5,200 – 6,800');
    expect(salaryText(5200, null, 'en', t)).toBe('from 5,200');
    expect(salaryText(null, 6800, 'en', t)).toBe('up to 6,800');
    expect(salaryText(null, null, 'en', t)).toBe('Salary by agreement');
    expect(amountText(125000, 'ru').replace(/\s/g, ' ')).toBe('125 000');
  });

  it('splits a snippet into text and marked words, unescaping the rest', () => {
    expect(snippetParts('a <b>lead</b> of &lt;twelve&gt; &amp; <b>more</b>')).toEqual([
      { text: 'a ', hit: false },
      { text: 'lead', hit: true },
      { text: ' of <twelve> & ', hit: false },
      { text: 'more', hit: true },
    ]);
  });

  it('never draws markup of the snippet other than the marks', () => {
    const { container } = render(<Snippet snippet={'<b>shift</b> &lt;img src=x onerror=alert(1)&gt;'} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.querySelector('mark')?.textContent).toBe('shift');
    expect(container.textContent).toBe('shift <img src=x onerror=alert(1)>');
  });
});
