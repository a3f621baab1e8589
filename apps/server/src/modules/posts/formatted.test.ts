import { mentionMarkup, type RichDoc } from '@hallway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const txt = (text: string, ...marks: unknown[]) =>
  marks.length ? { type: 'text', text, marks } : { type: 'text', text };
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe('formatted posts', () => {
  it('keep their document; text, mentions and notifications read its plain text', async () => {
    const ws = await makeWorkspace(h);
    const carla = await makeUser(h, ws.id, { firstName: 'Carla', lastName: 'Colleague' });
    const body = doc(
      para(txt('Release '), txt('today', { type: 'bold' }), txt(' — thanks '), txt(mentionMarkup(carla.id, 'Carla'))),
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [para(txt('notes', { type: 'italic' }))] },
          {
            type: 'listItem',
            content: [
              para(
                txt('the plan', {
                  type: 'link',
                  attrs: { href: 'https://example.com/plan', target: '_blank', onclick: 'steal()' },
                }),
              ),
            ],
          },
        ],
      },
    );
    const res = await call(h, ws.employee, 'POST', '/api/post', { text: 'ignored', doc: body });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(result.text).toBe(`Release today — thanks ${mentionMarkup(carla.id, 'Carla')}\n• notes\n• the plan`);
    expect(result.mentions.map((p: { _id: string }) => p._id)).toEqual([carla.id]);
    // Only the address of a link is kept: no handler, no target.
    const link = (result.doc as RichDoc).content[1];
    expect(JSON.stringify(link)).not.toContain('onclick');
    expect(JSON.stringify(link)).not.toContain('target');
    expect(JSON.stringify(link)).toContain('https://example.com/plan');

    const again = (await call(h, carla, 'GET', `/api/post/${result._id}`)).json().result;
    expect(again.doc).toEqual(result.doc);
    const { rows } = await h.platform.database.query(
      "SELECT vars FROM notification_events WHERE client_id = $1 AND code = 'posts.mention'",
      [ws.id],
    );
    const vars = (rows[0] as { vars: { text: string } }).vars;
    expect(vars.text).not.toContain('<');
    expect(vars.text).toContain('Release today');
  });

  it('refuse scripts, unknown nodes and marks, and javascript: or data: links', async () => {
    const ws = await makeWorkspace(h);
    const bad = [
      doc({ type: 'script', content: [txt('alert(1)')] }),
      doc(para({ type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } })),
      doc(para(txt('x', { type: 'textStyle', attrs: { style: 'background:url(javascript:alert(1))' } }))),
      doc(para(txt('click', { type: 'link', attrs: { href: 'javascript:alert(1)' } }))),
      doc(para(txt('click', { type: 'link', attrs: { href: ' JavaScript:alert(1)' } }))),
      doc(para(txt('click', { type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }))),
      doc(para(txt('click', { type: 'link', attrs: { href: '//evil.example/x' } }))),
      doc(para(txt('<b onmouseover="x">', { type: 'html' }))),
      doc(para()),
    ];
    for (const body of bad) {
      const res = await call(h, ws.employee, 'POST', '/api/post', { text: 'x', doc: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const js = await call(h, ws.employee, 'POST', '/api/post', { text: 'x', doc: bad[3] });
    expect(JSON.stringify(js.json().fields)).toContain('post_link_invalid');
    // Markup typed as text stays text: it is stored as typed and the web draws it as characters.
    const typed = await call(h, ws.employee, 'POST', '/api/post', {
      text: 'x',
      doc: doc(para(txt('<script>alert(1)</script>'))),
    });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().result.text).toBe('<script>alert(1)</script>');
    const own = await call(h, ws.employee, 'POST', '/api/post', {
      text: 'x',
      doc: doc(
        para(
          txt('see', { type: 'link', attrs: { href: '/post/abc' } }),
          txt(' and '),
          txt('mail', { type: 'link', attrs: { href: 'mailto:a@b.c' } }),
        ),
      ),
    });
    expect(own.statusCode).toBe(200);
  });

  it('hold the thank-you rules on their plain text, and an edit as plain text makes the post plain', async () => {
    const ws = await makeWorkspace(h);
    const carla = await makeUser(h, ws.id, { firstName: 'Carla', lastName: 'Colleague' });
    const dan = await makeUser(h, ws.id, { firstName: 'Dan', lastName: 'Dev' });
    const thanks = (body: unknown) =>
      call(h, ws.employee, 'POST', '/api/post', { kind: 'thanks', text: 'x'.repeat(40), doc: body });
    // The 40 characters sent as `text` do not count: the document's own text is short.
    const short = await thanks(doc(para(txt('Thanks '), txt(mentionMarkup(carla.id, 'Carla'), { type: 'bold' }))));
    expect(short.json()).toMatchObject({ code: 'thanks_text_short' });
    const two = await thanks(
      doc(
        para(
          txt(`Thanks to ${mentionMarkup(carla.id, 'Carla')} and ${mentionMarkup(dan.id, 'Dan')} for the long night`),
        ),
      ),
    );
    expect(two.json()).toMatchObject({ code: 'thanks_one_person' });
    const good = await thanks(
      doc(
        para(txt('Thank you '), txt(mentionMarkup(carla.id, 'Carla'))),
        para(txt('for staying late to fix the release', { type: 'italic' })),
      ),
    );
    expect(good.statusCode, good.body).toBe(200);
    const id = good.json().result._id;

    const edited = await call(h, ws.employee, 'PUT', `/api/post/${id}`, {
      doc: doc(
        para(txt('Thank you '), txt(mentionMarkup(carla.id, 'Carla')), txt(' for the night shift', { type: 'bold' })),
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result.text).toBe(`Thank you ${mentionMarkup(carla.id, 'Carla')} for the night shift`);
    expect(edited.json().result.doc.content[0].content[2].marks).toEqual([{ type: 'bold' }]);
    const plain = await call(h, ws.employee, 'PUT', `/api/post/${id}`, {
      text: `Thank you ${mentionMarkup(carla.id, 'Carla')} for everything this week`,
    });
    expect(plain.json().result).toMatchObject({
      doc: null,
      text: `Thank you ${mentionMarkup(carla.id, 'Carla')} for everything this week`,
    });
  });

  it('leave plain-text posts as they were', async () => {
    const ws = await makeWorkspace(h);
    const res = await call(h, ws.employee, 'POST', '/api/post', { text: 'Just *words*, <b>as typed</b>' });
    expect(res.json().result).toMatchObject({ text: 'Just *words*, <b>as typed</b>', doc: null });
  });
});
