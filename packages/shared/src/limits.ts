/** Business constants and limits (spec portal §9, modules §9). One source for server, web and tests. */
export const MB = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 250 * MB;
export const POST_ATTACHMENT_LIMIT_BYTES = 20 * MB;
/** Stored files one e-mail carries at most, together (a vacancy response's CV); files beyond go by name only. */
export const MAIL_FILES_LIMIT_BYTES = 20 * MB;
export const FEED_PAGE_SIZE = 20;
/** A post can be scheduled at most this many days ahead. */
export const POST_SCHEDULE_MAX_DAYS = 366;
/** Posts pinned on top of the company feed at most at once. */
export const POSTS_PINNED_MAX = 3;
/** A must-read post's reminder of those who have not read it goes out at most once in this time. */
export const MUST_READ_REMINDER_INTERVAL_MS = 60 * 60 * 1000;
export const SESSION_IDLE_MS = 10 * 60 * 1000;
export const UPLOAD_PROGRESS_HIDE_MS = 1500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_TIMEOUT_MS = 1_200_000;

export const PASSWORD_MIN = 6;
/** Field lengths the schemas check and the forms show (people, workspaces). */
export const LOGIN_MAX = 64;
export const PHONE_MAX = 40;
export const INTERNAL_PHONE_MAX = 20;
export const CITY_MAX = 100;
export const STATUS_TEXT_MAX = 140;
export const TELEGRAM_MAX = 64;
export const SOCIAL_NAME_MAX = 40;
export const HR_KEY_MAX = 60;
export const HR_VALUE_MAX = 2000;
export const WORKSPACE_CODE_MIN = 2;
export const WORKSPACE_CODE_MAX = 32;
export const WORKSPACE_NAME_MAX = 120;
export const SHORT_NAME_MAX = 20;
export const MENTION_SEARCH_MIN = 2;
export const INN_LENGTH = 10;
export const KPP_LENGTH = 9;
export const THANKS_TEXT_MIN = 30;
export const GROUP_NAME_MAX = 50;
export const GROUP_DESCRIPTION_MAX = 250;
export const EVENT_NAME_MAX = 100;
export const EVENT_NAME_MIN = 5;
export const EVENT_REMINDER_MINUTES = 10;
/** Calendar choices where the spec is silent (docs/api.md "Calendar and events"). */
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_PLACE_MAX = 200;
export const EVENT_MAX_DAYS = 31;
export const EVENT_REPEAT_MAX = 730;
export const EVENT_REPEAT_INTERVAL_MAX = 99;
/** A periodic event's last occurrence falls at most this many years after its first date (its feed stays small). */
export const EVENT_SERIES_MAX_YEARS = 10;
export const EVENT_RANGE_MAX_DAYS = 400;
export const EVENT_REMINDERS_MAX = 5;
export const EVENT_REMINDER_MAX_MINUTES = 10080;
/** A reminder more than this late (the process was down) is skipped rather than sent late. */
export const EVENT_REMINDER_GRACE_MINUTES = 5;

export const COVER_WIDTH = 3420;
export const COVER_MIN_HEIGHT = 250;
export const HEADER_IMAGE_HEIGHT = 160;
export const HEADER_IMAGE_MIN_WIDTH = 1000;
export const DEFAULT_AVATAR_SIZE = 32;
/** People one bulk action of the employees list may name at once (`POST api/user/bulk`). */
export const BULK_USERS_MAX = 500;

/**
 * Every date and time the server accepts lies in these years: far ones would overflow date arithmetic (year 10000
 * has no `YYYY-MM-DD`) and the database's dates, and no intranet record needs them.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2200;

/** Lengths of free text the server accepts; the spec names no limit, these keep rows sane. */
export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 5000;
export const POST_TEXT_MAX = 20_000;

/** Password reset links stay valid this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** An invitation's link (set your own password) stays valid this long. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A workspace font reaches CSS: a comma-separated list of font family names of letters, digits, spaces and hyphens,
 * never quotes, semicolons, braces, slashes or line breaks that could end the CSS value. Here (not beside the zod
 * schema) so the web's theme can use it without loading zod on the sign-in page.
 */
export const FONT_FAMILY_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} -]*(?:, ?[\p{L}\p{N}][\p{L}\p{N} -]*)*$/u;

/** Company structure and vacations (portal §3, §5): names and descriptions of departments, chart pages. */
export const DEPARTMENT_NAME_MAX = 100;
export const DEPARTMENT_DESCRIPTION_MAX = 1000;
/** People found by the structure's person search (`dept_users?search=`). */
export const STRUCTURE_SEARCH_MAX = 50;
/** People per page of the absence chart (`GET api/user/vacations`). */
export const VACATION_CHART_PAGE = 50;
/** The longest vacation. */
export const VACATION_LENGTH_MAX_DAYS = 366;
/** The longest range the absence chart and its export cover. */
export const VACATION_RANGE_MAX_DAYS = 366;
export const VACATION_REQUESTS_PAGE = 20;
export const VACATION_COMMENT_MAX = 500;
/** Groups and projects (spec portal §5 "Groups"; the rest are Hallway's choices, docs/api.md "Groups and projects"). */
export const GROUPS_PAGE_SIZE = 20;
export const GROUP_MEMBERS_PAGE_SIZE = 50;
export const GROUP_INVITE_MAX = 100;
export const GROUP_INBOX_MAX = 100;
export const GROUP_SEARCH_MAX = 100;
export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const PROJECT_PARTICIPANTS_MAX = 200;
export const IMPORTANT_IN_GROUPS_MAX = 5;
/** Audience grants of one object, and values of one grant (people, departments, cities, positions). */
export const AUDIENCE_GRANTS_MAX = 50;
export const AUDIENCE_VALUES_MAX = 500;
/** Working-time audiences count whole months since `workingSince`; 100 years is the ceiling. */
export const TENURE_MONTHS_MAX = 1200;
/** Approved vacations of the calendar's visible range: a page. */
export const VACATION_CALENDAR_PAGE = 200;
