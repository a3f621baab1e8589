import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  SERVICE_FIELD_NAME_MAX,
  SERVICE_FIELD_TYPES,
  SERVICE_OPTIONS_MAX,
  type ServiceFieldType,
} from '@hallway/shared/services';
import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { useServicesTexts } from './texts';

/** A field as the designer holds it: `id` for dragging, the options as lines of text. */
export interface DraftField {
  id: string;
  key?: string;
  name: string;
  type: ServiceFieldType;
  required: boolean;
  options: string;
}

let counter = 0;
export const localId = () => `f${Date.now().toString(36)}${(counter++).toString(36)}`;
export const newField = (): DraftField => ({ id: localId(), name: '', type: 'string', required: false, options: '' });
export const optionsOf = (field: DraftField) =>
  field.options
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A field's problem as a text key of `designer.errors.*`, or null. */
export function fieldProblem(field: DraftField): 'fieldName' | 'optionsRequired' | 'optionsDuplicate' | null {
  if (!field.name.trim()) return 'fieldName';
  if (field.type === 'select') {
    const options = optionsOf(field);
    if (options.length === 0) return 'optionsRequired';
    if (new Set(options).size !== options.length) return 'optionsDuplicate';
  }
  return null;
}

/** The fields after a drop: the dragged one moved to where it was dropped (null: nothing moved). */
export function movedField(fields: DraftField[], active: string, over: string | null): DraftField[] | null {
  if (!over || active === over) return null;
  const from = fields.findIndex((field) => field.id === active);
  const to = fields.findIndex((field) => field.id === over);
  return from < 0 || to < 0 ? null : arrayMove(fields, from, to);
}

function SortableField({
  id,
  children,
}: {
  id: string;
  children: (handle: object, ref: (node: HTMLElement | null) => void) => React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <div
      ref={setNodeRef}
      style={style}
      className="hw-service-sortable"
      data-dragging={isDragging || undefined}
      data-testid="designer-field"
    >
      {children({ ...attributes, ...listeners }, setActivatorNodeRef)}
    </div>
  );
}

/**
 * A form's fields (modules §5): name (counter), type of the 13, required, options of a choice; reordered by dragging
 * the handle with a mouse, a finger or the keyboard; at most `max`.
 */
export function FieldsEditor({
  fields,
  onChange,
  max,
  showErrors,
  serverErrors = {},
  label,
}: {
  fields: DraftField[];
  onChange: (fields: DraftField[]) => void;
  max: number;
  showErrors: boolean;
  serverErrors?: Record<number, string>;
  label: string;
}) {
  const { t } = useServicesTexts();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = fields.map((field) => field.id);
  const nameOf = (id: UniqueIdentifier) => t('designer.field', { n: ids.indexOf(String(id)) + 1 });
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = movedField(fields, String(active.id), over ? String(over.id) : null);
    if (next) onChange(next);
  };
  const patch = (index: number, next: Partial<DraftField>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...next } : field)));
  const typeOptions = SERVICE_FIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('dnd.instructions') },
          announcements: {
            onDragStart: ({ active }) => t('dnd.picked', { item: nameOf(active.id) }),
            onDragOver: ({ active, over }) =>
              over
                ? t('dnd.over', { item: nameOf(active.id), position: position(over.id), total: ids.length })
                : undefined,
            onDragEnd: ({ active, over }) =>
              over
                ? t('dnd.dropped', { item: nameOf(active.id), position: position(over.id), total: ids.length })
                : t('dnd.cancelled', { item: nameOf(active.id) }),
            onDragCancel: ({ active }) => t('dnd.cancelled', { item: nameOf(active.id) }),
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {fields.map((field, index) => {
            const problem = showErrors ? fieldProblem(field) : null;
            return (
              <SortableField key={field.id} id={field.id}>
                {(handle, ref) => (
                  <Paper withBorder radius="md" p="sm">
                    <Group align="flex-start" gap="xs" wrap="nowrap">
                      <ActionIcon
                        ref={ref}
                        {...handle}
                        variant="subtle"
                        color="gray"
                        size="lg"
                        aria-label={t('designer.moveField', { n: index + 1 })}
                        style={{ cursor: 'grab', touchAction: 'none' }}
                      >
                        <IconGripVertical size={18} />
                      </ActionIcon>
                      <Stack gap="xs" style={{ flex: 1 }} miw={0}>
                        <Group gap="xs" align="flex-start" wrap="wrap">
                          <CountedTextInput
                            label={t('designer.fieldName')}
                            value={field.name}
                            max={SERVICE_FIELD_NAME_MAX}
                            maxLength={SERVICE_FIELD_NAME_MAX}
                            onChange={(event) => patch(index, { name: event.currentTarget.value })}
                            error={
                              problem === 'fieldName' ? t('designer.errors.fieldName') : (serverErrors[index] ?? null)
                            }
                            required
                            style={{ flex: '2 1 200px' }}
                          />
                          <Select
                            label={t('designer.fieldType')}
                            data={typeOptions}
                            value={field.type}
                            onChange={(value) => value && patch(index, { type: value as ServiceFieldType })}
                            allowDeselect={false}
                            style={{ flex: '1 1 160px' }}
                          />
                        </Group>
                        {field.type === 'select' && (
                          <Textarea
                            label={t('designer.options')}
                            description={t('designer.optionsHint', { max: SERVICE_OPTIONS_MAX })}
                            value={field.options}
                            autosize
                            minRows={2}
                            onChange={(event) => patch(index, { options: event.currentTarget.value })}
                            error={
                              problem === 'optionsRequired' || problem === 'optionsDuplicate'
                                ? t(`designer.errors.${problem}`)
                                : optionsOf(field).length > SERVICE_OPTIONS_MAX
                                  ? t('designer.optionsHint', { max: SERVICE_OPTIONS_MAX })
                                  : null
                            }
                          />
                        )}
                        <Checkbox
                          label={t('designer.required')}
                          checked={field.required}
                          onChange={(event) => patch(index, { required: event.currentTarget.checked })}
                        />
                      </Stack>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t('designer.removeField', { n: index + 1 })}
                        onClick={() => onChange(fields.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Paper>
                )}
              </SortableField>
            );
          })}
        </SortableContext>
      </DndContext>
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...fields, newField()])}
          disabled={fields.length >= max}
        >
          {t('designer.addField')}
        </Button>
        <Text size="xs" c="dimmed">
          {fields.length} / {max}
        </Text>
      </Group>
    </Stack>
  );
}
