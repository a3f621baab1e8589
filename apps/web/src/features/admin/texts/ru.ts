import type { en } from './en';

export const ru: typeof en = {
  title: 'Панель администратора',
  tabs: 'Разделы панели администратора',
  notificationSettings: 'Настройки уведомлений',
  mailCheck: 'Проверка почты',
  mailings: 'Рассылки',
  templates: 'Шаблоны уведомлений',
  failures: 'Неудачные доставки',
};
