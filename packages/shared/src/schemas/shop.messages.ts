import { defineMessages } from '../catalogue.js';

/** The shop's error codes (modules §8 "shop", §5 Shop; docs/api.md "Shop"). */
export const messages = defineMessages({
  not_enough_coins: {
    en: 'Not enough coins for this item',
    ru: 'Недостаточно монет для этого товара',
    uk: 'Недостатньо монет для цього товару',
  },
  sold_out: { en: 'This item is sold out', ru: 'Этот товар закончился', uk: 'Цей товар закінчився' },
  superadmin_cannot_buy: {
    en: 'The superadmin cannot buy in the shop',
    ru: 'Суперадминистратор не может покупать в магазине',
    uk: 'Суперадміністратор не може купувати в магазині',
  },
  shop_amount_invalid: {
    en: 'The number of coins must be a whole number from 1 to 1,000,000',
    ru: 'Количество монет должно быть целым числом от 1 до 1 000 000',
    uk: 'Кількість монет має бути цілим числом від 1 до 1 000 000',
  },
  shop_item_amount_invalid: {
    en: 'The stock must be a whole number from 0 to 100,000',
    ru: 'Остаток должен быть целым числом от 0 до 100 000',
    uk: 'Залишок має бути цілим числом від 0 до 100 000',
  },
  shop_accrual_empty: {
    en: 'Give coins, an achievement or both',
    ru: 'Укажите монеты, достижение или и то и другое',
    uk: 'Вкажіть монети, досягнення або і те, і інше',
  },
  shop_recipient_required: {
    en: 'Choose whom to reward',
    ru: 'Выберите, кого наградить',
    uk: 'Оберіть, кого нагородити',
  },
  shop_name_required: { en: 'Give the shop a name', ru: 'Укажите название магазина', uk: 'Вкажіть назву магазину' },
  shop_coin_required: {
    en: 'Give the currency a name and a short code',
    ru: 'Укажите название валюты и её краткое обозначение',
    uk: 'Вкажіть назву валюти та її коротке позначення',
  },
  shop_achievement_name_required: {
    en: 'Give the achievement a name',
    ru: 'Укажите название достижения',
    uk: 'Вкажіть назву досягнення',
  },
  shop_achievement_not_found: {
    en: 'The achievement was not found',
    ru: 'Достижение не найдено',
    uk: 'Досягнення не знайдено',
  },
  shop_item_name_required: { en: 'Give the item a name', ru: 'Укажите название товара', uk: 'Вкажіть назву товару' },
  shop_item_changed: {
    en: 'The item’s price has just changed: look at it again',
    ru: 'Цена товара только что изменилась: посмотрите ещё раз',
    uk: 'Ціна товару щойно змінилася: перегляньте ще раз',
  },
  shop_item_not_found: { en: 'The item was not found', ru: 'Товар не найден', uk: 'Товар не знайдено' },
  shop_item_has_sales: {
    en: 'This item has been bought, so it cannot be deleted: its purchases keep it',
    ru: 'Этот товар уже покупали, поэтому его нельзя удалить: на него ссылаются покупки',
    uk: 'Цей товар уже купували, тому його не можна видалити: на нього посилаються покупки',
  },
  shop_accrual_not_found: {
    en: 'The accrual was not found',
    ru: 'Начисление не найдено',
    uk: 'Нарахування не знайдено',
  },
  shop_accrual_not_cancelled: {
    en: 'The accrual was not cancelled: it is cancelled already, or its coins have been spent',
    ru: 'Начисление не отменено: оно уже отменено или его монеты потрачены',
    uk: 'Нарахування не скасовано: його вже скасовано або його монети витрачено',
  },
  shop_purchase_not_found: { en: 'The purchase was not found', ru: 'Покупка не найдена', uk: 'Покупку не знайдено' },
  shop_period_invalid: {
    en: 'The period must start before it ends and last at most two years',
    ru: 'Период должен начинаться раньше, чем заканчивается, и длиться не больше двух лет',
    uk: 'Період має починатися раніше, ніж закінчується, і тривати не більше двох років',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
