import { defineMessages } from '../catalogue.js';

/** The services' error codes (docs/modules.md "A module's shared files"; docs/api.md "Services"). */
export const messages = defineMessages({
  service_not_found: { en: 'The service was not found', ru: 'Услуга не найдена', uk: 'Послугу не знайдено' },
  service_group_not_found: {
    en: 'The service group was not found',
    ru: 'Группа услуг не найдена',
    uk: 'Групу послуг не знайдено',
  },
  service_request_not_found: {
    en: 'The request was not found',
    ru: 'Заявка не найдена',
    uk: 'Заявку не знайдено',
  },
  service_step_not_found: { en: 'The step was not found', ru: 'Этап не найден', uk: 'Етап не знайдено' },
  service_group_not_empty: {
    en: 'The group is not empty: move or delete its services first',
    ru: 'Группа не пуста: сначала перенесите или удалите её услуги',
    uk: 'Група не порожня: спершу перенесіть або видаліть її послуги',
  },
  service_group_name_required: {
    en: 'Give the group a name',
    ru: 'Укажите название группы',
    uk: 'Вкажіть назву групи',
  },
  service_name_required: {
    en: 'Give the service a name',
    ru: 'Укажите название услуги',
    uk: 'Вкажіть назву послуги',
  },
  service_description_required: {
    en: 'Describe the service',
    ru: 'Добавьте описание услуги',
    uk: 'Додайте опис послуги',
  },
  service_group_required: {
    en: 'Choose the service’s group',
    ru: 'Выберите группу услуги',
    uk: 'Оберіть групу послуги',
  },
  service_type_unknown: {
    en: 'A service is simple or multi-step',
    ru: 'Услуга может быть простой или многоэтапной',
    uk: 'Послуга може бути простою або багатоетапною',
  },
  service_too_many_steps: {
    en: 'A service may have at most {max} steps',
    ru: 'В услуге может быть не больше {max} этапов',
    uk: 'У послузі може бути не більше {max} етапів',
  },
  service_too_many_fields: {
    en: 'A form may have at most {max} fields',
    ru: 'В форме может быть не больше {max} полей',
    uk: 'У формі може бути не більше {max} полів',
  },
  service_too_many_performers: {
    en: 'A step may have at most {max} performers',
    ru: 'У этапа может быть не больше {max} исполнителей',
    uk: 'В етапу може бути не більше {max} виконавців',
  },
  service_steps_required: {
    en: 'A request needs at least 2 steps: add a step that handles it',
    ru: 'В заявке должно быть хотя бы 2 этапа: добавьте этап, на котором её обработают',
    uk: 'У заявці має бути щонайменше 2 етапи: додайте етап, на якому її оброблять',
  },
  service_simple_one_step: {
    en: 'A simple service has one step, without fields of its own and not a review: make it multi-step first',
    ru: 'У простой услуги один этап без своих полей и не на ознакомление: сначала сделайте её многоэтапной',
    uk: 'У простої послуги один етап без власних полів і не на ознайомлення: спершу зробіть її багатоетапною',
  },
  service_not_convertible: {
    en: 'Only a service with one step, without fields of its own and not a review, can become simple',
    ru: 'Простой можно сделать только услугу с одним этапом без своих полей и не на ознакомление',
    uk: 'Простою можна зробити лише послугу з одним етапом без власних полів і не на ознайомлення',
  },
  service_step_name_required: {
    en: 'Give every step a name',
    ru: 'Укажите название каждого этапа',
    uk: 'Вкажіть назву кожного етапу',
  },
  service_step_performers_required: {
    en: 'Every step needs at least one performer',
    ru: 'У каждого этапа должен быть хотя бы один исполнитель',
    uk: 'У кожного етапу має бути хоча б один виконавець',
  },
  service_performer_invalid: {
    en: 'A performer is a named colleague, the requester’s chief or the head of a department',
    ru: 'Исполнитель — это коллега, руководитель заявителя или руководитель подразделения',
    uk: 'Виконавець — це колега, керівник заявника або керівник підрозділу',
  },
  service_performer_duplicate: {
    en: 'The same performer is named twice in a step',
    ru: 'Один и тот же исполнитель указан в этапе дважды',
    uk: 'Того самого виконавця вказано в етапі двічі',
  },
  service_field_name_required: {
    en: 'Give every field a name',
    ru: 'Укажите название каждого поля',
    uk: 'Вкажіть назву кожного поля',
  },
  service_field_name_too_long: {
    en: 'A field name may have at most {max} characters',
    ru: 'Название поля — не больше {max} символов',
    uk: 'Назва поля — не більше {max} символів',
  },
  service_field_type_unknown: {
    en: 'Unknown kind of field',
    ru: 'Неизвестный тип поля',
    uk: 'Невідомий тип поля',
  },
  service_field_key_invalid: {
    en: 'Field keys are Latin letters, digits, dashes and underscores',
    ru: 'Ключи полей — латинские буквы, цифры, дефисы и подчёркивания',
    uk: 'Ключі полів — латинські літери, цифри, дефіси та підкреслення',
  },
  service_field_key_duplicate: {
    en: 'Two fields have the same key',
    ru: 'У двух полей одинаковый ключ',
    uk: 'Два поля мають однаковий ключ',
  },
  service_options_required: {
    en: 'A choice field needs options to choose from',
    ru: 'У поля с выбором должны быть варианты',
    uk: 'У поля з вибором мають бути варіанти',
  },
  service_too_many_options: {
    en: 'A choice field may offer at most {max} options',
    ru: 'У поля с выбором может быть не больше {max} вариантов',
    uk: 'У поля з вибором може бути не більше {max} варіантів',
  },
  service_option_invalid: {
    en: 'Every option needs its text, and no option may repeat',
    ru: 'Заполните каждый вариант, варианты не должны повторяться',
    uk: 'Заповніть кожен варіант, варіанти не мають повторюватися',
  },
  service_inactive: {
    en: 'The service is switched off: it takes no new requests',
    ru: 'Услуга отключена и не принимает новых заявок',
    uk: 'Послугу вимкнено, вона не приймає нових заявок',
  },
  service_not_in_audience: {
    en: 'This service is not available to you',
    ru: 'Эта услуга вам недоступна',
    uk: 'Ця послуга вам недоступна',
  },
  service_chief_not_found: {
    en: 'Your chief could not be determined: ask an administrator to set your department’s head',
    ru: 'Не удалось определить вашего руководителя: попросите администратора назначить руководителя подразделения',
    uk: 'Не вдалося визначити вашого керівника: попросіть адміністратора призначити керівника підрозділу',
  },
  service_department_head_not_found: {
    en: 'The department that handles a step has no head: ask an administrator to set one',
    ru: 'У подразделения, которое выполняет этап, нет руководителя: попросите администратора его назначить',
    uk: 'Підрозділ, що виконує етап, не має керівника: попросіть адміністратора його призначити',
  },
  service_no_performers: {
    en: 'Nobody can perform a step of this service now: tell its owner',
    ru: 'Сейчас некому выполнить этап этой услуги: сообщите её владельцу',
    uk: 'Зараз нікому виконати етап цієї послуги: повідомте її власника',
  },
  service_field_required: {
    en: 'Fill in every required field',
    ru: 'Заполните все обязательные поля',
    uk: 'Заповніть усі обовʼязкові поля',
  },
  service_field_unknown: {
    en: 'The form has no such field',
    ru: 'В форме нет такого поля',
    uk: 'У формі немає такого поля',
  },
  service_field_too_long: {
    en: 'The value is too long: at most {max} characters',
    ru: 'Слишком длинное значение: не больше {max} символов',
    uk: 'Задовге значення: не більше {max} символів',
  },
  service_field_invalid: {
    en: 'This value does not fit the field',
    ru: 'Значение не подходит к полю',
    uk: 'Значення не підходить до поля',
  },
  service_field_number: { en: 'Enter a number', ru: 'Введите число', uk: 'Введіть число' },
  service_field_date: {
    en: 'Enter a date (YYYY-MM-DD)',
    ru: 'Введите дату (ГГГГ-ММ-ДД)',
    uk: 'Введіть дату (РРРР-ММ-ДД)',
  },
  service_field_period: {
    en: 'Enter a period: a start date and an end date not before it',
    ru: 'Введите период: дату начала и дату окончания не раньше неё',
    uk: 'Введіть період: дату початку й дату завершення не раніше за неї',
  },
  service_field_option: {
    en: 'Choose one of the options',
    ru: 'Выберите один из вариантов',
    uk: 'Оберіть один із варіантів',
  },
  service_field_phone: {
    en: 'Enter a phone number',
    ru: 'Введите номер телефона',
    uk: 'Введіть номер телефону',
  },
  service_field_email: {
    en: 'Enter an e-mail address',
    ru: 'Введите адрес электронной почты',
    uk: 'Введіть адресу електронної пошти',
  },
  service_field_file: {
    en: 'Attach files uploaded to this company',
    ru: 'Прикрепите файлы, загруженные в эту компанию',
    uk: 'Прикріпіть файли, завантажені до цієї компанії',
  },
  service_field_file_too_big: {
    en: 'Files above {size} cannot be attached',
    ru: 'Файлы больше {size} прикрепить нельзя',
    uk: 'Файли понад {size} прикріпити не можна',
  },
  service_field_too_many: {
    en: 'Too many items: at most {max}',
    ru: 'Слишком много элементов: не больше {max}',
    uk: 'Забагато елементів: не більше {max}',
  },
  service_field_person: {
    en: 'Choose colleagues of this company',
    ru: 'Выберите коллег из этой компании',
    uk: 'Оберіть колег із цієї компанії',
  },
  service_field_department: {
    en: 'Choose a department of this company',
    ru: 'Выберите подразделение этой компании',
    uk: 'Оберіть підрозділ цієї компанії',
  },
  service_request_finished: {
    en: 'The request is finished',
    ru: 'Заявка завершена',
    uk: 'Заявку завершено',
  },
  service_step_passed: {
    en: 'This step has been decided already',
    ru: 'По этому этапу уже приняли решение',
    uk: 'Щодо цього етапу вже ухвалили рішення',
  },
  service_step_not_current: {
    en: 'This step is not the request’s current step',
    ru: 'Этот этап заявки сейчас не текущий',
    uk: 'Цей етап заявки зараз не поточний',
  },
  service_not_performer: {
    en: 'You are not a performer of this step',
    ru: 'Вы не исполнитель этого этапа',
    uk: 'Ви не виконавець цього етапу',
  },
  service_decision_invalid: {
    en: 'A review step is acknowledged; other steps are accepted or declined',
    ru: 'С этапом на ознакомление знакомятся, остальные этапы принимают или отклоняют',
    uk: 'З етапом на ознайомлення ознайомлюються, інші етапи приймають або відхиляють',
  },
  service_decline_reason_required: {
    en: 'Give a reason to decline',
    ru: 'Укажите причину отказа',
    uk: 'Вкажіть причину відмови',
  },
  service_ask_text_required: {
    en: 'Write what you need',
    ru: 'Напишите, что вам нужно',
    uk: 'Напишіть, що вам потрібно',
  },
  service_ask_no_recipients: {
    en: 'Nobody receives these requests yet: ask an administrator to choose who does',
    ru: 'Эти обращения пока никто не получает: попросите администратора выбрать получателей',
    uk: 'Ці звернення поки ніхто не отримує: попросіть адміністратора обрати отримувачів',
  },
  service_ask_unsuitable: {
    en: 'Requests to the office can go to a simple service whose form has a text field and needs nothing else',
    ru: 'Обращения можно направлять в простую услугу, в форме которой есть текстовое поле и нет других обязательных',
    uk: 'Звернення можна спрямовувати в просту послугу, у формі якої є текстове поле й немає інших обовʼязкових',
  },
  service_article_not_found: {
    en: 'The knowledge-base article was not found',
    ru: 'Статья базы знаний не найдена',
    uk: 'Статтю бази знань не знайдено',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
