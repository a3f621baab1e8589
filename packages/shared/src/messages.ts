/**
 * The platform's message catalogue (spec portal §8): the codes the platform itself answers with (access, sessions,
 * uploads, validation, audiences). Each module declares its own codes beside its schemas
 * (`schemas/<module>.messages.ts`, docs/modules.md); the server builds one catalogue from the modules and the web
 * loads them all on demand. `code` is the stable key the web translates; the English text is what the server sends
 * as `message`. Placeholders look like `{size}`.
 */
import { defineMessages } from './catalogue.js';

export const messages = defineMessages({
  unknown: {
    en: 'An error occured',
    ru: 'Произошла ошибка',
    uk: 'Сталася помилка',
  },
  user_not_found: {
    en: 'User not found',
    ru: 'Пользователь не найден',
    uk: 'Користувача не знайдено',
  },
  no_access: {
    en: 'No access',
    ru: 'Нет доступа',
    uk: 'Немає доступу',
  },
  wrong_image_size: {
    en: 'Wrong image size',
    ru: 'Неверный размер изображения',
    uk: 'Неправильний розмір зображення',
  },
  not_found: {
    en: 'Not found',
    ru: 'Не найдено',
    uk: 'Не знайдено',
  },
  validation: {
    en: 'Validation error',
    ru: 'Ошибка проверки данных',
    uk: 'Помилка перевірки даних',
  },
  nul_character: {
    en: 'Text cannot contain the NUL character',
    ru: 'Текст не может содержать символ NUL',
    uk: 'Текст не може містити символ NUL',
  },
  server_error: {
    en: 'Error on server side',
    ru: 'Ошибка на стороне сервера',
    uk: 'Помилка на боці сервера',
  },
  too_many_requests: {
    en: 'Too many attempts, try again in a minute',
    ru: 'Слишком много попыток, повторите через минуту',
    uk: 'Забагато спроб, повторіть за хвилину',
  },
  service_unavailable: {
    en: 'The service is busy or restarting, try again in a few seconds',
    ru: 'Сервис занят или перезапускается, повторите через несколько секунд',
    uk: 'Сервіс зайнятий або перезапускається, повторіть за кілька секунд',
  },
  workspace_required: {
    en: 'Choose a workspace first',
    ru: 'Сначала выберите рабочее пространство',
    uk: 'Спочатку оберіть робочий простір',
  },
  feature_disabled: {
    en: 'This module is switched off for the workspace',
    ru: 'Этот модуль отключён для пространства',
    uk: 'Цей модуль вимкнено для простору',
  },
  unauthorized: {
    en: 'Authorization required',
    ru: 'Требуется авторизация',
    uk: 'Потрібна авторизація',
  },
  login_blocked: {
    en: 'Login blocked',
    ru: 'Вход заблокирован',
    uk: 'Вхід заблоковано',
  },
  upload_error: {
    en: 'Uploading error',
    ru: 'Ошибка загрузки',
    uk: 'Помилка завантаження',
  },
  download_error: {
    en: 'Downloading error',
    ru: 'Ошибка скачивания',
    uk: 'Помилка звантаження',
  },
  file_too_big: {
    en: 'Error: file size too big',
    ru: 'Ошибка: слишком большой файл',
    uk: 'Помилка: завеликий файл',
  },
  attachment_too_big: {
    en: 'Files above {size} cannot be attached',
    ru: 'Файлы больше {size} нельзя прикрепить',
    uk: 'Файли понад {size} не можна прикріпити',
  },
  file_not_found: {
    en: 'The file was not found or was deleted',
    ru: 'Файл не найден или был удалён',
    uk: 'Файл не знайдено або його видалено',
  },
  storage_full_download: {
    en: 'The file storage is full, the file cannot be downloaded',
    ru: 'Хранилище файлов заполнено, файл нельзя скачать',
    uk: 'Сховище файлів заповнене, файл не можна звантажити',
  },
  storage_limit: {
    en: 'Storage limit reached ({size})! Available {available}',
    ru: 'Достигнут лимит хранилища ({size})! Доступно {available}',
    uk: 'Досягнуто ліміту сховища ({size})! Доступно {available}',
  },
  file_save_error: {
    en: 'Error on saving file',
    ru: 'Ошибка сохранения файла',
    uk: 'Помилка збереження файлу',
  },
  file_delete_error: {
    en: 'Error on deleting file',
    ru: 'Ошибка удаления файла',
    uk: 'Помилка видалення файлу',
  },
  no_file: {
    en: 'No file was sent',
    ru: 'Файл не был отправлен',
    uk: 'Файл не було надіслано',
  },
  upload_no_bucket: {
    en: 'no bucket {bucket}',
    ru: 'нет бакета {bucket}',
    uk: 'немає бакета {bucket}',
  },
  upload_account_blocked: {
    en: 'account blocked',
    ru: 'учётная запись заблокирована',
    uk: 'обліковий запис заблоковано',
  },
  upload_refused: {
    en: 'server refused connection',
    ru: 'сервер отклонил соединение',
    uk: "сервер відхилив з'єднання",
  },
  user_deleted: {
    en: 'User was deleted',
    ru: 'Пользователь удалён',
    uk: 'Користувача видалено',
  },
  company_blocked: {
    en: 'The company is blocked',
    ru: 'Компания заблокирована',
    uk: 'Компанію заблоковано',
  },
  workspace_not_found: {
    en: 'Workspace not found',
    ru: 'Рабочее пространство не найдено',
    uk: 'Робочий простір не знайдено',
  },
  session_expired: {
    en: 'The session has expired, sign in again',
    ru: 'Сеанс истёк, войдите снова',
    uk: 'Сеанс завершився, увійдіть знову',
  },
  email_invalid: {
    en: 'Invalid e-mail',
    ru: 'Некорректный e-mail',
    uk: 'Некоректний e-mail',
  },
  password_short: {
    en: 'The password must be at least {min} characters',
    ru: 'Пароль должен быть не короче {min} символов',
    uk: 'Пароль має містити щонайменше {min} символів',
  },
  invalid_symbols: {
    en: 'Invalid symbols',
    ru: 'Недопустимые символы',
    uk: 'Неприпустимі символи',
  },
  too_long: {
    en: 'At most {max} characters',
    ru: 'Не больше {max} символов',
    uk: 'Не більше {max} символів',
  },
  required: {
    en: 'Field is required',
    ru: 'Поле обязательно для заполнения',
    uk: "Поле обов'язкове для заповнення",
  },
  link_invalid: {
    en: 'The link must be a valid URL',
    ru: 'Ссылка должна быть корректным URL',
    uk: 'Посилання має бути коректним URL',
  },
  audience_unknown: {
    en: 'Unknown audience',
    ru: 'Неизвестная аудитория',
    uk: 'Невідома аудиторія',
  },
  grant_level_unknown: {
    en: 'Unknown access level',
    ru: 'Неизвестный уровень доступа',
    uk: 'Невідомий рівень доступу',
  },
  audience_values_required: {
    en: 'Choose who the audience is',
    ru: 'Укажите, кто входит в аудиторию',
    uk: 'Вкажіть, хто входить до аудиторії',
  },
  audience_person_unknown: {
    en: 'A person of the audience was not found',
    ru: 'Сотрудник из аудитории не найден',
    uk: 'Співробітника з аудиторії не знайдено',
  },
  tenure_range_invalid: {
    en: 'Give the working time in months: from is not above to',
    ru: 'Укажите стаж в месяцах: «от» не больше «до»',
    uk: 'Вкажіть стаж у місяцях: «від» не більше «до»',
  },
  time_zone_invalid: {
    en: 'Unknown time zone',
    ru: 'Неизвестный часовой пояс',
    uk: 'Невідомий часовий пояс',
  },
  broken_character: {
    en: 'Text contains a broken character (half of a UTF-16 surrogate pair)',
    ru: 'Текст содержит испорченный символ (половину суррогатной пары UTF-16)',
    uk: 'Текст містить зіпсований символ (половину сурогатної пари UTF-16)',
  },
  date_out_of_range: {
    en: 'Choose a date between the years {yearMin} and {yearMax}',
    ru: 'Выберите дату между {yearMin} и {yearMax} годами',
    uk: 'Виберіть дату між {yearMin} і {yearMax} роками',
  },
  range_too_long: {
    en: 'Choose a range of at most {days} days',
    ru: 'Выберите период не длиннее {days} дней',
    uk: 'Виберіть період не довший за {days} днів',
  },
  disk_full: {
    en: 'The server’s disk is full: nothing can be saved until an administrator frees space',
    ru: 'Диск сервера заполнен: ничего нельзя сохранить, пока администратор не освободит место',
    uk: 'Диск сервера заповнений: нічого не можна зберегти, доки адміністратор не звільнить місце',
  },
  url_internal: {
    en: 'This address leads inside the network: Hallway does not send there',
    ru: 'Этот адрес ведёт во внутреннюю сеть: Hallway туда не отправляет',
    uk: 'Ця адреса веде у внутрішню мережу: Hallway туди не надсилає',
  },
});

/**
 * The codes the modules declare: each module's `schemas/<module>.messages.ts` merges its own into this interface, so
 * `AppError` accepts exactly the codes some catalogue has.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules' catalogues
export interface ModuleMessageCodes {}
export type MessageCode = keyof typeof messages | keyof ModuleMessageCodes;

/** Fills the `{name}` placeholders of a catalogue text; a placeholder without a value stays as written. */
export function fillPlaceholders(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** The error body every failing call answers with. */
export interface ErrorBody {
  message: string;
  code: MessageCode | string;
  fields?: Record<string, string>;
  params?: Record<string, string | number>;
  /** Why a backend refused (uploads: 'NoSuchBucket', 'accountDisabled', 'ECONNREFUSED', ...). */
  reason?: string;
  no_show?: boolean;
}

/** Human-readable byte sizes for messages ("20 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
