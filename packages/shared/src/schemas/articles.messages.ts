import { defineMessages } from '../catalogue.js';

/** The knowledge base's, vacancies' and tags' error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  article_not_found: {
    en: 'The article or folder was not found',
    ru: 'Статья или папка не найдена',
    uk: 'Статтю або папку не знайдено',
  },
  article_parent_invalid: {
    en: 'Articles can only be placed in a folder of the same section',
    ru: 'Статью можно поместить только в папку того же раздела',
    uk: 'Статтю можна помістити лише в папку того самого розділу',
  },
  article_move_into_itself: {
    en: 'A folder cannot be moved into itself or into one of its folders',
    ru: 'Папку нельзя переместить в саму себя или во вложенную папку',
    uk: 'Папку не можна перемістити в саму себе або у вкладену папку',
  },
  article_link_invalid: {
    en: 'Only web, mail and intranet links are allowed',
    ru: 'Допустимы только веб-ссылки, адреса почты и ссылки внутри портала',
    uk: 'Дозволені лише вебпосилання, адреси пошти та посилання всередині порталу',
  },
  article_version_conflict: {
    en: 'Someone saved this article in the meantime (version {version}); look at their changes first',
    ru: 'Статью уже сохранили (версия {version}); сначала посмотрите изменения',
    uk: 'Статтю вже зберегли (версія {version}); спершу перегляньте зміни',
  },
  article_version_required: {
    en: 'Say which version the changes were made to',
    ru: 'Укажите версию, в которую внесены изменения',
    uk: 'Вкажіть версію, до якої внесено зміни',
  },
  article_version_not_found: {
    en: 'There is no such version of the article',
    ru: 'Такой версии статьи нет',
    uk: 'Такої версії статті немає',
  },
  article_order_parent: {
    en: 'Only items of one folder can swap places',
    ru: 'Меняться местами могут только элементы одной папки',
    uk: 'Мінятися місцями можуть лише елементи однієї папки',
  },
  article_file_not_found: {
    en: 'Error on deleting file: the file is not attached here',
    ru: 'Ошибка удаления файла: файл здесь не прикреплён',
    uk: 'Помилка видалення файлу: файл тут не прикріплено',
  },
  article_folder_no_doc: {
    en: 'A folder has no text',
    ru: 'У папки нет текста',
    uk: 'Папка не має тексту',
  },
  vacancy_salary_range: {
    en: 'The salary "from" cannot be above "to"',
    ru: 'Зарплата «от» не может быть больше, чем «до»',
    uk: 'Зарплата «від» не може бути більшою, ніж «до»',
  },
  vacancy_cv_required: {
    en: 'Attach your CV',
    ru: 'Приложите резюме',
    uk: 'Додайте резюме',
  },
  vacancy_not_found: {
    en: 'The vacancy was not found',
    ru: 'Вакансия не найдена',
    uk: 'Вакансію не знайдено',
  },
  vacancy_no_receivers: {
    en: 'Nobody receives responses to this vacancy yet',
    ru: 'У вакансии пока нет получателей откликов',
    uk: 'Вакансія поки не має отримувачів відгуків',
  },
  receiver_unknown: {
    en: 'Responses can only go to active people of the workspace',
    ru: 'Отклики могут получать только активные сотрудники компании',
    uk: 'Відгуки можуть отримувати лише активні працівники компанії',
  },
  tag_not_found: {
    en: 'The tag was not found',
    ru: 'Тег не найден',
    uk: 'Тег не знайдено',
  },
  tag_taken: {
    en: 'This module already has a tag with this name',
    ru: 'В этом разделе уже есть тег с таким названием',
    uk: 'У цьому розділі вже є тег із такою назвою',
  },
  tag_module_mismatch: {
    en: 'The tag belongs to another module',
    ru: 'Тег относится к другому разделу',
    uk: 'Тег належить до іншого розділу',
  },
  audience_department_unknown: {
    en: 'There is no such department in the company',
    ru: 'В компании нет такого отдела',
    uk: 'У компанії немає такого відділу',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
