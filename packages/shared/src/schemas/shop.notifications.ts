import { defineNotifications } from '../catalogue.js';

/** The shop's notifications (docs/modules.md "A module's shared files"; docs/api.md "Shop"). */
export const notifications = defineNotifications({
  'shop.purchase': {
    section: 'shop',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'item', 'cost'],
    label: {
      en: 'A purchase in the shop I manage',
      ru: 'Покупка в магазине, которым я управляю',
      uk: 'Покупка в магазині, яким я керую',
    },
    one: {
      en: { title: '{actor} bought «{item}»', body: 'For {cost}. Hand it over and mark it in the shop.' },
      ru: { title: '{actor} купил(а) «{item}»', body: 'За {cost}. Вручите товар и отметьте это в магазине.' },
      uk: { title: '{actor} купив(ла) «{item}»', body: 'За {cost}. Вручіть товар і позначте це в магазині.' },
    },
  },
  'shop.handed': {
    section: 'shop',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'item'],
    label: {
      en: 'My purchase is handed over',
      ru: 'Моя покупка вручена',
      uk: 'Мою покупку вручено',
    },
    one: {
      en: { title: '«{item}» is handed over to you', body: '{actor} marked your purchase as handed over' },
      ru: { title: '«{item}» вручен(а) вам', body: '{actor} отметил(а) вашу покупку как врученную' },
      uk: { title: '«{item}» вручено вам', body: '{actor} позначив(ла) вашу покупку як вручену' },
    },
  },
  'shop.accrual': {
    section: 'shop',
    channels: ['center', 'system', 'email'],
    variables: ['actor', 'amount', 'achievement', 'comment'],
    label: {
      en: 'Coins or an achievement for me',
      ru: 'Монеты или достижение для меня',
      uk: 'Монети або досягнення для мене',
    },
    one: {
      en: { title: '{actor} rewarded you: {amount} {achievement}', body: '{comment}' },
      ru: { title: '{actor} наградил(а) вас: {amount} {achievement}', body: '{comment}' },
      uk: { title: '{actor} нагородив(ла) вас: {amount} {achievement}', body: '{comment}' },
    },
  },
});

type DeclaredCodes = keyof typeof notifications;
declare module './notifications.js' {
  interface ModuleNotificationCodes extends Record<DeclaredCodes, true> {}
}
