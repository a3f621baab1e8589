import { defineMessages } from '../catalogue.js';

/** The groups module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  group_not_found: {
    en: 'Group not found',
    ru: 'Группа не найдена',
    uk: 'Групу не знайдено',
  },
  group_type_required: {
    en: 'Choose the group type',
    ru: 'Выберите тип группы',
    uk: 'Оберіть тип групи',
  },
  group_invitation_only: {
    en: 'This group can be joined by invitation only',
    ru: 'В эту группу можно вступить только по приглашению',
    uk: 'До цієї групи можна вступити лише за запрошенням',
  },
  group_already_member: {
    en: 'Already a member of this group',
    ru: 'Вы уже состоите в этой группе',
    uk: 'Ви вже є учасником цієї групи',
  },
  group_request_exists: {
    en: 'A request to join this group is already waiting',
    ru: 'Заявка на вступление в эту группу уже ожидает решения',
    uk: 'Заявка на вступ до цієї групи вже очікує рішення',
  },
  group_request_not_found: {
    en: 'The request to join was not found',
    ru: 'Заявка на вступление не найдена',
    uk: 'Заявку на вступ не знайдено',
  },
  group_invitation_not_found: {
    en: 'The invitation was not found',
    ru: 'Приглашение не найдено',
    uk: 'Запрошення не знайдено',
  },
  group_not_member: {
    en: 'This person is not a member of the group',
    ru: 'Этот сотрудник не состоит в группе',
    uk: 'Цей співробітник не є учасником групи',
  },
  group_owner_not_member: {
    en: 'Only a member of the group can become its owner',
    ru: 'Владельцем может стать только участник группы',
    uk: 'Власником може стати лише учасник групи',
  },
  group_owner_cannot_leave: {
    en: 'The owner cannot leave the group: pass the ownership first',
    ru: 'Владелец не может покинуть группу: сначала передайте владение',
    uk: 'Власник не може залишити групу: спершу передайте володіння',
  },
  group_owner_role: {
    en: "The owner's role cannot be changed",
    ru: 'Роль владельца нельзя изменить',
    uk: 'Роль власника не можна змінити',
  },
  group_invitee_unknown: {
    en: 'An invited person was not found in this workspace',
    ru: 'Приглашённый сотрудник не найден в этой компании',
    uk: 'Запрошеного співробітника не знайдено в цій компанії',
  },
  group_project_wall: {
    en: "A project's wall is managed through the project",
    ru: 'Стеной проекта управляют через проект',
    uk: 'Стіною проєкту керують через проєкт',
  },
  project_not_found: {
    en: 'Project not found',
    ru: 'Проект не найден',
    uk: 'Проєкт не знайдено',
  },
  project_dates_invalid: {
    en: 'The end date is before the start date',
    ru: 'Дата окончания раньше даты начала',
    uk: 'Дата завершення раніше за дату початку',
  },
  project_last_lead: {
    en: 'A project needs at least one lead',
    ru: 'У проекта должен быть хотя бы один руководитель',
    uk: 'У проєкту має бути хоча б один керівник',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
