import type { en } from './en';

export const uk: typeof en = {
  title: 'Панель адміністратора',
  tabs: 'Розділи панелі адміністратора',
  notificationSettings: 'Налаштування сповіщень',
  mailCheck: 'Перевірка пошти',
  mailings: 'Розсилки',
  templates: 'Шаблони сповіщень',
  failures: 'Невдалі доставки',
};
