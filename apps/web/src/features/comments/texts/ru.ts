import type { en } from './en';

export const ru: typeof en = {
  title: 'Комментарии',
  empty: 'Комментариев пока нет',
  write: 'Написать комментарий',
  answer: 'Ответить',
  answerTo: 'Ответ для {{name}}',
  send: 'Отправить',
  cancel: 'Отмена',
  delete: 'Удалить',
  deleteComment: 'Удалить комментарий {{name}}',
  answerComment: 'Ответить на комментарий {{name}}',
  attach: 'Прикрепить файлы',
  attachments: 'Вложения',
  edited: 'изменён',
  mention: 'Упомянуть',
  removeFile: 'Убрать {{name}}',
  thread: 'Комментарии к записи',
};
