/** /emergency/outbox (B): the emergency alerts of this device and their delivery. */
import { createLazyRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../features/emergency/components/OutboxPage';

export const Route = createLazyRoute('/_authenticated/emergency/outbox')({ component: OutboxPage });
