import type { en } from './en';

export const uk: typeof en = {
  title: 'Коментарі',
  empty: 'Коментарів поки немає',
  write: 'Написати коментар',
  answer: 'Відповісти',
  answerTo: 'Відповідь для {{name}}',
  send: 'Надіслати',
  cancel: 'Скасувати',
  delete: 'Видалити',
  deleteComment: 'Видалити коментар {{name}}',
  answerComment: 'Відповісти на коментар {{name}}',
  attach: 'Прикріпити файли',
  attachments: 'Вкладення',
  edited: 'змінено',
  mention: 'Згадати',
  removeFile: 'Прибрати {{name}}',
  thread: 'Коментарі до запису',
};
