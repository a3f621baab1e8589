import { defineTexts } from '../../../i18n/feature';

/** Texts of the formatting editor and of editing a scheduled post: they load with the editor's chunk. */
const en = {
  editor: {
    toolbar: 'Text formatting',
    bold: 'Bold (Ctrl+B)',
    italic: 'Italic (Ctrl+I)',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    link: 'Link',
    linkAddress: 'Link address',
    linkApply: 'Apply',
    linkRemove: 'Remove link',
    linkInvalid: 'Use a web (https://…) or mail address, or a page of the intranet (/…)',
  },
  scheduled: {
    save: 'Save',
    publishNow: 'Publish now',
    close: 'Close editing',
    time: 'Publication time',
    saved: 'The scheduled post was changed',
    published: 'The post was published',
  },
};

const ru: typeof en = {
  editor: {
    toolbar: 'Форматирование текста',
    bold: 'Жирный (Ctrl+B)',
    italic: 'Курсив (Ctrl+I)',
    bulletList: 'Маркированный список',
    orderedList: 'Нумерованный список',
    link: 'Ссылка',
    linkAddress: 'Адрес ссылки',
    linkApply: 'Применить',
    linkRemove: 'Убрать ссылку',
    linkInvalid: 'Укажите веб-адрес (https://…), почтовый адрес или страницу интранета (/…)',
  },
  scheduled: {
    save: 'Сохранить',
    publishNow: 'Опубликовать сейчас',
    close: 'Закрыть редактирование',
    time: 'Время публикации',
    saved: 'Запланированная публикация изменена',
    published: 'Публикация опубликована',
  },
};

const uk: typeof en = {
  editor: {
    toolbar: 'Форматування тексту',
    bold: 'Жирний (Ctrl+B)',
    italic: 'Курсив (Ctrl+I)',
    bulletList: 'Маркований список',
    orderedList: 'Нумерований список',
    link: 'Посилання',
    linkAddress: 'Адреса посилання',
    linkApply: 'Застосувати',
    linkRemove: 'Прибрати посилання',
    linkInvalid: 'Вкажіть вебадресу (https://…), поштову адресу або сторінку інтранету (/…)',
  },
  scheduled: {
    save: 'Зберегти',
    publishNow: 'Опублікувати зараз',
    close: 'Закрити редагування',
    time: 'Час публікації',
    saved: 'Запланований допис змінено',
    published: 'Допис опубліковано',
  },
};

export const editorTexts = { en, ru, uk };
export const useEditorTexts = defineTexts('wallEditor', editorTexts);
