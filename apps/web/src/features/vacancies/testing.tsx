import type { ArticleDto, ArticleItem } from '@hallway/shared/articles';
import { CLIENT, LUKAS, ME } from '../groups/testing';

/** Test helpers of the vacancies (only tests import this file). */
export { CLIENT, LUKAS, ME, renderWithSession, TOM } from '../groups/testing';

const can = { read: true, edit: false, delete: false, rights: false, files: false, create: false, respond: true };

export function makeVacancy(overrides: Partial<ArticleDto> = {}): ArticleDto {
  return {
    _id: '01a1fe5d-0000-7000-8000-0000000000a1',
    client_id: CLIENT,
    parent: null,
    section: 'vacancy',
    type: 'article',
    title: 'Warehouse shift lead',
    order: 0,
    author: { _id: ME, name: 'Anna Kowalski', avatar: null, position: 'Product Designer' },
    created: '2026-03-02T09:00:00.000Z',
    updated: '2026-03-02T09:00:00.000Z',
    cover: null,
    tags: [],
    views: 3,
    favourite: false,
    version: 1,
    salary_from: 3100,
    salary_to: 3600,
    can,
    doc: null,
    files: [],
    receivers: [{ _id: LUKAS, name: 'Lukas Schmidt', avatar: null, position: 'Engineering Manager' }],
    viewed: true,
    grants: [],
    grants_from: null,
    ...overrides,
  };
}

export const asItem = ({ doc, files, receivers, viewed, grants, grants_from, ...item }: ArticleDto): ArticleItem =>
  item;
