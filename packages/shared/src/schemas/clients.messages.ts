import { defineMessages } from '../catalogue.js';

/** The clients module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  workspace_code_invalid: {
    en: 'The workspace code uses Latin letters and digits only',
    ru: 'Код пространства — только латинские буквы и цифры',
    uk: 'Код простору — лише латинські літери та цифри',
  },
  workspace_taken: {
    en: 'This workspace code is already taken',
    ru: 'Этот код пространства уже занят',
    uk: 'Цей код простору вже зайнятий',
  },
  feature_unknown: {
    en: 'Unknown feature',
    ru: 'Неизвестный модуль',
    uk: 'Невідомий модуль',
  },
  font_invalid: {
    en: 'A font is a list of font family names (letters, digits, spaces, hyphens)',
    ru: 'Шрифт — это список названий семейств шрифтов (буквы, цифры, пробелы, дефисы)',
    uk: 'Шрифт — це список назв родин шрифтів (літери, цифри, пробіли, дефіси)',
  },
  color_invalid: {
    en: 'A colour is written #rrggbb',
    ru: 'Цвет записывается как #rrggbb',
    uk: 'Колір записується як #rrggbb',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
