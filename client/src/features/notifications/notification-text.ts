import type { TFunction } from 'i18next';
import type { TNotification } from '@curio/shared';

/** Params shown as a line of their own when present: free text an admin or member wrote. */
const DETAIL_PARAMS = ['reason', 'notes', 'hash'] as const;

function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]!);
}

function present(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
}

export interface NotificationText {
  /** Short, param-free: what kind of event this is. */
  headline: string;
  /** The full sentence; null when a param it needs is missing (an older row, a newer sender). */
  sentence: string | null;
  /** Free-text extras (a rejection reason, admin notes, a transaction hash). */
  details: string[];
}

/**
 * The words of one notification. Each type has a headline with no params and a sentence with
 * them (notifications:types.<type>); when the row lacks any param the sentence names, the
 * sentence is left out rather than showing "{{title}}" or a sentence with a hole in it.
 */
export function notificationText(t: TFunction<'notifications'>, notification: TNotification): NotificationText {
  const params: Record<string, string | number> = { ...notification.params };
  // a tip is in USDN or in points; the sentence reads the unit, not the currency code
  if (params.currency === 'usdn') params.unit = 'USDN';
  else if (params.currency === 'points') params.unit = t('units.points');

  const key = `types.${notification.type}`;
  const template = t(key, { skipInterpolation: true });
  const complete = placeholdersOf(template).every((name) => present(params[name]));
  return {
    headline: t(`headline.${notification.type}`),
    sentence: complete ? t(key, params) : null,
    details: DETAIL_PARAMS.filter((name) => present(params[name])).map((name) => t(`details.${name}`, { value: params[name] })),
  };
}
