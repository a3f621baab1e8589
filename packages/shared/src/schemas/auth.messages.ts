import { defineMessages } from '../catalogue.js';

/** The auth module's error codes (docs/modules.md "A module's shared files"). */
export const messages = defineMessages({
  login_error: {
    en: 'Error of login',
    ru: 'Ошибка входа',
    uk: 'Помилка входу',
  },
  no_login: {
    en: 'No login or e-mail specified to log in',
    ru: 'Не указан логин или e-mail для входа',
    uk: 'Не вказано логін або e-mail для входу',
  },
  no_credentials: {
    en: 'Login or password was not specified',
    ru: 'Не указан логин или пароль',
    uk: 'Не вказано логін або пароль',
  },
  password_incorrect: {
    en: 'Password is incorrect',
    ru: 'Неверный пароль',
    uk: 'Неправильний пароль',
  },
  passwords_mismatch: {
    en: 'Make sure the passwords match',
    ru: 'Убедитесь, что пароли совпадают',
    uk: 'Переконайтеся, що паролі збігаються',
  },
  email_not_registered: {
    en: 'This e-mail is not registered',
    ru: 'Этот e-mail не зарегистрирован',
    uk: 'Цей e-mail не зареєстровано',
  },
  restore_error: {
    en: 'Password restore error',
    ru: 'Ошибка восстановления пароля',
    uk: 'Помилка відновлення пароля',
  },
  password_change_error: {
    en: 'Password change error',
    ru: 'Ошибка смены пароля',
    uk: 'Помилка зміни пароля',
  },
  reset_link_invalid: {
    en: 'The reset link is invalid or has expired',
    ru: 'Ссылка для смены пароля недействительна или устарела',
    uk: 'Посилання для зміни пароля недійсне або застаріле',
  },
  old_password_required: {
    en: 'The old password is required',
    ru: 'Нужен старый пароль',
    uk: 'Потрібен старий пароль',
  },
  oidc_disabled: {
    en: 'Sign-in with an external account is not configured',
    ru: 'Вход через внешнюю учётную запись не настроен',
    uk: 'Вхід через зовнішній обліковий запис не налаштовано',
  },
  oidc_error: {
    en: 'Sign-in with an external account failed',
    ru: 'Не удалось войти через внешнюю учётную запись',
    uk: 'Не вдалося увійти через зовнішній обліковий запис',
  },
  registration_pending: {
    en: 'Your registration is waiting for an administrator’s approval; you will get an e-mail once approved',
    ru: 'Ваша регистрация ждёт одобрения администратора; когда её одобрят, придёт письмо',
    uk: 'Ваша реєстрація чекає схвалення адміністратора; коли її схвалять, надійде лист',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
