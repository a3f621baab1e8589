import type { StructureNodeDto } from '@hallway/shared';
import { renderHook, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../app/session/context';
import { setUiLanguage } from '../../i18n';
import { renderUi } from '../../test/render';
import { StructureContext, type StructureView } from './context';
import Diagram, { layout } from './Diagram';
import { useStructureTexts } from './texts';
import { indexTree } from './tree';

const department = (id: string, name: string, children: StructureNodeDto[] = []): StructureNodeDto => ({
  _id: id,
  type: 'administrative',
  name,
  description: '',
  parent: null,
  sort: 0,
  head: null,
  count: 0,
  total: 0,
  children,
  can: { edit: false, delete: false },
});

const root = department('0199a000-0000-7000-8000-000000000001', 'Hallway GmbH', [
  department('0199a000-0000-7000-8000-000000000002', 'Sales'),
]);
const view = {
  clientId: 'c1',
  type: 'administrative',
  index: indexTree(root),
  canEdit: false,
  dragged: { current: null },
  canDrop: () => false,
} as unknown as StructureView;
const session = { colorScheme: 'light' } as unknown as Session;

describe('structure diagram', { timeout: 45_000 }, () => {
  beforeAll(() => setUiLanguage('ru'));
  afterAll(() => setUiLanguage('en'));

  it('names its controls in the person’s language', async () => {
    renderUi(
      <SessionContext.Provider value={session}>
        <StructureContext.Provider value={view}>
          <Diagram focus={null} selected={null} collapsed={new Set()} onExpandAll={() => {}} onCollapseAll={() => {}} />
        </StructureContext.Provider>
      </SessionContext.Provider>,
    );
    expect(await screen.findByRole('button', { name: 'Увеличить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Уменьшить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Показать всю схему' })).toBeTruthy();
    expect(screen.getByLabelText('Управление схемой')).toBeTruthy();
  });

  it('names each line by its departments, not by their ids', () => {
    // happy-dom measures no nodes, so React Flow draws no lines there: the laid-out edges carry the names.
    const { t } = renderHook(() => useStructureTexts()).result.current;
    const label = (parent: StructureNodeDto, child: StructureNodeDto) =>
      t('edgeLabel', { parent: parent.name, child: child.name });
    expect(layout(root, new Set(), label).edges.map((edge) => edge.ariaLabel)).toEqual([
      '«Sales» входит в «Hallway GmbH»',
    ]);
  });
});
