import { defineMessages } from '../catalogue.js';

/** The links module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  link_block_not_found: {
    en: 'The links block was not found',
    ru: 'Блок ссылок не найден',
    uk: 'Блок посилань не знайдено',
  },
  link_not_found: {
    en: 'The link was not found',
    ru: 'Ссылка не найдена',
    uk: 'Посилання не знайдено',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
