import { v7 } from 'uuid';

/** Time-ordered ids: index-friendly and sortable by creation. */
export const newId = (): string => v7();
