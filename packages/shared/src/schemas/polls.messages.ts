import { defineMessages } from '../catalogue.js';

/** The polls' error codes (docs/modules.md "A module's shared files"; docs/api.md "Polls"). */
export const messages = defineMessages({
  poll_not_found: { en: 'The poll was not found', ru: 'Опрос не найден', uk: 'Опитування не знайдено' },
  poll_name_required: {
    en: 'Give the poll a name',
    ru: 'Укажите название опроса',
    uk: 'Вкажіть назву опитування',
  },
  poll_questions_required: {
    en: 'A poll needs at least one question',
    ru: 'В опросе должен быть хотя бы один вопрос',
    uk: 'В опитуванні має бути хоча б одне питання',
  },
  poll_mandatory_required: {
    en: 'At least one question must be mandatory',
    ru: 'Хотя бы один вопрос должен быть обязательным',
    uk: 'Хоча б одне питання має бути обовʼязковим',
  },
  poll_question_text_required: {
    en: 'Every question needs its text',
    ru: 'Заполните текст каждого вопроса',
    uk: 'Заповніть текст кожного питання',
  },
  poll_answer_text_required: {
    en: 'Every answer needs its text',
    ru: 'Заполните текст каждого варианта ответа',
    uk: 'Заповніть текст кожного варіанта відповіді',
  },
  poll_list_answers_required: {
    en: 'A choice question needs answers to choose from',
    ru: 'У вопроса с выбором должны быть варианты ответа',
    uk: 'У питання з вибором мають бути варіанти відповіді',
  },
  poll_too_many_answers: {
    en: 'A question may offer at most {max} answers',
    ru: 'У вопроса может быть не больше {max} вариантов ответа',
    uk: 'У питання може бути не більше {max} варіантів відповіді',
  },
  poll_range_invalid: {
    en: 'A range runs from 1 to 5, 10 or 100',
    ru: 'Шкала может быть от 1 до 5, 10 или 100',
    uk: 'Шкала може бути від 1 до 5, 10 або 100',
  },
  poll_key_invalid: {
    en: 'Question and answer keys are Latin letters, digits, dashes and underscores',
    ru: 'Ключи вопросов и ответов — латинские буквы, цифры, дефисы и подчёркивания',
    uk: 'Ключі питань і відповідей — латинські літери, цифри, дефіси та підкреслення',
  },
  poll_key_duplicate: {
    en: 'Two questions, or two answers of one question, have the same key',
    ru: 'У двух вопросов или двух ответов одного вопроса одинаковый ключ',
    uk: 'Два питання або дві відповіді одного питання мають однаковий ключ',
  },
  poll_question_kind_unknown: {
    en: 'Unknown kind of question',
    ru: 'Неизвестный тип вопроса',
    uk: 'Невідомий тип питання',
  },
  poll_type_unknown: {
    en: 'A poll is opened, closed or anonymous',
    ru: 'Опрос может быть открытым, закрытым или анонимным',
    uk: 'Опитування може бути відкритим, закритим або анонімним',
  },
  poll_recipients_required: {
    en: 'A closed poll needs recipients',
    ru: 'Для закрытого опроса выберите получателей',
    uk: 'Для закритого опитування оберіть отримувачів',
  },
  poll_deadline_past: {
    en: 'The deadline must be in the future',
    ru: 'Срок окончания должен быть в будущем',
    uk: 'Термін завершення має бути в майбутньому',
  },
  poll_anonymous_no_change: {
    en: 'Answers to an anonymous poll cannot be changed: nothing links them to their author',
    ru: 'Ответы анонимного опроса нельзя изменить: они никак не связаны с автором',
    uk: 'Відповіді анонімного опитування не можна змінити: вони ніяк не повʼязані з автором',
  },
  poll_has_answers: {
    en: 'People have answered already: the questions and the type can no longer change',
    ru: 'На опрос уже ответили: вопросы и тип больше нельзя менять',
    uk: 'На опитування вже відповіли: питання й тип більше не можна змінювати',
  },
  poll_finished: {
    en: 'The poll is finished',
    ru: 'Опрос завершён',
    uk: 'Опитування завершено',
  },
  poll_already_answered: {
    en: 'You have answered this poll already',
    ru: 'Вы уже ответили на этот опрос',
    uk: 'Ви вже відповіли на це опитування',
  },
  poll_not_recipient: {
    en: 'This poll is not addressed to you',
    ru: 'Этот опрос адресован не вам',
    uk: 'Це опитування адресоване не вам',
  },
  poll_range_answer_invalid: {
    en: 'Choose a value from 1 to {max}',
    ru: 'Выберите значение от 1 до {max}',
    uk: 'Оберіть значення від 1 до {max}',
  },
  poll_answer_invalid: {
    en: 'This answer does not fit its question',
    ru: 'Ответ не подходит к вопросу',
    uk: 'Відповідь не підходить до питання',
  },
  poll_mandatory_missing: {
    en: 'Answer every mandatory question',
    ru: 'Ответьте на все обязательные вопросы',
    uk: 'Дайте відповідь на всі обовʼязкові питання',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
