import { COVER_WIDTH } from '@hallway/shared';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAvatar, demoCover, encodeDemoImage } from '../modules/files/index.js';
import { call, createHarness, type Harness } from '../test/harness.js';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from './demo.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
let anna: { token: string };
let clientId: string;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
  const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
  anna = { token: login.json().token };
  clientId = (await call(h, anna, 'GET', '/api/user/me')).json().result.client._id;
});
afterAll(() => h.close());

const me = async () => {
  const { user } = (await call(h, anna, 'GET', '/api/user/me')).json().result;
  return { ...user, id: user._id as string };
};

const download = async (url: string) => {
  const res = await call(h, anna, 'GET', url);
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};

describe('pictures of the demo workspace', () => {
  it("gives everyone a small WebP portrait with a thumbnail, stored like an upload, and some people a cover of the cropper's size", async () => {
    const people = (await call(h, anna, 'GET', `/api/user/for_client/${clientId}`)).json();
    const list: { _id: string; pics: { src: string; mini?: string }[]; cover?: string }[] = people.result ?? people;
    expect(list.length).toBeGreaterThanOrEqual(20);
    for (const person of list) {
      expect(person.pics, JSON.stringify(person)).toHaveLength(1);
      expect(person.pics[0].mini).toMatch(/^\/api\/files\/.+\/thumb$/);
    }
    const picture = await download(list[0].pics[0].src);
    expect(await sharp(picture).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(picture.length).toBeLessThan(12_000);

    const { cover: coverUrl } = await me();
    expect(coverUrl).toMatch(/^\/api\/files\//);
    const cover = await download(coverUrl);
    expect(await sharp(cover).metadata()).toMatchObject({ format: 'webp', width: COVER_WIDTH, height: 570 });
    expect(cover.length).toBeLessThan(60_000);
  });

  it('puts photos with their sizes and thumbnails in some wall posts', async () => {
    const news = (await call(h, anna, 'GET', `/api/post/news/${clientId}/0`)).json();
    const mine = (await call(h, anna, 'GET', `/api/post/user_feed/${(await me()).id}/0`)).json();
    // biome-ignore lint/suspicious/noExplicitAny: the answer's files are checked field by field
    const files: any[] = [...news.result, ...mine.result].flatMap((p: { attachments: unknown[] }) => p.attachments);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      expect(file).toMatchObject({ mime: 'image/webp', width: 1200, height: 800, mini: expect.any(String) });
      expect(file.size).toBeLessThan(40_000);
    }
    expect(await sharp(await download(files[0].mini)).metadata()).toMatchObject({ format: 'webp' });
  });

  it('draws the same picture for the same person every time, and different ones for different people', async () => {
    const [first, again, other] = await Promise.all([
      encodeDemoImage(demoAvatar('anna')),
      encodeDemoImage(demoAvatar('anna')),
      encodeDemoImage(demoAvatar('tom')),
    ]);
    expect(Buffer.compare(first, again)).toBe(0);
    expect(Buffer.compare(first, other)).not.toBe(0);
    expect(demoCover('anna').svg).toBe(demoCover('anna').svg);
  });
});
