/**
 * The message catalogue (spec portal §8). `code` is the stable key the web app translates;
 * the English text is what the server sends as `message`. Placeholders look like `{size}`.
 */
export const MESSAGES = {
  // General
  unknown: 'An error occured',
  fields_empty: 'Some data fields are empty',
  user_not_found: 'User not found',
  no_access: 'No access',
  wrong_image_size: 'Wrong image size',
  not_found: 'Not found',
  validation: 'Validation error',
  nul_character: 'Text cannot contain the NUL character',
  server_error: 'Error on server side',
  too_many_requests: 'Too many attempts, try again in a minute',
  service_unavailable: 'The service is busy or restarting, try again in a few seconds',
  workspace_required: 'Choose a workspace first',
  feature_disabled: 'This module is switched off for the workspace',
  unauthorized: 'Authorization required',
  login_blocked: 'Login blocked',
  // Files
  upload_error: 'Uploading error',
  download_error: 'Downloading error',
  file_too_big: 'Error: file size too big',
  attachment_too_big: 'Files above {size} cannot be attached',
  file_not_found: 'The file was not found or was deleted',
  storage_full_download: 'The file storage is full, the file cannot be downloaded',
  storage_limit: 'Storage limit reached ({size})! Available {available}',
  file_save_error: 'Error on saving file',
  file_delete_error: 'Error on deleting file',
  no_file: 'No file was sent',
  upload_no_bucket: 'no bucket {bucket}',
  upload_account_blocked: 'account blocked',
  upload_refused: 'server refused connection',
  // Login
  login_error: 'Error of login',
  no_login: 'No login or e-mail specified to log in',
  no_credentials: 'Login or password was not specified',
  user_deleted: 'User was deleted',
  company_blocked: 'The company is blocked',
  password_incorrect: 'Password is incorrect',
  passwords_mismatch: 'Make sure the passwords match',
  email_not_registered: 'This e-mail is not registered',
  restore_error: 'Password restore error',
  password_change_error: 'Password change error',
  reset_link_invalid: 'The reset link is invalid or has expired',
  old_password_required: 'The old password is required',
  oidc_disabled: 'Sign-in with an external account is not configured',
  oidc_error: 'Sign-in with an external account failed',
  registration_closed: 'This workspace does not accept open registration',
  registration_pending:
    'Your registration is waiting for an administrator’s approval; you will get an e-mail once approved',
  workspace_not_found: 'Workspace not found',
  session_expired: 'The session has expired, sign in again',
  // Employees
  login_taken: 'This login is already taken',
  email_taken: 'This e-mail is already registered',
  not_invited: 'This person is not waiting for an invitation: they already have a password',
  not_pending: 'This person is not waiting for approval',
  user_pending: 'This person is waiting for approval: approve or decline the registration',
  email_invalid: 'Invalid e-mail',
  password_short: 'The password must be at least {min} characters',
  inn_invalid: 'INN must be 10 digits',
  invalid_symbols: 'Invalid symbols',
  too_long: 'At most {max} characters',
  required: 'Field is required',
  cannot_delete_self: 'You cannot delete yourself',
  cannot_delete_admin: 'You cannot delete another administrator',
  cannot_change_admin: 'You cannot change another administrator',
  cannot_change_own_role: 'You cannot change your own role',
  role_unknown: 'Unknown role',
  unknown_recipients: 'Some recipients are unknown',
  cannot_follow_self: 'You cannot follow yourself',
  not_pinned: 'Only pinned employees can be moved',
  import_file_invalid: 'The file is not a readable spreadsheet (XLSX or CSV)',
  spreadsheet_too_large: 'The spreadsheet is too large: at most {rows} rows and {columns} columns',
  spreadsheet_too_slow: 'The spreadsheet could not be read in {seconds} seconds',
  inn_duplicate: 'This INN appears more than once',
  loading_hrm_error: 'Error loading data from the HR system',
  reseting_hrm_error: 'Error restoring data from the HR system',
  // Clients
  workspace_code_invalid: 'The workspace code uses Latin letters and digits only',
  workspace_taken: 'This workspace code is already taken',
  feature_unknown: 'Unknown feature',
  font_invalid: 'A font is a list of font family names (letters, digits, spaces, hyphens)',
  color_invalid: 'A colour is written #rrggbb',
  // Wall: posts, comments, likes, views, link blocks
  post_not_found: 'The post was not found or was deleted',
  comment_not_found: 'The comment was not found or was deleted',
  post_parent_invalid: 'A post cannot be placed there',
  group_posts_unavailable: 'Posts in groups are not available yet',
  group_not_found: 'Group not found',
  comment_parent_unknown: 'Comments cannot be added there',
  mention_unknown: 'A mentioned person was not found',
  thanks_text_short: 'A thank-you post needs more than {min} characters',
  thanks_one_person: 'A thank-you post must mention exactly one person',
  thanks_self: 'You cannot thank yourself',
  thanks_parent_invalid: 'A thank-you post cannot be placed there',
  like_type_mismatch: 'The liked object is not of type {like_type}',
  view_not_own: 'Views can only be added for yourself',
  not_must_read: 'This post does not need to be acknowledged',
  post_publish_at_invalid: 'The publication time must be a date and time within a year from now',
  post_link_invalid: 'A link must be a web (http, https) or mail address, or a page of the intranet',
  scheduled_post_not_found: 'This scheduled post was published or cancelled already',
  post_pin_company_only: 'Only posts of the company feed can be pinned',
  post_pin_limit: 'At most {max} posts can be pinned: unpin one first',
  must_read_reminded: 'Those who have not read it were reminded less than an hour ago',
  link_block_not_found: 'The links block was not found',
  link_not_found: 'The link was not found',
  link_invalid: 'The link must be a valid URL',
  // Groups, projects and audience grants
  group_type_required: 'Choose the group type',
  group_invitation_only: 'This group can be joined by invitation only',
  group_already_member: 'Already a member of this group',
  group_request_exists: 'A request to join this group is already waiting',
  group_request_not_found: 'The request to join was not found',
  group_invitation_not_found: 'The invitation was not found',
  group_not_member: 'This person is not a member of the group',
  group_owner_not_member: 'Only a member of the group can become its owner',
  group_owner_cannot_leave: 'The owner cannot leave the group: pass the ownership first',
  group_owner_role: "The owner's role cannot be changed",
  group_invitee_unknown: 'An invited person was not found in this workspace',
  group_project_wall: "A project's wall is managed through the project",
  audience_unknown: 'Unknown audience',
  grant_level_unknown: 'Unknown access level',
  audience_values_required: 'Choose who the audience is',
  audience_person_unknown: 'A person of the audience was not found',
  tenure_range_invalid: 'Give the working time in months: from is not above to',
  project_not_found: 'Project not found',
  project_dates_invalid: 'The end date is before the start date',
  project_last_lead: 'A project needs at least one lead',
  // Notifications
  notification_code_unknown: 'Unknown notification',
  notification_section_unknown: 'Unknown notification section',
  notification_channel_unknown: 'Unknown notification channel',
  notification_not_found: 'The notification was not found',
  // Mailings
  mailing_not_found: 'The mailing was not found',
  mailing_exists: 'This workspace already has a mailing with this action',
  cron_invalid: 'The schedule is not a valid cron expression (minute hour day month weekday)',
  export_url_invalid: 'The mailing service address must be an https URL',
  export_not_configured: 'The export to a mailing service is not set up',
  export_failed: 'The mailing service refused the export: {reason}',
  webhook_url_invalid: 'The webhook address must be an https:// URL',
  telegram_token_invalid: 'This does not look like a Telegram bot token',
  telegram_not_configured: 'The workspace has no Telegram bot',
  delivery_not_found: 'The delivery was not found',
  // Structure
  department_not_found: 'The department was not found',
  structure_move_cycle: 'A department cannot be moved into itself or a child',
  structure_root_locked: 'The root department cannot be moved',
  structure_root_delete: 'The root department cannot be deleted',
  structure_has_employees: 'A department with employees cannot be deleted',
  structure_parent_other_tree: 'A department can only be moved within its own structure',
  head_not_member: 'The head must be a member of the department',
  loading_struct_hrm_error: 'Error loading the structure from the HR system',
  inn_unknown: 'No employee has this INN',
  chief_unknown: 'No employee has the chief code',
  // Vacations
  vacation_not_found: 'The vacation was not found',
  vacation_start_past: 'The date must be later than now',
  vacation_end_before_start: 'The vacation cannot end before it starts',
  vacation_no_days: 'The vacation has no working days',
  vacation_overlap: 'The vacation overlaps another vacation',
  vacation_over_balance: 'The vacation does not fit within the balance: {left} days left',
  edit_vac_error: 'The vacation cannot be changed',
  del_vac_error: 'The vacation cannot be deleted',
  template_variable_unknown: 'The template uses a variable this notification does not have',
  template_exists: 'This notification already has its own template in this language',
  template_not_found: 'The template was not found',
  // Calendar and events
  event_not_found: 'The event was not found',
  event_name_short: 'The name must be longer than {min} characters',
  event_date_past: 'The date cannot be in the past',
  event_time_past: 'This time has already passed today',
  event_end_invalid: 'The end must be after the start',
  event_too_long: 'An event lasts at most {days} days',
  event_members_required: 'Add at least one participant',
  member_unknown: 'Some participants are not people of this workspace',
  repeat_end_required: 'Choose an end date or a number of repetitions',
  repeat_count_min: 'The number of repetitions must be greater than one',
  repeat_until_invalid: 'The end date of the repetition must not be before the start',
  repeat_too_many: 'A periodic event has at most {max} occurrences',
  event_is_periodic: 'This is a periodic event: change it as a periodic event',
  event_not_periodic: 'This event does not repeat',
  occurrence_not_found: 'The event has no such occurrence',
  event_not_member: 'Only participants can answer',
  event_range_invalid: 'Choose a range of at most {days} days',
  time_zone_invalid: 'Unknown time zone',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMessage(code: MessageCode, params: Record<string, string | number> = {}): string {
  return MESSAGES[code].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
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
