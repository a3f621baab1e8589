/** The calendar's objects as docs/api.md "Calendar and events" describes them. */

export const PERIODS = ['day', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const ANSWERS = ['accept', 'maybe', 'decline'] as const;
export type Answer = (typeof ANSWERS)[number];
export type Scope = 'this' | 'following' | 'all';

export interface Repeat {
  period: Period;
  interval: number;
  weekdays: Weekday[];
  until: string | null;
  count: number | null;
}

export interface PersonRef {
  _id: string;
  name: string;
  avatar: string | null;
  position: string;
}

export interface EventMember {
  user: PersonRef;
  answer: Answer | 'none';
  via: 'person' | 'department' | 'group';
  department?: string | null;
}

export interface CalendarEvent {
  _id: string;
  series_id: string | null;
  occurrence: string | null;
  name: string;
  description: string;
  color: string;
  link: string;
  place: string;
  allDay: boolean;
  start: string;
  end: string;
  timeZone: string;
  date: string;
  startTime: string;
  endTime: string;
  endDate: string;
  repeat: Repeat | null;
  rrule: string | null;
  public: boolean;
  organizer: PersonRef;
  departments: string[];
  /** The groups the event was made with (their members are among `members`). */
  groups?: string[];
  counts: { accept: number; maybe: number; decline: number; none: number };
  membersCount: number;
  myAnswer: Answer | 'none' | null;
  myReminders: number[];
  can: { edit: boolean; delete: boolean; answer: boolean };
  members?: EventMember[];
}

/** What the form sends (`POST api/event/`, `PUT api/event/{id}`; periodic ones add `repeat`). */
export interface EventBody {
  name: string;
  description: string;
  color: string;
  link: string;
  place: string;
  allDay: boolean;
  date: string;
  /** Left out for an all-day event. */
  startTime?: string;
  endTime?: string;
  endDate: string;
  timeZone: string;
  members: string[];
  departments: string[];
  groups: string[];
  public: boolean;
  repeat?: Repeat;
}

export interface PeriodicChanges {
  changed: CalendarEvent[];
  deleted: { _id: string; occurrence: string | null }[];
  new: CalendarEvent[];
}

export interface CalendarSettings {
  timeZone: string;
  ownTimeZone: string | null;
  workspaceTimeZone: string | null;
  feedUrl: string;
}

export type EventsScope = 'visible' | 'mine';

/** FullCalendar needs one id per occurrence: a periodic event's occurrences share their `_id`. */
export const occurrenceKey = (event: Pick<CalendarEvent, '_id' | 'occurrence'>) =>
  event.occurrence ? `${event._id}|${event.occurrence}` : event._id;
