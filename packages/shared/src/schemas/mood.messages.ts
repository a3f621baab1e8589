import { defineMessages } from '../catalogue.js';

/** The mood meter's error codes (portal §9 "Mood scale 1 to 10", modules §7 "Mood"; docs/api.md "Mood"). */
export const messages = defineMessages({
  mood_value_invalid: {
    en: 'Choose your mood from 1 to 10',
    ru: 'Выберите настроение от 1 до 10',
    uk: 'Оберіть настрій від 1 до 10',
  },
  mood_already_today: {
    en: 'You have already rated your mood today: come back tomorrow',
    ru: 'Вы уже оценили настроение сегодня: возвращайтесь завтра',
    uk: 'Ви вже оцінили настрій сьогодні: повертайтеся завтра',
  },
  mood_not_asked: {
    en: 'The mood meter is not asked of you here',
    ru: 'Здесь у вас не спрашивают настроение',
    uk: 'Тут у вас не питають настрій',
  },
  mood_period_invalid: {
    en: 'The period must start before it ends and last at most two weeks',
    ru: 'Период должен начинаться раньше, чем заканчивается, и длиться не больше двух недель',
    uk: 'Період має починатися раніше, ніж закінчується, і тривати не більше двох тижнів',
  },
  mood_min_answers_invalid: {
    en: 'The minimum of answers must be a whole number from 1 to 100',
    ru: 'Минимум ответов должен быть целым числом от 1 до 100',
    uk: 'Мінімум відповідей має бути цілим числом від 1 до 100',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
