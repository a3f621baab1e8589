import type { ErrorBody, MessageCode } from '@hallway/shared';
import { messageText } from '../catalogues.js';

/** An expected failure with a catalogue code; the error handler turns it into `{ message, code, ... }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly extra: { fields?: Record<string, string>; no_show?: boolean } = {},
  ) {
    super(messageText(code, params));
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(Object.keys(this.params).length ? { params: this.params } : {}),
      ...this.extra,
    };
  }
}

export const badRequest = (code: MessageCode, params?: Record<string, string | number>) =>
  new AppError(400, code, params);
export const forbidden = (code: MessageCode = 'no_access') => new AppError(403, code);
export const notFound = (code: MessageCode = 'not_found') => new AppError(404, code);
export const conflict = (code: MessageCode, field?: string) =>
  new AppError(409, code, {}, field ? { fields: { [field]: code } } : {});
/** A validation failure naming the fields, e.g. `invalidFields({ email: 'email_taken' })`. */
export const invalidFields = (fields: Record<string, MessageCode>) => new AppError(400, 'validation', {}, { fields });
