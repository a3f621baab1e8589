import type { en } from './en';

export const ru: typeof en = {
  title: 'Панель администратора',
  tabs: 'Разделы панели администратора',
};
