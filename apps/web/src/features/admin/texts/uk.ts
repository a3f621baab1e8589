import type { en } from './en';

export const uk: typeof en = {
  title: 'Панель адміністратора',
  tabs: 'Розділи панелі адміністратора',
};
