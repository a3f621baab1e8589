import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/uk';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { i18n } from './index';

/**
 * Dates follow the interface language. Only the signed-in pages format dates, so this loads with the shell
 * (shell/Shell.tsx) rather than with the sign-in page; a page that formats dates is always inside the shell.
 */
dayjs.extend(localizedFormat);
const followLanguage = () => void dayjs.locale(i18n.language ?? 'ru');
followLanguage();
i18n.subscribe(followLanguage);
