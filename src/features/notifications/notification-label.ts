/** A notification's text: its name is a translation key when `translate` is set (spec section 3). */
import type { TFunction } from 'i18next';
import type { NotificationItem } from '../../../common/api-types';

export const notificationLabel = (t: TFunction, item: Pick<NotificationItem, 'name' | 'translate'>): string =>
  item.translate ? t(item.name, { defaultValue: item.name }) : item.name;
