/** The probes (docs/api.md "Health"): plain bodies, outside the envelope. */
import Type from 'typebox';
import { ApiErrorBody } from './envelope.js';

export const HealthData = Type.Object({ status: Type.Literal('ok') });
export const ReadyData = Type.Object({ status: Type.Literal('ready') });
/** 503 while starting, stopping, in maintenance or without a database. */
export const NotReady = ApiErrorBody;
